"""Benchmark the computer players: time per decision on CircuitPython's core, win rates on CPython.

host-only. Usage:
    python tools/bench_players.py --mpy                 # time per decision, CircuitPython core
    python tools/bench_players.py --games 20000         # win rates, two-player classic
    python tools/bench_players.py --mpy --games 20000 --out docs/players-bench.json

Decision time: CircuitPython's core built for the host (the one the tests use, tools/cpcore.py)
plays games of each level against normal, snapshots every position where that level decides,
then times the decisions on the snapshots (the clock ticks in milliseconds, so each position
is decided REPEAT times, three times over, and the total is divided; the worst position is
the one whose median batch took longest). Win rates: ``farkle.tournament.simulate``
over the pairings below with seats rotated, with 95% Wilson intervals.
"""

import argparse
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
sys.path.insert(0, os.path.join(REPO, "tests"))
sys.path.insert(0, os.path.join(REPO, "tools"))

from mpy.harness import run_circuitpython  # noqa: E402
from tools.report import emit  # noqa: E402

PAIRINGS = [("normal", "easy"), ("hard", "normal"), ("hard", "easy"),
            ("expert", "hard"), ("expert", "normal")]

MPY_SCRIPT = r'''
import time
from farkle.game import Game, START, KEEP, CHOOSE, OVER
from farkle.presets import preset
from farkle.players import make_player
from farkle.players.hint import what_if, hint

REPEAT = %(repeat)d
GAMES = %(games)d


from lcg import Lcg


def positions(rules, level, games):
    """Snapshots of the positions where ``level`` decides (seat 0) in games against normal."""
    snaps = []
    for seed in range(games):
        game = Game(rules, 2, first=seed %% 2, dice=Lcg(seed + 1), log_size=1)
        players = [make_player(level, rules, 2, 0), make_player("normal", rules, 2, 1)]
        while game.phase != OVER:
            p = players[game.current]
            if game.phase == START:
                if game.why_not_piggyback() is None and p.piggyback(game):
                    game.piggyback()
                game.roll()
            elif game.phase == KEEP:
                if game.current == 0:
                    snaps.append(("keep", what_if(game)))
                game.keep(p.choose_keep(game))
            elif game.phase == CHOOSE:
                if game.current == 0:
                    snaps.append(("roll", what_if(game)))
                if p.roll_on(game):
                    game.roll()
                else:
                    game.bank()
            else:
                game.rolloff()
    return snaps


for name in ("classic", "farkel"):
    rules = preset(name)
    for level in ("easy", "normal", "hard", "expert"):
        t0 = time.monotonic_ns()
        player = make_player(level, rules, 2, 0)
        made = (time.monotonic_ns() - t0) / 1e6
        snaps = positions(rules, player.level if level != "expert" else level, GAMES)
        worst = 0
        total = 0
        counts = {"keep": 0, "roll": 0}
        spent = {"keep": 0, "roll": 0}
        for kind, game in snaps:
            batches = []
            for trial in range(3):
                t0 = time.monotonic_ns()
                for _ in range(REPEAT):
                    if kind == "keep":
                        player.choose_keep(game)
                    else:
                        player.roll_on(game)
                batches.append(time.monotonic_ns() - t0)
            batches.sort()
            counts[kind] += 3
            spent[kind] += sum(batches)
            worst = max(worst, batches[1])  # the median batch: one busy moment does not count
        n = counts["keep"] + counts["roll"]
        print("RESULT %%s %%s %%s %%d %%.4f %%.4f %%.4f %%.4f %%.2f" %% (
            name, level, player.level, n // 3,
            (spent["keep"] + spent["roll"]) / n / REPEAT / 1e6,
            spent["keep"] / max(1, counts["keep"]) / REPEAT / 1e6,
            spent["roll"] / max(1, counts["roll"]) / REPEAT / 1e6,
            worst / REPEAT / 1e6, made))
    game = Game(rules, 2, first=0, dice=Lcg(9))
    game.roll()
    t0 = time.monotonic_ns()
    for _ in range(REPEAT):
        hint(game)
    print("HINT %%s %%.4f" %% (name, (time.monotonic_ns() - t0) / REPEAT / 1e6))
'''


def bench_micropython(games=6, repeat=20):
    """Per level and rules: mean ms per decision (all, keeps, roll-or-bank), worst position,
    ms to make the player (loads its tables); and ms per hint."""
    script = MPY_SCRIPT % {"games": games, "repeat": repeat}
    proc = run_circuitpython(script, libs=("tests/mpy/standins",), heap=8 * 1024 * 1024, timeout=3600)  # a timing run: it keeps every snapshot
    if proc.returncode:
        raise RuntimeError(proc.stderr)
    out = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts[0] == "RESULT":
            name, level, plays_as, n = parts[1], parts[2], parts[3], int(parts[4])
            mean, keep, roll, worst, made = (float(x) for x in parts[5:])
            out.setdefault(name, {})[level] = {
                "plays_as": plays_as, "decisions": n, "ms_per_decision": mean, "ms_per_keep": keep,
                "ms_per_roll_or_bank": roll, "ms_worst_position": worst, "ms_to_make_player": made}
        elif parts[0] == "HINT":
            out.setdefault(parts[1], {})["hint_ms"] = float(parts[2])
    return out


def bench_win_rates(games, seed=2026, rules="classic", pairings=PAIRINGS):
    from farkle.players import make_player
    from farkle.presets import preset
    from farkle.tournament import simulate

    out = []
    for a, b in pairings:
        plays = make_player(a, preset(rules), 2, 0).level
        if plays != a:
            out.append({"seats": [a, b], "skipped": "%s plays as %s here" % (a, plays)})
            continue
        result = simulate(rules, [a, b], games=games, seed=seed)
        result["command"] = "python -m farkle simulate --rules %s --seats %s,%s --games %d --seed %d" % (
            rules, a, b, games, seed)
        out.append(result)
        print(json.dumps({"seats": [a, b], "win_rate": result["seats"][0]["win_rate"],
                          "ci95": result["seats"][0]["win_ci95"], "seconds": result["seconds"]}),
              file=sys.stderr)
    return out


def _pair(result):
    seats = result["seats"]
    return [s["level"] if isinstance(s, dict) else s for s in seats]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mpy", action="store_true",
                        help="time decisions on CircuitPython's core, with board estimates")
    parser.add_argument("--mpy-games", type=int, default=6)
    parser.add_argument("--games", type=int, default=0, help="games per pairing (0: skip)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pairings", help="only these, e.g. hard-normal,hard-easy (others kept from --out)")
    parser.add_argument("--out", help="also write the results to this JSON file")
    args = parser.parse_args(argv)
    results = {}
    if args.out and os.path.exists(args.out):
        with open(args.out) as f:
            results = json.load(f)
    if args.mpy:
        import board_time

        factor = board_time.calibrate()[1]
        results.pop("micropython", None)  # the WebAssembly MicroPython's, before the core
        results["circuitpython_core"] = board_time.with_board_times(
            bench_micropython(args.mpy_games), factor)
        results["circuitpython_core"]["board_factor"] = round(factor, 1)
    if args.games:
        pairings = PAIRINGS
        if args.pairings:
            pairings = [tuple(p.split("-")) for p in args.pairings.split(",")]
        fresh = bench_win_rates(args.games, args.seed, pairings=pairings)
        kept = [r for r in results.get("win_rates", []) if _pair(r) not in [list(p) for p in pairings]]
        order = [list(p) for p in PAIRINGS]
        results["win_rates"] = sorted(kept + fresh, key=lambda r: order.index(_pair(r)) if _pair(r) in order else 99)
    emit(results, args.out)


if __name__ == "__main__":
    main()
