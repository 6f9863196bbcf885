"""app.label draws what adafruit_display_text's bitmap_label draws for the same arguments:
same box, same pixels, same place, same colours, as texts and colours change."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import terminalio  # noqa: E402  (Blinka, see requirements-sim.txt)
from adafruit_display_text import bitmap_label  # noqa: E402

from app.label import Label  # noqa: E402

TEXTS = ["", "A", "Set up  Roll: start", "gjpqy_|", " lead", "two\nlines", "end\n", "a\tb", "FARKLE!", ""]


def drawn(label):
    """What a label puts on the display: position, scale, colours and its bitmap's pixels."""
    palette = label._palette
    colours = [(palette[i], palette.is_transparent(i)) for i in range(2)]
    out = [label.x, label.y, label.scale, colours]
    bitmap = label.bitmap
    if bitmap is None:
        return out + [None]
    grid = label.tilegrid
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
        assert drawn(ours) == drawn(theirs), repr(text)


def test_inverse_colours_are_bitmap_label_colours():
    ours = Label(terminalio.FONT, text="Roll", padding_top=-1)
    theirs = bitmap_label.Label(terminalio.FONT, text="Roll", save_text=False, padding_top=-1)
    for colour, background in ((0x000000, 0xFFFFFF), (0xFFFFFF, None)):
        ours.color = theirs.color = colour
        ours.background_color = theirs.background_color = background
        assert (ours.color, ours.background_color) == (colour, background)
        assert drawn(ours) == drawn(theirs)
