"""Fake terminalio: FONT, the 6x12 built-in font (95 printable ASCII glyphs).

On a board its sheet sits in flash; here it is an empty Bitmap of the same size on the
heap (about 0.9 KB more than a board spends)."""

import displayio
import fontio

FONT = fontio.BuiltinFont(displayio.Bitmap(6 * 95, 12, 2), 6, 12)
