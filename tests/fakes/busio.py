"""Fake busio: set ``no_pullups`` to fail like an I2C bus with nothing wired to it."""

no_pullups = False


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        if no_pullups:
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
        self.scl = scl
        self.sda = sda
        self.frequency = frequency
        self.deinited = False

    def deinit(self):
        self.deinited = True
