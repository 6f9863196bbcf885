"""Fake neopixel: a list of colours; show() counts how often it was called."""

RGB = "RGB"
GRB = "GRB"
RGBW = "RGBW"
GRBW = "GRBW"


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True,
                 pixel_order=None):
        self.pin = pin
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self.pixel_order = pixel_order
        self.shown = 0
        self._colours = [(0, 0, 0)] * n

    def __len__(self):
        return self.n

    def __setitem__(self, index, colour):
        if isinstance(colour, int):
            colour = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
        self._colours[index] = tuple(colour)

    def __getitem__(self, index):
        return self._colours[index]

    def fill(self, colour):
        for index in range(self.n):
            self[index] = colour

    def show(self):
        self.shown += 1

    def deinit(self):
        self.n = 0
