"""Solve the two-player game and write the expert's policy file (host-only; minutes).

    python tools/make_expert.py                       # classic -> farkle/policies/expert_classic.bin
    python tools/make_expert.py --evaluate            # also the exact figures (docs/expert.json)
    python tools/make_expert.py --rules '{"preset": "classic", "target": 2000}' --out /tmp/x.bin
    python tools/make_expert.py --rules farkel --ignore-piggyback --solve-figures

Prints one JSON object: the solve time, the first player's chance under optimal play, the cap
proof margin, the file's size, and with ``--evaluate`` the exact win rates of the shipped
expert against *normal* and against the unrounded optimum (what float32 costs), *normal*
against itself, and the
compensation points (a head start for the second player that makes the game closest to fair).

``--ignore-piggyback`` solves the rules without piggybacking (the solver cannot hold the
leftover dice in its state) and writes the file for the rules as they are: the expert then
plays that solution and takes over dice when rolling them is worth more than a fresh turn.
``--solve-figures`` adds what ``python -m farkle solve`` prints (for the solved rules).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from farkle.cli import rules_from_spec  # noqa: E402
from farkle.solve import expert_table, game2  # noqa: E402
from tools.report import emit  # noqa: E402

HEAD_STARTS = tuple(range(50, 1550, 50))  # points; the second player must still open


def progress(label):
    t0 = time.time()

    def show(done, total):
        if done == total or done % 25 == 0:
            sys.stderr.write("\r%s: %d/%d (%.0f s)" % (label, done, total, time.time() - t0))
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    return show


def evaluate(sol, out):
    from farkle.solve import game2_eval as ge

    t0 = time.time()
    normal, cap = ge.normal_opponent(sol)
    shipped = ge.ExpertPolicy(sol, shipped=True)
    optimal = ge.ExpertPolicy(sol, shipped=False)
    VA, VB = ge.duel(sol, shipped, normal, cap=cap, progress=progress("expert vs normal"))
    out["expert_vs_normal"] = {
        "expert_first": float(VA[0, 0]),
        "expert_second": float(VB[0, 0]),
        "expert_overall": float((VA[0, 0] + VB[0, 0]) / 2),
    }
    VA, VB = ge.duel(sol, shipped, optimal, progress=progress("shipped vs optimum"))
    out["shipped_vs_optimum"] = float((VA[0, 0] + VB[0, 0]) / 2)
    out["shipped_first_player"] = float(VA[0, 0])
    VA, VB = ge.duel(sol, normal, normal, cap=cap, progress=progress("normal vs normal"))
    out["normal_first_player"] = float(VA[0, 0])
    out["evaluate_seconds"] = round(time.time() - t0, 1)


def compensation(sol):
    """Head starts for the second player: win chance of the first player with each, and the
    one closest to 50%; the same for a head start that also counts as being on the board."""
    unit = sol.unit
    rows = []
    for h in HEAD_STARTS:
        if h // unit in sol.extra:
            rows.append((h, float(sol.W[0, sol.bonus_state(h)])))
    fair = min(rows, key=lambda r: abs(r[1] - 0.5)) if rows else None
    onboard = [(k * unit, float(sol.W[0, k])) for k in range(1, sol.S) if k * unit <= 1500]
    fair_on = min(onboard, key=lambda r: abs(r[1] - 0.5)) if onboard else None
    return {
        "second_player_head_start": {str(h): round(p, 6) for h, p in rows},
        "fair_head_start": fair[0] if fair else None,
        "first_player_with_fair_head_start": round(fair[1], 6) if fair else None,
        "head_start_on_board": {str(h): round(p, 6) for h, p in onboard},
        "fair_head_start_on_board": fair_on[0] if fair_on else None,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="classic", help="preset name or JSON rules (default classic)")
    ap.add_argument("--out", default=None, help="policy file (default farkle/policies/expert_<name>.bin)")
    ap.add_argument("--cap", type=int, default=None, help="would-be score above which the mover banks")
    ap.add_argument("--evaluate", action="store_true", help="also the exact win rates (minutes more)")
    ap.add_argument("--figures", default=None, help="write the JSON here too (default with --evaluate: docs/expert.json)")
    ap.add_argument("--save", default=None, help="also keep the solution here (.npz)")
    ap.add_argument("--load", default=None, help="use a solution kept with --save instead of solving")
    ap.add_argument("--ignore-piggyback", action="store_true", help="solve without piggybacking, write the file for the rules")
    ap.add_argument("--solve-figures", action="store_true", help="also the figures of python -m farkle solve")
    ap.add_argument("--head-start", action="store_true", help="also the fair head start (the first of those figures)")
    args = ap.parse_args(argv)
    rules = file_rules = rules_from_spec(args.rules)
    if args.ignore_piggyback:
        rules = rules.replace(piggyback=False)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out_path = args.out or os.path.join(root, "farkle", "policies", "expert_%s.bin" % file_rules.name)
    heads = HEAD_STARTS if args.evaluate else ()
    if args.load:
        sol = game2.load(rules, args.load)
    else:
        sol = game2.solve(rules, cap=args.cap, progress=progress("solve"), handicaps=heads)
    if args.save:
        game2.save(sol, args.save)
    data = expert_table.table_bytes(sol, rules=file_rules)
    with open(out_path, "wb") as f:
        f.write(data)
    out = {
        "rules": file_rules.name,
        "piggyback_ignored": bool(args.ignore_piggyback),
        "file": os.path.relpath(out_path, root),
        "bytes": len(data),
        "solve_seconds": round(sol.seconds, 1),
        "sweeps_per_level": round(sum(sol.sweeps) / len(sol.sweeps), 2),
        "first_player": float(sol.W[0, 0]),
        "cap": sol.cap * sol.unit,
        "cap_margin": game2.check_cap(sol),
        "keeps_in_file": int(sum(len(o) for _, _, o in expert_table.shipped_rolls(sol).flat)),
        "keeps_all": int(sum(len(o) for _, _, o in sol.rolls.flat)),
        "longest_roll_region": int(sol.top[:sol.S, :sol.S].max()) * sol.unit,
    }
    if args.solve_figures or args.head_start:
        from farkle.solve import command

        fair, chance = command.fair_head_start(sol, progress("head starts"))
        out["fair_head_start"] = fair
        out["first_player_with_head_start"] = chance
    if args.solve_figures:
        out["normal_vs_optimal"] = command.normal_vs_optimal(sol, progress("normal vs optimal"))
    if args.evaluate:
        out["compensation"] = compensation(sol)
        evaluate(sol, out)
    emit(out, args.figures or (os.path.join(root, "docs", "expert.json") if args.evaluate else None))


if __name__ == "__main__":
    main()
