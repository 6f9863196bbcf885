"""How fast the expert decides, on CircuitPython's core (with estimated board times) and CPython.

    python tools/bench_expert.py                            # prints JSON
    python tools/bench_expert.py --out docs/expert-bench.json  # and keeps it

The expert re-derives a turn from its file once per (my score, their score): reading one row
of W (800 bytes) and one byte of ``top`` by seek, then the turn DP from the roll-region top
down. That "turn table" is the cost; a decision afterwards is a few look-ups. Measured for
positions spread over the game, plus the file's size and the heap the expert keeps.
"""

import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tools.report import emit  # noqa: E402

PAIRS = [(0, 0), (0, 2000), (2500, 1500), (5000, 5000), (7000, 8500), (9000, 9500), (9500, 3000),
         (600, 9000)]

SCRIPT = """
import time, gc
try:
    ticks = time.monotonic_ns
except AttributeError:
    ticks = time.perf_counter_ns
from farkle.game import Game, CHOOSE, KEEP
from farkle.presets import preset
from farkle.players import make_player
rules = preset("classic")
t0 = ticks()
player = make_player("expert", rules, 2, 0)
t1 = ticks()
print("load_ms %.2f" % ((t1 - t0) / 1e6))
table = player.table
REPEAT = 3  # turn tables per pair (the median counts)
DECIDE = 100  # decisions per timing (the clock may tick in whole milliseconds)
for a, b in PAIRS:
    times = []
    for _ in range(REPEAT):
        table.turns = {}
        t0 = ticks()
        turn = table.turn_table(rules, a // 50, b // 50)
        times.append(ticks() - t0)
    times.sort()
    game = Game(rules, players=2, first=0)
    game.scores = [a, b]
    game.opened = [a > 0, b > 0]
    game.phase = KEEP
    game.shown = [1, 5, 5, 2, 3, 4]
    game.kept = []
    game.turn_total = 0
    game.in_hand = 6
    t2 = ticks()
    for _ in range(DECIDE):
        keep = player.choose_keep(game)
    t3 = ticks()
    game.keep(keep)
    t4 = ticks()
    for _ in range(DECIDE):
        roll = player.roll_on(game)
    t5 = ticks()
    rows = turn.top if turn.top > 0 else 1
    print("pair %d %d top %d turn_ms %.2f keep_ms %.3f bank_ms %.3f row_ms %.3f" % (
        a, b, turn.top * 50, times[REPEAT // 2] / 1e6, (t3 - t2) / 1e6 / DECIDE,
        (t5 - t4) / 1e6 / DECIDE, times[REPEAT // 2] / 1e6 / rows))
"""


HEAP = """
from farkle.game import Game
from farkle.presets import preset
from farkle.players import make_player
rules = preset("classic")
game = Game(rules, players=2, first=0)
hard = make_player("hard", rules, 2, 0)
"""
HEAP_OPEN = HEAP + 'player = make_player("expert", rules, 2, 1)\n'
HEAP_TURN = HEAP_OPEN + "turn = player.table.turn_table(rules, 12, 180)  # the longest turn of PAIRS\n"


def heap_micropython(run_micropython):
    """Heap kept on CircuitPython's core: the engine and hard, plus the expert with its file open,
    plus the longest turn table."""
    sizes = [run_micropython(script, mounts=("farkle",), mem=True).check().mem_retained
             for script in (HEAP, HEAP_OPEN, HEAP_TURN)]
    return {"engine_and_hard_bytes": sizes[0], "expert_open_bytes": sizes[1] - sizes[0],
            "longest_turn_table_bytes": sizes[2] - sizes[1]}


def parse(text):
    out = {"pairs": []}
    for line in text.splitlines():
        words = line.split()
        if words and words[0] == "load_ms":
            out["load_ms"] = float(words[1])
        elif words and words[0] == "pair":
            out["pairs"].append({
                "me": int(words[1]), "them": int(words[2]), "roll_region": int(words[4]),
                "turn_table_ms": float(words[6]), "keep_ms": float(words[8]),
                "roll_or_bank_ms": float(words[10]), "ms_per_row": float(words[12]),
            })
    turns = [p["turn_table_ms"] for p in out["pairs"]]
    out["turn_table_ms_mean"] = round(sum(turns) / len(turns), 1) if turns else None
    out["turn_table_ms_max"] = max(turns) if turns else None
    for name in ("keep_ms", "roll_or_bank_ms", "ms_per_row"):
        values = [p[name] for p in out["pairs"]]
        out[name + "_mean"] = round(sum(values) / len(values), 3) if values else None
    return out


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="also write the JSON here")
    args = parser.parse_args(argv)
    from farkle.players import expert

    path = os.path.join(expert.DIR, "expert_classic.bin")
    script = SCRIPT.replace("PAIRS", repr(PAIRS))
    result = {"file": os.path.relpath(path, ROOT), "bytes": os.path.getsize(path)}
    t0 = time.time()
    out = []
    exec(script, {"print": lambda *a: out.append(" ".join(map(str, a)))})
    result["cpython"] = parse("\n".join(out))
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from mpy.harness import run_micropython

    import board_time

    factor = board_time.calibrate()[1]
    run = run_micropython(script, mounts=("farkle",), mem=True, heap=1024 * 1024, timeout=600).check()
    core = board_time.with_board_times(parse(run.stdout), factor)
    core["board_factor"] = round(factor, 1)
    core["heap"] = heap_micropython(run_micropython)
    result.pop("micropython", None)
    result["circuitpython_core"] = core
    result["seconds"] = round(time.time() - t0, 1)
    emit(result, args.out)


if __name__ == "__main__":
    main()
