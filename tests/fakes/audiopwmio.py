"""Fake audiopwmio: PWMAudioOut remembers what it plays."""


class PWMAudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.pin = left_channel
        self.source = None

    def play(self, source, *, loop=False):
        self.source = source

    def deinit(self):
        self.source = None
