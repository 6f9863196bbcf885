"""Fake rotaryio: set ``refuse`` to a message to make the next encoder fail."""

refuse = None


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        if refuse:
            raise ValueError(refuse)
        self.pins = (pin_a, pin_b)
        self.position = 0

    def deinit(self):
        self.pins = ()
