"""Estimated board times: the core's speed here calibrated against an RP2040 at 125 MHz.

host-only. Usage:  python tools/board_time.py [--runs 5] [--seeds 4] [--games 3] [--heap 128K]

It runs on the core ``make circuitpython-timing`` builds where there is one (else on the
shared core, and says so): built without threads or -fPIE, whose costs a board never pays,
and counting the names each lookup walks, so that a frame is charged a board's walk over the
firmware's own names and nothing for the walk over the fakes' (tools/board_timing.py).

Calibration: one published CircuitPython figure for the Raspberry Pi Pico, counting the
primes below 10,000 by trial division (odd numbers from 11, odd divisors up to the square
root, stop at the first that divides): 0.776 s (kreier/prime, circuitpython/README.md; its
table gives the chip's rated 133 MHz, CircuitPython runs the RP2040 at 125 MHz, so the
figure is scaled to 0.776 * 133 / 125 = 0.826 s). The same count runs here on the core,
twenty times in one process, timed by the process's CPU time (less an empty run's), so
other programs on this shared machine do not make the core look slower than it is; the
ratio of the two is the factor every host time on the core is multiplied by. Frame times
are wall-clock (the core has no CPU clock) less the time the process waited for the CPU
(/proc/self/schedstat) and less what its file reads cost beyond a board's: here each read of
a module's .mpy (the core's reader takes about 22 bytes at a time) or of the expert's table is
a system call, on a board a copy out of flash, so a read is charged what a read from an
in-memory stream costs (/proc/self/io counts the reads). The machine's speed still wanders
by tens of per cent from one millisecond to the next, so each game is played several times
on one path: the first play logs every reading of the firmware's work clock, the others are
handed those readings back, with the same dice, the same keys and the core's heap at the same
address (Linux's address randomisation off), so frame k is the same frame in every play and
counts its least time over them (a replay that runs out of heap, its timing code's blocks
landing elsewhere among the firmware's, is left out and counted). Slower stretches that
last longer than a frame (one process runs up to 15% slower than the next) are scaled out:
every 16 frames, between frames, the
game times a fixed piece of integer work (tools/board_timing.py's ``reference``) and scales
its frames and its work clock by the ratio of the least of its last four samples to the
least this run's calibration saw. A collection in a frame counts as the firmware's own
("planned") when the firmware called ``gc.collect()`` in it (the timed game's ``gc`` is a
stand-in that counts the calls), else as one the allocator started where the heap ran
out. Each scenario is played as several games (dice seeds, and the firmware's blocks
landing elsewhere, as board_check's): when the collector runs depends on how the heap broke
up, so one game's count of slow frames is one sample. Then the
deployed firmware plays board_check's scenarios on the core in the board's heap (128K, so
that the collector runs as often as on a board; tools/board_scenario.py times each frame
with the host clock, makes no garbage of its own a frame, and takes off a frame a
collection ran in the marking of the machinery's own objects, measured alone) and this
prints, host and estimated board side by side:
boot to the first frame (splash), the slowest frame, the slowest frame of a computer's turn
(the expert works its turn table out there, a slice a frame, on the board's estimated clock),
the time from the HINT key to the advice (the frames in between, back to back) and how many
frames take over 50 ms on the board (and how many of them read a module), with the
collections a game made and what one took (and the machinery's share of it). The pacing
goals are checked on the estimates: no frame over 50 ms, a hint within 2 s. ``--profile
SCENARIO`` lists that scenario's slow frames by the calls they spent their time in.
"""

import argparse
import json
import os
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))

import board_check  # noqa: E402
from mpy import harness  # noqa: E402

PICO_SECONDS = 0.776 * 133 / 125  # the published count, at CircuitPython's 125 MHz
PRIMES = """
import math
for _ in range(%d):
    found = 4  # 2, 3, 5 and 7
    for number in range(11, 10000, 2):
        for divider in range(3, int(math.sqrt(number)) + 1, 2):
            if number %% divider == 0:
                break
        else:
            found += 1
print(found)
"""
FRAME_MS = 50
# A timed game's player presses a key this many frames (25 ms each) after the app settled:
# 150 ms, a quick person's reaction (the check's games press at once, the hardest case
# for the heap)
REACT_FRAMES = 6
REF_US = [0]  # this run's ``reference_us`` (0: frames not scaled by the machine's speed)
WALK_PS = [0]  # this run's ``walk_host_ps`` (0: the names walked not charged as a board's)
SCREENS = ("splash", "setup", "rolloff", "play", "pause", "end")  # app.view's screens
HINT_MS = 2000


def _cpu_seconds(script):
    """CPU seconds the core spends on ``script`` (its process's user + system time, which
    other programs on a shared machine do not inflate as they do wall time)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = harness.run_circuitpython(script, mounts=(), fixed_addresses=True).check().stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, out


def calibrate(runs=5, rounds=20):
    """(host seconds for one count on the core, factor host -> board): CPU time of
    ``rounds`` counts in one process, less an empty run's, the least of ``runs``."""
    best = None
    for _ in range(runs):
        empty, _ = _cpu_seconds("pass")
        spent, out = _cpu_seconds(PRIMES % rounds)
        assert out.split() == ["1229"], out
        one = (spent - empty) / rounds
        best = one if best is None else min(best, one)
    return best, PICO_SECONDS / best


# The least time of tools/board_timing.py's reference work over ``samples`` runs, in a script
# on the core: the speed the machine ran that script's process at.
REFERENCE_NOW = """
import time
import board_timing


def reference_now(samples):
    best = None
    for _ in range(samples):
        began = time._ticks_us()
        board_timing.reference()
        took = time._ticks_diff(time._ticks_us(), began)
        best = took if best is None or took < best else best
    return best
"""
REFERENCE = REFERENCE_NOW + """
print(reference_now(%d))
"""


def reference_us(runs=5, samples=400):
    """Host us the timing code's reference work takes on the core at this machine's best
    speed (the least of ``samples`` in each of ``runs`` processes: one process runs up to
    15% slower than the next): a timed game scales its frames and its work clock by its own
    samples' ratio to this (tools/board_timing.py), so that a stretch where the machine runs
    slower counts at the calibration's speed."""
    best = []
    for _ in range(runs):
        out = harness.run_circuitpython(REFERENCE % samples, mounts=(board_check.TIMING,),
                                        fixed_addresses=True).check().stdout
        best.append(int(out.split()[-1]))
    return min(best)


# What an RP2040 spends on each name of the firmware's that a lookup walks: the loop in
# py/qstr.c's qstr_find_strn, compiled by arm-none-eabi-gcc 12.2 for the Cortex-M0+ at -O3
# (CircuitPython's raspberrypi port builds with OPTIMIZATION_FLAGS ?= -O3), is 7 instructions
# a name whose one-byte hash differs, 9 cycles by the M0+'s timings (a load 2, a taken
# branch 2, the rest 1: 15 at -Os), at 125 MHz.
WALK_BOARD_PS = 9 * 8000
WALK_UNIT = 16  # the frame log's unit of names walked (tools/board_timing.py)
TIMING_CORE = REPO / "build" / "circuitpython-timing" / "bin"

# What an RP2040 spends on the collector's work that the timing core counts (py/gc.c's
# comment on MICROPY_GC_WORK_COUNT lists the counts; tools/board_timing.py logs them): py/gc.c
# compiled by arm-none-eabi-gcc 12.2 for the Cortex-M0+ at -O3 with CircuitPython's split heap
# (MICROPY_GC_SPLIT_HEAP_AUTO: a board's heap starts as one 8 KB area and grows by areas that
# double it, so 128 KB are the areas below, and a word that may be a pointer is compared with
# each area in turn), cycles by the M0+'s timings (a load or store 2, a taken branch 2, the
# rest 1). A word that is no pointer for its alignment costs the loop's 10 cycles (12 for a
# root: an index, not a pointer, walks them); one aligned like a block but outside the heap
# 10 more an area; one into the heap 30 more, plus 11.5 for each area before its own (on
# average over the areas' sizes); a head newly marked 26 to mark and push it and 47 to pop and
# start it, 13 a block of it (finding its length); 28 a block swept; 19 a finaliser-table byte;
# a collection 1,000 to start and end. docs/board-check.md has the listing's paths.
GC_AREAS_KB = (8, 8, 16, 32, 64)
GC_PASSED = sum([k * kb for k, kb in enumerate(GC_AREAS_KB)]) / sum(GC_AREAS_KB)
GC_CYCLES = (12, 10, 30 + 11.5 * GC_PASSED, 10 * len(GC_AREAS_KB), 26 + 47, 13, 28, 19, 1000)
BOARD_HZ = 125000000


def gc_board_us(counts):
    """An RP2040's us for the collector's work in ``counts`` (gc_work(0) to gc_work(8))."""
    return sum([n * cycles for n, cycles in zip(counts, GC_CYCLES)]) * 1e6 / BOARD_HZ


WALK = REFERENCE_NOW + """
import micropython

class Names:
    pass

held = Names()
for i in range(%d):
    setattr(held, "walk_%%d" %% i, 0)  # names made at run time: each lookup walks them all
raw = [b"none_%%d" %% i for i in range(100)]  # strings that are no name: looked up, never made
best = None
for _ in range(15):
    walked = micropython.qstr_walked(0)
    began = time._ticks_us()
    for text in raw:
        text.decode()
    took = time._ticks_diff(time._ticks_us(), began)
    if best is None or took < best[0]:
        best = (took, micropython.qstr_walked(0) - walked)
print(best[0], best[1], reference_now(100))
"""


def at_reference(value, ref_us):
    """``value``, measured in a process whose reference work took ``ref_us``, at the speed of
    this run's REF_US (as the games' frames are: tools/board_timing.py's ``at_speed``)."""
    return value * REF_US[0] / ref_us if REF_US[0] and ref_us else value


def walk_host_ps(runs=5, few=0, many=3000):
    """Host ps a name walked by a lookup costs on the timing core here: the difference
    between lookups among ``few`` and ``many`` names made at run time, each the least of
    ``runs`` at this run's reference speed; 0 with a core that does not count the names it
    walks."""
    probe = harness.run_circuitpython("import micropython\nprint(hasattr(micropython, 'qstr_walked'))",
                                      mounts=())
    if probe.check().stdout.split() != ["True"]:
        return 0
    least = {}  # names made -> (the least us over the runs, names walked: the same each run)
    for _ in range(runs):
        for names in (few, many):
            out = harness.run_circuitpython(WALK % names, mounts=(board_check.TIMING,), fixed_addresses=True).check().stdout
            took, walked, ref = [int(n) for n in out.split()]
            took = at_reference(took, ref)
            if names not in least or took < least[names][0]:
                least[names] = (took, walked)
    ps = int((least[many][0] - least[few][0]) * 1000000 // (least[many][1] - least[few][1]))
    return max(ps, 1)


WRAP_NS = [0]  # what the fakes' timing wrapper costs around a call, beyond a plain call: see wrap_ns
WRAP = REFERENCE_NOW + """
import _cost

_cost.ON = True
import _cost_timing


class Plain:
    def __init__(self):
        self.tiles = [0] * 8

    def __setitem__(self, index, tile):
        self.tiles[index] = tile


class Wrapped(Plain):
    pass


Wrapped.__setitem__ = _cost_timing.timed(Plain.__setitem__)


def typical(grid, calls=200, runs=25):
    # the median run: a run another program interrupted inside a timed call has the
    # interruption taken off with the call's time, so the least would be the unluckiest
    took = []
    for _ in range(runs):
        inside = _cost.spent[0]
        began = time._ticks_us()
        for i in range(calls):
            grid[3] = i
        took.append(time._ticks_diff(time._ticks_us(), began) - (_cost.spent[0] - inside))
    took.sort()
    return took[runs // 2] * 1000 // calls


print(typical(Plain()), typical(Wrapped()), reference_now(100))
"""


def wrap_ns(runs=5):
    """Host ns the fakes' timing wrapper (tests/fakes/_cost_timing.py) costs around each call
    it times, beyond the call itself as a plain Python method (the least of ``runs``
    processes, at this run's reference speed). The time inside is the fakes' and taken off
    a frame already; the wrapper around it is the machinery's, where a board makes one C
    call: a frame that sets a label's tiles makes one a tile (230 to 350 ns here, 40 to 60 us
    each on the board's estimate), which made drawing look dearer than it is. Each is
    charged as a plain Python call (more than a board's C call)."""
    best = None
    for _ in range(runs):
        out = harness.run_circuitpython(WRAP, mounts=(board_check.TIMING,), libs=(board_check.WORK / "fakes",),
                                        fixed_addresses=True).check().stdout
        plain, wrapped, ref = [int(n) for n in out.split()]
        got = max(0, int(at_reference(wrapped - plain, ref)))
        best = got if best is None else min(best, got)
    return best


CLOCK_NS = [0, 0]  # what a reading of the clock costs here beyond a C call: a first play's, a replay's
CLOCK = REFERENCE_NOW + """
import board_timing as timing

CFG = {"factor": 175, "wrap_ns": 600, "clock_ns": 1500}  # the driver's: any figures cost the same arithmetic
clock = [0, 0, 0, 0, 0, 0, 0]


class _cost:  # the fakes' account of their C work, as the driver reads it
    spent = [0]
    calls = [0]
%s


def least(function, calls=200, runs=15):
    best = None
    for _ in range(runs):
        began = time._ticks_us()
        for _ in range(calls):
            function()
        took = time._ticks_diff(time._ticks_us(), began)
        best = took if best is None or took < best else best
    return best * 1000 // calls


native = least(time._ticks_us)  # a board's reading: one C call
timing.open_logs("%s", "%s", False)
first = least(board_clock)
timing.close_logs()
timing.open_logs("%s", "%s", True)
replay = least(board_clock)
timing.close_logs()
print(first - native, replay - native, reference_now(100))
"""


def driver_function(name):
    """The source of the function ``name`` of the timed game's driver (tools/board_scenario.py)."""
    import ast

    source = board_check.DRIVER.read_text(encoding="utf-8")
    node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == name)
    return ast.get_source_segment(source, node)


def clock_read_ns(runs=5):
    """Host ns a reading of the board's clock costs a timed game beyond a board's one C
    call, in a first play (it logs the reading) and in a replay (it reads it back): the
    driver's own ``board_clock``, taken from its source, timed on the core (the least of
    ``runs`` processes, at this run's reference speed)."""
    function = driver_function("board_clock")
    folder = board_check.WORK / "timing"
    folder.mkdir(parents=True, exist_ok=True)
    clock, frames = folder / "reads.clock", folder / "reads.frames"
    best = None
    for _ in range(runs):
        script = CLOCK % (function, clock, frames, clock, frames)
        out = harness.run_circuitpython(script, mounts=(board_check.TIMING,), fixed_addresses=True).check().stdout
        first, replay, ref = [int(n) for n in out.split()]
        got = [max(0, int(at_reference(n, ref))) for n in (first, replay)]
        best = got if best is None else [min(a, b) for a, b in zip(best, got)]
    return best


def with_board_times(tree, factor):
    """A copy of a benchmark's results where every figure in milliseconds (a key with "ms")
    gets a sibling "<key>_on_board": the estimate for an RP2040 at 125 MHz."""
    if isinstance(tree, dict):
        out = {}
        for key, value in tree.items():
            out[key] = with_board_times(value, factor)
            if "ms" in key and isinstance(value, (int, float)) and not isinstance(value, bool):
                out[key + "_on_board"] = round(value * factor, 2)
        return out
    if isinstance(tree, list):
        return [with_board_times(item, factor) for item in tree]
    return tree


def percentile(buckets, share):
    """Upper bound (host ms) of the frame time below which ``share`` of the frames fall."""
    total, seen = sum(buckets), 0
    for k, count in enumerate(buckets):
        seen += count
        if seen >= share * total:
            return (2 << k) / 1000
    return None


# How a game's error says it ran out of heap (tools/board_scenario.py's ``result``, the
# hint's "can't think right now (out of memory)", board_check's restarts)
OUT_OF_HEAP = ("MemoryError", "out of memory", "out of heap", "for heap")


class GameFailed(RuntimeError):
    """A timed game that did not end as a board check's game must."""

    def __init__(self, name, error):
        RuntimeError.__init__(self, "%s: %s" % (name, error))
        self.out_of_heap = any([mark in error for mark in OUT_OF_HEAP])


def timing_extra(factor):
    """What the board check's driver needs to time a game at ``factor``: this run's
    measurements where it made them (tools/board_gdb.py's ``--collections`` plays with
    none)."""
    return {"timing": True, "factor": int(factor), "over_us": int(FRAME_MS * 1000 / factor),
            "ref_us": REF_US[0], "react": REACT_FRAMES, "wrap_ns": WRAP_NS[0], "clock_ns": CLOCK_NS[0]}


def timed(name, factor, heap=board_check.HEAP, seed=1, profile=None, logs=None, replay=False):
    """One game's frame times (host ns), in the board's heap: the collector runs as often
    as on a board (the machinery's own marking is taken off a frame it ran in). The
    firmware's own clock for time-sliced work (a computer working its turn out ahead)
    follows the board's estimated time (host time x ``factor``), so that work stops where a
    board's would rather than never in a frame. With ``logs`` (paths of a clock log and a
    frame log) the game logs its clock's readings, or with ``replay`` plays them back, and
    writes each frame's time and kind to the frame log (``frame_records``)."""
    extra = timing_extra(factor)
    if profile:
        extra["profile"] = profile
    if logs:
        extra.update(clock_log=str(logs[0]), frame_log=str(logs[1]), replay=int(replay))
    row = board_check.run(name, heap, extra, seed)
    if not row["ok"]:
        raise GameFailed(name, row["error"])
    if row["times_ns"]["timing_heap"] > board_check.TIMING_HEAP:
        raise RuntimeError("the timing code took %d bytes of heap, board_check.TIMING_HEAP is %d"
                           % (row["times_ns"]["timing_heap"], board_check.TIMING_HEAP))
    return row if profile else row["times_ns"]


RECORD = 11  # a frame record's bytes before its gc block (tools/board_timing.py's ``log_frame``)


def _number(data, at, size):
    return sum([data[at + k] << (8 * k) for k in range(size)])


def frame_records(path, walk=(0, 0), factor=None, collections=None, heap=board_check.HEAP, clock_ns=0):
    """A frame log's records: (host us, screen, collection, computer, hint, a module read) a frame
    (tools/board_timing.py's ``log_frame``). With ``walk`` (host ps a name walked costs
    here, an RP2040's ps a name divided by the factor), each frame's host time loses the
    names it walked here and gains the firmware's own at a board's cost. With ``factor``, a
    frame that collected loses its collections' host time and gains their work at a board's
    cycles (``gc_board_us``) over the factor; ``collections``, a list, gets (board us, how
    many) for each such frame. A collection here sweeps the machinery's blocks as well as the
    firmware's: it is charged at most a ``heap`` of blocks swept, as a board's. Each reading
    of the clock takes off ``clock_ns`` (what it costs here beyond a board's C call)."""
    data = pathlib.Path(path).read_bytes()
    out = []
    i = 0
    while i + RECORD <= len(data):
        us = _number(data, i, 3)
        flags = data[i + 3]
        every = _number(data, i + 4, 2) * WALK_UNIT
        own = _number(data, i + 6, 2) * WALK_UNIT
        us = us - round(every * walk[0] / 1e6) + round(own * walk[1] / 1e6)
        us -= round(_number(data, i + 8, 2) * clock_ns / 1000)
        read = data[i + 10] > 0
        i += RECORD
        if flags & 128:  # a gc block: the host us to take off, then the counts
            counts = [_number(data, i + 3 * k, 3) for k in range(1, 10)]
            blocks = counts[8] * heap // 16
            counts[6] = min(counts[6], blocks)  # blocks swept
            counts[7] = min(counts[7], blocks // 8)  # finaliser-table bytes: one a byte's 8 blocks
            board = gc_board_us(counts)
            if factor:
                us += round(board / factor) - _number(data, i, 3)
            if collections is not None:
                collections.append((board, counts[8]))
            i += 30
        out.append((max(0, us), flags & 7, (flags >> 3) & 3, bool(flags & 32), bool(flags & 64), read))
    return out


def least_frames(plays):
    """Each frame's least time over plays that took the same path (the same frames, each on
    the same screen, with a computer or a hint or a module read alike), or None if any play
    went another way. Where a replay's frame collected and the first play's did not, or the
    other way round (the timing code's blocks, elsewhere in a replay's heap, brought a
    collection on or spared one), that frame counts the first play's time alone: the first
    play is the game."""
    first = plays[0]
    for play in plays[1:]:
        if len(play) != len(first) or any(a[1] != b[1] or a[3:] != b[3:] for a, b in zip(first, play)):
            return None
    return [(min([play[k][0] for play in plays if play[k][2] == first[k][2]]),) + first[k][1:]
            for k in range(len(first))]


def game_times(frames, factor):
    """A game's figures from its frames: host ns as the driver reports them (``times_ns``)."""
    over_us = int(FRAME_MS * 1000 / factor)
    out = {"buckets": [0] * 24, "over": [], "over_count": 0, "frame": 0, "computer": 0, "hint": 0,
           "collections": 0, "planned": 0}
    for k, (us, screen, ran, cpu, hint, read) in enumerate(frames):
        ns = us * 1000
        bucket = 0
        while bucket < 23 and ns >= 2000 << bucket:
            bucket += 1
        out["buckets"][bucket] += 1
        if us >= over_us:
            out["over_count"] += 1
            out["over"].append([k + 1, us, screen, ran, read])
        if k:  # the first frame is the boot's
            out["frame"] = max(out["frame"], ns)
        if cpu:
            out["computer"] = max(out["computer"], ns)
        if hint:
            out["hint"] += ns
        out["collections"] += ran != 0
        out["planned"] += ran == 2
    return out


def one_game(name, factor, heap, seed, plays):
    """A game played ``plays`` times on one path (the first play's clock readings handed to
    the others): its figures from each frame's least time over the plays, boot and the
    collections' least times over the plays. ``aligned`` is False where a replay went
    another way (then the figures are the play with the fewest slow frames);
    ``replays_lost`` counts the replays that ran out of heap (left out)."""
    folder = board_check.WORK / "timing"
    folder.mkdir(parents=True, exist_ok=True)
    clock = folder / ("%s-%d.clock" % (name, seed))
    runs = []
    lost = 0
    for play in range(plays):
        frames = folder / ("%s-%d-%d.frames" % (name, seed, play))
        try:
            times = timed(name, factor, heap, seed, logs=(clock, frames), replay=play > 0)
        except GameFailed as failed:
            # The first play is the game. A replay runs the firmware on the same path, but
            # the timing code reads the clock's log back rather than writing it, and its
            # blocks land elsewhere among the firmware's: one that then runs out of heap
            # is not a board's game, and only gives no times
            if not play or not failed.out_of_heap:
                raise
            lost += 1
            continue
        walk = (WALK_PS[0], WALK_BOARD_PS / factor) if WALK_PS[0] else (0, 0)
        collections = []
        records = frame_records(frames, walk, factor, collections, heap, CLOCK_NS[1 if play else 0])
        runs.append((times, records, times.get("diverged", False)))
        # the slowest of the firmware's collections on a board (a frame's, over its count)
        times["gc_board_us"] = max([board / max(1, n) for board, n in collections] or [0])
    least = None if any(diverged for _, _, diverged in runs) else least_frames([records for _, records, _ in runs])
    if least is None:
        game = min([game_times(records, factor) for _, records, _ in runs], key=lambda g: g["over_count"])
    else:
        game = game_times(least, factor)
    game["aligned"] = least is not None
    game["replays_lost"] = lost
    for key in ("boot", "gc", "machinery_gc", "gc_board_us"):
        game[key] = min([times.get(key, 0) for times, _, _ in runs])
    return game


def slow_frames(name, factor):
    """The frames over FRAME_MS on the board of one game, by kind: the calls they spent most
    host time in (inclusive, the fakes' C work taken off) and the slowest frame of each kind."""
    limit_us = int(FRAME_MS * 1000 / factor)
    row = timed(name, factor, heap=1024 * 1024, profile=limit_us)  # the wrappers take heap
    kinds = []
    for kind, (count, worst_us, (frame, cpu, parts)) in row["slow"].items():
        kinds.append({"calls": kind, "frames": count, "worst_board_ms": round(worst_us * factor / 1000),
                      "worst_frame": frame, "computer_turn": cpu,
                      "its_calls_board_ms": {label: round(us * factor / 1000) for us, label in parts}})
    return sorted(kinds, key=lambda kind: -kind["worst_board_ms"])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="calibration runs (fastest counts)")
    parser.add_argument("--games", type=int, default=3,
                        help="plays of each game, on one path: each frame's time is the least over them")
    parser.add_argument("--seeds", type=int, default=4,
                        help="games per scenario: dice seeds 1 to this, each game's firmware "
                             "starting elsewhere in the heap (as board_check's games)")
    parser.add_argument("--heap", default="%dK" % (board_check.HEAP // 1024),
                        help="the heap the games are timed in (default %(default)s, the board's)")
    parser.add_argument("--profile", action="append", default=[],
                        help="also play this scenario once with its calls timed and list its "
                             "frames over 50 ms on the board by the calls they spent it in")
    parser.add_argument("--factor", type=float,
                        help="use this factor, not this run's calibration: two commits compared "
                             "at one factor (the calibration moves from run to run on a shared machine)")
    parser.add_argument("--reference-us", type=int,
                        help="scale every frame to this speed of the reference work (a run's "
                             "reference_us), not this run's best: with --factor, runs on a machine that "
                             "has slower spells compare as if run at that speed")
    parser.add_argument("--walk-ps", type=int,
                        help="charge a name walked on the host this many ps (a run's "
                             "name_walked_host_ps), not this run's measurement, which moves by half "
                             "from run to run: with --factor and --reference-us, commits compare at one cost")
    args = parser.parse_args(argv)
    if not os.environ.get("CIRCUITPYTHON_BIN") and (TIMING_CORE / "circuitpython").exists():
        os.environ["CIRCUITPYTHON_BIN"] = str(TIMING_CORE)
    host_s, factor = calibrate(args.runs)
    if args.factor:
        factor = args.factor
    board_check.compiled_fakes()
    REF_US[0] = args.reference_us or reference_us(args.runs)
    WALK_PS[0] = args.walk_ps or walk_host_ps(args.runs)
    CLOCK_NS[:] = clock_read_ns(args.runs)
    WRAP_NS[0] = wrap_ns(args.runs)
    if not WALK_PS[0]:
        print("board_time: this core does not count the names it walks, so the fakes' names are "
              "walked as the firmware's (build one that does: make circuitpython-timing)", file=sys.stderr)
    measured = {}
    shares = {}
    gc_board = {}  # scenario -> the slowest of its collections on a board, ms (0: not counted)
    heap = board_check.parse_heap(args.heap)
    for name in ("expert", "menus", "tower-farkel-4"):
        buckets = [0] * 24
        games = []
        worst = {}
        for seed in range(1, args.seeds + 1):
            game = one_game(name, factor, heap, seed, args.games)
            buckets = [a + b for a, b in zip(buckets, game["buckets"])]
            games.append(game)
            for key in ("boot", "frame", "computer", "hint", "gc", "machinery_gc"):
                if game[key]:  # the slowest game's, of each
                    worst[key] = max(worst.get(key, 0), game[key] / 1e6)
            gc_board[name] = max(gc_board.get(name, 0), game["gc_board_us"] / 1000)
        if gc_board[name]:  # counted, and charged at a board's cycles: the host's share is no measure
            worst.pop("machinery_gc", None)
        for key, ms in worst.items():
            measured["%s %s" % (name, key)] = ms
        measured["%s median frame (at most)" % name] = percentile(buckets, 0.5)
        measured["%s 99%% of frames (at most)" % name] = percentile(buckets, 0.99)
        screens = {}
        with_collection = [0, 0, 0]  # none, where the heap ran out, planned
        reading = 0  # the slow frames that read a module (and paid the collection after it)
        for times in games:
            for _, _, screen, ran, read in times["over"]:
                screens[SCREENS[screen]] = screens.get(SCREENS[screen], 0) + 1
                with_collection[ran] += 1
                reading += read
        over = [times["over_count"] for times in games]
        n = len(games)
        shares[name] = {"frames_per_game": sum(buckets) // n,
                        "plays_on_one_path": sum([1 for game in games if game["aligned"]]),
                        "replays_out_of_heap": sum([game["replays_lost"] for game in games]),
                        "frames_over_50ms_on_board": round(sum(over) / n, 1),
                        "frames_over_50ms_fewest_most": [min(over), max(over)],
                        "on_screens": {key: round(count / n, 1) for key, count in screens.items()},
                        "over_50ms_reading_a_module": round(reading / n, 1),
                        "over_50ms_with_a_collection": {"heap_ran_out": round(with_collection[1] / n, 1),
                                                        "planned": round(with_collection[2] / n, 1)},
                        "collections_per_game": round(sum([t["collections"] for t in games]) / n),
                        "planned_collections_per_game": round(sum([t["planned"] for t in games]) / n)}
    rows = {key: {"host_ms": round(ms, 2), "board_ms": round(ms * factor, 1)}
            for key, ms in sorted(measured.items())}
    for name, ms in gc_board.items():
        if ms and "%s gc" % name in rows:
            rows["%s gc" % name]["board_ms"] = round(ms, 1)
    worst_frame = max(v["board_ms"] for k, v in rows.items() if k.endswith((" frame", " computer")))
    hint = max(v["board_ms"] for k, v in rows.items() if k.endswith("hint"))
    out = {"calibration": {"primes_below_10000_host_s": round(host_s, 4),
                           "pico_125mhz_s": round(PICO_SECONDS, 3), "factor": round(factor, 1),
                           "factor_given": bool(args.factor), "reference_us": REF_US[0],
                           "name_walked_host_ps": WALK_PS[0], "name_walked_board_ps": WALK_BOARD_PS,
                           "clock_read_host_ns_first_play_replay": CLOCK_NS,
                           "fake_call_wrapper_host_ns": WRAP_NS[0]},
           "heap": heap,
           "times": rows, "frames": shares, "worst_frame_board_ms": worst_frame, "hint_board_ms": hint,
           "frames_over_50ms": sum(share["frames_over_50ms_on_board"] for share in shares.values()),
           "frame_ok": worst_frame <= FRAME_MS, "hint_ok": hint <= HINT_MS}
    for name in args.profile:
        out.setdefault("slow_frames", {})[name] = slow_frames(name, factor)
    print(json.dumps(out, indent=1))
    return 0 if out["frame_ok"] and out["hint_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
