"""The lights on CircuitPython's core: a frame where neither the view nor the blink phase
changed sends nothing and makes no garbage (the loop asks every frame, 40 times a second)."""

from mpy.harness import run_circuitpython

SCRIPT = r"""
import gc
from app import view as v
from app.leds import Leds


class Pixels(list):
    shown = 0

    def show(self):
        self.shown += 1


class Board:
    pixels = Pixels([(0, 0, 0)] * 6)
    die_pixels = (0, 1, 2, 3, 4, 5)
    key_pixels = None


leds = Leds(Board)
view = v.View()
for screen in (v.SPLASH, v.SETUP, v.PLAY, v.END):
    view.screen = screen
    leds.update(view, 0)  # drawn once
    shown = Board.pixels.shown
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(50):
        leds.update(view, 0)  # the same view, the same blink phase
    print("SCREEN", screen, (gc.mem_alloc() - before) // 50, Board.pixels.shown - shown)
    gc.enable()
"""


def test_a_frame_with_nothing_new_to_light_makes_no_garbage():
    result = run_circuitpython(SCRIPT, mounts=("app", "farkle")).check()
    lines = [line.split() for line in result.stdout.splitlines() if line.startswith("SCREEN")]
    assert len(lines) == 4
    for _, screen, garbage, shown in lines:
        assert (int(garbage), int(shown)) == (0, 0), screen
