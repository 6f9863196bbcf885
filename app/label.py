"""app.label: a one-colour text label for a fixed font, the few things the screens ask of one.

It draws exactly what ``adafruit_display_text.bitmap_label.Label`` draws for the same
arguments (text, colour, background, scale, x, y, ``padding_top``; no anchors, outlines,
accents or directions), but costs the heap a fraction: the library's two modules take
about 15 KB of bytecode and each of its labels about 0.8 KB empty. Like it, a label is a
``displayio.Group`` at (x, y) holding a group at ``scale`` with one ``TileGrid`` over a
``Bitmap`` as big as the text's box (none while the text is empty); the box is as tall as
the font's ascent plus descent (from the glyphs of "M j'") plus ``padding_top``, its top
``ascent // 2 - ascent - padding_top`` above y.
"""

import displayio

LINE_SPACING = 1.25  # lines apart, in the font's height (as the library's default)
_metrics = {}  # id(font) -> (ascent, descent)


def _ascent_descent(font):
    key = id(font)
    if key not in _metrics and hasattr(font, "ascent") and hasattr(font, "descent"):
        _metrics[key] = (font.ascent, font.descent)
    if key not in _metrics:
        ascent = descent = 0
        for char in "M j'":
            glyph = font.get_glyph(ord(char))
            if glyph:
                ascent = max(ascent, glyph.height + glyph.dy)
                descent = max(descent, -glyph.dy)
        _metrics[key] = (ascent, descent)
    return _metrics[key]


def _blit(bitmap, x, y, source, x1, y1, x2, y2):
    """Copy the glyph's lit pixels (index 0 is left as it is)."""
    if hasattr(bitmap, "blit"):
        bitmap.blit(x, y, source, x1=x1, y1=y1, x2=x2, y2=y2, skip_index=0)
    else:
        import bitmaptools

        bitmaptools.blit(bitmap, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=0)


class Label(displayio.Group):
    """Text at (x, y): ``text``, ``color`` and ``background_color`` (None: see-through) can
    change; ``bitmap`` and ``tilegrid`` are what is drawn (None while the text is empty)."""

    def __init__(self, font, text="", color=0xFFFFFF, scale=1, x=0, y=0, padding_top=0):
        super().__init__(x=x, y=y, scale=1)
        self.font = font
        self._pad = padding_top
        self._text = None
        self.bitmap = None
        self.tilegrid = None
        # Two colours, one bit a pixel (the library keeps a third for outlines, never drawn
        # here, and so two bits a pixel): the same picture in half the bitmap.
        self._palette = displayio.Palette(2)
        self._local = displayio.Group(scale=scale)
        self.append(self._local)
        self.background_color = None
        self.color = color
        self.text = text

    @property
    def scale(self):
        return self._local.scale

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, value):
        self._color = value
        self._paint(1, value)

    @property
    def background_color(self):
        return self._background

    @background_color.setter
    def background_color(self, value):
        self._background = value
        self._paint(0, value)

    def _paint(self, index, value):
        palette = self._palette
        if value is None:
            palette[index] = 0
            palette.make_transparent(index)
        else:
            palette[index] = value
            palette.make_opaque(index)

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        if text == self._text:
            return
        self._text = text
        if "\t" in text:
            text = text.replace("\t", "    ")
        if not text:
            self._clear()
            self.bitmap = self.tilegrid = None
            return
        font = self.font
        ascent, descent = _ascent_descent(font)
        box = font.get_bounding_box()
        if len(box) == 4:  # the box's height is the font's own ascent and descent then
            ascent_max, descent_max = box[1], -box[3]
        else:
            ascent_max, descent_max = ascent, descent
        step = int(LINE_SPACING * font.get_bounding_box()[1])
        # the box: from the first glyph's left to the rightmost ink or advance
        left = None
        right = x = 0
        lines = 1
        newlines = 0  # a line counts once a glyph is on it
        for char in text:
            if char == "\n":
                newlines += 1
                continue
            glyph = font.get_glyph(ord(char))
            if glyph is None:
                continue
            if newlines:
                lines += newlines
                newlines = 0
                x = 0
            if x == 0:
                left = 0 if left is None else min(left, glyph.dx)
            xright = x + glyph.width + glyph.dx
            x += glyph.shift_x
            right = max(right, x, xright)
        left = left or 0
        width = right - left
        height = (lines - 1) * step + ascent_max + descent_max + self._pad
        bitmap = self.bitmap
        fresh = bitmap is None or bitmap.width != width or bitmap.height != height
        if fresh:
            bitmap = self.bitmap = displayio.Bitmap(width, height, 2)
        else:
            bitmap.fill(0)
        x = -left
        y = self._pad + ascent_max
        for char in text:
            if char == "\n":
                x = -left
                y += step
                continue
            glyph = font.get_glyph(ord(char))
            if glyph is None:
                continue
            x0 = glyph.tile_index * glyph.width
            top = y - glyph.height - glyph.dy
            clip = 0
            if top < 0:
                clip, top = -top, 0
            try:
                _blit(bitmap, max(x + glyph.dx, 0), top, glyph.bitmap, x0, clip, x0 + glyph.width,
                      glyph.height)
            except ValueError:
                pass  # a glyph past the box's edge, as the library allows
            x += glyph.shift_x
        if fresh or self.tilegrid is None:
            self.tilegrid = displayio.TileGrid(bitmap, pixel_shader=self._palette, width=1, height=1,
                                               tile_width=width, tile_height=height, default_tile=0,
                                               x=left, y=ascent // 2 - ascent_max - self._pad)
            self._clear()
            self._local.append(self.tilegrid)

    def _clear(self):
        local = self._local
        while len(local):
            local.pop()
