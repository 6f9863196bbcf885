"""Fake adafruit_pixelbuf (built into the board in C): PixelBuf as the neopixel library
uses it. A pixel set is the board's C: here a list's own store (the class is a list of the
colours as set), so the firmware's sets cost a store, as a board's do, and neither a Python
method a set nor its garbage. ``show`` packs the colours, at the brightness, into the bytes
the board sends (a bytearray of n * bpp bytes: with the list, about the two buffers the
board's C keeps). Sets only reach the pixels through ``show``: ``auto_write`` is refused
(the firmware turns it off; a set that sent would be the board's C work this fake cannot
time)."""

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
        self._buffer = bytearray(size * self._bpp)
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

    def _pack(self, index):
        """One pixel's bytes, at the brightness, where the byte order puts them; making no
        garbage (no tuple, no iterator), as the board's C makes none: a collection the
        board does not have would be charged to the firmware."""
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
        order = self._order
        scale = self._brightness
        buffer = self._buffer
        buffer[at + order.find("R")] = int(r * scale)
        buffer[at + order.find("G")] = int(g * scale)
        buffer[at + order.find("B")] = int(b * scale)
        if "W" in order:
            buffer[at + order.find("W")] = int(w * scale)

    @timed
    def fill(self, color):
        for i in range(len(self)):
            self[i] = color

    @timed
    def show(self):
        for i in range(len(self)):
            self._pack(i)
        self._transmit(self._buffer)

    def _transmit(self, buffer):
        raise NotImplementedError
