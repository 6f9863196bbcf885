"""One board-check scenario, run ON the CircuitPython core (tools/board_check.py starts it).

host-only: a test driver, never deployed. It runs the deployed ``code.py`` unchanged on the
fake hardware (tests/fakes) and the real libraries, and plays it by key events only: it
watches each frame (App.step is wrapped to call ``observe`` after it), advances the fake
board clock by one frame, and presses the keys a person would. Prints one JSON line, then
exits. ``CFG`` (a dict) is set by the line board_check.py puts before this file.
"""
# pylint: disable=undefined-variable,global-statement

import gc
import json
import random
import sys
import time

# Every fake the firmware may touch, before anything of the firmware: board_check measures
# the heap they and this driver take (on a board they are C and take none) and adds it.
import _cost

_cost.ON = bool(CFG.get("timing"))  # before the other fakes: they wrap their C work then
timing = None  # tools/board_timing.py, in a timed game
timing_heap = 0  # what its code and the fakes' timers take: added to a timed game's heap
if _cost.ON:  # wrappers that make no garbage a call (tests/fakes/_cost_timing.py)
    gc.collect()
    timing_heap = gc.mem_alloc()
    import _cost_timing
    import board_timing as timing

    _cost.timed = _cost_timing.timed
    gc.collect()
    timing_heap = gc.mem_alloc() - timing_heap
import adafruit_pixelbuf  # noqa: F401
import audiopwmio  # noqa: F401
import bitmaptools  # noqa: F401
import board
import busdisplay  # noqa: F401
import busio  # noqa: F401
import digitalio  # noqa: F401
import displayio  # noqa: F401
import fontio  # noqa: F401
import fourwire  # noqa: F401
import i2cdisplaybus  # noqa: F401
import keypad  # noqa: F401
import microcontroller  # noqa: F401
import neopixel_write  # noqa: F401
import pwmio  # noqa: F401
import rotaryio  # noqa: F401
import storage  # noqa: F401
import supervisor
import synthio  # noqa: F401
import terminalio  # noqa: F401
import usb_hid  # noqa: F401
import usb_midi  # noqa: F401
import watchdog  # noqa: F401

# The firmware's view module, filled in by main() once the overhead is measured. The other
# firmware names the driver needs are imported where they are used, in the phase whose code
# has them loaded, so that the driver loads no firmware module a phase would not.
v = None
FIRMWARE = ("app", "farkle", "hardware")  # the packages whose modules "modules" lists

FRAME_MS = 25  # virtual time a frame takes
SAMPLE_EVERY = 32  # frames between heap samples (gc.collect, then mem_alloc)
STALL_FRAMES = 4000  # 100 s of board time with no change in the game: stuck

state = {"frames": 0, "peak": 0, "step": 0, "last_bank": None, "seen": [], "done": False,
         "hinted": None, "mark": [None, None, None], "since": 0, "idle": 0, "modules": {}, "redrawn": 0}
# Host time (ns) on the core, for tools/board_time.py: start to the first frame drawn, the
# slowest frame, the slowest frame of a computer's turn, the frame that answered HINT.
times = {"start": 0, "faked": 0, "calls": 0, "waited": 0, "reads": 0, "read_ns": 0, "timing_heap": 0, "boot": 0, "frame": 0, "computer": 0, "hint": 0, "hint_frames": 0, "gc": 0,
         "buckets": [0] * 24, "over": [], "over_count": 0,
         "collections": 0, "planned": 0, "machinery_gc": 0}  # frames by host time: bucket k holds 2**k to 2**(k+1) us


def result(ok, error=None, game=None):
    global room
    room = None  # the report is made in the room the driver kept (machinery), not the firmware's
    for _ in range(3 if CFG.get("timing") else 1):
        began = time.monotonic_ns()
        gc.collect()
        spent = time.monotonic_ns() - began
        if timing is not None:
            spent = timing.at_speed(spent // 1000) * 1000
        if not times["gc"] or spent < times["gc"]:
            times["gc"] = spent  # a whole collection, host ns (the least: the machine is shared)
    alloc = gc.mem_alloc()
    if alloc > state["peak"]:
        state["peak"] = alloc
    out = {"scenario": CFG["scenario"], "board": CFG["board"], "preset": CFG["preset"],
           "players": len(CFG["levels"]), "levels": CFG["levels"], "heap": CFG["heap"],
           "ok": ok, "turns": game.turns if game is not None else 0,
           "peak": state["peak"] - CFG["overhead"],
           "error": error}
    if game is not None:
        out["scores"] = list(game.scores)
    play = sys.modules.get("farkle.players.expert_table")
    if play is not None:  # turns the expert worked out shorter, for want of heap for longer rows
        out["cut_turns"] = sum([table.capped for table in play._TABLES.values()])
    out["redrawn"] = state["redrawn"]
    if "hint" in state:  # the level that advised
        out["hint"] = state["hint"]
    store = state.get("store")
    if store is not None:  # the NVM sector's rewrites (flash wear): compactions and resets
        out["nvm_erases"], out["nvm_writes"] = store.erases, store.writes
    out["seen"] = state["seen"]
    if CFG.get("modules"):  # asked for only: the lists take heap the firmware would not
        out["modules"] = state["modules"]
        out["many_loads"] = state.get("many_loads", [])
    out["times_ns"] = times
    if timing is not None:
        times["diverged"] = timing.went_astray()
        timing.close_logs()
    if CFG.get("profile"):
        out["slow"] = profiler.slow
    import micropython

    micropython.qstr_info()  # and the names after
    print("RESULT", json.dumps(out))  # no copy of the line joined to its tag
    state["done"] = True
    raise SystemExit(0 if ok else 3)


def press(app, name):
    number = app.board.key_names.index(name)
    app.board.keys.events.put(number, True)
    app.board.keys.events.put(number, False)


def see(name):
    if name not in state["seen"]:
        state["seen"].append(name)
        if CFG.get("modules"):  # the firmware's modules loaded when this screen first shows
            state["modules"][name] = sorted([m for m in sys.modules if m.split(".")[0] in FIRMWARE])
        if CFG.get("verbose"):
            gc.collect()
            print("first %s at frame %d: %d bytes in use" % (name, state["frames"], gc.mem_alloc()))


def setup_key(app):
    """Move the set-up menu towards CFG's players, seats and rules, a key at a time."""
    from app.setup import R_PLAYERS, R_RULES, R_SEAT
    from farkle.presets import NAMES

    ctl = app.controller
    setup = ctl.setup
    levels = CFG["levels"]
    want = None
    if setup.players != len(levels):
        want = (R_PLAYERS, 0)
    else:
        for seat in range(len(levels)):
            if setup.seats[seat] != levels[seat]:
                want = (R_SEAT, seat)
                break
    if want is None and NAMES[setup.preset] != CFG["preset"]:
        want = (R_RULES, 0)
    if want is None:
        if CFG["scenario"] == "menus" and "dice" not in state["seen"]:
            return menus_from_setup(app)
        press(app, "roll")  # start the game
        return
    rows = ctl.rows
    target = [i for i in range(len(rows)) if (rows[i][0], rows[i][1]) == want][0]
    cursor = ctl.view.cursor
    if cursor < target:
        press(app, "die1")
    elif cursor > target:
        press(app, "die0")
    else:
        press(app, "die3")


def menus_from_setup(app):
    """Set-up -> More -> Statistics -> back, More -> Dice check -> back."""
    keeper = app.keeper
    if keeper.panel is None:
        press(app, "menu")
        return
    what = keeper.rows[app.controller.view.cursor][2]
    if keeper.panel == "more":
        goal = "stats" if "stats" not in state["seen"] else "dice"
        if what == goal:
            press(app, "roll")
        else:
            press(app, "die1")
    else:
        see(keeper.panel)
        press(app, "menu")  # back


def panel_key(app):
    keeper = app.keeper
    if keeper.panel == "offer":
        see("offer")
        want = CFG.get("resume")
        if want is None:
            result(False, "a saved game was offered on a fresh board")
        turns, scores, _ = keeper.saved_view
        if [turns, list(scores)] != want:
            result(False, "offered %r, saved %r" % ([turns, list(scores)], want))
        if keeper.rows[app.controller.view.cursor][2] != "resume":
            press(app, "die0")
        else:
            press(app, "roll")
        return
    if CFG["scenario"] == "menus":
        menus_from_setup(app)
    else:
        press(app, "menu")  # close it


def play_key(app):
    from farkle.game import KEEP, START

    ctl = app.controller
    game = ctl.game
    if ctl.seats[ctl.player] is not None:
        return  # a computer's turn: it plays itself
    if CFG["scenario"] == "menus" and not state.get("paused"):
        if state["hinted"] is None and game.phase == KEEP:
            state["hinted"] = state["frames"] + 1  # the frame that reads the key answers it
            press(app, "hint")
            return
        if state["hinted"] is not None:
            if ctl.hint_wait is not None or getattr(ctl, "job", None) is not None:
                return  # "Hint: thinking..." or the hint's job: wait for the advice
            state["paused"] = True
            # the level that advised; none where the hint could not think (out of heap: the
            # firmware's own fallback, but no advice)
            state["hint"] = getattr(ctl.advisers.get(game.current), "level", None)
            if state["hint"] is None:
                result(False, " ".join(ctl.message_lines), game)
            see("hint")
            press(app, "menu")  # then Resume, from the pause menu
            return
    cut = CFG.get("cut_after")
    if cut is not None and game.turns >= cut and game.phase == START:
        gave_way(app.controller)
        waited_for_heap(app)
        result(True, None, game)  # the power goes: nothing runs after this frame
    mark = (game.turns, game.turn_total, game.in_hand, game.phase)
    if game.phase == START:
        press(app, "roll")
    elif game.phase == KEEP and not ctl._selection():
        take_best(app, game)
    elif state["last_bank"] == mark or game.turn_total < 300:
        press(app, "roll")
    else:
        state["last_bank"] = mark
        press(app, "bank")


def take_best(app, game):
    """BEST where the board has the key, else the best keep's dice pressed one by one."""
    if "best" in app.board.key_names:
        press(app, "best")
        return
    faces = list(game.best_keep()[0])
    view = app.controller.view
    for slot in range(len(view.faces)):
        if view.states[slot] == v.FREE and view.faces[slot] in faces:
            faces.remove(view.faces[slot])
            press(app, "die%d" % slot)


def faked_ns(spent_us):
    """Host ns of C work the fakes did (their timed calls) since ``_cost.spent[0]`` was
    ``spent_us``."""
    return (_cost.spent[0] - spent_us) * 1000


def wrapped_ns(calls):
    """Host ns the fakes' timing wrappers took around their calls since ``_cost.calls[0]``
    was ``calls``, beyond a plain call each (``CFG["wrap_ns"]``, measured by
    tools/board_time.py): the machinery's, where a board makes one C call."""
    return (_cost.calls[0] - calls) * CFG.get("wrap_ns", 0)


# host us at the last reading, board ms so far, board us left over, and at the last reading
# the fakes' C work and the logs' system calls (host us), the fakes' timed calls, and the ns
# charged off so far that made no whole us yet
clock = [0, 0, 0, 0, 0, 0, 0]


def board_clock():
    """Milliseconds an RP2040 would have spent by now: host time times CFG["factor"] (set by
    tools/board_time.py), so the firmware's time-sliced work stops where a board's would.
    Small ints only (the firmware asks many times a frame): the host clock's long ints would
    be garbage a board's clock does not make. The fakes' stand-ins for a board's C work and
    the logs' system calls are taken off, as they are off a frame's time, the fakes'
    timing wrappers are charged as a plain call each (``wrapped_ns``), and each reading as a
    board's C call (``CFG["clock_ns"]``, what this function costs beyond one): else the firmware
    would pace itself by the Python that fakes a board's C (the tower's 42 lights' buffer
    copied a byte at a time) and leave work to the next frame that a board would do in this
    one."""
    value = timing.replayed()
    if value is not None:
        return value
    now = time._ticks_us()
    faked = _cost.spent[0]  # one at a time: a multiple assignment may make a tuple (garbage)
    logged = timing.LOG_IO[0]
    calls = _cost.calls[0]
    # ns to take off: the wrappers beyond a plain call each, and this reading beyond a C call
    off = clock[6] - (calls - clock[5]) * CFG["wrap_ns"] - CFG["clock_ns"]
    host = time._ticks_diff(now, clock[0]) - (faked - clock[3]) - (logged - clock[4]) + off // 1000
    clock[6] = off % 1000  # floored: what was taken off beyond whole us comes back next time
    left = clock[2] + timing.at_speed((host if host > 0 else 0) * CFG["factor"])
    clock[0] = now
    clock[3] = faked
    clock[4] = logged
    clock[5] = calls
    clock[1] = (clock[1] + left // 1000) & 0x1FFFFFFF
    clock[2] = left % 1000
    timing.recorded(clock[1])
    return clock[1]


def waited_for_heap(app):
    """A save that had to wait for heap (the firmware tries it again a frame later and the
    last save stays intact): a pass by the firmware's rules, but not the heap's normal use."""
    short = app.keeper.short
    if short:
        result(False, "out of heap: a save waited %d times" % short, app.controller.game)
    store = app.keeper.store
    if store is not None and store.failures:  # "Saving failed" on the display
        result(False, "%d saves failed" % store.failures, app.controller.game)


def gave_way(ctl):
    """An expert that ran out of heap plays on as hard and the game still ends: a pass by
    the firmware's rules, but the scenario asked for an expert, so it fails here."""
    if ctl.game is None or "expert" not in CFG["levels"]:
        return
    experts = 0
    for player in ctl.seats:
        if player is not None and player.level == "expert":
            experts += 1
    if experts < CFG["levels"].count("expert"):
        result(False, "out of heap: the expert gave way to hard", ctl.game)


def loads():
    """With CFG's "modules": the firmware modules each frame loaded; the frames that
    loaded more than one are kept (frame, names), for tests/test_app_phases.py."""
    now = [name for name in sys.modules if name.split(".")[0] in FIRMWARE]
    before = state.get("loaded")
    if before is not None:
        new = [name for name in now if name not in before]
        if len(new) > 1:
            state.setdefault("many_loads", []).append([state["frames"], sorted(new)])
    state["loaded"] = now


def moved(mark, game):
    """Whether the game moved on since ``mark`` (its turns, turn total and dice in hand, kept
    in place: a tuple a frame would be garbage the board's loop does not make), which is
    brought up to date."""
    if mark[0] == game.turns and mark[1] == game.turn_total and mark[2] == game.in_hand:
        return False
    mark[0], mark[1], mark[2] = game.turns, game.turn_total, game.in_hand
    return True


def observe(app):
    """After every frame: the clock moves on; when the app waits, the next key."""
    supervisor.advance(FRAME_MS)
    state["frames"] += 1
    if "store" not in state:
        state["store"] = app.keeper.store
    if app.redraws:  # the frame's drawing ran out of heap: the screen is built again, whole
        state["redrawn"] += 1
    if CFG.get("modules"):
        loads()
    frames = state["frames"]
    # not in a timed game: there a collection between frames would leave the firmware's
    # own fewer than a board's
    if frames % SAMPLE_EVERY == 0 and not CFG.get("timing"):
        gc.collect()
        alloc = gc.mem_alloc()
        if alloc > state["peak"]:
            state["peak"] = alloc
    ctl = app.controller
    if CFG.get("hostile"):  # keys at random: tools/board_hostile.py, loaded before the firmware
        import board_hostile

        board_hostile.press(app, frames, CFG["hostile"], result, see)
        return
    if frames % SAMPLE_EVERY == 0:
        gave_way(ctl)
    if frames > CFG["max_frames"]:
        result(False, "no end after %d frames" % frames, ctl.game)
    game = ctl.game
    if game is not None and moved(state["mark"], game):
        state["since"] = frames
    elif frames - state["since"] > STALL_FRAMES:
        result(False, "stalled: nothing happened for %d frames" % STALL_FRAMES, game)
    if len(app.board.keys.events) or not ctl.idle():
        state["idle"] = 0
        return
    # a timed game presses a person's reaction time after the app settles (CFG "react"
    # frames): the firmware's quiet frames are where it collects its garbage, and a player
    # who pressed within a frame of every animation's end would leave it none
    state["idle"] += 1
    if state["idle"] < CFG.get("react", 0):
        return
    state["idle"] = 0
    screen = ctl.view.screen
    if app.keeper.panel is not None:  # shown on the menu screen: seen under its own name
        panel_key(app)
        return
    see(v.SCREEN_NAMES[screen])
    if screen == v.SPLASH or screen == v.ROLLOFF:
        press(app, "roll")
    elif screen == v.SETUP:
        setup_key(app)
    elif screen == v.PLAY:
        play_key(app)
    elif screen == v.PAUSE:
        press(app, "roll")  # the cursor is on Resume
    elif screen == v.END and not app.screens.incomplete:  # the end screen on the display
        gave_way(ctl)
        waited_for_heap(app)
        result(True, None, ctl.game)


profiler = None  # tools/board_profile.py, for a profiled game (board_time.py --profile)


def failed(error, **kwargs):
    """Stands in for hardware.faults.handle: an error screen is a failed scenario."""
    if CFG.get("verbose"):  # how full and how broken up the heap was (free, largest free block)
        gc.collect()
        import micropython

        micropython.mem_info()
    if state["done"] or CFG.get("verbose"):
        raise error  # uncaught: the core prints where it happened
    gc.collect()
    result(False, "%s: %s" % (type(error).__name__, error))


# Room for the driver's own report (the JSON line), kept from the start so that it counts as
# machinery: a firmware that fills its heap to the end screen must not fail on the report.
room = None


def keep_room():
    global room  # made in a call of its own: no stale pointer to it stays in main's frame
    room = bytearray(4096)


def fill_name_pool():
    """Fill the interpreter's last pool of names with names nobody uses, so that the
    firmware's first name opens a new pool, as its first name opens the first pool on a
    board. Names live in pools that double in size (20, 40, 80, ... names); on a board the
    firmware's own names fill them from the start, but here the fakes' and this driver's
    (C on a board: names in flash) come first, and the firmware's would otherwise start in
    the middle of the doubling and pay for two pools, where a board pays for one series.
    Filled, the firmware's names go into one pool twice the size of the last: at least what
    a board spends on the same names (tools/board_check.py checks it from the counts the
    core prints before the firmware starts and at the end)."""
    gc.collect()
    before = gc.mem_alloc()
    count = 0
    size = 0  # the capacity of the pool opened while filling, once seen
    while True:
        getattr(_cost, "_pad%d" % count, None)  # a new name, kept by the interpreter for good
        count += 1
        gc.collect()
        after = gc.mem_alloc()
        if size:
            size -= 1
            if size == 1:
                return
        elif after - before > 1024:  # a new pool: a few bytes a name (pointer, hash, length)
            size = 20
            while (after - before) // size >= 10:
                size *= 2
        before = after


def main():
    global v
    if not CFG.get("timing"):
        # the pool's padding is for the heap's figures, which a timing run does not report;
        # its names would sit in the path of every lookup of a name (each string the
        # firmware makes is looked up among them), which a board never walks. Without it the
        # machinery takes less heap: board_check measures a timed game's apart
        fill_name_pool()
    import micropython

    micropython.qstr_info()  # "qstr pool: ..." on stdout: the names before the firmware's
    if CFG.get("hostile"):  # the random keys' module: its names counted apart from the firmware's
        import board_hostile  # noqa: F401

        micropython.qstr_info()
    keep_room()
    gc.collect()
    machinery = gc.mem_alloc()
    # The error path is the driver's too: its handle() is replaced, so the driver loads it
    # now. On a board it is loaded only after an error, so its heap is machinery (the
    # firmware's own hardware.alive, which it imports, is loaded first and not counted).
    import hardware.alive  # noqa: F401

    gc.collect()
    before = gc.mem_alloc()
    from hardware import faults

    faults.handle = failed
    gc.collect()
    machinery += gc.mem_alloc() - before
    if CFG.get("timing"):  # a collection with only the machinery's objects to mark (the least)
        for _ in range(7):
            began = time.monotonic_ns()
            gc.collect()
            spent = time.monotonic_ns() - began
            if not times["machinery_gc"] or spent < times["machinery_gc"]:
                times["machinery_gc"] = spent
    measure_only = CFG.get("measure_only")
    if measure_only:  # a timed game's machinery without its timing code (TIMING_HEAP's)
        print("OVERHEAD %d" % (machinery - timing_heap))
    if CFG.get("timing"):
        times["timing_heap"] = timing_heap
        timing.measure_reads()
        for _ in range(4):  # the machine's speed at the start
            timing.sample_speed(CFG.get("ref_us", 0))
        times["read_ns"] = timing.reads[1]
        times["reads"] = timing.file_reads()
        times["waited"] = timing.waited()
    times["start"] = time._ticks_us()
    times["faked"], times["calls"] = _cost.spent[0], _cost.calls[0]
    supervisor.drive_clock(0)
    random.seed(CFG.get("seed", 1))
    board.board_id = CFG.get("board_id")
    global profiler
    if CFG.get("profile"):
        import board_profile as profiler  # its names before the logs' mark, where they count for nothing
    # The logs open before the driver reads app.main: from their opening the names made and
    # the objects marked are counted as the firmware's (opened later, once app.main and the
    # modules it imported were read, half the firmware's names and code counted as the
    # machinery's: walks over them and their marking were charged nothing). Their heap is
    # added to the game's (board_check.TIMING_HEAP).
    if CFG.get("clock_log"):
        gc.collect()
        before = gc.mem_alloc()
        timing.open_logs(CFG["clock_log"], CFG["frame_log"], CFG.get("replay"))
        gc.collect()
        times["timing_heap"] += gc.mem_alloc() - before
    from app import main as app_main
    from app import view

    v = view
    step = app_main.App.step

    def observed_step(self):
        if self is None:  # the pystack the driver's calls take below the firmware's (board_check)
            return micropython.pystack_use() if hasattr(micropython, "pystack_use") else 0
        if not CFG.get("timing"):  # the clock's big ints are garbage a board would not make
            changed = step(self)
            observe(self)
            return changed
        ctl = self.controller
        if CFG.get("factor") and ctl.work_clock is not board_clock:
            clock[0] = time._ticks_us()
            clock[3] = _cost.spent[0]
            clock[4] = timing.LOG_IO[0]
            clock[5] = _cost.calls[0]
            ctl.work_clock = board_clock  # working ahead stops on the board's time, not the frames'
        cpu = ctl.game is not None and ctl.view.screen == v.PLAY and ctl.seats[ctl.player] is not None
        # small ints only (us on the core's own clock, ns below a second): the host clock's
        # long ints would be garbage a board does not make, and bring collections
        if state["frames"] % timing.SPEED_EVERY == 0:  # between frames: the machine's speed now
            timing.sample_speed(CFG.get("ref_us", 0))
        held = gc.mem_alloc()
        explicit = timing.explicit[0]
        read_first = timing.file_reads()
        read = time._ticks_us()
        waits = timing.waited()
        began = time._ticks_us()
        faked, calls = _cost.spent[0], _cost.calls[0]
        log_us, log_reads = timing.LOG_IO[0], timing.LOG_IO[1]
        changed = step(self)
        ended = time._ticks_us()
        after = timing.waited()
        # the fakes' C work out, and the time another program had the CPU during the frame:
        # a wait while reading the count (before began or after ended) is not the frame's,
        # and is at most as long as the read took
        outside = time._ticks_diff(began, read) + time._ticks_diff(time._ticks_us(), ended)
        read_then = timing.file_reads()
        taken = timing.us_between(waits, after) - outside
        spent = (time._ticks_diff(ended, began) * 1000 - faked_ns(faked) - wrapped_ns(calls)
                 - (timing.LOG_IO[0] - log_us) * 1000
                 - timing.read_ns(read_first, read_then, timing.LOG_IO[1] - log_reads) - (taken * 1000 if taken > 0 else 0))
        ran = 0
        if held - gc.mem_alloc() > 2048:
            # a collection ran in the frame (the heap in use fell): the marking of the
            # machinery's own objects, which a board's heap does not hold, out
            times["collections"] += 1
            # the firmware's own (its gc.collect(): in a light frame, app.main.App._collect,
            # or where a job makes room), or where the heap ran out
            ran = 2 if timing.explicit[0] != explicit else 1
            times["planned"] += ran == 2
            spent = spent - times["machinery_gc"] if spent > times["machinery_gc"] else 0
        spent = timing.at_speed(spent // 1000) * 1000  # at the calibration's speed
        if not times["boot"]:
            taken = timing.us_between(times["waited"], after) - outside
            times["boot"] = (time._ticks_diff(ended, times["start"]) * 1000 - faked_ns(times["faked"])
                             - wrapped_ns(times["calls"])
                             - timing.read_ns(times["reads"], read_then) - (taken * 1000 if taken > 0 else 0))
            times["boot"] = timing.at_speed(times["boot"] // 1000) * 1000
        elif spent > times["frame"]:
            times["frame"] = spent
        bucket = 0
        while bucket < 23 and spent >= 2000 << bucket:
            bucket += 1
        times["buckets"][bucket] += 1
        if CFG.get("over_us") and spent >= CFG["over_us"] * 1000:  # how many frames were slow, and which
            times["over_count"] += 1
            # a list each: not when the frames are logged, where a play's slow frames (the
            # machine's speed's) would make garbage another play does not
            if len(times["over"]) < 64 and timing.logs["frames"] is None:
                times["over"].append([state["frames"], spent // 1000, ctl.view.screen, ran])
        if cpu and spent > times["computer"]:
            times["computer"] = spent
        hinted = state["hinted"]
        hint = hinted is not None and state["frames"] + 1 >= hinted and not state.get("answered")
        timing.log_frame(spent, ctl.view.screen, ran, cpu, hint)
        if hint:
            # from the frame that reads HINT to the one that shows the advice (the adviser
            # may work its turn out first, a slice a frame): on a board frames run back to
            # back, so their sum is how long the player waits
            times["hint"] += spent
            times["hint_frames"] += 1
            state["answered"] = ctl.hint_wait is None and getattr(ctl, "job", None) is None  # nor its job (a step a frame)
        if CFG.get("profile"):
            profiler.profiled(spent, cpu, CFG["profile"], state["frames"])
        observe(self)
        return changed

    app_main.App.step = observed_step
    if measure_only:
        # on a board code.py's frame is the first on the pystack; here it comes after the
        # driver's (this one's included, as the exec below calls code.py from here), and its
        # App.step's after this wrapper's: what board_check adds to the board's pystack
        print("PYSTACK %d" % observed_step(None))
        return
    if CFG.get("profile"):
        profiler.profile_calls(faked_ns)
    # where the firmware's first blocks land among the machinery's moves with a block held
    # from now (CFG "pad" bytes, added to the heap and taken off the peaks): how the heap
    # breaks up differs from a board's, whose machinery is C
    state["pad"] = bytearray(CFG["pad"])
    if CFG.get("timing_heap"):  # the heap added for the timing code, held to what it is
        state["timing_pad"] = bytearray(max(0, CFG["timing_heap"] - times["timing_heap"] - 16))
    scope = {"__name__": "__main__"}
    with open("code.py") as handle:
        code = compile(handle.read(), "code.py", "exec")
    try:
        exec(code, scope)
    except SystemExit as error:  # the firmware restarted itself (supervisor.reload): this boot ends
        if state["done"]:
            raise
        result(True, str(error))


main()
