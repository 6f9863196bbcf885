"""The app's board-side logic (controller, set-up, input, lights) on CircuitPython's core with
CircuitPython's module set: a whole game, human against a computer, and the heap it keeps.

The displayio screens need the display libraries and are exercised on CPython with Blinka
(tests/test_app_game.py); here the view is checked as values.
"""

from mpy.harness import run_micropython

SCRIPT = r"""
import gc
from app import input as act
from app import view as v
from app.controller import Controller
from app.input import Input
from app.leds import Leds
from app.setup import Setup
from farkle.dice import FixedDice


from steady import Steady as Computer


class Event:
    def __init__(self, number):
        self.key_number = number
        self.pressed = True
        self.released = False


class Events:
    def __init__(self):
        self.queue = []

    def get(self):
        return self.queue.pop(0) if self.queue else None


class Pixels:
    def __init__(self, n):
        self.buf = [(0, 0, 0)] * n
        self.shows = 0

    def __setitem__(self, i, c):
        self.buf[i] = c

    def show(self):
        self.shows += 1


class Board:
    key_names = ("die0", "die1", "die2", "die3", "die4", "die5", "hint", "best", "menu", "roll", "mute", "bank", "select")

    def __init__(self):
        class Keys:
            pass
        self.keys = Keys()
        self.keys.events = Events()
        self.encoder = None
        self.pixels = Pixels(12)
        self.die_pixels = tuple((i,) for i in range(6))
        self.key_pixels = {"hint": 6, "best": 7, "menu": 8, "roll": 9, "mute": 10, "bank": 11}


DICE = [6, 2, 1, 5, 2, 2, 3, 4, 5, 5, 5, 2, 1, 1, 1, 2, 3, 4, 2, 2, 3, 3, 4, 6, 5, 2, 3, 4, 6, 6,
        1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        2, 3, 4, 6, 2, 3]
now = [0]
board = Board()
ctl = Controller(lambda: now[0], make_player=Computer, dice=FixedDice(DICE))
keys = Input(board)
lights = Leds(board)


def frame(ms=20):
    now[0] += ms
    for a in keys.poll():
        ctl.press(a)
    ctl.update()
    lights.update(ctl.view, now[0])


def tap(*names):
    for name in names:
        board.keys.events.queue.append(Event(Board.key_names.index(name)))
        frame()


def settle():
    for _ in range(3000):
        if ctl.idle():
            frame()
            return
        frame(50)
    raise RuntimeError("stuck")


tap("roll", "roll", "roll")
settle()
assert ctl.view.screen == v.PLAY and ctl.view.header == "P1 0", ctl.view.header
tap("roll")
settle()
tap("die2")
print("refused:", " ".join(ctl.message_lines))
tap("die2", "best", "bank")
print("refused:", " ".join(ctl.message_lines))
tap("roll")
settle()
tap("best", "bank")
settle()  # through the computer's turn
tap("roll")
settle()  # farkle, then the computer again
tap("roll")
settle()
for _ in range(3):
    tap("best", "roll")
    settle()
tap("best", "bank")
for _ in range(2000):
    if ctl.view.screen == v.END:
        break
    frame(50)
print("end:", ctl.view.title, ctl.view.lines)
print("sounds:", len(ctl.take_sounds()), "shows:", board.pixels.shows > 50)
gc.collect()
"""


def test_a_whole_game_on_micropython():
    result = run_micropython(SCRIPT, mounts=("farkle", "app"), libs=("tests/mpy/standins",), mem=True, timeout=300).check()
    lines = result.stdout.splitlines()
    assert lines[0] == "refused: a 2 does not score on its own"
    assert lines[1] == "refused: you need 500 in one turn to get on the board (you have 150)"
    assert lines[2] == "end: P1 wins! ['1. P1           11150', '2. C2 normal     3050']"
    assert lines[3].startswith("sounds:") and lines[3].endswith("shows: True")
    # the heap the game, the controller and the lights keep, their modules' code included
    # (about 68 KB; tools/bench_app.py reports it)
    assert result.mem_retained < 80 * 1024, result.mem_retained


PRESSES = SCRIPT.split('tap("die2")\nprint')[0] + r"""
assert ctl.view.faces == [1, 5, 2, 2, 3, 4], ctl.view.faces


def garbage(slot):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    ctl.press(act.DIE0 + slot)
    ctl.update()
    made = gc.mem_alloc() - before
    gc.enable()
    return made


for slot in range(6):  # the 1 and the 5 score; each die after them is refused
    print("press", slot, garbage(slot), len(ctl.message_lines))
"""


def test_a_die_press_makes_little_garbage():
    """A die press rewrites the play screen's texts; working out the selection's score, the
    best keep and a refusal's wrapped lines must not make a string or a list per die or word
    on top (they did: 2.6 KB for a scoring press, up to 6 KB for a refused one, and five
    presses in one frame ran a tower's heap out)."""
    result = run_micropython(PRESSES, mounts=("farkle", "app"), libs=("tests/mpy/standins",), timeout=300).check()
    presses = [line.split() for line in result.stdout.splitlines() if line.startswith("press")]
    assert [int(p[3]) > 0 for p in presses] == [False, False, True, True, True, True]  # refused: a message
    for _, slot, made, _lines in presses:
        assert int(made) < (1600 if int(slot) < 2 else 2400), presses
