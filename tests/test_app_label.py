"""app.label draws what adafruit_display_text's bitmap_label draws for the same arguments:
same box, same pixels, same place, same colours, as texts and colours change; with a font
laid out as a board's built-in font (tests/cellfont.py) it draws them as glyph cells, and
the display shows the same pixels."""

import string
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import displayio  # noqa: E402  (Blinka, see requirements-sim.txt)
import terminalio  # noqa: E402
from adafruit_display_text import bitmap_label  # noqa: E402
from cellfont import FONT as CELLS  # noqa: E402

from app.label import Label  # noqa: E402
from hardware.sim.screen import HostDisplay  # noqa: E402

TEXTS = ["", "A", "Set up  Roll: start", "gjpqy_|", " lead", "two\nlines", "end\n", "a\tb", "FARKLE!",
         "Bank it", ""]
# every printable character, a text longer than the cells made at first, shorter again,
# a backquote (ink in the cell's top row, above a box with padding_top=-1), a character
# the font lacks, and trailing spaces (part of an inverse label's box)
CELL_TEXTS = TEXTS + [string.printable[:95], "P1 250  C2e 1000", "x", "`quoted`", "caf\u00e9", "ab   ", "",
                      "Bank 350?"]


def drawn(label):
    """What a label puts on the display: position, scale, colours and its bitmap's pixels."""
    out = [label.x, label.y, label.scale]
    bitmap = label.bitmap
    if bitmap is None:
        return out + [None]
    grid = label.tilegrid
    palette = grid.pixel_shader
    out.append([(palette[i], palette.is_transparent(i)) for i in range(2)])
    pixels = [[bitmap[x, y] for x in range(bitmap.width)] for y in range(bitmap.height)]
    return out + [grid.x, grid.y, grid.tile_width, grid.tile_height, pixels]


@pytest.mark.parametrize("scale, padding_top", [(1, -1), (2, -1), (1, 0), (2, 3)])
def test_every_text_is_drawn_as_bitmap_label_draws_it(scale, padding_top):
    args = dict(text="", color=0xFFFFFF, scale=scale, x=5, y=17, padding_top=padding_top)
    ours = Label(terminalio.FONT, **args)
    theirs = bitmap_label.Label(terminalio.FONT, save_text=False, max_characters=None, **args)
    for text in TEXTS:
        ours.text = theirs.text = text
        assert ours.text == theirs.text
        assert ours.cells is None  # Blinka's font has a bitmap per glyph: drawn as bitmaps
        assert drawn(ours) == drawn(theirs), repr(text)


def test_inverse_colours_are_bitmap_label_colours():
    ours = Label(terminalio.FONT, text="Roll", padding_top=-1)
    theirs = bitmap_label.Label(terminalio.FONT, text="Roll", save_text=False, padding_top=-1)
    for colour, background in ((0x000000, 0xFFFFFF), (0xFFFFFF, None)):
        ours.color = theirs.color = colour
        ours.background_color = theirs.background_color = background
        assert (ours.color, ours.background_color) == (colour, background)
        assert drawn(ours) == drawn(theirs)


def backdrop():
    """Diagonal stripes over the whole panel, so a see-through pixel differs from a dark one."""
    bitmap = displayio.Bitmap(128, 64, 2)
    for y in range(64):
        for x in range(128):
            bitmap[x, y] = (x + y) % 3 == 0
    palette = displayio.Palette(2)
    palette[0], palette[1] = 0x000000, 0xFFFFFF
    return displayio.TileGrid(bitmap, pixel_shader=palette)


def shown(label, back):
    display = HostDisplay()
    group = displayio.Group()
    group.append(back)
    group.append(label)
    display.root_group = group
    return display


@pytest.mark.parametrize("scale, padding_top, chars",
                         [(1, -1, 0), (1, -1, 21), (2, -1, 10), (1, 0, 4), (2, 3, 0)])
def test_a_cell_font_is_drawn_as_cells_with_bitmap_labels_pixels(scale, padding_top, chars):
    args = dict(text="", color=0xFFFFFF, scale=scale, x=3, y=20, padding_top=padding_top)
    ours = Label(CELLS, chars=chars, **args)
    theirs = bitmap_label.Label(CELLS, save_text=False, max_characters=None, **args)
    mine, reference = shown(ours, backdrop()), shown(theirs, backdrop())
    cells = 0
    for text in CELL_TEXTS:
        for colour, background in ((0xFFFFFF, None), (0x000000, 0xFFFFFF), (0xFFFFFF, None)):
            ours.text = theirs.text = text
            ours.color = theirs.color = colour
            ours.background_color = theirs.background_color = background
            assert mine.snapshot().tobytes() == reference.snapshot().tobytes(), (text, background)
            cells += ours.cells is not None and bool(text)
            assert (ours.bitmap is None) == (ours.cells is not None or not text)
    assert cells >= 2 * 3 * len(TEXTS) // 2  # most texts are drawn as cells
    ours.color = theirs.color = 0x000000
    ours.background_color = theirs.background_color = 0xFFFFFF
    for text in CELL_TEXTS:  # the texts change under a background that stays (a menu's cursor row)
        ours.text = theirs.text = text
        assert mine.snapshot().tobytes() == reference.snapshot().tobytes(), ("inverse", text)


def test_cells_are_used_only_where_they_draw_the_same():
    label = Label(CELLS, padding_top=-1)
    for text, as_cells in (("Roll", True), ("two\nlines", False), ("`", False), ("caf\u00e9", False),
                           ("a\tb", True), ("", True)):
        label.text = text
        assert (label.cells is not None) == as_cells or not text, text
    assert Label(CELLS, text="`", padding_top=0).cells is not None  # no row clipped: a cell draws it
    assert Label(terminalio.FONT, text="Roll").cells is None


def test_setting_a_text_only_sets_tiles():
    label = Label(CELLS, text="P1 250", padding_top=-1, chars=21)
    cells, layers = label.cells, len(label)
    for text in ("C2 1000", "x", "Over the target: 1450", ""):
        label.text = text
        assert label.cells is cells and len(label) == layers and label.bitmap is None
    label.background_color = 0xFFFFFF
    back = label.back
    for text in ("row one", "a longer row twenty1", ""):
        label.text = text
        label.background_color = None
        label.background_color = 0xFFFFFF
        assert label.back is back and label.cells is cells
