"""Board time (tools/board_time.py): a game played again on the same path, each frame's
least time over the plays, a file read charged as a board's. The figures themselves are
measured by the tool, never here."""
import pathlib
import re
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_check  # noqa: E402
import board_time  # noqa: E402
from test_board_check import work  # noqa: E402,F401  (the fixture: a board-check folder of this module's own)

FACTOR = 80  # any factor: the tests check paths and arithmetic, not speed
# The heap these tests' timed games run in: at the board's, whether the menus game's hint
# finds a hole moves with the length of the test folder's name, which the check's strings
# carry (the board check itself is where a game's heap is judged)
TIMED_HEAP = 192 * 1024


def frame(us, screen=3, ran=0, cpu=False, hint=False, read=False):
    return (us, screen, ran, cpu, hint, read)


def test_each_frame_counts_its_least_time_over_the_plays():
    plays = [[frame(500), frame(900, ran=1), frame(40)],
             [frame(700), frame(650, ran=1), frame(30)],
             [frame(520), frame(800, ran=1), frame(90)]]
    assert board_time.least_frames(plays) == [frame(500), frame(650, ran=1), frame(30)]


def test_plays_that_went_different_ways_are_not_merged():
    one = [frame(500), frame(40, read=True)]
    assert board_time.least_frames([one, [frame(500), frame(40)]]) is None
    assert board_time.least_frames([one, [frame(500), frame(40, screen=4, read=True)]]) is None
    assert board_time.least_frames([one, [frame(500), frame(40, cpu=True, read=True)]]) is None
    assert board_time.least_frames([one, one + [frame(10)]]) is None


def test_a_frame_that_collected_in_one_play_only_counts_the_first_plays_time():
    """The same path, but a replay's heap (the timing code's blocks elsewhere) brought a
    collection on in one frame and spared one in another: those frames are the first
    play's, whichever was faster; the others the least over the plays."""
    first = [frame(500), frame(900), frame(700, ran=1), frame(40)]
    again = [frame(450), frame(300, ran=1), frame(200), frame(30)]
    assert board_time.least_frames([first, again]) == [frame(450), frame(900), frame(700, ran=1), frame(30)]


def test_a_games_figures_come_from_its_frames():
    over = int(board_time.FRAME_MS * 1000 / FACTOR)  # host us of 50 ms on the board
    frames = [frame(3 * over, screen=0),  # boot's frame: not the slowest frame
              frame(over, ran=1), frame(over - 1, cpu=True), frame(10, ran=2),
              frame(200, hint=True), frame(300, hint=True, read=True)]
    game = board_time.game_times(frames, FACTOR)
    assert game["over_count"] == 2
    assert [[k, screen, ran, read] for k, _, screen, ran, read in game["over"]] == [[1, 0, 0, False], [2, 3, 1, False]]
    assert game["frame"] == over * 1000
    assert game["computer"] == (over - 1) * 1000
    assert game["hint"] == 500 * 1000
    assert (game["collections"], game["planned"]) == (2, 1)
    assert sum(game["buckets"]) == len(frames)


def record(us, flags, every=0, own=0, reads=0, modules=0):
    """A frame log's record as tools/board_timing.py packs it (names walked in units)."""
    return bytes([us & 255, (us >> 8) & 255, us >> 16, flags, every & 255, every >> 8, own & 255, own >> 8,
                  reads & 255, reads >> 8, modules])


def test_a_frame_log_reads_back_as_the_driver_packs_it(tmp_path):
    path = tmp_path / "one.frames"
    # 70,000 us; screen 5, a planned collection (2), a computer's turn, a hint awaited
    path.write_bytes(record(70000, 5 | 2 << 3 | 32 | 64, every=300, own=100, modules=2) + record(10, 3))
    assert board_time.frame_records(path) == [(70000, 5, 2, True, True, True), (10, 3, 0, False, False, False)]


def test_a_frames_walk_over_names_is_charged_as_a_boards(tmp_path):
    """The names a frame walked come off its host time at what they cost here; the
    firmware's own go back on at a board's cost (in host time: a board's ps over the factor)."""
    path = tmp_path / "one.frames"
    unit = board_time.WALK_UNIT
    path.write_bytes(record(5000, 3, every=62500 // unit, own=25000 // unit) + record(10, 3, every=60000 // unit))
    walk = (800, 400)  # 0.8 ns a name here; a board's 0.4 ns of host time (its ps over the factor)
    frames = board_time.frame_records(path, walk)
    assert frames[0][0] == 5000 - 50 + 10  # 62,500 names at 0.8 ns off, 25,000 at 0.4 ns back on
    assert frames[1][0] == 0  # never below nothing


def test_a_frames_clock_readings_come_off_at_what_they_cost_here(tmp_path):
    """Each reading of the board's clock in a timed game runs the driver's Python, where a
    board makes one C call: the frame loses what the readings cost beyond that."""
    path = tmp_path / "one.frames"
    path.write_bytes(record(500, 3, reads=40) + record(10, 3, reads=40))
    frames = board_time.frame_records(path, clock_ns=2000)
    assert [f[0] for f in frames] == [500 - 80, 0]


def test_the_cost_of_a_clock_reading_is_measured_on_the_drivers_own_function(work):
    """Both a first play's reading (logged) and a replay's (read back) cost the core more
    than a C call, the first more than the replay."""
    first, replay = board_time.clock_read_ns(1)
    assert first > replay > 0


def gc_block(take_off_us, counts):
    """A frame's gc block as tools/board_timing.py packs it: the host us to take off, then the
    nine counts, three bytes each."""
    return b"".join([n.to_bytes(3, "little") for n in [take_off_us] + list(counts)])


def test_a_frames_collection_is_charged_its_work_at_a_boards_cycles(tmp_path):
    """A frame that collected loses the collection's host time and gains its counted work at
    an RP2040's cycles (in host time: board us over the factor); the frames before and after
    it read on."""
    counts = [1000, 10000, 2000, 1000, 800, 4000, 8000, 1000, 1]
    board_us = board_time.gc_board_us(counts)
    # each count at its cycles, at 125 MHz
    assert board_us == pytest.approx(sum([n * c for n, c in zip(counts, board_time.GC_CYCLES)]) / 125)
    path = tmp_path / "one.frames"
    path.write_bytes(record(100, 0) + record(600, 2 << 3 | 128) + gc_block(400, counts) + record(50, 0))
    collections = []
    frames = board_time.frame_records(path, factor=FACTOR, collections=collections)
    assert [f[0] for f in frames] == [100, 600 - 400 + round(board_us / FACTOR), 50]
    assert frames[1][1:] == (0, 2, False, False, False)
    assert collections == [(board_us, 1)]
    assert board_time.frame_records(path)[1][0] == 600  # no factor: the host time as it was


def test_a_collection_is_charged_no_more_sweeping_than_the_boards_heap(tmp_path):
    """Here a collection sweeps the machinery's blocks too: at most a heap's blocks (and a
    finaliser-table byte for eight of them) are charged a collection."""
    heap_blocks = board_check.HEAP // 16
    many = [0, 0, 0, 0, 0, 0, 3 * heap_blocks, heap_blocks, 2]
    path = tmp_path / "one.frames"
    path.write_bytes(record(0, 128) + gc_block(0, many))
    collections = []
    board_time.frame_records(path, factor=FACTOR, collections=collections)
    capped = [0, 0, 0, 0, 0, 0, 2 * heap_blocks, 2 * heap_blocks // 8, 2]
    assert collections == [(board_time.gc_board_us(capped), 2)]


def test_the_boards_split_heap_makes_a_pointer_cost_more_than_a_word():
    """A board's heap is areas that double it (8, 8, 16, 32, 64 KB at 128 KB): a word that may
    be a pointer is compared with each area, a heap pointer on average with three before its
    own, so it costs several times what a plain word does."""
    assert sum(board_time.GC_AREAS_KB) * 1024 == board_check.HEAP
    assert board_time.GC_PASSED == pytest.approx(392 / 128)
    word, hit, near = board_time.GC_CYCLES[1:4]
    assert near == 10 * len(board_time.GC_AREAS_KB)
    assert hit > 5 * word


def test_a_replayed_game_takes_the_first_plays_path(work):
    """The clock's readings handed back, the same dice and the heap at the same address:
    every frame of the second play is the first play's frame, of the same kind."""
    game = board_time.one_game("menus", FACTOR, TIMED_HEAP, 1, 2)
    assert game["aligned"]
    plays = [board_time.frame_records(work / "timing" / ("menus-1-%d.frames" % play)) for play in (0, 1)]
    assert len(plays[0]) > 1000
    assert [record[1:] for record in plays[0]] == [record[1:] for record in plays[1]]
    assert game["hint"] > 0 and game["collections"] > 0
    # the set-up menu's, the game's and the hint's code, each read in a frame of its own
    # after boot's, and most frames read none
    reading = [k for k, record in enumerate(plays[0]) if k and record[5]]
    assert 10 <= len(reading) < len(plays[0]) // 20


def test_the_core_reads_a_module_a_chunk_at_a_time(work):
    """What the driver's charge for file reads rests on: importing a .mpy reads it about
    board_scenario.READ_CHUNK bytes a system call (a board copies as many out of flash),
    and a timed game measures what such a read costs here beyond an in-memory one."""
    from mpy import harness

    drive = board_check.deployed("macropad")
    module = drive / "farkle" / "game.mpy"
    script = """
def reads():
    with open("/proc/self/io") as handle:
        return int(handle.read().split()[5])
import farkle.scorer
import farkle.legal
first = reads()
second = reads()
import farkle.game
print(reads() - second - (second - first))
"""
    out = harness.run_circuitpython(script, mounts=(drive / "farkle",), heap=512 * 1024).check().stdout
    # the driver is a script for the core, not a module to import here: its constant read off
    chunk = int(re.search(r"^READ_CHUNK = (\d+)", board_check.TIMING.read_text(), re.M).group(1))
    expected = module.stat().st_size / chunk
    assert expected * 0.9 < int(out) < expected * 1.1 + 20
    assert board_time.timed("menus", FACTOR, TIMED_HEAP)["read_ns"] > 0


TIMING_SCRIPT = """
import board_timing
import gc
gc.collect()
gc.collect()
print("EXPLICIT", board_timing.explicit[0], gc.mem_free() > 0)
board_timing.speed[0] = 512  # the machine at half the calibration's speed
print("HALF", board_timing.at_speed(1000), board_timing.at_speed(4000000))
board_timing.speed[0] = 1024
for _ in range(4):
    board_timing.sample_speed(0)
print("UNSCALED", board_timing.speed[0])
"""


def test_the_timing_code_counts_the_firmwares_collections_and_scales_by_speed():
    """The firmware's own gc.collect() calls are told from the allocator's (it imports the
    counting stand-in); a stretch where the machine ran slower counts at the calibration's
    speed, in small ints even for long stretches."""
    from mpy import harness

    out = harness.run_circuitpython(TIMING_SCRIPT, mounts=(board_check.TIMING,)).check().stdout
    assert "EXPLICIT 2 True" in out
    assert "HALF 500 1999872" in out  # 4 s in 1 KiB steps: (4000000 >> 10) * 512
    assert "UNSCALED 1024" in out  # no calibration given: frames are not scaled


WALK_SCRIPT = """
import board_timing

print("NONE", board_timing.qstr_walked is None, board_timing.walked(0))
counts = [0, 0]
board_timing.qstr_walked = lambda which: 0 if which == 2 else counts[which]
counts[0], counts[1] = (1 << 29) - 40, 7
board_timing.walk_mark()
counts[0], counts[1] = 8 * 16 + 3, 7 + 5 * 16  # the first counter wrapped at 2**29
print("FRAME", board_timing.walked(0), board_timing.walked(1))
counts[0] += 2 * 16
print("NEXT", board_timing.walked(0), board_timing.walked(1))
counts[0] += 0x10000 * 16
print("CLAMPED", board_timing.walked(0))
"""


def test_a_frames_record_counts_the_names_walked_since_the_last():
    """On the core: the names walked between two records, in units, the counters' wrap at
    2**29 taken into account, clamped to two bytes; 0 on a core that does not count."""
    from mpy import harness

    out = harness.run_circuitpython(WALK_SCRIPT, mounts=(board_check.TIMING,)).check().stdout
    assert "NONE True 0" in out
    assert "FRAME %d 5" % ((40 + 8 * 16 + 3) // 16) in out
    assert "NEXT 2 0" in out
    assert "CLAMPED 65535" in out


def test_the_firmwares_names_and_objects_are_marked_before_the_driver_reads_its_first_module():
    """The names walked past the logs' mark are charged at a board's cost, those before it
    at nothing (the machinery's, C on a board), and a collection's marking of the objects
    there before it is taken off as the machinery's: the driver opens the logs before it
    reads app.main (which had brought half the firmware's names and code with it)."""
    source = board_time.driver_function("main")
    marked = source.index("timing.open_logs(")  # where the names and the marking are marked
    assert marked < source.index("from app import main") and marked < source.index("from app import view")
    assert marked < source.index("exec(code, scope)")


GC_SCRIPT = """
import board_timing

print("NONE", board_timing.gc_work is None, board_timing.put_gc(None, 0))
counts = [0] * 10
machinery = [50, 300, 40, 30, 20, 60, 900, 100, 1, 70000]  # one collection of the machinery alone


class StandIn:
    def collect():
        for i in range(10):
            counts[i] += machinery[i]


class Taken:
    def __init__(self):
        self.values = []

    def put(self, value, size):
        self.values.append((value, size))


board_timing.gc = StandIn
board_timing.gc_work = lambda i: counts[i]
board_timing.gc_mark()
print("MACHINERY", board_timing.gc_machinery)
print("QUIET", board_timing.put_gc(None, 0))
for i in range(10):  # two collections in a frame: the firmware's work and the machinery's, twice
    counts[i] += 2 * machinery[i] + [7, 1000, 200, 100, 80, 400, 0, 0, 0, 500000][i]
log = Taken()
print("FLAG", board_timing.put_gc(None, 2))
board_timing.put_gc(log, 2)
print("BLOCK", log.values)
print("AFTER", board_timing.put_gc(None, 0))
"""


def test_a_frames_gc_block_carries_the_firmwares_work_and_the_time_to_take_off():
    """On the core, with a stand-in for the timing core's counters: the machinery's marking,
    from a collection of it alone as the logs open, comes off each collection in the frame
    (its root words and sweeping do not: a board has both); the host time to take off is the
    collections' less the machinery's share the driver already took off."""
    from mpy import harness

    out = harness.run_circuitpython(GC_SCRIPT, mounts=(board_check.TIMING,)).check().stdout
    assert "NONE True 0" in out  # the shared core does not count: no gc blocks
    assert "MACHINERY [50, 300, 40, 30, 20, 60, 900, 100, 1, 70000]" in out
    assert "QUIET 0" in out
    assert "FLAG 128" in out
    took_us = (2 * 70000 + 500000) // 1000 - 70000 // 1000
    made = [2 * 50 + 7, 1000, 200, 100, 80, 400, 2 * 900, 2 * 100, 2]
    assert "BLOCK %s" % [(n, 3) for n in [took_us] + made] in out
    assert "AFTER 0" in out


READS_SCRIPT = """
import board_timing

for _ in range(3):
    board_timing.replayed()  # no logs open: None, but a reading all the same
print("READS", board_timing.clock_read(), board_timing.clock_read())
board_timing.clock_reads[0] += 70000
print("CLAMPED", board_timing.clock_read())
"""


def test_a_frames_record_counts_the_clocks_readings_since_the_last():
    from mpy import harness

    out = harness.run_circuitpython(READS_SCRIPT, mounts=(board_check.TIMING,)).check().stdout
    assert "READS 3 0" in out
    assert "CLAMPED 65535" in out


@pytest.mark.parametrize("patch, made", [
    ("core-timing.patch", {"py/qstr.c": "qstr_walk_count(pool, low, at + 1);", "py/gc.c": "GC_WORK(4, 1);",
                           "py/modmicropython.c": ""}),
    ("core-oom.patch", {"py/runtime.c": '"OOM %u bytes, %u free, largest hole %u\\n"',
                        "py/vm.c": '"OOM in %s %s\\n"'}),
    ("core-pystack.patch", {"ports/unix/main.c": 'getenv("CIRCUITPY_PYSTACK_SIZE")'}),
])
def test_the_cores_patches_apply_to_the_cores_source(tmp_path, patch, made):
    """Every core built here (the pystack's) and ``make circuitpython-timing`` and ``make
    circuitpython-oom`` patch the source the shared core is built from: each patch must still
    apply to it."""
    import subprocess
    import tarfile

    tarballs = sorted((REPO.parent / "shared" / "circuitpython").glob("circuitpython-*-min-src.tar.gz"))
    assert tarballs, "the core's source tarball is missing from ../shared/circuitpython (see README)"
    with tarfile.open(tarballs[-1]) as tar:
        members = [m for m in tar.getmembers() if m.name.endswith(tuple("/" + name for name in made))]
        tar.extractall(tmp_path, members=members)
    # the tarball's paths start at its top, or in one folder
    top = tmp_path if (tmp_path / next(iter(made))).exists() else next(tmp_path.iterdir())
    proc = subprocess.run(["patch", "-d", str(top), "-p1"], input=(REPO / "tools" / patch).read_text(),
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name, line in made.items():
        assert line in (top / name).read_text()


def test_the_fakes_timing_wrapper_costs_more_than_a_plain_call(work):
    """The wrapper that takes the fakes' C work off a frame (tests/fakes/_cost_timing.py) is
    Python around each call; what it costs beyond a plain call is measured, to come off."""
    assert board_time.wrap_ns(1) > 0


def _board_clock(spent_us, calls, wrap_ns, clock_ns=0):
    """The driver's ``board_clock`` run on CPython: two readings, ``spent_us`` of host time
    passing between them, of which the fakes did the given share; returns the board ms."""
    host = {"us": 0}

    class Time:
        @staticmethod
        def _ticks_us():
            return host["us"]

        @staticmethod
        def _ticks_diff(a, b):
            return a - b

    class Timing:
        LOG_IO = [0, 0]

        @staticmethod
        def replayed():
            return None

        @staticmethod
        def at_speed(us):
            return us

        @staticmethod
        def recorded(value):
            pass

    class Cost:
        spent = [0]
        calls = [0]

    names = {"time": Time, "timing": Timing, "_cost": Cost,
             "CFG": {"factor": 100, "wrap_ns": wrap_ns, "clock_ns": clock_ns}, "clock": [0, 0, 0, 0, 0, 0, 0]}
    exec(board_time.driver_function("board_clock"), names)
    clock = names["board_clock"]
    clock()
    host["us"] += 1000  # 1 ms here: 100 ms on the board at a factor of 100
    Cost.spent[0] += spent_us
    Cost.calls[0] += calls
    return clock()


def test_the_firmwares_clock_runs_on_the_boards_time_without_the_fakes_stand_ins():
    """The firmware paces itself by the board's clock (what to draw in a frame, how much to
    work ahead): the Python that stands in for a board's C, and the wrapper that times it,
    are not on it, as they are not on a frame's time."""
    assert _board_clock(0, 0, 2000) == 100
    assert _board_clock(600, 0, 2000) == 40  # 600 us of the fakes' C work: 400 us left
    assert _board_clock(600, 100, 2000) == 20  # and 100 wrappers at 2 us beyond a plain call
    assert _board_clock(900, 100, 2000) == 0  # never backwards


def test_each_reading_of_the_firmwares_clock_is_charged_as_a_boards_c_call():
    """Work sliced on the clock asks it often (the hint's farkle odds, once a roll): what a
    reading costs here beyond a board's C call comes off the clock too, else a slice would
    do a fraction of the work a board's does in its time."""
    assert _board_clock(0, 0, 0, clock_ns=250000) == 75  # the second reading's 250 us off
    assert _board_clock(0, 0, 0, clock_ns=1500) == 99  # 1.5 us off: 998.5 us are 99.85 ms


CLOCK_GARBAGE = board_time.REFERENCE_NOW + """
import gc
import board_timing as timing

CFG = {"factor": 175, "wrap_ns": 300, "clock_ns": 1500}
clock = [0, 0, 0, 0, 0, 0, 0]


class _cost:
    spent = [0]
    calls = [0]


%s


timing.open_logs("%s", "%s", False)
board_clock()
gc.collect()
gc.disable()
before = gc.mem_alloc()
for _ in range(100):
    board_clock()
middle = gc.mem_alloc()
for _ in range(200):
    board_clock()
print(gc.mem_alloc() - middle)  # the first readings may grow a table once
timing.close_logs()
"""


def test_a_first_plays_clock_reading_makes_no_garbage(work):
    """A reading that made garbage where its replay makes none would move a replay's
    collections, and so its path, away from the first play's: its frames could not be
    compared frame by frame (the driver is compiled by the core itself, whose compiler
    builds a tuple for a multiple assignment of four)."""
    from mpy import harness

    folder = work / "timing"
    folder.mkdir(exist_ok=True)
    script = CLOCK_GARBAGE % (board_time.driver_function("board_clock"), folder / "g.clock", folder / "g.frames")
    out = harness.run_circuitpython(script, mounts=(board_check.TIMING,)).check().stdout
    assert out.split() == ["0"]
    tupled = script.replace("    clock[0] = now\n", "    clock[0], clock[3], clock[4], clock[5] = now, faked, logged, calls\n")
    assert tupled != script  # the same check sees the garbage a multiple assignment makes
    out = harness.run_circuitpython(tupled, mounts=(board_check.TIMING,)).check().stdout
    assert int(out) >= 200 * 16


def test_a_replay_that_runs_out_of_heap_is_left_out_and_the_first_play_counts(monkeypatch, tmp_path):
    """A replay's timing code reads the clock's log back, so its blocks land elsewhere: one
    that runs out of heap gives no times; the game keeps the plays that finished. The first
    play running out is the game's own failure."""
    monkeypatch.setattr(board_check, "WORK", tmp_path)
    records = [frame(500), frame(40, ran=2)]

    def timed(name, factor, heap, seed, logs=None, replay=False):
        if replay and logs[1].name.endswith("-1.frames"):
            raise board_time.GameFailed(name, "Hint: can't think right now (out of memory)")
        return {"boot": 1000, "gc": 5, "machinery_gc": 1}

    monkeypatch.setattr(board_time, "timed", timed)
    monkeypatch.setattr(board_time, "frame_records", lambda path, *rest: list(records))
    game = board_time.one_game("menus", FACTOR, board_check.HEAP, 1, 3)
    assert game["replays_lost"] == 1 and game["aligned"] and game["over_count"] == 0

    def first_fails(name, factor, heap, seed, logs=None, replay=False):
        raise board_time.GameFailed(name, "MemoryError: memory allocation failed")

    monkeypatch.setattr(board_time, "timed", first_fails)
    with pytest.raises(board_time.GameFailed):
        board_time.one_game("menus", FACTOR, board_check.HEAP, 1, 3)

    def replay_stalls(name, factor, heap, seed, logs=None, replay=False):
        if replay:  # went wrong, but not for heap: the tool's fault to find, not to skip
            raise board_time.GameFailed(name, "stalled: nothing happened for 2000 frames")
        return {"boot": 1000, "gc": 5, "machinery_gc": 1}

    monkeypatch.setattr(board_time, "timed", replay_stalls)
    with pytest.raises(board_time.GameFailed):
        board_time.one_game("menus", FACTOR, board_check.HEAP, 1, 3)


def test_a_profiled_game_has_pystack_for_the_wrappers_around_its_calls(monkeypatch, tmp_path):
    """``--profile`` times every call by a wrapper of its own, a frame more on the pystack
    for each: at a board's pystack the profiled game would stop at its first deep call."""
    monkeypatch.setattr(board_check, "WORK", tmp_path)
    monkeypatch.setattr(board_check, "overhead", lambda board, hostile, what="OVERHEAD", timed=False: 456)
    given = []

    def core(board, cfg, heap, drive, pystack):
        given.append(pystack)
        return type("Proc", (), {"stdout": "", "stderr": "", "returncode": 1})()

    monkeypatch.setattr(board_check, "_core", core)
    board_check.run_once("menus", board_check.HEAP, tmp_path, {"timing": True})
    board_check.run_once("menus", board_check.HEAP, tmp_path, {"timing": True, "profile": 300})
    assert given == [board_check.PYSTACK + 456, board_check.PYSTACK_ROOM]


def test_a_timed_game_is_given_the_heap_of_a_timed_games_machinery(monkeypatch, tmp_path):
    """A timed game leaves the pool of names unpadded, so its machinery is measured unpadded
    too: given the padded machinery's heap, its firmware had several KB more room than a
    board's, collected less often and had its hints advised by the expert."""
    monkeypatch.setattr(board_check, "WORK", tmp_path)
    asked = []

    def overhead(board, hostile, what="OVERHEAD", timed=False):
        asked.append((what, timed))
        return 0

    monkeypatch.setattr(board_check, "overhead", overhead)
    monkeypatch.setattr(board_check, "_core", lambda *args: type("Proc", (), {"stdout": "", "stderr": "", "returncode": 1})())
    board_check.run_once("menus", board_check.HEAP, tmp_path, {"timing": True})
    assert ("OVERHEAD", True) in asked and ("OVERHEAD", False) not in asked


def test_the_machinery_of_a_timed_game_takes_no_heap_for_padding_names(work):
    padded, unpadded = board_check.overhead("macropad"), board_check.overhead("macropad", timed=True)
    assert padded - 16 * 1024 < unpadded < padded - 2048  # the padding's names, less than a pool
