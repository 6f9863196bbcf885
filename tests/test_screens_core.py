"""The play screen redrawn on CircuitPython's core: a frame whose texts did not change makes
no garbage, wherever the heap lies. The core puts a heap over 128 KB above 2**30, where an
object's ``id()`` is a long int made on each call (an RP2040's RAM is at 0x20000000, where it
is a small int): a screen that kept its labels' texts in tables keyed by ``id(label)`` made
400 bytes of garbage a frame here (this screen), a board none, so the check's games ran out of
heap where a board would not."""

from mpy.harness import board_lib_dirs, run_circuitpython

SCRIPT = r"""
import gc
import board
from app import view as v
from app.screens import Screens

screens = Screens(board.DISPLAY)
view = v.View()
view.screen = v.PLAY
view.header = "C2 expert"
view.status = "Turn 350: roll or bank"
view.cells = [("Ann 1200", False), ("C2 950", True), ("C3 400", False)]
view.changed()
screens.render(view, budget=1 << 30)
print("HIGH", id(screens) >= 1 << 30)
frames = 20
gc.collect()
gc.disable()
before = gc.mem_alloc()
for _ in range(frames):
    view.changed()  # a new version, the same texts: as a tumbling die's frame
    screens.render(view)
print("GARBAGE", (gc.mem_alloc() - before) // frames)
"""


def test_a_redraw_with_the_same_texts_makes_no_garbage_in_a_high_heap():
    result = run_circuitpython(SCRIPT, mounts=("app", "farkle", "hardware"), libs=board_lib_dirs(),
                               heap=192 * 1024).check()
    assert "HIGH True" in result.stdout  # the heap the board check runs in: above 2**30
    assert int(result.stdout.split("GARBAGE ")[1].split()[0]) < 64  # bytes a frame
