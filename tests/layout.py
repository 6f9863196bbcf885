"""Where every label on the display puts its ink, for the layout tests.

A label's ink is the pixels its bitmap lights (an inverse label: its whole box, the
background included), placed by the label's position, its bitmap's offset and its scale.
Dice are the non-empty cells of a TileGrid. ``problems(display)`` lists what leaves the
128x64 panel or overlaps something else on the screen shown now.
"""

WIDTH, HEIGHT = 128, 64
_INK = {}  # (text, scale, inverse, bitmap size) -> ink box relative to the label, or None


def _ink_box(label):
    bitmap = label.bitmap
    if bitmap is None:
        return None
    grid = label.tilegrid
    inverse = label.background_color is not None
    key = (getattr(label, "_text", None) or label.text, label.scale, inverse, bitmap.width, bitmap.height,
           grid.x, grid.y)
    if key in _INK:
        return _INK[key]
    box = None
    if inverse:
        box = (0, 0, bitmap.width - 1, bitmap.height - 1)
    else:
        for y in range(bitmap.height):
            for x in range(bitmap.width):
                if bitmap[x, y]:
                    if box is None:
                        box = (x, y, x, y)
                    else:
                        box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    if box is not None:
        s = label.scale
        box = (s * (grid.x + box[0]), s * (grid.y + box[1]), s * (grid.x + box[2]) + s - 1,
               s * (grid.y + box[3]) + s - 1)
    _INK[key] = box
    return box


def things(group):
    """(name, (x0, y0, x1, y1)) for every label with ink and every die shown in ``group``."""
    from adafruit_display_text.bitmap_label import Label

    import displayio
    from app.label import Label as AppLabel

    out = []
    for item in group:
        if isinstance(item, (Label, AppLabel)):
            if item.hidden or not item.text:
                continue
            box = _ink_box(item)
            if box is not None:
                out.append((repr(item.text), (item.x + box[0], item.y + box[1], item.x + box[2], item.y + box[3])))
        elif isinstance(item, displayio.TileGrid):
            for i in range(item.width):
                if item[i] != 0:
                    x = item.x + i * item.tile_width
                    out.append(("die %d" % i, (x, item.y, x + 16, item.y + item.tile_height - 1)))
    return out


def problems(display):
    """What is wrong with the screen ``display`` shows: ink off the panel, things that overlap."""
    group = display.root_group
    if group is None:
        return []
    found = things(group)
    out = []
    for name, (x0, y0, x1, y1) in found:
        if x0 < 0 or y0 < 0 or x1 >= WIDTH or y1 >= HEIGHT:
            out.append("%s leaves the display: rows %d-%d, columns %d-%d" % (name, y0, y1, x0, x1))
    for i in range(len(found)):
        for j in range(i + 1, len(found)):
            (a, p), (b, q) = found[i], found[j]
            if p[0] <= q[2] and q[0] <= p[2] and p[1] <= q[3] and q[1] <= p[3]:
                out.append("%s %r overlaps %s %r" % (a, p, b, q))
    return out
