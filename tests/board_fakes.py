"""Put the fake CircuitPython modules of tests/fakes in front for one test (host-only).

tests/fakes holds the board's built-in modules; tests/fakes_libs stands in for the
libraries of lib/ (on CPython only: the core runs the real ones on top of tests/fakes).

``with fake_hardware("adafruit_macropad_rp2040") as fakes:`` makes ``import board`` (and
keypad, neopixel, ...) load the fakes, with fresh module state, and imports the board
modules afresh against them; afterwards every module it touched is put back as it was
(Blinka's real ``displayio`` included), so other tests never see a fake.
"""

import contextlib
import importlib
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
FAKES = REPO / "tests" / "fakes"
FAKE_LIBS = REPO / "tests" / "fakes_libs"
FAKE_NAMES = tuple(sorted(path.stem for folder in (FAKES, FAKE_LIBS) for path in folder.glob("*.py")))
BOARD_MODULES = ("hardware.macropad", "hardware.pico_tower", "hardware.sound",
                 "hardware.parts", "hardware.settings", "hardware.synth_tone")


class Fakes:
    """Access to the fake modules by name: ``fakes.board``, ``fakes.busio``, ..."""

    def __getattr__(self, name):
        return sys.modules[name]


@contextlib.contextmanager
def fake_hardware(board_id="raspberry_pi_pico"):
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    touched = FAKE_NAMES + BOARD_MODULES
    saved = {name: sys.modules.pop(name) for name in touched if name in sys.modules}
    sys.path[:0] = [str(FAKES), str(FAKE_LIBS)]
    try:
        for name in FAKE_NAMES:
            importlib.import_module(name)
        sys.modules["board"].board_id = board_id
        yield Fakes()
    finally:
        sys.path.remove(str(FAKES))
        sys.path.remove(str(FAKE_LIBS))
        for name in touched:
            sys.modules.pop(name, None)
        sys.modules.update(saved)
        package = sys.modules.get("hardware")
        for name in BOARD_MODULES:  # package attributes back to the modules put back
            short = name.split(".")[1]
            if package is None:
                break
            if name in saved:
                setattr(package, short, saved[name])
            elif short in vars(package):
                delattr(package, short)
