"""hardware.parts: the board's set-up pieces every board module shares (no pin names in here).

``NullDisplay`` stands in for a display that is missing, so the game still runs on its
LEDs; ``log_path`` says where a log may be written when boot.py left the drive writable by
the firmware; ``nvm`` finds the store that outlives power-off; ``make_tone`` makes the tone
settings.toml asks for (``hardware.sound.PwmTone``, ``hardware.synth_tone.SynthTone``).

``code.py`` forgets this module once the board is made, and nothing made here may outlive
the set-up but a ``NullDisplay``: an object's class keeps its methods, and each method keeps
its module's every function and class. So what lives as long as the board (``Board``,
``Knob``, the tones) is in a module that stays anyway (``hardware``, ``hardware.sound``) or
holds nothing else (``hardware.synth_tone``).
"""

LOG_FILE = "/farkle_log.txt"


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
            from hardware.synth_tone import SynthTone

            return SynthTone(pin, enable, volume), None
        except (ImportError, ValueError, RuntimeError) as err:
            problem = "synth sound unavailable (%s); using pwm" % err
    try:
        from hardware.sound import PwmTone

        return PwmTone(pin, enable, volume), problem
    except (ImportError, ValueError, RuntimeError) as err:
        return None, "no sound (%s)" % err
