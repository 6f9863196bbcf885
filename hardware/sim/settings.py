"""settings.toml for the simulated board; host-only, never copied to the board.

CircuitPython hands settings.toml out through ``os.getenv``; on a PC ``os.getenv`` reads the
environment instead, so the simulator reads the file itself and gives ``hardware.settings``
the same ``getenv(key)`` a board would. ``apply_settings`` then does what a board module's
``make_board`` does with the shared keys: brightness, sound (start muted) and the list of
wrong values the app shows at start-up.
"""

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

from hardware.settings import Settings


def read_toml(path):
    """(values, problem): the file's keys, and a line saying why it could not be read."""
    if tomllib is None:
        return {}, None
    try:
        with open(path, "rb") as f:
            return tomllib.load(f), None
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError) as error:
        return {}, "settings.toml: unreadable (%s)" % error


def host_settings(path):
    """A ``hardware.settings.Settings`` reading ``path`` as the board reads its settings.toml."""
    values, problem = read_toml(path)
    settings = Settings(values.get)
    if problem:
        settings.problems.append(problem)
    return settings


def apply_settings(board, settings):
    """Brightness, sound and problems of ``settings`` on the simulated ``board``, as a board
    module applies them (the simulator has no speaker, so the kind and volume only get checked)."""
    board.pixels.brightness = settings.brightness()
    _, _, muted = settings.sound()
    board.sound.mute = muted
    settings.board()
    board.problems = list(settings.problems)
    return board
