"""Host simulator screen: the displayio tree renders as the MacroPad OLED would."""

import statistics
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import displayio  # noqa: E402  (Blinka, see requirements-sim.txt)
import terminalio  # noqa: E402
import vectorio  # noqa: E402
from adafruit_display_text import bitmap_label  # noqa: E402
from PIL import Image  # noqa: E402

from hardware.sim.screen import HostDisplay  # noqa: E402

WHITE = 0xFFFFFF


def scene():
    """FARKLE! top left, a 20x10 vectorio rectangle and a 4x4 bitmap square."""
    group = displayio.Group()
    label = bitmap_label.Label(terminalio.FONT, text="FARKLE!", color=WHITE, x=2, y=8)
    group.append(label)
    palette = displayio.Palette(1)
    palette[0] = WHITE
    rect = vectorio.Rectangle(pixel_shader=palette, width=20, height=10, x=100, y=40)
    group.append(rect)
    square = displayio.Bitmap(4, 4, 2)
    square.fill(1)
    mono = displayio.Palette(2)
    mono[1] = WHITE
    group.append(displayio.TileGrid(square, pixel_shader=mono, x=60, y=50))
    return group, label, rect


def lit(image, x, y):
    return image.getpixel((x, y)) != 0


@pytest.fixture
def shown():
    display = HostDisplay()
    group, label, rect = scene()
    display.root_group = group
    return display, label, rect


def test_label_and_shapes_light_the_right_pixels(shown):
    display, _, _ = shown
    image = display.snapshot()
    assert image.size == (128, 64) and image.mode == "1"
    # Terminus 6x12 capitals are 5x8: the F's stem and top bar, the A's crossbar.
    assert all(lit(image, 2, y) for y in range(5, 13))
    assert all(lit(image, x, 5) for x in range(2, 7))
    assert not lit(image, 3, 6) and not lit(image, 2, 4) and not lit(image, 2, 13)
    assert all(lit(image, x, 9) for x in range(8, 13)) and not lit(image, 10, 8)
    assert image.crop((0, 0, 128, 20)).getbbox() == (2, 5, 41, 13)
    # vectorio rectangle: inside lit, one pixel outside dark on every side.
    assert lit(image, 100, 40) and lit(image, 119, 49)
    for x, y in ((99, 40), (120, 40), (100, 39), (100, 50)):
        assert not lit(image, x, y)
    assert image.crop((90, 30, 128, 64)).getbbox() == (10, 10, 30, 20)
    # Bitmap square.
    assert image.crop((50, 40, 90, 64)).getbbox() == (10, 10, 14, 14)


def test_blocks_cover_the_panel(shown):
    display, _, _ = shown
    rows = display.to_blocks().split("\n")
    assert len(rows) == 32 and {len(row) for row in rows} == {128}
    assert set("".join(rows)) <= set(" ▀▄█") and rows[2].strip()
    assert rows[20][100:120] == "█" * 20 and rows[20][99] == rows[20][120] == " "
    quads = display.to_blocks(quadrants=True).split("\n")
    assert len(quads) == 32 and {len(row) for row in quads} == {64}
    assert quads[20][50:60] == "█" * 10


def test_png_is_the_snapshot_scaled(shown, tmp_path):
    display, _, _ = shown
    path = tmp_path / "farkle.png"
    display.to_png(path, scale=4)
    image = Image.open(path)
    assert image.size == (512, 256)
    assert image.convert("L").getpixel((100 * 4 + 3, 40 * 4)) == 255
    assert image.convert("L").getpixel((99 * 4 + 3, 40 * 4)) == 0


def test_partial_refresh_matches_a_full_one(shown):
    """Blinka redraws only dirty areas; they must land where a full redraw puts them."""
    display, label, rect = shown
    display.auto_refresh = False
    display.refresh()
    for x, rect_x, text in ((40, 50, "HOT DICE"), (71, 3, "1500"), (17, 90, "FARKLE!")):
        label.x, rect.x, label.text = x, rect_x, text
        display.refresh()
        fresh = HostDisplay()
        group, label2, rect2 = scene()
        label2.x, rect2.x, label2.text = x, rect_x, text
        fresh.root_group = group
        assert display.snapshot().tobytes() == fresh.snapshot().tobytes(), text


def test_auto_refresh_off_shows_the_last_refresh(shown):
    display, label, _ = shown
    display.auto_refresh = False
    display.refresh()
    before = display.snapshot().tobytes()
    label.text = "HOT DICE"
    assert display.snapshot().tobytes() == before
    display.refresh()
    assert display.snapshot().tobytes() != before


def test_root_group_like_circuitpython(shown):
    display, _, _ = shown
    group = display.root_group
    with pytest.raises(ValueError):
        HostDisplay().root_group = group  # a group shows on one display only
    display.root_group = None
    assert display.root_group is None and display.snapshot().getbbox() is None


def test_controller_commands(shown):
    display, _, _ = shown
    image = display.snapshot()
    display.bus.send(0xA7, b"")  # invert
    assert not lit(display.snapshot(), 2, 5) and lit(display.snapshot(), 0, 0)
    display.bus.send(0xA6, b"")
    display.bus.send(0xAE, b"")  # sleep: the usual OLED burn-in guard
    assert display.snapshot().getbbox() is None
    display.bus.send(0xAF, b"")
    assert display.snapshot().tobytes() == image.tobytes()
    display.brightness = 0.5
    assert display.bus.contrast == 128


def test_rotation_turns_the_picture(shown):
    display, _, _ = shown
    upright = display.snapshot()
    group = display.root_group
    display.root_group = None
    turned = HostDisplay(rotation=180)
    turned.root_group = group
    assert turned.width == 128
    assert turned.snapshot().tobytes() == upright.rotate(180).tobytes()
    tall = HostDisplay(rotation=90)
    assert (tall.width, tall.height) == (64, 128) and tall.snapshot().size == (128, 64)


def test_a_score_update_fits_in_a_frame(shown):
    display, label, _ = shown
    times = []
    for n in range(20):
        start = time.perf_counter()
        label.text = f"SCORE {n * 50}"
        display.snapshot()
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.010


def test_pygame_window_headless(shown, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from hardware.sim.window import Window  # pylint: disable=import-outside-toplevel

    display, _, _ = shown
    window = Window(display, scale=2, lit=(120, 200, 255))
    try:
        assert isinstance(window.update(), list)
        assert window.surface.get_size() == (256, 128)
        assert tuple(window.surface.get_at((2 * 2, 5 * 2)))[:3] == (120, 200, 255)
        assert tuple(window.surface.get_at((0, 0)))[:3] == (0, 0, 0)
    finally:
        window.close()
    assert window.closed and window.update() == []
