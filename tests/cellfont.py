"""A font laid out as CircuitPython's built-in ``terminalio.FONT`` is on a board, for tests on
the PC: every glyph one 6x12 cell of one sheet bitmap (``font.bitmap``), no offsets, a new
glyph per ``get_glyph`` and None for a character it lacks. The glyphs are Blinka's
(Terminus 6x12, the font a board's is made from), drawn into the sheet cell by cell.

Blinka's own ``terminalio.FONT`` keeps a bitmap per glyph, so ``app.label`` draws it as
bitmaps; with this font it draws cells, and the tests compare the two ways' pixels."""

import displayio
import fontio
import terminalio

FIRST, COUNT = 32, 95


class CellFont:
    def __init__(self):
        width, height = terminalio.FONT.get_bounding_box()
        self._size = (width, height)
        self.bitmap = displayio.Bitmap(width * COUNT, height, 2)
        for i in range(COUNT):
            glyph = terminalio.FONT.get_glyph(FIRST + i)
            for y in range(glyph.height):
                for x in range(glyph.width):
                    if glyph.bitmap[x, y]:
                        self.bitmap[width * i + x, y] = 1

    def get_bounding_box(self):
        return self._size

    def get_glyph(self, codepoint):
        if not FIRST <= codepoint < FIRST + COUNT:
            return None
        width, height = self._size
        return fontio.Glyph(self.bitmap, codepoint - FIRST, width, height, 0, 0, width, 0)


FONT = CellFont()
