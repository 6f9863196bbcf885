"""app.persist, app.storage, hardware.nvm_store and farkle.stats on CircuitPython's core with
CircuitPython's module set: a game is saved turn by turn into a bytearray "NVM", the board
"reboots", the game is offered, resumed identically, and the statistics survive."""

from mpy.harness import run_micropython

SCRIPT = r"""
import gc
from app import input as act
from app import view as v
from app.controller import Controller
from app.persist import Keeper
from app.setup import Setup
from farkle.dice import RandomDice
from farkle.savegame import dumps


from steady import Steady as Computer


now = [0]
nvm = bytearray(b"\xff" * 4096)


def boot(seed):
    setup = Setup()
    setup.seats[0] = "normal"  # two computers: the game plays itself
    keeper = Keeper(nvm, RandomDice(seed))
    ctl = Controller(lambda: now[0], make_player=Computer, dice=keeper.dice, setup=setup)
    keeper.attach(ctl)
    return ctl, keeper


def frame(ctl, keeper, ms=50):
    now[0] += ms
    ctl.update()
    keeper.update()
    while ctl.job is not None:  # a job (the set-up menu's code, a game's start): a step a frame
        now[0] += ms
        ctl.update()
        keeper.update()


ctl, keeper = boot(1)
ctl.press(act.ROLL)  # past the splash
frame(ctl, keeper)
ctl.press(act.ROLL)  # start
for _ in range(5000):
    frame(ctl, keeper, 100)
    if ctl.game is not None and ctl.game.turns >= 6:
        break
for _ in range(100):  # the save waits until the dice stop tumbling
    if not keeper.dirty:
        break
    frame(ctl, keeper)
saved = keeper.boundary[0]
print("saves", keeper.saves > 3, "turns", ctl.game.turns >= 6)
gc.collect()

ctl, keeper = boot(2)  # power cycle
ctl.press(act.ROLL)
frame(ctl, keeper)
print("offer", ctl.view.title, [r[0] for r in ctl.view.rows][:2])
ctl.press(act.ROLL)  # Resume
frame(ctl, keeper)
print("resumed", dumps(ctl.game) == saved, ctl.view.screen == v.PLAY)
for _ in range(20000):
    frame(ctl, keeper, 200)
    if ctl.view.screen == v.END:
        break
print("end", ctl.view.screen == v.END, keeper.stats.played, sorted(keeper.stats.seats))
ctl, keeper = boot(3)
print("kept", keeper.stats.played, keeper.saved_game is None)
ctl.press(act.ROLL)
frame(ctl, keeper)
ctl.press(act.MENU)  # More
frame(ctl, keeper)
ctl.press(act.ROLL)  # Statistics
frame(ctl, keeper)
print("stats", ctl.view.title, ctl.view.rows[0])
gc.collect()
"""


def test_persist_on_micropython():
    result = run_micropython(SCRIPT, mounts=("farkle", "app", "hardware"), libs=("tests/mpy/standins",), mem=True, timeout=300).check()
    lines = result.stdout.splitlines()
    assert lines == [
        "saves True turns True",
        "offer Resume saved game? ['Resume', 'New game']",
        "resumed True True",
        "end True 1 ['normal']",
        "kept 1 True",
        "stats Statistics ('Games', '1')",
    ], result.stdout


RESTART = r"""
from app import input as act
from app import storage
from app import view as v
from app.controller import Controller
from app.persist import AGAIN, Keeper
from app.setup import Setup
from farkle.dice import RandomDice
from hardware import faults


from steady import Steady as Computer


class Restarted(Exception):
    pass


def restart():  # supervisor.reload(), which this core lacks
    raise Restarted()


faults.restart = restart
faults.stop = lambda: None
now = [0]
nvm = bytearray(b"\xff" * 4096)


def boot(seed):
    keeper = Keeper(nvm, RandomDice(seed))
    ctl = Controller(lambda: now[0], make_player=Computer, dice=keeper.dice, setup=Setup())
    keeper.attach(ctl)
    return ctl, keeper


def frame(ctl, keeper):
    now[0] += 50
    ctl.update()
    keeper.update()


ctl, keeper = boot(1)
ctl.press(act.ROLL)  # past the splash
frame(ctl, keeper)
while ctl.job is not None:
    frame(ctl, keeper)
ctl.press(act.ROLL)  # start
frame(ctl, keeper)
frame(ctl, keeper)  # the game's start under way, as when the heap ran out
try:
    storage.restart_for_heap(keeper)
    print("no restart")
except Restarted:
    print("restarted", storage.Storage(nvm).load().settings.get(AGAIN))
ctl, keeper = boot(2)  # the power-up after the restart
ctl.press(act.ROLL)  # past the splash: the game made at once
frame(ctl, keeper)
for _ in range(200):
    frame(ctl, keeper)
    if ctl.game is not None and ctl.job is None:
        break
print("made", keeper.again, ctl.game is not None, ctl.view.screen == v.ROLLOFF)
"""


def test_a_restart_for_heap_on_micropython():
    """The mark written and the game made again at the next power-up, on CircuitPython's core."""
    result = run_micropython(RESTART, mounts=("farkle", "app", "hardware"), libs=("tests/mpy/standins",), mem=True, timeout=300).check()
    assert result.stdout.splitlines() == ["restarted new", "made 0 True True"], result.stdout
