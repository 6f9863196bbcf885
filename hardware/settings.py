"""hardware.settings: settings.toml values, each read once, checked, with a default.

CircuitPython keeps user settings in ``settings.toml`` at the drive root and hands them
out through ``os.getenv``. Depending on the firmware version an integer comes back as
an ``int`` or as its text, so every reader here accepts both. Each key is read at most
once (``os.getenv`` re-parses the whole file on every call). A value that is missing
uses its documented default; a value that is present but wrong also uses the default
and adds one line to ``problems``, which the app can show on the screen::

    settings = Settings()
    level = settings.integer("FARKLE_BRIGHTNESS", 25, 0, 100)
    settings.problems   # ["FARKLE_BRIGHTNESS=300: want 0..100; using 25"]

On a PC, pass any ``getenv(key)`` callable (``dict.get`` of a parsed file will do).
"""

try:
    from os import getenv as _os_getenv
except ImportError:  # a port without os.getenv: every key reads as missing
    def _os_getenv(key, default=None):  # type: ignore[no-redef]
        return default


# Shared by every board (each board module reads its own keys on top of these).
BRIGHTNESS = "FARKLE_BRIGHTNESS"  # NeoPixel brightness in percent, 0..100
SOUND = "FARKLE_SOUND"  # "pwm" (square wave), "synth" (synthio), "off"
VOLUME = "FARKLE_VOLUME"  # 1..100
MUTED = "FARKLE_MUTED"  # 1 = start muted
BOARD = "FARKLE_BOARD"  # board module name that overrides board.board_id

BRIGHTNESS_DEFAULT = 25
SOUND_DEFAULT = "pwm"
SOUND_CHOICES = ("pwm", "synth", "off")
VOLUME_DEFAULT = 50
MUTED_DEFAULT = False

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_NOT_READ = object()


class Settings:
    """settings.toml values, each read once and checked against its rule.

    ``problems`` lists, in reading order, every value that broke its rule (and so was
    replaced by its default). Asking for the same key again returns the same answer
    without reading or reporting it twice.
    """

    def __init__(self, getenv=None):
        self._getenv = _os_getenv if getenv is None else getenv
        self._values = {}
        self.problems = []

    # -- reading -----------------------------------------------------------------
    def raw(self, key):
        """The value as settings.toml gave it (str, int, ...), or None if missing."""
        value = self._values.get(key, _NOT_READ)
        if value is _NOT_READ:
            try:
                value = self._getenv(key)
            except Exception as err:  # a malformed line: report it, use the default
                self.problems.append("%s: unreadable (%s)" % (key, err))
                value = None
            self._values[key] = value
        return value

    def get(self, key, default=None):
        """Like ``dict.get``: the raw value, unchecked, or ``default`` if missing."""
        value = self.raw(key)
        return default if value is None else value

    def _checked(self, key, default, parse):
        """Run parse(raw) once per key; a ValueError becomes a reported problem."""
        memo = "?" + key
        if memo in self._values:
            return self._values[memo]
        value = self.raw(key)
        if value is None:
            result = default
        else:
            try:
                result = parse(value)
            except ValueError as err:
                self.problems.append("%s=%s: %s; using %s" % (key, _show(value), err,
                                                                _show(default)))
                result = default
        self._values[memo] = result
        return result

    # -- typed getters -----------------------------------------------------------
    def integer(self, key, default, low=None, high=None):
        """An int, optionally within low..high (both ends included)."""
        def parse(value):
            number = _to_int(value)
            if (low is not None and number < low) or (high is not None and number > high):
                raise ValueError("want %s..%s" % (_end(low), _end(high)))
            return number
        return self._checked(key, default, parse)

    def flag(self, key, default):
        """A yes/no value: 1/0, true/false, yes/no or on/off."""
        def parse(value):
            if value is True or value is False:
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError("want 1 or 0")
        return self._checked(key, default, parse)

    def choice(self, key, default, choices):
        """One of ``choices`` (compared without regard to case)."""
        def parse(value):
            text = str(value).strip()
            for option in choices:
                if option.lower() == text.lower():
                    return option
            raise ValueError("want one of " + "/".join(choices))
        return self._checked(key, default, parse)

    def text(self, key, default):
        """Any text, stripped of surrounding spaces."""
        return self._checked(key, default, lambda value: str(value).strip())

    def pin(self, key, default, pins, optional=False):
        """A pin name that ``pins`` (the ``board`` module) has, e.g. "GP14".

        With ``optional``, "" or "none" means "not fitted" and returns "".
        """
        def parse(value):
            name = str(value).strip()
            if optional and name.lower() in ("", "none"):
                return ""
            if not _is_pin(pins, name):
                raise ValueError("no such pin")
            return name
        return self._checked(key, default, parse)

    def pin_list(self, key, default, pins, count=None, optional=False):
        """Comma-separated pin names, e.g. "GP2,GP3"; exactly ``count`` of them if given.

        With ``optional``, "" or "none" means "not fitted" and returns ().
        """
        def parse(value):
            text = str(value).strip()
            if optional and text.lower() in ("", "none"):
                return ()
            names = tuple(part.strip() for part in text.split(","))
            if count is not None and len(names) != count:
                raise ValueError("want %d pins" % count)
            for name in names:
                if not _is_pin(pins, name):
                    raise ValueError("no such pin %s" % name)
            if len(set(names)) != len(names):
                raise ValueError("a pin is listed twice")
            return names
        return self._checked(key, default, parse)

    def order(self, key, default):
        """A permutation of 0..n-1 written as "0,1,2,...", n = len(default)."""
        size = len(default)

        def parse(value):
            try:
                numbers = tuple(int(part.strip()) for part in str(value).split(","))
            except ValueError:
                raise ValueError("want %d numbers" % size) from None
            if len(numbers) != size or sorted(numbers) != list(range(size)):
                raise ValueError("want each of 0..%d once" % (size - 1))
            return numbers
        return self._checked(key, default, parse)

    def address(self, key, default):
        """An I2C address 8..119, as an int or as text ("0x3C" or "60")."""
        def parse(value):
            number = _to_int(value)
            if not 8 <= number <= 0x77:
                raise ValueError("want 0x08..0x77")
            return number
        return self._checked(key, default, parse)

    # -- shared keys -------------------------------------------------------------
    def brightness(self):
        """NeoPixel brightness as a fraction 0.0..1.0 (from percent in settings)."""
        return self.integer(BRIGHTNESS, BRIGHTNESS_DEFAULT, 0, 100) / 100

    def sound(self):
        """(kind, volume percent, start muted) for hardware.parts.make_tone."""
        return (self.choice(SOUND, SOUND_DEFAULT, SOUND_CHOICES),
                self.integer(VOLUME, VOLUME_DEFAULT, 1, 100),
                self.flag(MUTED, MUTED_DEFAULT))

    def board(self):
        """The board module named by FARKLE_BOARD, or "" to go by board.board_id."""
        return self.text(BOARD, "")


def _is_pin(pins, name):
    """True if ``pins`` (the board module) has a pin (not some other attribute) ``name``."""
    return type(getattr(pins, name, None)).__name__ == "Pin"


def _to_int(value):
    if value is True or value is False:
        raise ValueError("want a number")
    if isinstance(value, int):
        return value
    text = str(value).strip().lower()
    negative = text.startswith("-")
    if negative:
        text = text[1:]
    if text.startswith("0x") and len(text) > 2:
        number = int(text[2:], 16)
    elif text.isdigit():
        number = int(text)
    else:
        raise ValueError("want a number")
    return -number if negative else number


def _end(bound):
    return "" if bound is None else str(bound)


def _show(value):
    if isinstance(value, str):
        return '"%s"' % value
    if isinstance(value, tuple):
        return ",".join(str(part) for part in value)
    return str(value)
