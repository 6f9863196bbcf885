"""Fake displayio that costs what the real one costs: a Bitmap keeps its pixels in a
buffer of the size CircuitPython allocates (rows padded to 32-bit words, bits per value a
power of two), a TileGrid one byte per tile, a Palette four bytes per colour, a Group a
list of its layers. Nothing is drawn: the display refreshes from these in C on a board.
"""

from _cost import timed

released = 0


def release_displays():
    global released
    released += 1


def _bits_for(value_count):
    bits = 1
    while (1 << bits) < value_count:
        bits *= 2
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        if width < 1 or height < 1 or value_count < 1:
            raise ValueError("bad bitmap size")
        self.width = width
        self.height = height
        self.bits_per_value = _bits_for(value_count)
        self._stride = (width * self.bits_per_value + 31) // 32 * 4  # bytes a row
        self._buffer = bytearray(self._stride * height)
        self._mask = (1 << self.bits_per_value) - 1

    def _where(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            x, y = index % self.width, index // self.width
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of range")
        bit = x * self.bits_per_value
        return y * self._stride + bit // 8, bit % 8

    @timed
    def __getitem__(self, index):
        at, shift = self._where(index)
        if self.bits_per_value >= 8:
            value = 0
            for i in range(self.bits_per_value // 8):
                value |= self._buffer[at + i] << (8 * i)
            return value
        return (self._buffer[at] >> shift) & self._mask

    @timed
    def __setitem__(self, index, value):
        at, shift = self._where(index)
        if self.bits_per_value >= 8:
            for i in range(self.bits_per_value // 8):
                self._buffer[at + i] = (value >> (8 * i)) & 255
            return
        self._buffer[at] = (self._buffer[at] & ~(self._mask << shift) & 255) | ((value & self._mask) << shift)

    @timed
    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value

    def blit(self, x, y, source, *, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        import bitmaptools

        bitmaptools.blit(self, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip_index)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = bytearray(4 * color_count)  # 0x00RRGGBB, plus a transparent flag
        self._transparent = 0  # bit per colour
        self._count = color_count

    def __len__(self):
        return self._count

    @timed
    def __setitem__(self, index, color):
        if isinstance(color, (tuple, list)):
            color = (color[0] << 16) | (color[1] << 8) | color[2]
        elif isinstance(color, (bytes, bytearray)):
            color = (color[0] << 16) | (color[1] << 8) | color[2]
        self._colors[4 * index:4 * index + 4] = (color & 0xFFFFFF).to_bytes(4, "little")

    def __getitem__(self, index):
        if not 0 <= index < self._count:
            raise IndexError("palette index out of range")
        return int.from_bytes(self._colors[4 * index:4 * index + 4], "little")

    def make_transparent(self, index):
        self._transparent |= 1 << index

    def make_opaque(self, index):
        self._transparent &= ~(1 << index)

    def is_transparent(self, index):
        return bool(self._transparent & (1 << index))


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        self.input_colorspace = input_colorspace


class TileGrid:
    # Flags a grid seldom changes are the class's until set: an instance's attributes live
    # in a table that grows with their number, and the board's grid is one C struct of
    # about 96 bytes (shared-module/displayio/TileGrid.h) plus its tiles.
    hidden = False
    flip_x = flip_y = transpose_xy = False

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        if bitmap.width % self.tile_width or bitmap.height % self.tile_height:
            raise ValueError("tile size must divide the bitmap")
        self._tiles = bytearray([default_tile]) * (width * height)
        self.x = x
        self.y = y

    def _index(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if not 0 <= index < len(self._tiles):
            raise IndexError("tile index out of range")
        return index

    def __getitem__(self, index):
        return self._tiles[self._index(index)]

    @timed
    def __setitem__(self, index, tile):
        count = (self.bitmap.width // self.tile_width) * (self.bitmap.height // self.tile_height)
        if not 0 <= tile < count or tile > 255:
            raise ValueError("tile must be in the sheet")
        self._tiles[self._index(index)] = tile


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        # The board's Group keeps its fields in its C struct, not in the instance's table
        # of names: here they share one list, so that a Python subclass (the app's labels,
        # adafruit_display_text's) has a table of its own names only, and grows it when a
        # board's would. Plain fields, no property setters: the board's C Group sets these
        # without calling a subclass's properties (adafruit_display_text's labels override
        # scale).
        self._group = [scale, x, y, False]  # scale, x, y, hidden
        self.items = []  # the layers (CircuitPython keeps a list too)

    @property
    def scale(self):
        return self._group[0]

    @scale.setter
    def scale(self, value):
        self._group[0] = value

    @property
    def x(self):
        return self._group[1]

    @x.setter
    def x(self, value):
        self._group[1] = value

    @property
    def y(self):
        return self._group[2]

    @y.setter
    def y(self, value):
        self._group[2] = value

    @property
    def hidden(self):
        return self._group[3]

    @hidden.setter
    def hidden(self, value):
        self._group[3] = bool(value)

    def append(self, layer):
        self.insert(len(self.items), layer)

    def insert(self, index, layer):
        if not isinstance(layer, (Group, TileGrid)):
            raise TypeError("a layer must be a Group or a TileGrid")
        self.items.insert(index, layer)

    def remove(self, layer):
        self.items.remove(layer)

    def pop(self, index=-1):
        return self.items.pop(index)

    def index(self, layer):
        return self.items.index(layer)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        return self.items[index]

    def __setitem__(self, index, layer):
        self.items[index] = layer

    def __delitem__(self, index):
        del self.items[index]

    def __contains__(self, layer):
        return layer in self.items
