"""hardware.parts: small pieces every board module shares (no pin names in here).

``Board`` is the object ``make_board`` returns (see hardware/__init__.py for what each
attribute means); ``Knob`` turns an encoder the other way round; ``NullDisplay`` stands in
for a display that is missing, so the game still runs on its LEDs; ``log_path`` says
where a log may be written when boot.py left the drive writable by the firmware.
"""

LOG_FILE = "/farkle_log.txt"


class Board:
    """What the app gets from a board module. ``problems``: settings or parts that
    were wrong or missing (one line each), for the app to show once at start-up."""

    def __init__(self, name):
        self.name = name
        self.keys = None
        self.key_names = ()  # type: tuple[str, ...]
        self.encoder = None
        self.pixels = None
        self.die_pixels = ()  # type: tuple[tuple[int, ...], ...]
        self.key_pixels = {}  # type: dict[str, int]
        self.display = None
        self.sound = None
        self.ticks_ms = None
        self.nvm = None
        self.log_path = None
        self.problems = []  # type: list[str]

    def key_number(self, name):
        """The key number called ``name``, or None if this board has no such key."""
        for number, key_name in enumerate(self.key_names):
            if key_name == name:
                return number
        return None


class Knob:
    """An encoder whose ``position`` counts the other way (so clockwise counts up)."""

    def __init__(self, encoder):
        self._encoder = encoder

    @property
    def position(self):
        return -self._encoder.position

    @position.setter
    def position(self, value):
        self._encoder.position = -value

    def deinit(self):
        self._encoder.deinit()


class NullDisplay:
    """A 128x64 display that shows nothing: keeps the app going without an OLED."""

    width = 128
    height = 64

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0

    def refresh(self, **kwargs):
        return True


def log_path():
    """LOG_FILE if the firmware may write to its drive (boot.py remounted it), else None."""
    try:
        import storage

        if not storage.getmount("/").readonly:
            return LOG_FILE
    except (ImportError, AttributeError, OSError, ValueError):
        pass
    return None


def nvm():
    """microcontroller.nvm (a bytearray-like store that survives power-off), or None."""
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None
