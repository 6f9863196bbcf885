"""hardware.sound: short tone effects as data, played without ever blocking the loop.

An effect is a tuple of (frequency in Hz, duration in ms) notes; frequency 0 is a rest.
``Sound.play(name)`` starts the first note at once and returns; ``Sound.update(now_ms)``,
called every frame, moves on to the next note when the current one is due. Nothing here
sleeps. The sound itself comes from a *tone* object with ``start(freq)`` (0 = rest) and
``stop()``: ``PwmTone`` (a square wave through ``pwmio``, for a piezo or a small
amplifier), ``SynthTone`` (``synthio`` through ``audiopwmio``), or None for silence.
``make_tone`` builds the one settings.toml asks for.
"""

# (Hz, ms) per note; 0 Hz is a rest. Keep each effect short: the app may start the
# next one before this one ends (the newer effect simply replaces the older).
EFFECTS = {
    "click": ((1760, 12),),
    "roll": ((196, 30), (0, 20), (247, 30), (0, 20), (294, 30), (0, 20), (392, 50)),
    "farkle": ((392, 140), (0, 30), (370, 140), (0, 30), (349, 140), (0, 30), (294, 420)),
    "hot": ((1047, 60), (1319, 60), (1568, 60), (2093, 180)),
    "win": ((523, 110), (0, 20), (659, 110), (0, 20), (784, 110), (0, 20),
            (1047, 260), (784, 110), (1047, 420)),
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
        """Start effect ``name``; returns False (and plays nothing) if muted or unknown."""
        notes = self.effects.get(name)
        if self._mute or not notes:
            return False
        self._notes = notes
        self._index = 0
        self._due = None
        self.playing = name
        self._sound(notes[0][0])
        return True

    def update(self, now_ms):
        """Advance the effect to ``now_ms`` (a ticks_ms value). Cheap when idle."""
        notes = self._notes
        if notes is None:
            return
        if self._due is None:  # first update since play(): time the first note from now
            self._due = (now_ms + notes[self._index][1]) & _TICKS_MASK
            return
        while ticks_diff(now_ms, self._due) >= 0:
            self._index += 1
            if self._index >= len(notes):
                self.stop()
                return
            freq, length = notes[self._index]
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


class SynthTone:
    """A synthio square-wave voice played through audiopwmio on ``pin``."""

    def __init__(self, pin, enable=None, volume=50):
        import audiopwmio
        import synthio

        self._synthio = synthio
        envelope = synthio.Envelope(attack_time=0.004, decay_time=0.0, release_time=0.02,
                                    attack_level=1.0, sustain_level=1.0)
        self._synth = synthio.Synthesizer(sample_rate=22050, envelope=envelope)
        self._out = audiopwmio.PWMAudioOut(pin)
        # A Synthesizer is an audio sample on CircuitPython; the stubs' AudioSample union
        # (circuitpython_typing) does not list it.
        self._out.play(self._synth)  # type: ignore[arg-type]
        self._amplitude = max(1, min(100, volume)) / 100
        self._enable = enable

    def start(self, freq):
        self._synth.release_all()
        if freq <= 0:
            return
        note = self._synthio.Note(frequency=freq, amplitude=self._amplitude)
        self._synth.press(note)
        if self._enable is not None:
            self._enable.value = True

    def stop(self):
        self._synth.release_all()
        if self._enable is not None:
            self._enable.value = False

    def deinit(self):
        self.stop()
        self._out.deinit()


def make_tone(kind, pin, enable=None, volume=50):
    """(tone, problem) for settings kind "pwm", "synth" or "off" on ``pin``.

    A tone that cannot be made (no pin, a missing module, a pin already in use) gives
    (None, a one-line reason) so the game goes on silently; "synth" falls back to
    "pwm" first. ``problem`` is None when all went as asked.
    """
    if kind == "off" or pin is None:
        return None, None
    problem = None
    if kind == "synth":
        try:
            return SynthTone(pin, enable, volume), None
        except (ImportError, ValueError, RuntimeError) as err:
            problem = "synth sound unavailable (%s); using pwm" % err
    try:
        return PwmTone(pin, enable, volume), problem
    except (ImportError, ValueError, RuntimeError) as err:
        return None, "no sound (%s)" % err
