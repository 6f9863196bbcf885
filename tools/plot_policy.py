"""Draw docs/players.png: where rolling on beats banking, and how the levels fare.

host-only. Usage: python tools/plot_policy.py [--rules classic] [--bench docs/players-bench.json]
    [--out docs/players.png]

Left: for each number of dice left and turn total, how many points rolling on is worth over
banking (max expected score, on the board), with the bank-or-roll boundary. Right: the win
rates of the level pairings measured by tools/bench_players.py (95% intervals), when present,
with the solver's exact figure (docs/expert.json) where it has one.
"""

import argparse
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from farkle.presets import preset  # noqa: E402
from farkle.solve.turn import solve  # noqa: E402

TOP = 4000  # turn totals shown


def draw_boundary(ax, rules):
    s = solve(rules)
    N, step = s.dice, s.step
    totals = np.arange(step, TOP + step, step)
    grid = np.zeros((N, len(totals)))
    for n in range(1, N + 1):
        for j, t in enumerate(totals):
            grid[n - 1, j] = s.roll_value(n, int(t)) - t
    lim = 400
    image = ax.imshow(np.clip(grid, -lim, lim), aspect="auto", origin="lower", cmap="RdBu",
                      vmin=-lim, vmax=lim, extent=(step / 2, TOP + step / 2, 0.5, N + 0.5),
                      interpolation="nearest")
    bank_at = s.bank_at(0)
    for n in range(1, N + 1):
        t = bank_at[n]
        if t <= TOP:
            ax.plot([t - step / 2] * 2, [n - 0.5, n + 0.5], color="black", lw=2)
            ax.text(t + 40, n, "bank from %d" % t, va="center", fontsize=8,
                    bbox=dict(facecolor="white", alpha=0.75, lw=0, pad=1))
        else:
            ax.text(TOP - 60, n, "roll up to %d" % (t - step), va="center", ha="right", fontsize=8)
    ax.set_yticks(range(1, N + 1))
    ax.set_xlabel("turn total")
    ax.set_ylabel("dice left to roll")
    ax.set_title("%s: rolling on minus banking (expected points)" % rules.name, fontsize=10)
    cbar = plt.colorbar(image, ax=ax, fraction=0.05)
    cbar.set_label("blue: roll on, red: bank (clipped at ±%d)" % lim, fontsize=8)


def draw_win_rates(ax, bench, exact=None):
    """``exact``: {(first level, second level): exact win rate} to mark on the bars."""
    rows = [r for r in bench.get("win_rates", []) if "seats" in r and "games" in r]
    if not rows:
        ax.text(0.5, 0.5, "run tools/bench_players.py --games N --out ...", ha="center")
        ax.set_axis_off()
        return
    labels, rates, lows, highs = [], [], [], []
    for r in rows:
        first = r["seats"][0]
        labels.append("%s vs %s\n%s games" % (first["level"], r["seats"][1]["level"],
                                              format(r["games"], ",")))
        rates.append(first["win_rate"])
        lows.append(first["win_rate"] - first["win_ci95"][0])
        highs.append(first["win_ci95"][1] - first["win_rate"])
    y = np.arange(len(rows))
    ax.barh(y, rates, xerr=[lows, highs], color="#4a7fb5", capsize=4)
    ax.axvline(0.5, color="grey", lw=1, ls="--")
    for i, rate in enumerate(rates):
        ax.text(rate + highs[i] + 0.005, i, "%.1f%%" % (100 * rate), va="center", fontsize=8)
    marked = False
    for i, r in enumerate(rows):
        value = (exact or {}).get((r["seats"][0]["level"], r["seats"][1]["level"]))
        if value is not None:
            ax.plot([value, value], [i - 0.4, i + 0.4], color="#c0392b", lw=2,
                    label=None if marked else "exact (solver)")
            marked = True
    if marked:
        ax.legend(loc="lower right", fontsize=8)
    ax.set_yticks(y)
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    lo = min(0.45, min(rates) - 0.03)
    ax.set_xlim(lo, max(rates) + 0.08)
    ax.set_xlabel("win rate of the first-named level (95% interval)")
    ax.set_title("two-player %s, seats rotated" % rows[0]["rules"], fontsize=10)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--bench", default=os.path.join(REPO, "docs", "players-bench.json"))
    parser.add_argument("--exact", default=os.path.join(REPO, "docs", "expert.json"))
    parser.add_argument("--out", default=os.path.join(REPO, "docs", "players.png"))
    args = parser.parse_args(argv)
    bench = {}
    if os.path.exists(args.bench):
        with open(args.bench) as f:
            bench = json.load(f)
    exact = {}
    if os.path.exists(args.exact):
        with open(args.exact) as f:
            figures = json.load(f)
        if "expert_vs_normal" in figures:
            exact[("expert", "normal")] = figures["expert_vs_normal"]["expert_overall"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.6), gridspec_kw={"width_ratios": [3, 2]})
    draw_boundary(left, preset(args.rules))
    draw_win_rates(right, bench, exact)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100, metadata={"Software": None})
    print(args.out)


if __name__ == "__main__":
    main()
