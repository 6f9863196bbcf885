"""Fake i2cdisplaybus: set ``missing`` to fail like an address with no display."""

missing = False


class I2CDisplayBus:
    def __init__(self, i2c_bus, *, device_address, reset=None):
        if missing:
            raise ValueError("Unable to find I2C Display at %x" % device_address)
        self.i2c = i2c_bus
        self.device_address = device_address
