"""app.label_bitmap: how ``app.label`` draws a text it cannot draw as glyph cells (another
font, several lines, a glyph with ink above the box): one ``Bitmap`` as big as the text's
box, the glyphs copied in, in a ``TileGrid`` of one tile, as
``adafruit_display_text.bitmap_label`` draws it. Loaded only when such a text shows: with
the board's built-in font the screens never need it.
"""

import displayio

LINE_SPACING = 1.25  # lines apart, in the font's height (as the library's default)
_metrics = {}  # font -> (ascent, descent)


def _ascent_descent(font):
    if font not in _metrics and hasattr(font, "ascent") and hasattr(font, "descent"):
        _metrics[font] = (font.ascent, font.descent)
    if font not in _metrics:
        ascent = descent = 0
        for char in "M j'":
            glyph = font.get_glyph(ord(char))
            if glyph:
                ascent = max(ascent, glyph.height + glyph.dy)
                descent = max(descent, -glyph.dy)
        _metrics[font] = (ascent, descent)
    return _metrics[font]


def _blit(bitmap, x, y, source, x1, y1, x2, y2):
    """Copy the glyph's lit pixels (index 0 is left as it is)."""
    if hasattr(bitmap, "blit"):
        bitmap.blit(x, y, source, x1=x1, y1=y1, x2=x2, y2=y2, skip_index=0)
    else:
        import bitmaptools

        bitmaptools.blit(bitmap, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=0)


def palette(label):
    """The label's own two colours, one bit a pixel: 0 the background (see-through when
    None), 1 the text (the library keeps a third for outlines, never drawn here, and so two
    bits a pixel: the same picture in half the bitmap)."""
    colours = label._palette
    if colours is None:
        colours = label._palette = displayio.Palette(2)
    paint(colours, 0, label.background_color)
    paint(colours, 1, label.color)
    return colours


def paint(colours, index, value):
    if value is None:
        colours[index] = 0
        colours.make_transparent(index)
    else:
        colours[index] = value
        colours.make_opaque(index)


def draw(label, text):
    """Draw ``text`` (not empty) into ``label``'s bitmap, made anew when the box changes."""
    font = label.font
    ascent, descent = _ascent_descent(font)
    pad = label._pad
    box = font.get_bounding_box()
    if len(box) == 4:  # the box's height is the font's own ascent and descent then
        ascent_max, descent_max = box[1], -box[3]
    else:
        ascent_max, descent_max = ascent, descent
    step = int(LINE_SPACING * box[1])
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
    height = (lines - 1) * step + ascent_max + descent_max + pad
    bitmap = label.bitmap
    fresh = bitmap is None or bitmap.width != width or bitmap.height != height
    if fresh:
        bitmap = label.bitmap = displayio.Bitmap(width, height, 2)
    else:
        bitmap.fill(0)
    x = -left
    y = pad + ascent_max
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
            _blit(bitmap, max(x + glyph.dx, 0), top, glyph.bitmap, x0, clip, x0 + glyph.width, glyph.height)
        except ValueError:
            pass  # a glyph past the box's edge, as the library allows
        x += glyph.shift_x
    if fresh or label.tilegrid is None:
        label._clear()
        label.tilegrid = displayio.TileGrid(bitmap, pixel_shader=palette(label), width=1, height=1,
                                            tile_width=width, tile_height=height, default_tile=0,
                                            x=left, y=ascent // 2 - ascent_max - pad)
        label.append(label.tilegrid)
