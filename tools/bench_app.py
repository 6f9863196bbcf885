"""Benchmark the app: the main loop's frame time in the simulator, and the RAM the app takes.

host-only. Usage:
    python tools/bench_app.py                      # frame times + RAM (CPython and CircuitPython's core)
    python tools/bench_app.py --games 4 --levels normal,hard,expert --out docs/gadget-bench.json
    python tools/bench_app.py --no-mpy             # skip the heap figures on the core

Frame time: the app runs on the simulated MacroPad with the real ``farkle.players`` (a human
seat played by a script: best keep, bank from 350; a computer seat of each level) and random
dice at a fixed seed. Every frame is ``App.step()`` as ``code.py`` runs it: read the keys, the
controller (computer decisions included), the display's labels and tiles, the LEDs, sound.
Frames are sorted into "computer turn" (the computer is playing) and "roll animation" (dice
tumbling), and the worst, 99th percentile and median are printed; the goal is <= 20 ms.
The display's own refresh is timed apart: on a board CircuitPython does it natively in the
background (``auto_refresh``), here Blinka emulates it in Python, so it is reported, not
counted in the frame. Saves to NVM (``app.persist``, when present) are reported apart too.

RAM: with tracemalloc, the Python objects that building the app and starting a game allocate
(CPython sizes, Blinka's displayio objects included); and on CircuitPython's core (the tests'
interpreter) the heap still in use after importing the engine and the app's board-side modules
and playing a game (``gc`` at the end, the game alive; the displayio screens are not part of
it: ``tools/board_check.py`` measures the whole firmware with them).
"""

import argparse
import gc
import os
import statistics
import sys
import time
import tracemalloc

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
sys.path.insert(0, os.path.join(REPO, "tests"))

from tools.report import emit  # noqa: E402

FRAME_MS = 20


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def summary(values):
    return {"frames": len(values), "worst_ms": round(max(values, default=0), 2),
            "p99.9_ms": round(percentile(values, 99.9), 3), "p99_ms": round(percentile(values, 99), 3),
            "median_ms": round(statistics.median(values) if values else 0, 3),
            "over_20ms": sum(1 for t in values if t > 20)}


class Driver:
    """Plays the human seat: roll, take the best, bank from 350 (else roll on)."""

    def __init__(self, board, controller):
        self.board = board
        self.c = controller

    def act(self):
        from app import view as v
        from farkle.game import CHOOSE, KEEP, START

        c = self.c
        if not c.idle():
            return
        screen = c.view.screen
        if screen in (v.SPLASH, v.SETUP, v.ROLLOFF, v.END):
            self.board.keys.tap("roll")
            return
        if screen != v.PLAY or c.seats[c.player] is not None or c.game.current != c.player:
            return
        game = c.game
        if game.phase == START:
            self.board.keys.tap("roll")
        elif game.phase == KEEP or (game.phase == CHOOSE and c._selection()):
            self.board.keys.tap("best")
            points = game.selection_points(game.best_keep()[0])
            self.board.keys.tap("bank" if game.turn_total + points >= 350 else "roll")
        elif game.phase == CHOOSE:
            self.board.keys.tap("bank" if game.why_not_bank() is None and game.turn_total >= 350 else "roll")


def frame_times(level, games, seed, runs=3):
    """Play ``games`` games of a human against ``level``, ``runs`` times over (the same
    frames each time: fixed seed, manual clock); each frame's time is its least over the
    runs, so another program busy on the machine does not count. Returns per-frame times
    by kind, the display refresh times and the save times."""
    best = None
    for _ in range(runs):
        kinds, refresh, saves = one_run(level, games, seed)
        if best is None:
            best = kinds, refresh, saves
            continue
        for kind in kinds:
            best[0][kind] = [min(a, b) for a, b in zip(best[0][kind], kinds[kind])]
        best = best[0], [min(a, b) for a, b in zip(best[1], refresh)], [min(a, b) for a, b in zip(best[2], saves)]
    return best


def one_run(level, games, seed):
    from app.controller import T_ROLLOFF, T_TUMBLE
    from app.main import App
    from app.setup import Setup
    from farkle.dice import RandomDice
    from farkle.players import expert_table
    from hardware.sim.board import ManualClock, SimBoard

    clock = ManualClock(0)
    board = SimBoard("macropad", clock)
    setup = Setup()
    setup.seats[0], setup.seats[1] = "human", level
    app = App(board, dice=RandomDice(seed), setup=setup)
    c = app.controller
    # as on a board: the expert keeps one turn table and works it out in slices timed on a
    # real clock (the manual clock stands still within a frame)
    expert_table.TURN_CACHE = 1
    for table in expert_table._TABLES.values():
        table.turns = {}
    c.work_clock = lambda: int(time.perf_counter() * 1000) & 0x1FFFFFFF
    driver = Driver(board, c)
    saves = []
    save_times = []
    keeper = getattr(app, "keeper", None)
    if keeper is not None:  # app.persist: time its saves apart
        update = keeper.update

        def timed_update():
            t = time.perf_counter()
            update()
            saves.append((time.perf_counter() - t) * 1000)

        keeper.update = timed_update
    kinds = {"computer turn": [], "roll animation": [], "all": []}
    refresh = []
    finished = 0
    frames = 0
    gc.collect()
    while finished < games and frames < 400000:
        frames += 1
        clock.advance(FRAME_MS)
        driver.act()
        cpu = c._cpu_turn()
        tumbling = c.step in (T_TUMBLE, T_ROLLOFF)
        was_end = c.view.screen == 5
        del saves[:]
        t = time.perf_counter()
        changed = app.step()
        saved = sum(saves)
        ms = (time.perf_counter() - t) * 1000 - saved
        if saves:
            save_times.append(saved)
        kinds["all"].append(ms)
        if cpu or c._cpu_turn():
            kinds["computer turn"].append(ms)
        if tumbling or c.step in (T_TUMBLE, T_ROLLOFF):
            kinds["roll animation"].append(ms)
        if changed:  # what CircuitPython's background refresh would do, emulated by Blinka
            t = time.perf_counter()
            board.display.refresh()
            refresh.append((time.perf_counter() - t) * 1000)
        if c.view.screen == 5 and not was_end:
            finished += 1
    return kinds, refresh, save_times


def frames_report(levels, games, seed, runs):
    out = {}
    for level in levels:
        kinds, refresh, saves = frame_times(level, games, seed, runs)
        out[level] = {kind: summary(values) for kind, values in kinds.items()}
        out[level]["display refresh (Blinka, not in the frame)"] = summary(refresh)
        if saves:
            out[level]["app.persist update (not in the frame)"] = summary(saves)
    return out


def ram_cpython():
    """Bytes the app's Python objects take on CPython: build the app, start a game."""
    from app.main import App
    from farkle.dice import FixedDice
    from hardware.sim.board import ManualClock, SimBoard

    clock = ManualClock(0)
    board = SimBoard("macropad", clock)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    app = App(board, dice=FixedDice([6, 1] + [1, 5, 2, 3, 4, 6] * 4))
    for _ in range(10):  # to the first turn (the first player's dice still to be rolled)
        if app.view.screen == 3:
            break
        board.keys.tap("roll")
        for _ in range(100):
            clock.advance(FRAME_MS)
            app.step()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    stats = after.compare_to(before, "filename")
    total = sum(s.size_diff for s in stats)
    by_package = {}
    for s in stats:
        path = s.traceback[0].filename
        key = "app + farkle" if ("/app/" in path or "/farkle/" in path) else "displayio / display_text (Blinka)" \
            if ("displayio" in path or "display_text" in path or "bitmaptools" in path or "terminalio" in path) \
            else "other"
        by_package[key] = by_package.get(key, 0) + s.size_diff
    assert app.view.screen == 3
    return {"total_bytes": total, "by_allocator": by_package}


def ram_micropython():
    from mpy.harness import run_micropython
    from test_app_micropython import SCRIPT

    base = run_micropython("x = 1", mounts=(), mem=True).check().mem_retained
    imports = run_micropython("from app.controller import Controller\nfrom app.leds import Leds\n"
                              "from app.input import Input\n", mounts=("farkle", "app"), mem=True).check()
    game = run_micropython(SCRIPT, mounts=("farkle", "app"), libs=("tests/mpy/standins",), mem=True,
                           timeout=300).check()
    return {"interpreter_bytes": base, "after_imports_bytes": imports.mem_retained,
            "after_a_game_bytes": game.mem_retained,
            "app_and_engine_bytes": game.mem_retained - base,
            "note": "mem_retained after gc: modules' code + controller + game + lights"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per computer level")
    parser.add_argument("--levels", default="normal,expert", help="computer levels, comma-separated")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--runs", type=int, default=3, help="runs of the same games; each frame's least time counts")
    parser.add_argument("--no-mpy", action="store_true", help="skip the heap figures on CircuitPython's core")
    parser.add_argument("--out", help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    report = {"machine": {"python": sys.version.split()[0], "cpus": os.cpu_count()}}
    report["frames"] = frames_report(args.levels.split(","), args.games, args.seed, args.runs)
    report["ram_cpython"] = ram_cpython()
    if not args.no_mpy:
        report["ram_micropython"] = ram_micropython()
    emit(report, args.out, indent=2)


if __name__ == "__main__":
    main()
