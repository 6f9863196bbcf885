"""The play screen redrawn on CircuitPython's core: a frame whose texts did not change makes
no garbage, wherever the heap lies. The core puts a heap over 128 KB above 2**30, where an
object's ``id()`` is a long int made on each call (an RP2040's RAM is at 0x20000000, where it
is a small int): a screen that kept its labels' texts in tables keyed by ``id(label)`` made
400 bytes of garbage a frame here (this screen), a board none, so the check's games ran out of
heap where a board would not."""

from mpy.harness import board_lib_dirs, run_circuitpython

PLAY_SCREEN = r"""
import gc
import board
from app import view as v
from app.screens import Screens

screens = Screens(board.DISPLAY)
view = v.View()
view.screen = v.PLAY
"""

SCRIPT = PLAY_SCREEN + r"""
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


LOST = PLAY_SCREEN + r"""
view.header = "P1 0"
view.status = "Roll the dice!"
view.changed()
screens.render(view, budget=1 << 30)
view.header = "C2 expert 1250"
view.status = "Turn 350: roll or bank"
view.banner = "C2 banks 350 and leads the table"  # wrapped, its first line inverse
view.changed()
gc.collect()
filler = [None] * 2048
at = 0
for size in (1024, 64, 0):  # the heap filled to its last block, as a game start's peak may
    try:                    # leave it (bytearray(0): a block for the object alone)
        while at < len(filler):
            filler[at] = bytearray(size)
            at += 1
    except MemoryError:
        pass
try:
    screens.render(view, budget=1 << 30)
    print("DRAWN")
except MemoryError:
    filler = None
    print("OUT")
    screens.lost()
    gc.collect()
    print("BLANK", board.DISPLAY.root_group is None)
screens.render(view, budget=1 << 30)
play = screens.built["play"]
print("SHOWN", board.DISPLAY.root_group is play.group, len(screens.built))
print("TEXTS", "|".join([label.text for label in play.labels]))
"""


def test_drawing_that_ran_out_of_heap_is_built_again_from_the_view():
    result = run_circuitpython(LOST, mounts=("app", "farkle", "hardware"), libs=board_lib_dirs(),
                               heap=128 * 1024).check()
    out = result.stdout
    assert "OUT" in out and "BLANK True" in out and "SHOWN True 1" in out
    texts = out.split("TEXTS ")[1].split("\n")[0].split("|")
    assert texts[0] == "C2 expert 1250"
    assert "C2 banks 350 and" in texts and "leads the table" in texts
