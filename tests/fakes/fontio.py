"""Fake fontio: BuiltinFont and Glyph as CircuitPython has them."""


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    """Glyphs of one size in one bitmap sheet; get_glyph makes a new Glyph each call, as
    the board's does, and gives None for a character the font lacks (shared-module/fontio/
    BuiltinFont.c)."""

    def __init__(self, bitmap, width, height, first=32, count=95):
        self.bitmap = bitmap
        self._size = (width, height)
        self._first = first
        self._count = count

    def get_bounding_box(self):
        return self._size

    def get_glyph(self, codepoint):
        index = codepoint - self._first
        if not 0 <= index < self._count:
            return None
        width, height = self._size
        return Glyph(self.bitmap, index, width, height, 0, 0, width, 0)
