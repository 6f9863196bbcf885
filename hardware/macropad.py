"""hardware.macropad: the Adafruit MacroPad RP2040, the reference board (no wiring).

Hold it with the USB port and the display at the top: the twelve keys form three
columns and four rows under the display, and the knob sits top right.

    +--------+--------+--------+
    |  die 1 |  die 2 |  die 3 |      each die key's LED shows its die
    +--------+--------+--------+
    |  die 4 |  die 5 |  die 6 |
    +--------+--------+--------+
    |  HINT  |  BEST  |  MENU  |      BEST = take the best scoring dice
    +--------+--------+--------+
    |  ROLL  |  MUTE  |  BANK  |      MUTE sits between the two big decisions
    +--------+--------+--------+
    knob: turn to scroll, press = "select"

Keys are read with keypad.Keys (debounced, queued: no press is lost); the knob's push
switch is key 12, "select". Hold MENU while plugging in to let the firmware write to
its drive (see boot.py). Needs: neopixel, adafruit_ticks (lib/requirements.txt).
"""

import board
import digitalio
import keypad
import neopixel
import rotaryio
from adafruit_ticks import ticks_ms

from hardware import Board, Knob, parts
from hardware.settings import Settings
from hardware.sound import Sound

NAME = "macropad"
BOARD_IDS = ("adafruit_macropad_rp2040",)

# Key number -> name; key n is board.KEY<n+1> (pixel n sits under it), then the knob.
KEY_NAMES = (
    "die0", "die1", "die2",
    "die3", "die4", "die5",
    "hint", "best", "menu",
    "roll", "mute", "bank",
    "select",
)
KEY_PINS = ("KEY1", "KEY2", "KEY3", "KEY4", "KEY5", "KEY6",
            "KEY7", "KEY8", "KEY9", "KEY10", "KEY11", "KEY12", "ENCODER_SWITCH")
WRITE_KEY = "menu"  # held at power-up, boot.py lets the firmware write (see boot.py)
PIXEL_COUNT = 12


def make_board(settings=None):
    """Build the MacroPad's parts; ``settings`` is a hardware.settings.Settings."""
    if settings is None:
        settings = Settings()
    result = Board(NAME)
    result.key_names = KEY_NAMES
    result.keys = keypad.Keys(tuple(getattr(board, name) for name in KEY_PINS),
                              value_when_pressed=False, pull=True)
    # The MacroPad's encoder counts down when turned clockwise; Knob turns that round.
    result.encoder = Knob(rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B))
    pixels = neopixel.NeoPixel(board.NEOPIXEL, PIXEL_COUNT,
                               brightness=settings.brightness(), auto_write=False)
    pixels.fill(0)
    pixels.show()
    result.pixels = pixels
    result.die_pixels = tuple((number,) for number in range(6))
    result.key_pixels = {}
    for number in range(6, PIXEL_COUNT):
        result.key_pixels[KEY_NAMES[number]] = number
    result.display = board.DISPLAY
    found = []  # type: list[str]  # parts that could not be set up, one line each
    result.sound = _make_sound(settings, found)
    result.ticks_ms = ticks_ms
    result.nvm = parts.nvm()
    result.log_path = parts.log_path()
    result.problems = list(settings.problems) + found
    return result


def _make_sound(settings, problems):
    kind, volume, muted = settings.sound()
    enable = None
    if kind != "off":
        # The speaker's class-D amplifier is off until SPEAKER_ENABLE goes high.
        enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        enable.switch_to_output(value=False)
    tone, problem = parts.make_tone(kind, board.SPEAKER if kind != "off" else None, enable, volume)
    if problem:
        problems.append(problem)
    return Sound(tone, mute=muted)
