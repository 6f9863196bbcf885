"""How fast the expert decides, on CircuitPython's core (with estimated board times) and CPython.

    python tools/bench_expert.py                            # prints JSON
    python tools/bench_expert.py --out docs/expert-bench.json  # and keeps it

The expert re-derives a turn from its file once per (my score, their score): reading one row
of W (800 bytes) and one byte of ``top`` by seek, then the turn DP from the roll-region top
down. That "turn table" is the cost; a decision afterwards is a few look-ups. Measured for
positions spread over the game, plus the file's size, the heap the expert keeps, the heap a
turn allocates on the core (garbage included), and the smallest fixed heap in which the core
plays whole games of the expert against *hard* (the engine and the players only).
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

# Turn tables and decisions are timed in the process's CPU time (what the board factor is
# calibrated in), so that other programs sharing the machine do not count: CPython's process
# clock, the core's from /proc/self/schedstat (its first field, nanoseconds run, moves only at
# the kernel's ticks: hence whole runs of builds and decisions are timed, not single ones).
# Opening the file happens once, on the wall clock.
SCRIPT = """
import time, gc
try:
    ticks = time.process_time_ns
    wall = time.perf_counter_ns
except AttributeError:
    wall = time.monotonic_ns
    try:
        open("/proc/self/schedstat").close()

        def ticks():
            with open("/proc/self/schedstat") as f:
                return int(f.read().split()[0])
    except OSError:
        ticks = wall
from farkle.game import Game, CHOOSE, KEEP
from farkle.presets import preset
from farkle.players import make_player
rules = preset("classic")
t0 = wall()
player = make_player("expert", rules, 2, 0)
t1 = wall()
print("load_ms %.2f" % ((t1 - t0) / 1e6))
table = player.table
REPEAT = 10  # turn tables per pair (their mean counts)
DECIDE = 1000  # decisions per timing
for a, b in PAIRS:
    t0 = ticks()
    for _ in range(REPEAT):
        table.turns = {}
        turn = table.turn_table(rules, a // 50, b // 50)
    turn_ns = (ticks() - t0) / REPEAT
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
        a, b, turn.top * 50, turn_ns / 1e6, (t3 - t2) / 1e6 / DECIDE,
        (t5 - t4) / 1e6 / DECIDE, turn_ns / 1e6 / rows))
"""


HEAP = """
from farkle.game import Game
from farkle.presets import preset
from farkle.players import make_player
rules = preset("classic")
game = Game(rules, players=2, first=0)
hard = make_player("hard", rules, 2, 0)
"""
HEAP_OPEN = HEAP + 'player = make_player("expert", rules, 2, 1)\nplayer.reserve()  # as a game starts\n'
HEAP_TURN = HEAP_OPEN + "turn = player.table.turn_table(rules, 12, 180)  # the longest turn of PAIRS\n"

# The heap a turn allocates, garbage included (the collector off while it builds): the first
# turn of a game, then the next ones (a board keeps one turn; the next fills its lists again).
TURN_ALLOC = HEAP_OPEN + """
import gc
sizes = []
for a, b in ((12, 180), (150, 30), (0, 0), (100, 100)):
    gc.collect()
    before = gc.mem_alloc()
    gc.disable()
    player.table.turn_table(rules, a, b)
    sizes.append(gc.mem_alloc() - before)
    gc.enable()
print("turn_alloc", sizes[0], max(sizes[1:]))
"""

# Whole games, the expert against hard, in a fixed heap: the smallest heap they run in.
GAMES = """
from farkle.game import Game, START, KEEP, CHOOSE, ROLLOFF, OVER
from farkle.presets import preset
from farkle.players import make_player
from farkle.dice import RandomDice
rules = preset("classic")
for seed in (1, 2):
    game = Game(rules, 2, first=seed % 2, dice=RandomDice(seed), log_size=2)
    players = [make_player("expert", rules, 2, 0), make_player("hard", rules, 2, 1)]
    assert players[0].level == "expert"
    players[0].reserve()  # as a game starts
    while game.phase != OVER:
        p = players[game.current]
        if game.phase == START:
            game.roll()
        elif game.phase == KEEP:
            game.keep(p.choose_keep(game))
        elif game.phase == CHOOSE:
            more = p.choose_keep(game) if game.unkept() else []
            if more:
                game.keep(more)
            elif p.roll_on(game):
                game.roll()
            else:
                game.bank()
        else:
            game.rolloff()
    players = game = None
print("games ok")
"""


def heap_micropython(run_micropython):
    """Heap kept on CircuitPython's core: the engine and hard, plus the expert with its file open,
    plus the longest turn table."""
    sizes = [run_micropython(script, mounts=("farkle",), mem=True).check().mem_retained
             for script in (HEAP, HEAP_OPEN, HEAP_TURN)]
    return {"engine_and_hard_bytes": sizes[0], "expert_open_bytes": sizes[1] - sizes[0],
            "longest_turn_table_bytes": sizes[2] - sizes[1]}


def turn_alloc(run_micropython):
    """Bytes allocated building a turn on the core: the first turn, the most of the next ones."""
    words = run_micropython(TURN_ALLOC, mounts=("farkle",)).check().stdout.split()
    return {"first_turn_bytes": int(words[1]), "next_turn_bytes": int(words[2])}


def smallest_game_heap(run_micropython, step=1024):
    """The smallest fixed heap (``step`` bytes apart) in which GAMES runs on the core."""
    def runs(heap):
        return run_micropython(GAMES, mounts=("farkle",), heap=heap, timeout=600).returncode == 0

    low, high = 16 * 1024, 256 * 1024  # fails, runs
    if not runs(high):
        return None
    while high - low > step:
        mid = (low + high) // 2 // step * step
        if runs(mid):
            high = mid
        else:
            low = mid
    return high


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
    from farkle.players import expert_headers

    path = os.path.join(expert_headers.DIR, "expert_classic.bin")
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
    core["heap"].update(turn_alloc(run_micropython))
    core["heap"]["smallest_heap_expert_vs_hard_games"] = smallest_game_heap(run_micropython)
    result.pop("micropython", None)
    result["circuitpython_core"] = core
    result["seconds"] = round(time.time() - t0, 1)
    emit(result, args.out)


if __name__ == "__main__":
    main()
