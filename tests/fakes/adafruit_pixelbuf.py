"""Fake adafruit_pixelbuf (built into the board in C): PixelBuf as the neopixel library
uses it. Like the board's it keeps the colours in a bytearray of n * bpp bytes, and a
second one of the same size once brightness is below 1, and like the board's C it makes
no garbage when a pixel is set (no tuples, no zip): in a fixed heap garbage the board does
not make would bring collections the board does not have."""

import _cost
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

    def _set(self, index, color):
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("pixel index out of range")
        if isinstance(color, int):
            r = (color >> 16) & 255
            g = (color >> 8) & 255
            b = color & 255
            w = 0
        else:
            r = color[0]
            g = color[1]
            b = color[2]
            w = color[3] if len(color) == 4 else 0
        at = index * self._bpp
        rgb = self._rgb
        buffer = self._buffer
        buffer[at + rgb[0]] = r
        buffer[at + rgb[1]] = g
        buffer[at + rgb[2]] = b
        if self._w is not None:
            buffer[at + self._w] = w
        dimmed = self._dimmed
        if dimmed is not None:
            scale = self._brightness
            dimmed[at + rgb[0]] = int(r * scale)
            dimmed[at + rgb[1]] = int(g * scale)
            dimmed[at + rgb[2]] = int(b * scale)
            if self._w is not None:
                dimmed[at + self._w] = int(w * scale)

    def __setitem__(self, index, color):
        if _cost.ON:
            _cost.sets[0] += 1
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            at = 0
            for i in range(start, stop, step):
                self._set(i, color[at])
                at += 1
        else:
            self._set(index, color)
        if self.auto_write:
            self.show()

    def __getitem__(self, index):
        at = index * self._bpp
        buffer = self._buffer
        rgb = self._rgb
        out = (buffer[at + rgb[0]], buffer[at + rgb[1]], buffer[at + rgb[2]])
        if self._w is not None:
            return out + (buffer[at + self._w],)
        return out

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
