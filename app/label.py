"""app.label: a one-colour text label for a fixed font, the few things the screens ask of one.

It draws exactly what ``adafruit_display_text.bitmap_label.Label`` draws for the same
arguments (text, colour, background, scale, x, y, ``padding_top``; no anchors, outlines,
accents or directions), but costs the heap a fraction: the library's two modules take
about 15 KB of bytecode and each of its labels about 0.8 KB empty. Like it, a label is a
``displayio.Group`` at (x, y) holding a group at ``scale``; the text's box is as tall as
the font's ascent plus descent (from the glyphs of "M j'") plus ``padding_top``, its top
``ascent // 2 - ascent - padding_top`` above y.

Two ways to draw the same pixels:

- **cells**, for a font whose every glyph is one cell of the font's own bitmap with no
  offset (CircuitPython's built-in ``terminalio.FONT``): a ``TileGrid`` over that bitmap, a
  tile per character, as CircuitPython's own terminal draws. Setting a text is one tile
  assignment per changed character: no bitmap is made and nothing is copied, so a
  screen's text is cheap enough to rewrite within a frame. A background (inverse text) is
  a second grid over a shared bitmap of one blank and one solid cell, as tall as the box,
  since the glyph cells may reach above the box (``padding_top < 0``), where nothing is
  drawn. Their palettes are shared, one per colour. A text whose glyphs have ink in those
  clipped rows, runs over lines, or uses a glyph beyond ASCII is drawn the other way.
- **bitmap** (``app.label_bitmap``, loaded only then), for any other font and those
  texts: one ``Bitmap`` as big as the text's box with the glyphs copied in, in a
  ``TileGrid`` of one tile (what ``bitmap_label`` does).
"""

import displayio

_FIRST, _COUNT = 32, 95  # the printable ASCII characters, the ones drawn as cells
_MISSING = 255  # no glyph: the character is skipped, as bitmap_label skips it
_BITMAP = 254  # a text with this byte is drawn as a bitmap
_tables = {}  # (font, padding_top) -> bytes: the tile or a mark for each byte; or None
_backs = {}  # (cell width, box height) -> bitmap of a blank and a solid cell
_inks = {}  # colour -> palette: 0 see-through, 1 the colour (shared by the cells' grids)


def _inked(sheet, tile, width, height, rows):
    """Whether the cell ``tile`` of ``sheet`` has ink in its first ``rows`` rows."""
    per_row = sheet.width // width
    x0, y0 = tile % per_row * width, tile // per_row * height
    for y in range(y0, y0 + rows):
        for x in range(x0, x0 + width):
            if sheet[x, y]:
                return True
    return False


def cells_for(font, padding_top):
    """The tile of each byte of a UTF-8 text for cell labels with ``padding_top``
    (``_MISSING``: no glyph; ``_BITMAP``: a new line, a byte of a character beyond ASCII, or
    a glyph with ink above the box), or None when the font is not a cell font (each glyph
    a whole cell of ``font.bitmap``, no offsets) or has no blank space for the cells past a
    text. Worked out once a font and padding, a look at the clipped rows of each glyph:
    call it before the first label is drawn (at start-up) so that no frame pays for it."""
    key = (font, padding_top)  # not id(font): a long int where the heap lies above 2**30
    if key in _tables:
        return _tables[key]
    table = bytearray([_BITMAP]) * 256
    box = font.get_bounding_box()
    sheet = getattr(font, "bitmap", None)
    clipped = max(0, -padding_top)
    for code in range(_FIRST, _FIRST + _COUNT):
        glyph = font.get_glyph(code)
        if glyph is None:
            table[code] = _MISSING
            continue
        width, height, tile = glyph.width, glyph.height, glyph.tile_index
        if (len(box) != 2 or glyph.bitmap is not sheet or glyph.dx or glyph.dy or width != box[0]
                or glyph.shift_x != width or height != box[1] or tile >= _BITMAP or clipped >= height
                or (code == _FIRST and _inked(sheet, tile, width, height, height))):  # a blank space
            table = None
            break
        if not _inked(sheet, tile, width, height, clipped):
            table[code] = tile
    if table is not None and table[_FIRST] >= _BITMAP:
        table = None
    table = _tables[key] = None if table is None else bytes(table)
    return table


def _back(width, height):
    """A bitmap of two cells, blank and solid, shared by the backgrounds of one size."""
    key = (width, height)
    bitmap = _backs.get(key)
    if bitmap is None:
        bitmap = _backs[key] = displayio.Bitmap(2 * width, height, 2)
        for y in range(height):
            for x in range(width, 2 * width):
                bitmap[x, y] = 1
    return bitmap


def _ink(colour):
    palette = _inks.get(colour)
    if palette is None:
        palette = _inks[colour] = displayio.Palette(2)
        palette.make_transparent(0)
        palette[1] = colour
    return palette


class Label(displayio.Group):
    """Text at (x, y): ``text``, ``color`` and ``background_color`` (None: see-through) can
    change. Drawn as cells (``cells``: the grid of glyph tiles; ``back``: the background's
    grid, None until a background is first set) or as a bitmap (``bitmap`` in ``tilegrid``,
    None while the text is empty or drawn as cells). ``chars``: the cells to make when the
    first text shows (more are made if a text is longer)."""

    # What most labels never set stays the class's until one does: an instance's attributes
    # live in a table that grows with their number (a screen has a dozen labels).
    bitmap = tilegrid = _palette = None  # drawn as a bitmap
    cells = back = _shown = None  # drawn as cells
    _used = 0  # cells showing a glyph
    _background = None

    def __init__(self, font, text="", color=0xFFFFFF, scale=1, x=0, y=0, padding_top=0, chars=0):
        super().__init__(x=x, y=y, scale=scale)
        self.font = font
        self._pad = padding_top
        self._text = None
        self._chars = chars
        self._table = cells_for(font, padding_top)
        self._color = color
        self.text = text

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, value):
        self._color = value
        if self.cells is not None:
            self.cells.pixel_shader = _ink(value)
        elif self._palette is not None:
            self._palette[1] = value

    @property
    def background_color(self):
        return self._background

    @background_color.setter
    def background_color(self, value):
        self._background = value
        if self.cells is not None:
            self._paint_back()
        elif self._palette is not None:
            from app import label_bitmap

            label_bitmap.paint(self._palette, 0, value)

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
        if self._table is not None and self._set_cells(text):
            return
        if self.cells is not None:  # from cells to a bitmap
            self._clear()
            self.cells = self.back = self._shown = None
            self._used = 0
        if text:
            from app import label_bitmap

            label_bitmap.draw(self, text)
        else:
            self._clear()
            self._no_bitmap()

    # ----- as cells -----

    def _set_cells(self, text):
        """Show ``text`` a glyph tile per character, setting only the tiles that change;
        False (nothing changed) when it cannot be drawn so."""
        table = self._table
        data = text.encode()  # bytes: each a small int, no string made per character
        cells = self.cells
        if cells is None or cells.width < len(data):
            if not data:  # nothing to show: no grid yet
                self._clear()
                self._no_bitmap()
                return True
            self._make_cells(max(len(data), self._chars))
            cells = self.cells
        shown = self._shown
        count = 0
        for code in data:
            tile = table[code]
            if tile < _BITMAP:
                if shown[count] != tile:
                    shown[count] = cells[count] = tile
                count += 1
            elif tile == _BITMAP:
                return False
        blank = table[_FIRST]
        for i in range(count, self._used):
            shown[i] = cells[i] = blank
        if self._background is not None:
            self._fill_back(self.back, count, self._used)
        self._used = count
        return True

    def _make_cells(self, width):
        glyph = self.font.get_glyph(_FIRST)
        self._clear()
        self._no_bitmap()
        if self.back is not None:
            self.back = None
        self._used = 0
        # A glyph's top row is the cell's, half a cell above y (drawn into a bitmap, it is
        # ``padding_top`` rows below the box's top: the same place).
        blank = self._table[_FIRST]
        self.cells = displayio.TileGrid(glyph.bitmap, pixel_shader=_ink(self._color), width=width, height=1,
                                        tile_width=glyph.width, tile_height=glyph.height,
                                        default_tile=blank, x=0, y=glyph.height // 2 - glyph.height)
        self._shown = bytearray([blank]) * width  # the tiles set, so unchanged ones are not set again
        self.append(self.cells)
        if self._background is not None:
            self._paint_back()

    def _paint_back(self):
        """Show the background under the cells, or none (its grid, made the first time a
        background is set, is kept: the menu's cursor moves from row to row)."""
        back = self.back
        if self._background is None:
            if back is not None:
                self._fill_back(back, 0, self._used)
            return
        palette = _ink(self._background)
        if back is not None:
            back.pixel_shader = palette
        else:
            cells = self.cells
            height = cells.tile_height + self._pad  # the box: the cell's rows, less or more padding
            back = self.back = displayio.TileGrid(_back(cells.tile_width, height), pixel_shader=palette,
                                                  width=cells.width, height=1, tile_width=cells.tile_width,
                                                  tile_height=height, default_tile=0, x=0,
                                                  y=cells.y - self._pad)
            self.insert(0, back)
        self._fill_back(back, self._used, 0)

    @staticmethod
    def _fill_back(back, count, used):
        """Cells ``count`` to ``used`` blank, ``used`` to ``count`` solid."""
        for i in range(count, used):
            back[i] = 0
        for i in range(used, count):
            back[i] = 1

    def _no_bitmap(self):
        if self.tilegrid is not None or self.bitmap is not None:
            self.bitmap = self.tilegrid = None

    def _clear(self):
        while len(self):
            self.pop()
