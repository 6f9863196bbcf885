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
import time

# Every fake the firmware may touch, before anything of the firmware: board_check measures
# the heap they and this driver take (on a board they are C and take none) and adds it.
import _cost

_cost.ON = bool(CFG.get("timing"))  # before the other fakes: they wrap their C work then
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

# The firmware's names the driver needs, filled in by main() once the overhead is measured.
v = R_PLAYERS = R_RULES = R_SEAT = KEEP = START = NAMES = None

FRAME_MS = 25  # virtual time a frame takes
SAMPLE_EVERY = 32  # frames between heap samples (gc.collect, then mem_alloc)
STALL_FRAMES = 4000  # 100 s of board time with no change in the game: stuck

state = {"frames": 0, "peak": 0, "step": 0, "last_bank": None, "seen": [], "done": False,
         "hinted": None, "mark": (), "since": 0}
# Host time (ns) on the core, for tools/board_time.py: start to the first frame drawn, the
# slowest frame, the slowest frame of a computer's turn, the frame that answered HINT.
times = {"start": 0, "faked": 0, "boot": 0, "frame": 0, "computer": 0, "hint": 0,
         "buckets": [0] * 24}  # frames by host time: bucket k holds 2**k to 2**(k+1) us


def result(ok, error=None, game=None):
    gc.collect()
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
    out["seen"] = state["seen"]
    out["times_ns"] = times
    print("RESULT " + json.dumps(out))
    state["done"] = True
    raise SystemExit(0 if ok else 3)


def press(app, name):
    number = app.board.key_names.index(name)
    app.board.keys.events.put(number, True)
    app.board.keys.events.put(number, False)


def see(name):
    if name not in state["seen"]:
        state["seen"].append(name)
        if CFG.get("verbose"):
            gc.collect()
            print("first %s at frame %d: %d bytes in use" % (name, state["frames"], gc.mem_alloc()))


def setup_key(app):
    """Move the set-up menu towards CFG's players, seats and rules, a key at a time."""
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
        game = keeper.saved_game
        if [game.turns, list(game.scores)] != want:
            result(False, "offered %r, saved %r" % ([game.turns, list(game.scores)], want), game)
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
            state["paused"] = True
            see("hint")
            press(app, "menu")  # then Resume, from the pause menu
            return
    cut = CFG.get("cut_after")
    if cut is not None and game.turns >= cut and game.phase == START:
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


def observe(app):
    """After every frame: the clock moves on; when the app waits, the next key."""
    supervisor.advance(FRAME_MS)
    state["frames"] += 1
    frames = state["frames"]
    if frames % SAMPLE_EVERY == 0:
        gc.collect()
        alloc = gc.mem_alloc()
        if alloc > state["peak"]:
            state["peak"] = alloc
    ctl = app.controller
    if frames > CFG["max_frames"]:
        result(False, "no end after %d frames" % frames, ctl.game)
    game = ctl.game
    mark = (game.turns, game.turn_total, game.in_hand) if game is not None else None
    if mark != state.get("mark"):
        state["mark"], state["since"] = mark, frames
    elif frames - state["since"] > STALL_FRAMES:
        result(False, "stalled: nothing happened for %d frames" % STALL_FRAMES, game)
    if len(app.board.keys.events) or not ctl.idle():
        return
    screen = ctl.view.screen
    see(v.SCREEN_NAMES[screen])
    if app.keeper.panel is not None:
        panel_key(app)
    elif screen == v.SPLASH or screen == v.ROLLOFF:
        press(app, "roll")
    elif screen == v.SETUP:
        setup_key(app)
    elif screen == v.PLAY:
        play_key(app)
    elif screen == v.PAUSE:
        press(app, "roll")  # the cursor is on Resume
    elif screen == v.END:
        result(True, None, ctl.game)


def failed(error, **kwargs):
    """Stands in for hardware.faults.handle: an error screen is a failed scenario."""
    if state["done"] or CFG.get("verbose"):
        raise error  # uncaught: the core prints where it happened
    gc.collect()
    result(False, "%s: %s" % (type(error).__name__, error))


def main():
    global v, R_PLAYERS, R_RULES, R_SEAT, KEEP, START, NAMES
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
    if CFG.get("measure_only"):
        print("OVERHEAD %d" % machinery)
        return
    times["start"] = time.monotonic_ns()
    times["faked"] = _cost.spent[0]
    supervisor.drive_clock(0)
    random.seed(CFG["seed"])
    board.board_id = CFG["board_id"]
    from app import main as app_main
    from app import view
    from app.setup import R_PLAYERS, R_RULES, R_SEAT
    from farkle.game import KEEP, START
    from farkle.presets import NAMES

    v = view
    step = app_main.App.step

    def observed_step(self):
        if not CFG.get("timing"):  # the clock's big ints are garbage a board would not make
            changed = step(self)
            observe(self)
            return changed
        ctl = self.controller
        cpu = ctl.game is not None and ctl.view.screen == v.PLAY and ctl.seats[ctl.player] is not None
        began = time.monotonic_ns()
        faked = _cost.spent[0]
        changed = step(self)
        spent = time.monotonic_ns() - began - (_cost.spent[0] - faked)  # the fakes' C work out
        if not times["boot"]:
            times["boot"] = time.monotonic_ns() - times["start"] - (_cost.spent[0] - times["faked"])
        elif spent > times["frame"]:
            times["frame"] = spent
        bucket = 0
        while bucket < 23 and spent >= 2000 << bucket:
            bucket += 1
        times["buckets"][bucket] += 1
        if cpu and spent > times["computer"]:
            times["computer"] = spent
        if state["frames"] + 1 == state["hinted"]:
            times["hint"] = spent
        observe(self)
        return changed

    app_main.App.step = observed_step
    scope = {"__name__": "__main__"}
    with open("code.py") as handle:
        code = compile(handle.read(), "code.py", "exec")
    exec(code, scope)


main()
