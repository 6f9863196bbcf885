"""hardware.pico_tower: the DIY dice tower on a Raspberry Pi Pico.

Six dice made of NeoPixels (seven pixels per die laid out as pips, or one pixel per
die), a push button under each die plus ROLL, BANK and MENU buttons (each between a GP
pin and GND; keypad.Keys pulls them up), an SSD1306 128x64 I2C OLED and an optional
piezo. Optional extras: BEST and HINT buttons and a rotary encoder with push switch.
Every pin and the pixel layout come from settings.toml (keys and defaults in DEFAULTS,
documented in settings.toml and docs/boards.md); a bad value is reported in
``problems`` and its default used; pins that clash fall back to the default wiring.
Needs: neopixel, adafruit_ticks, adafruit_displayio_ssd1306 (lib/requirements.txt).
"""

import board
import keypad
import neopixel
from adafruit_ticks import ticks_ms

from hardware import Board, parts
from hardware.settings import Settings
from hardware.sound import Sound

NAME = "pico_tower"
BOARD_IDS = ("raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2",
             "raspberry_pi_pico2_w")

DIE_KEYS = "FARKLE_PICO_DIE_KEYS"
ROLL_KEY = "FARKLE_PICO_ROLL_KEY"
BANK_KEY = "FARKLE_PICO_BANK_KEY"
MENU_KEY = "FARKLE_PICO_MENU_KEY"
BEST_KEY = "FARKLE_PICO_BEST_KEY"
HINT_KEY = "FARKLE_PICO_HINT_KEY"
ENCODER = "FARKLE_PICO_ENCODER"
SELECT_KEY = "FARKLE_PICO_SELECT_KEY"
PIXEL_PIN = "FARKLE_PICO_PIXEL_PIN"
PIXELS_PER_DIE = "FARKLE_PICO_PIXELS_PER_DIE"
PIP_ORDER = "FARKLE_PICO_PIP_ORDER"
PIXEL_ORDER = "FARKLE_PICO_PIXEL_ORDER"
OLED_SDA = "FARKLE_PICO_OLED_SDA"
OLED_SCL = "FARKLE_PICO_OLED_SCL"
OLED_ADDRESS = "FARKLE_PICO_OLED_ADDRESS"
OLED_ROTATION = "FARKLE_PICO_OLED_ROTATION"
PIEZO = "FARKLE_PICO_PIEZO"

# The documented defaults: settings.toml repeats them, docs/boards.md has the wiring.
DEFAULTS = {
    DIE_KEYS: ("GP2", "GP3", "GP4", "GP5", "GP6", "GP7"),
    ROLL_KEY: "GP8",
    BANK_KEY: "GP9",
    MENU_KEY: "GP10",
    BEST_KEY: "",
    HINT_KEY: "",
    ENCODER: (),
    SELECT_KEY: "",
    PIXEL_PIN: "GP16",
    PIXELS_PER_DIE: 7,
    PIP_ORDER: (0, 1, 2, 3, 4, 5, 6),
    PIXEL_ORDER: "GRB",
    OLED_SDA: "GP14",
    OLED_SCL: "GP15",
    OLED_ADDRESS: 0x3C,
    OLED_ROTATION: 0,
    PIEZO: "GP18",
}
PIXEL_ORDERS = ("GRB", "RGB", "GRBW", "RGBW")
# Optional keys in key-number order after the dice, ROLL, BANK and MENU.
_OPTIONAL_KEYS = ((BEST_KEY, "best"), (HINT_KEY, "hint"), (SELECT_KEY, "select"))
_SINGLE_PINS = (ROLL_KEY, BANK_KEY, MENU_KEY, BEST_KEY, HINT_KEY, SELECT_KEY, PIXEL_PIN,
                OLED_SDA, OLED_SCL, PIEZO)


def read_wiring(settings, pins=board):
    """The pin and pixel settings, checked: a dict of key -> value (defaults filled in).

    ``pins`` is the board module. Pins that clash (one pin given two jobs) are
    reported in ``settings.problems`` and every pin goes back to its default.
    """
    wiring = {}
    wiring[DIE_KEYS] = settings.pin_list(DIE_KEYS, DEFAULTS[DIE_KEYS], pins, count=6)
    for key in _SINGLE_PINS:
        optional = DEFAULTS[key] == "" or key == PIEZO
        wiring[key] = settings.pin(key, DEFAULTS[key], pins, optional=optional)
    wiring[ENCODER] = settings.pin_list(ENCODER, DEFAULTS[ENCODER], pins, count=2,
                                        optional=True)
    wiring[PIXELS_PER_DIE] = _pixels_per_die(settings)
    wiring[PIP_ORDER] = settings.order(PIP_ORDER, DEFAULTS[PIP_ORDER])
    wiring[PIXEL_ORDER] = settings.choice(PIXEL_ORDER, DEFAULTS[PIXEL_ORDER], PIXEL_ORDERS)
    wiring[OLED_ADDRESS] = settings.address(OLED_ADDRESS, DEFAULTS[OLED_ADDRESS])
    wiring[OLED_ROTATION] = _rotation(settings)
    clash = _clash(wiring, pins)
    if clash:
        settings.problems.append("pin %s has two jobs; using the default wiring" % clash)
        for key in _SINGLE_PINS + (DIE_KEYS, ENCODER):
            wiring[key] = DEFAULTS[key]
    return wiring


def _pixels_per_die(settings):
    count = settings.integer(PIXELS_PER_DIE, DEFAULTS[PIXELS_PER_DIE], 1, 7)
    if count in (1, 7):
        return count
    settings.problems.append("%s=%d: want 1 or 7; using 7" % (PIXELS_PER_DIE, count))
    return 7


def _rotation(settings):
    rotation = settings.integer(OLED_ROTATION, 0, 0, 180)
    if rotation in (0, 180):
        return rotation
    settings.problems.append("%s=%d: want 0 or 180; using 0" % (OLED_ROTATION, rotation))
    return 0


def _clash(wiring, pins):
    """The name of a pin given two jobs, or None."""
    seen = []  # type: list[str]
    names = list(wiring[DIE_KEYS]) + list(wiring[ENCODER])
    names += [wiring[key] for key in _SINGLE_PINS if wiring[key]]
    for name in names:
        pin = getattr(pins, name)
        for other in seen:
            if other is pin:
                return name
        seen.append(pin)
    return None


def die_pixel_map(pixels_per_die, pip_order):
    """For each die, its pixel indices in pip order (or one index per die)."""
    if pixels_per_die == 1:
        return tuple((die,) for die in range(6))
    return tuple(tuple(die * 7 + place for place in pip_order) for die in range(6))


def make_board(settings=None):
    """Build the tower from settings.toml; ``settings`` is a hardware.settings.Settings."""
    if settings is None:
        settings = Settings()
    wiring = read_wiring(settings)
    found = []  # type: list[str]  # parts that could not be set up, one line each
    result = Board(NAME)

    key_pins = list(wiring[DIE_KEYS]) + [wiring[ROLL_KEY], wiring[BANK_KEY], wiring[MENU_KEY]]
    names = ["die0", "die1", "die2", "die3", "die4", "die5", "roll", "bank", "menu"]
    for key, name in _OPTIONAL_KEYS:
        if wiring[key]:
            key_pins.append(wiring[key])
            names.append(name)
    result.key_names = tuple(names)
    result.keys = keypad.Keys(tuple(getattr(board, name) for name in key_pins),
                              value_when_pressed=False, pull=True)

    if wiring[ENCODER]:
        result.encoder = _make_encoder(wiring[ENCODER], found)

    per_die = wiring[PIXELS_PER_DIE]
    pixels = neopixel.NeoPixel(getattr(board, wiring[PIXEL_PIN]), 6 * per_die,
                               brightness=settings.brightness(), auto_write=False,
                               pixel_order=wiring[PIXEL_ORDER])
    pixels.fill(0)
    pixels.show()
    result.pixels = pixels
    result.die_pixels = die_pixel_map(per_die, wiring[PIP_ORDER])
    result.key_pixels = {}

    result.display = _make_display(wiring, found)
    kind, volume, muted = settings.sound()
    piezo = getattr(board, wiring[PIEZO]) if wiring[PIEZO] else None
    tone, problem = parts.make_tone(kind, piezo, None, volume)
    if problem:
        found.append(problem)
    result.sound = Sound(tone, mute=muted)
    result.ticks_ms = ticks_ms
    result.nvm = parts.nvm()
    result.log_path = parts.log_path()
    result.problems = list(settings.problems) + found
    return result


def _make_encoder(names, found):
    import rotaryio

    try:
        return rotaryio.IncrementalEncoder(getattr(board, names[0]), getattr(board, names[1]))
    except (ValueError, RuntimeError) as err:
        found.append("no encoder on %s,%s (%s)" % (names[0], names[1], err))
        return None


def _make_display(wiring, found):
    """The SSD1306 on I2C, or a NullDisplay (and a problem) if it does not answer."""
    import displayio

    displayio.release_displays()  # let go of a display a previous run left behind
    i2c = None
    try:
        import adafruit_displayio_ssd1306
        import busio
        from i2cdisplaybus import I2CDisplayBus

        i2c = busio.I2C(getattr(board, wiring[OLED_SCL]), getattr(board, wiring[OLED_SDA]),
                        frequency=400000)
        bus = I2CDisplayBus(i2c, device_address=wiring[OLED_ADDRESS])
        return adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64,
                                                  rotation=wiring[OLED_ROTATION])
    except (ImportError, RuntimeError, ValueError, OSError) as err:
        found.append("no OLED at 0x%02X on %s/%s (%s)" % (
            wiring[OLED_ADDRESS], wiring[OLED_SDA], wiring[OLED_SCL], err))
        displayio.release_displays()
        if i2c is not None:
            i2c.deinit()
        return parts.NullDisplay()
