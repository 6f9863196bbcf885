"""Fake adafruit_pixelbuf (built into the board in C): PixelBuf as the neopixel library
uses it. Like the board's it keeps the colours in a bytearray of n * bpp bytes, and a
second one of the same size once brightness is below 1."""

from _cost import timed


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False,
                 header=None, trailer=None):
        self._order = byteorder
        self._bpp = len(byteorder) - (1 if "P" in byteorder else 0)
        self._rgb = [byteorder.index(c) for c in "RGB"]
        self._w = byteorder.index("W") if "W" in byteorder else None
        self._n = size
        self._buffer = bytearray(size * self._bpp)
        self._dimmed = None
        self._brightness = 1.0
        self.auto_write = False
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._n

    @property
    def bpp(self):
        return self._bpp

    @property
    def byteorder(self):
        return self._order

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        self._brightness = min(1.0, max(0.0, value))
        if self._brightness < 1.0 and self._dimmed is None:
            self._dimmed = bytearray(len(self._buffer))
        if self._dimmed is not None:
            for i in range(len(self._buffer)):
                self._dimmed[i] = int(self._buffer[i] * self._brightness)
        if self.auto_write:
            self.show()

    def _parse(self, color):
        if isinstance(color, int):
            return (color >> 16) & 255, (color >> 8) & 255, color & 255, 0
        if len(color) == 4:
            return color[0], color[1], color[2], color[3]
        return color[0], color[1], color[2], 0

    @timed
    def _set(self, index, color):
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("pixel index out of range")
        r, g, b, w = self._parse(color)
        at = index * self._bpp
        for offset, value in zip(self._rgb, (r, g, b)):
            self._buffer[at + offset] = value
            if self._dimmed is not None:
                self._dimmed[at + offset] = int(value * self._brightness)
        if self._w is not None:
            self._buffer[at + self._w] = w
            if self._dimmed is not None:
                self._dimmed[at + self._w] = int(w * self._brightness)

    def __setitem__(self, index, color):
        if isinstance(index, slice):
            for i, c in zip(range(*index.indices(self._n)), color):
                self._set(i, c)
        else:
            self._set(index, color)
        if self.auto_write:
            self.show()

    def __getitem__(self, index):
        at = index * self._bpp
        rgb = tuple(self._buffer[at + offset] for offset in self._rgb)
        if self._w is not None:
            return rgb + (self._buffer[at + self._w],)
        return rgb

    @timed
    def fill(self, color):
        for i in range(self._n):
            self._set(i, color)
        if self.auto_write:
            self.show()

    @timed
    def show(self):
        self._transmit(self._dimmed if self._dimmed is not None else self._buffer)

    def _transmit(self, buffer):
        raise NotImplementedError
