"""hardware: the boards the dice tower runs on, behind one small face.

The app never touches pins. ``code.py`` picks a board module (by ``board.board_id``, or
``FARKLE_BOARD`` in settings.toml) and calls its ``make_board(settings)``, which returns an
object with these attributes (every board module exposes the same ones):

``keys``
    A ``keypad``-style object: ``keys.events.get()`` returns an event with ``key_number``,
    ``pressed`` and ``released``, or None. Debounced and queued, so no press is lost.
``key_names``
    Tuple naming each key number: ``"die0"`` .. ``"die5"`` for the keys under the dice, and
    ``"roll"``, ``"bank"``, ``"best"``, ``"hint"``, ``"menu"``, ``"select"`` (the encoder's
    push switch), ``"mute"`` (toggles ``sound.mute``) where the board has them. Ignore
    names you do not know.
``encoder``
    An object with an integer ``position`` (``rotaryio.IncrementalEncoder``), or None.
``pixels``
    A ``neopixel.NeoPixel``-style buffer made with ``auto_write=False``: item assignment,
    ``fill()``, ``show()``, ``brightness``.
``die_pixels``
    For each die, the pixel indices that draw it: one index (a single pixel per die) or seven
    (pips: top-left, top-right, mid-left, centre, mid-right, bottom-left, bottom-right).
``key_pixels``
    Dict of key name -> pixel index for keys that have their own light (may be empty).
``display``
    A ``displayio`` display (128x64) whose ``root_group`` the app sets.
``sound``
    ``sound.play(name)`` starts a short non-blocking effect ("roll", "farkle", "hot", "win",
    "click"); ``sound.mute`` switches it off; ``sound.update(now_ms)`` is called every frame.
``ticks_ms``
    A callable returning the millisecond clock (``adafruit_ticks.ticks_ms`` on a board).
``nvm``
    A small bytearray-like persistent store (``microcontroller.nvm``), or None.
``log_path``
    Where an error log may be written if the drive is writable, or None.
``problems``
    List of one-line strings: settings.toml values that were wrong (their defaults were
    used) and parts that did not answer (e.g. no OLED: ``display`` is then a stand-in
    that shows nothing). Empty when all is well; worth showing once at start-up.

``idle`` (optional)
    ``idle(app)`` is called once a frame after the app's work, if the board has it (the
    simulator's front ends draw and read the PC's keyboard there).

``settings`` is a ``hardware.settings.Settings`` (settings.toml read once through
``os.getenv``); None makes the board read its own. ``BOARD_MODULES`` and
``module_for()`` below map ``board.board_id`` (or ``FARKLE_BOARD``) to a module name.

Board modules live beside this file; ``hardware/sim`` is the host simulator (host-only).
``Board`` (that object) and ``Knob`` are here, not in the set-up's ``hardware.parts``: they
live as long as the app, and this package does too.
"""

# board.board_id -> module in this package; adding a board adds a module and a line here.
BOARD_MODULES = {
    "adafruit_macropad_rp2040": "macropad",
    "raspberry_pi_pico": "pico_tower",
    "raspberry_pi_pico_w": "pico_tower",
    "raspberry_pi_pico2": "pico_tower",
    "raspberry_pi_pico2_w": "pico_tower",
}


def module_for(board_id, override=""):
    """The board module's name ("macropad", ...) for ``board_id``, or None if unknown.

    ``override`` (FARKLE_BOARD from settings.toml) wins when given: a module name.
    """
    if override:
        return override
    return BOARD_MODULES.get(board_id)


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
