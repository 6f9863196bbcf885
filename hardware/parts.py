"""hardware.parts: small pieces every board module shares (no pin names in here).

``Board`` is the object ``make_board`` returns (see hardware/__init__.py for what each
attribute means); ``Knob`` turns an encoder the other way round; ``NullDisplay`` stands in
for a display that is missing, so the game still runs on its LEDs; ``log_path`` says
where a log may be written when boot.py left the drive writable by the firmware.

The sound's tone objects are made here too: ``PwmTone`` is a square wave through ``pwmio``
(a piezo or a small amplifier), ``SynthTone`` ``synthio`` through ``audiopwmio``, and
``make_tone`` makes the one settings.toml asks for. ``code.py`` forgets this module once the
board is made: the tone made lives on in ``hardware.sound.Sound``, and the kind not made
and the choosing cost a game's heap nothing.
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
