"""hardware.tones: the objects that make a board's sound, chosen by settings.toml.

``PwmTone`` is a square wave through ``pwmio`` (a piezo or a small amplifier), ``SynthTone``
``synthio`` through ``audiopwmio``; ``make_tone`` makes the one asked for. Only the board's
set-up imports this module, and forgets it with the set-up: the tone made lives on in
``hardware.sound.Sound``, the kind not made and the choosing cost a game's heap nothing.
"""


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
