"""app.tiles: the dice as a displayio sprite sheet, drawn once with pips.

One 1-bit bitmap holds every die picture: ``DIE_STATES`` rows of faces 0-6 (face 0: a die
with no pips, still to be rolled), each ``TILE_W`` x ``TILE_H`` with the die in its top-left
``DIE`` x ``DIE`` corner. A die on screen is a TileGrid cell: changing the face or the state
is one index assignment, ``app.screens.tile(state, face)``, no drawing at run time. Needed
only to draw the sheet at start-up (``app.screens`` forgets it then).

States (``app.view``): EMPTY (nothing), FREE (outlined, lit pips), SELECTED (solid, dark pips),
ASIDE (dotted outline: set aside this turn).
"""

from app.view import ASIDE, DIE_STATES, SELECTED

DIE = 17  # the die's side in pixels
TILE_W = 21  # the die plus the gap to the next one
TILE_H = 17
PIP = 3
PIP_AT = (3, 7, 11)  # left/top edge of a pip in a column/row
# pips of each face as (column, row) indices into PIP_AT
PIPS = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


def _fill(bitmap, x0, y0, x1, y1, value):
    try:
        import bitmaptools

        bitmaptools.fill_region(bitmap, x0, y0, x1, y1, value)
    except ImportError:
        for y in range(y0, y1):
            for x in range(x0, x1):
                bitmap[x, y] = value


def sheet():
    """The sprite sheet (a ``displayio.Bitmap``) and its two-colour palette."""
    import displayio

    from app.screens import tile

    bitmap = displayio.Bitmap(TILE_W * 7 * DIE_STATES, TILE_H, 2)
    for state in range(1, DIE_STATES):
        for face in range(7):
            x = tile(state, face) * TILE_W
            last = DIE - 1
            if state == SELECTED:
                _fill(bitmap, x + 1, 0, x + last, DIE, 1)  # solid, corners cut
                _fill(bitmap, x, 1, x + DIE, last, 1)
            elif state == ASIDE:
                for i in range(2, last - 1, 2):  # a dotted outline
                    bitmap[x + i, 0] = bitmap[x + i, last] = 1
                    bitmap[x, i] = bitmap[x + last, i] = 1
            else:
                _fill(bitmap, x + 1, 0, x + last, 1, 1)
                _fill(bitmap, x + 1, last, x + last, DIE, 1)
                _fill(bitmap, x, 1, x + 1, last, 1)
                _fill(bitmap, x + last, 1, x + DIE, last, 1)
            pip = 0 if state == SELECTED else 1
            for col, row in PIPS[face]:
                px, py = x + PIP_AT[col], PIP_AT[row]
                _fill(bitmap, px, py, px + PIP, py + PIP, pip)
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF
    return bitmap, palette
