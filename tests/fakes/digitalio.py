"""Fake digitalio: pins named in ``held`` read as pressed (pulled low)."""

held = set()


class Pull:
    UP = "up"
    DOWN = "down"


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False
        self.deinited = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self._value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    @property
    def value(self):
        if self.direction == Direction.INPUT:
            return self.pin.name not in held
        return self._value

    @value.setter
    def value(self, value):
        self._value = value

    def deinit(self):
        self.deinited = True
