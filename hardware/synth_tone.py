"""hardware.synth_tone: the tone of ``FARKLE_SOUND = "synth"``, a synthio voice.

A module of its own, read only where settings.toml asks for it: the tone made lives as long
as the board, and with it its class and the module that holds it.
"""


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
