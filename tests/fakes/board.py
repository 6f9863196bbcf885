"""Fake board: the pin names of the MacroPad RP2040 and of the Pico, plus DISPLAY (the
MacroPad's built-in SH1106, a BusDisplay on a FourWire bus as CircuitPython makes it)."""

from busdisplay import BusDisplay
from fourwire import FourWire
from microcontroller import Pin


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
OLED_CS = Pin("OLED_CS")
OLED_DC = Pin("OLED_DC")
OLED_RESET = Pin("OLED_RESET")
SCL = Pin("SCL")
DISPLAY = BusDisplay(FourWire(None, command=OLED_DC, chip_select=OLED_CS, reset=OLED_RESET),
                     b"", width=128, height=64)
