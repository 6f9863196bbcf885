"""hardware.sound: short tone effects as data, played without ever blocking the loop.

An effect is a run of notes, each a frequency in Hz (0 is a rest) and a duration in ms.
``Sound.play(name)`` starts the first note at once and returns; ``Sound.update(now_ms)``,
called every frame, moves on to the next note when the current one is due. Nothing here
sleeps. The sound itself comes from a *tone* object with ``start(freq)`` (0 = rest) and
``stop()``, made by ``hardware.parts`` when the board is set up, or None for silence. The
usual tone, ``PwmTone``, is here: it lives as long as the board, and so does this module.
"""


def pack(text):
    """An effect written "Hz/ms Hz/ms ..." as bytes, four a note (Hz and ms, each two bytes
    high first): a board keeps the effects for good, and bytes cost it a quarter of what a
    tuple a note does."""
    out = bytearray()
    for item in text.split():
        freq, length = item.split("/")
        for value in (int(freq), int(length)):
            out.append(value >> 8)
            out.append(value & 0xFF)
    return bytes(out)


def note(notes, index):
    """(Hz, ms) of note ``index`` of packed ``notes``."""
    at = index * 4
    return (notes[at] << 8) | notes[at + 1], (notes[at + 2] << 8) | notes[at + 3]


# Keep each effect short: the app may start the next one before this one ends (the newer
# effect simply replaces the older).
EFFECTS = {
    "click": pack("1760/12"),
    "roll": pack("196/30 0/20 247/30 0/20 294/30 0/20 392/50"),
    "farkle": pack("392/140 0/30 370/140 0/30 349/140 0/30 294/420"),
    "hot": pack("1047/60 1319/60 1568/60 2093/180"),
    "win": pack("523/110 0/20 659/110 0/20 784/110 0/20 1047/260 784/110 1047/420"),
}

_TICKS_PERIOD = 1 << 29  # adafruit_ticks.ticks_ms wraps here
_TICKS_MASK = _TICKS_PERIOD - 1
_TICKS_HALF = _TICKS_PERIOD // 2


def ticks_diff(later, earlier):
    """later - earlier in ms on the wrapping ticks_ms clock (like adafruit_ticks)."""
    return ((later - earlier + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


class Sound:
    """Plays one effect at a time from ``effects`` on ``tone`` (None: silent).

    ``mute`` stops the current effect and keeps new ones from starting. ``playing``
    names the effect in progress, or is None.
    """

    def __init__(self, tone=None, effects=None, mute=False):
        self.tone = tone
        self.effects = EFFECTS if effects is None else effects
        self._mute = bool(mute)
        self._notes = None
        self._index = 0
        self._due = None  # ticks when the current note ends; None until the next update
        self.playing = None

    @property
    def mute(self):
        return self._mute

    @mute.setter
    def mute(self, value):
        self._mute = bool(value)
        if self._mute:
            self.stop()

    def play(self, name):
        """Start effect ``name`` (packed by ``pack``); returns False (and plays nothing) if
        muted or unknown."""
        notes = self.effects.get(name)
        if self._mute or not notes:
            return False
        self._notes = notes
        self._index = 0
        self._due = None
        self.playing = name
        self._sound(note(notes, 0)[0])
        return True

    def update(self, now_ms):
        """Advance the effect to ``now_ms`` (a ticks_ms value). Cheap when idle."""
        notes = self._notes
        if notes is None:
            return
        if self._due is None:  # first update since play(): time the first note from now
            self._due = (now_ms + note(notes, self._index)[1]) & _TICKS_MASK
            return
        while ticks_diff(now_ms, self._due) >= 0:
            self._index += 1
            if self._index * 4 >= len(notes):
                self.stop()
                return
            freq, length = note(notes, self._index)
            self._sound(freq)
            self._due = (self._due + length) & _TICKS_MASK

    def stop(self):
        """Silence now and forget the current effect."""
        self._notes = None
        self.playing = None
        if self.tone is not None:
            self.tone.stop()

    def _sound(self, freq):
        if self.tone is not None:
            self.tone.start(freq)


class PwmTone:
    """A square wave on ``pin`` through pwmio; ``enable`` switches an amplifier.

    ``volume`` (1..100) sets the duty cycle: 100 is a 50 % square wave, the loudest.
    """

    def __init__(self, pin, enable=None, volume=50):
        import pwmio

        self._pwm = pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)
        self._duty = max(1, min(100, volume)) * 0x8000 // 100
        self._enable = enable

    def start(self, freq):
        if freq <= 0:
            self._pwm.duty_cycle = 0
            return
        self._pwm.frequency = int(freq)
        self._pwm.duty_cycle = self._duty
        if self._enable is not None:
            self._enable.value = True

    def stop(self):
        self._pwm.duty_cycle = 0
        if self._enable is not None:
            self._enable.value = False

    def deinit(self):
        self.stop()
        self._pwm.deinit()
