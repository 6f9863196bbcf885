"""Fake bitmaptools (C on a board): the three calls the display libraries and app/tiles.py
make, done pixel by pixel. Slower than the board's, never bigger: they allocate nothing.
Their time is the board's C time (_cost)."""

from _cost import timed


@timed
def fill_region(bitmap, x1, y1, x2, y2, value):
    for y in range(max(0, y1), min(bitmap.height, y2)):
        for x in range(max(0, x1), min(bitmap.width, x2)):
            bitmap[x, y] = value


@timed
def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest.width:
                continue
            value = source[sx, sy]
            if value == skip_source_index:
                continue
            if skip_dest_index is not None and dest[dx, dy] == skip_dest_index:
                continue
            dest[dx, dy] = value


@timed
def replace_color(bitmap, old, new):
    for y in range(bitmap.height):
        for x in range(bitmap.width):
            if bitmap[x, y] == old:
                bitmap[x, y] = new
