"""Fake fourwire: the SPI display bus (the MacroPad's built-in display uses one)."""


class FourWire:
    def __init__(self, spi_bus, *, command, chip_select, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self.spi = spi_bus
        self.command = command
        self.chip_select = chip_select
        self.reset_pin = reset

    def reset(self):
        pass
