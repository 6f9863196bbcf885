"""Fake synthio: a Synthesizer that remembers which notes are pressed."""


class Envelope:
    def __init__(self, **kwargs):
        self.settings = kwargs


class Note:
    def __init__(self, *, frequency, amplitude=1.0, **kwargs):
        self.frequency = frequency
        self.amplitude = amplitude


class Synthesizer:
    def __init__(self, *, sample_rate=11025, channel_count=1, waveform=None, envelope=None):
        self.sample_rate = sample_rate
        self.envelope = envelope
        self.pressed = []

    def press(self, note):
        self.pressed.append(note)

    def release_all(self):
        self.pressed = []
