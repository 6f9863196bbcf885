"""Fake board: the pin names of the MacroPad RP2040 and of the Pico, plus DISPLAY."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class _Display:
    """Stands in for the MacroPad's built-in SH1106 (board.DISPLAY)."""

    width = 128
    height = 64

    def __init__(self):
        self.root_group = None
        self.rotation = 0
        self.auto_refresh = True


board_id = "raspberry_pi_pico"

_names = globals()
for _number in range(29):
    _names["GP%d" % _number] = Pin("GP%d" % _number)
for _number in range(1, 13):
    _names["KEY%d" % _number] = Pin("KEY%d" % _number)
LED = GP25  # noqa: F821 (made in the loop above), an alias like on the Pico
ENCODER_A = ROTA = Pin("ENCODER_A")
ENCODER_B = ROTB = Pin("ENCODER_B")
ENCODER_SWITCH = BUTTON = Pin("ENCODER_SWITCH")
NEOPIXEL = Pin("NEOPIXEL")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
SDA = Pin("SDA")
SCL = Pin("SCL")
DISPLAY = _Display()
