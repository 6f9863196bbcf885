"""A simulated dice tower board for the PC; host-only, never copied to the board.

``make_board(settings)`` returns the object ``hardware/__init__.py`` describes: a fake
``keypad`` event queue (``press(name)``, ``release(name)``, ``tap(name)``), an encoder whose
``position`` front ends turn, recording NeoPixels, the real displayio tree rendered by
``HostDisplay``, a sound that records what it would play, and a clock that is either the
real one or a manual one (``clock.advance(ms)``) for tests and scripts.

Two layouts: ``"macropad"`` (as hardware/macropad.py: 12 keys, each with a pixel, the dice
on the top two rows, one pixel per die; then hint best menu / roll mute bank; the encoder
and its switch) and ``"tower"`` (seven pixels per die, nine
buttons, no encoder), so the app is tried on both kinds of dice.
"""

import collections
import time

from hardware.sim.nvm import FlashNVM
from hardware.sim.screen import HostDisplay

# key number -> name, MacroPad-style: 3 columns x 4 rows, then the encoder switch
MACROPAD_KEYS = ("die0", "die1", "die2", "die3", "die4", "die5",
                 "hint", "best", "menu", "roll", "mute", "bank", "select")
MACROPAD_GRID = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11))
TOWER_KEYS = ("die0", "die1", "die2", "die3", "die4", "die5", "roll", "bank", "menu")


class Event:
    """A ``keypad.Event``."""

    def __init__(self, key_number, pressed, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    """``keypad.EventQueue``: get() returns the oldest event or None."""

    def __init__(self, max_events=64):
        self.queue = collections.deque()
        self.max_events = max_events
        self.overflowed = False

    def get(self):
        return self.queue.popleft() if self.queue else None

    def put(self, event):
        if len(self.queue) >= self.max_events:
            self.overflowed = True
            return
        self.queue.append(event)

    def clear(self):
        self.queue.clear()
        self.overflowed = False

    def __len__(self):
        return len(self.queue)

    def __bool__(self):
        return bool(self.queue)


class Keys:
    """A ``keypad.Keys`` whose keys the front end presses by name."""

    def __init__(self, names, clock):
        self.names = names
        self.events = EventQueue()
        self.clock = clock
        self.down = set()

    def number(self, name):
        if name not in self.names:
            raise KeyError("this board has no %r key (it has %s)" % (name, ", ".join(sorted(set(self.names)))))
        return self.names.index(name)

    def press(self, name):
        number = self.number(name)
        self.down.add(number)
        self.events.put(Event(number, True, self.clock()))

    def release(self, name):
        number = self.number(name)
        self.down.discard(number)
        self.events.put(Event(number, False, self.clock()))

    def tap(self, name):
        self.press(name)
        self.release(name)

    @property
    def key_count(self):
        return len(self.names)


class Encoder:
    """A ``rotaryio.IncrementalEncoder``: front ends change ``position``."""

    def __init__(self):
        self.position = 0


class Pixels:
    """A ``neopixel.NeoPixel`` made with ``auto_write=False``: ``shown`` is what the LEDs show."""

    def __init__(self, n, brightness=1.0):
        self.n = n
        self.buffer = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        self.brightness = brightness
        self.auto_write = False
        self.shows = 0

    def __len__(self):
        return self.n

    def __setitem__(self, index, colour):
        if isinstance(colour, int):
            colour = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
        self.buffer[index] = tuple(colour)

    def __getitem__(self, index):
        return self.buffer[index]

    def fill(self, colour):
        for i in range(self.n):
            self[i] = colour

    def show(self):
        self.shown = list(self.buffer)
        self.shows += 1


class Sound:
    """Records what a speaker would play: ``played`` is a list of (ms, name)."""

    def __init__(self, clock):
        self.clock = clock
        self.mute = False
        self.played = []

    def play(self, name):
        if not self.mute:
            self.played.append((self.clock(), name))

    def update(self, now_ms):
        pass


class ManualClock:
    """A millisecond clock that only moves when told to."""

    def __init__(self, start=0):
        self.now = start

    def __call__(self):
        return self.now & 0x1FFFFFFF

    def advance(self, ms):
        self.now += ms


class RealClock:
    """The PC's monotonic clock in ms, wrapping at 2**29 like ``adafruit_ticks``."""

    def __init__(self):
        self.start = time.monotonic_ns()

    def __call__(self):
        return ((time.monotonic_ns() - self.start) // 1000000) & 0x1FFFFFFF


class SimBoard:
    """The board object of ``hardware/__init__.py``, plus ``layout`` and ``key_grid``."""

    def __init__(self, layout="macropad", clock=None):
        self.layout = layout
        self.ticks_ms = clock if clock is not None else RealClock()
        if layout == "macropad":
            self.key_names = MACROPAD_KEYS
            self.key_grid = MACROPAD_GRID
            self.encoder = Encoder()
            self.pixels = Pixels(12, brightness=0.5)
            self.die_pixels = tuple((i,) for i in range(6))
            self.key_pixels = {MACROPAD_KEYS[i]: i for i in range(6, 12)}
        elif layout == "tower":
            self.key_names = TOWER_KEYS
            self.key_grid = ((0, 1, 2, 3, 4, 5), (6, 7, 8))
            self.encoder = None
            self.pixels = Pixels(42, brightness=0.5)
            self.die_pixels = tuple(tuple(range(7 * d, 7 * d + 7)) for d in range(6))
            self.key_pixels = {}
        else:
            raise ValueError("unknown simulated layout %r (macropad or tower)" % layout)
        self.keys = Keys(self.key_names, self.ticks_ms)
        self.display = HostDisplay()
        self.sound = Sound(self.ticks_ms)
        self.nvm = FlashNVM()  # RP2040-like flash, erased; python code.py keeps it in a file
        self.log_path = None


def make_board(settings=None, clock=None):
    """The simulated board; ``settings`` may name the layout (``FARKLE_SIM_LAYOUT``)."""
    layout = "macropad"
    if settings:
        layout = settings.get("FARKLE_SIM_LAYOUT", layout) or layout
    return SimBoard(layout, clock)
