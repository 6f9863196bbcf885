"""Fake adafruit_pixelbuf (built into the board in C): PixelBuf as the neopixel library
uses it. A pixel set is the board's C: here a list's own store (the class is a list of the
colours as set), so the firmware's sets cost a store, as a board's do, and neither a Python
method a set nor its garbage. ``show`` packs the colours into the bytes the board sends, in
a bytearray of n * bpp bytes (and a second one once brightness is below 1), as the board's
C keeps them. Sets only reach the pixels through ``show``: ``auto_write`` is refused (the
firmware turns it off; a set that sent would be the board's C work this fake cannot time)."""

from _cost import timed


class PixelBuf(list):
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False,
                 header=None, trailer=None):
        super().__init__()
        if auto_write:
            raise ValueError("the fake PixelBuf sends only on show(): make it with auto_write=False")
        for _ in range(size):
            self.append((0, 0, 0))
        self._order = byteorder
        self._bpp = len(byteorder) - (1 if "P" in byteorder else 0)
        self._rgb = [byteorder.index(c) for c in "RGB"]
        self._w = byteorder.index("W") if "W" in byteorder else None
        self._buffer = bytearray(size * self._bpp)
        self._dimmed = None
        self._brightness = 1.0
        self.auto_write = False
        self.brightness = brightness

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

    def _pack(self, index):
        color = self[index]
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
            for k in range(self._bpp):
                dimmed[at + k] = int(buffer[at + k] * scale)

    @timed
    def fill(self, color):
        for i in range(len(self)):
            self[i] = color

    @timed
    def show(self):
        for i in range(len(self)):
            self._pack(i)
        self._transmit(self._dimmed if self._dimmed is not None else self._buffer)

    def _transmit(self, buffer):
        raise NotImplementedError
