"""Where the CircuitPython 10 core lives, and which modules each board has built in.

host-only: used by the tests and tools on a PC.

The core is CircuitPython's own interpreter built for the host (``circuitpython``, a fixed
GC heap, 32-bit like an RP2040) and its bytecode compiler (``mpy-cross``). They are found in
this order: the folder ``$CIRCUITPYTHON_BIN``, then ``../shared/circuitpython/bin`` beside
the repository, then ``build/circuitpython/bin`` (what ``make circuitpython`` builds from
``$CIRCUITPYTHON_SRC``). A board's built-in modules come from the "Included modules" line of
its definition in ``circuitpython-stubs`` (pinned in requirements.txt), never from a list
written here.
"""

import functools
import os
import pathlib
import re
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[1]
PROGRAMS = ("circuitpython", "mpy-cross")
BOARD_IDS = {"macropad": "adafruit_macropad_rp2040", "tower": "raspberry_pi_pico"}
# Part of every CircuitPython build, so the stubs' per-board switch list never names them.
ALWAYS = ("gc", "micropython", "__main__")
HOW_TO_GET = (
    "CircuitPython's core for the host is missing: looked in %s. Get it one of three ways: "
    "set CIRCUITPYTHON_BIN to a folder holding `circuitpython` and `mpy-cross`; put the "
    "shared folder beside the clone (../shared/circuitpython/bin); or build it with "
    "`make circuitpython CIRCUITPYTHON_SRC=<adafruit/circuitpython checkout or source "
    "tarball>` (see README, 'CircuitPython core')."
)


class CoreMissing(RuntimeError):
    """The core is not where the project looks for it; the message says how to get it."""


def candidates():
    """The folders searched for the core, first match wins."""
    found = []
    env = os.environ.get("CIRCUITPYTHON_BIN")
    if env:
        found.append(pathlib.Path(env))
    found.append(REPO.parent / "shared" / "circuitpython" / "bin")
    found.append(REPO / "build" / "circuitpython" / "bin")
    return found


def bin_dir():
    """The folder holding ``circuitpython`` and ``mpy-cross``; CoreMissing if none does."""
    places = candidates()
    for place in places:
        if all(os.access(place / name, os.X_OK) for name in PROGRAMS):
            return place
    raise CoreMissing(HOW_TO_GET % ", ".join(str(p) for p in places))


def interpreter():
    return str(bin_dir() / "circuitpython")


# The core the board check plays on (`make circuitpython-board`): built as every core here,
# with a board's pystack (tools/build_circuitpython.sh), which the shared core lacks.
BOARD_CORE = REPO / "build" / "circuitpython-board" / "bin"
# CircuitPython 10's CIRCUITPY_PYSTACK_SIZE, a board's unless its settings.toml changes it
BOARD_PYSTACK = 2048
PYSTACK_PROBE = """
def down(n):
    return n if n == 0 else down(n - 1)
deepest = 0
try:
    for deepest in range(1, 4000):
        down(deepest)
    print(0)
except RuntimeError as error:
    print(deepest if "pystack" in str(error) else 0)
"""


def use_board_core():
    """Point ``$CIRCUITPYTHON_BIN`` at ``BOARD_CORE`` where it is built and no other core
    was asked for; the folder of the core in use (CoreMissing where there is none)."""
    if not os.environ.get("CIRCUITPYTHON_BIN") and all(os.access(BOARD_CORE / name, os.X_OK) for name in PROGRAMS):
        os.environ["CIRCUITPYTHON_BIN"] = str(BOARD_CORE)
    return bin_dir()


def pystack_depth():
    """How deep a one-argument Python function recurses on the core in use before its
    pystack runs out, or 0 where the core has none (each call's frame then comes from the
    heap, as no board's does)."""
    out = subprocess.run([interpreter(), "-c", PYSTACK_PROBE], capture_output=True, text=True,
                         check=True, timeout=30).stdout
    return int(out.split()[-1])


def mpy_cross():
    return str(bin_dir() / "mpy-cross")


# How the board's bytecode is compiled. -O3 leaves out the line-number tables: about 4 KB of
# heap a game (the board loads .mpy into RAM), which a 128 KB heap cannot spare. A traceback
# on the board then names the file and the function but says line 1; the same code on the
# host (simulator, tests from source) keeps full line numbers. The firmware has no asserts,
# so -O3 changes nothing else.
MPY_FLAGS = ("-O3",)


def mpy_flags(rel):
    """mpy-cross's arguments for the module at ``rel`` ("app/main.py") on the drive. The
    source name stored in the bytecode (what a traceback shows) is the .mpy's own path: the
    board interns that path anyway as the module's ``__file__``, so the two are one name in
    its string pool, not two (about 30 bytes of heap a module, for good)."""
    return (*MPY_FLAGS, "-s", rel[:-3] + ".mpy" if rel.endswith(".py") else rel)


@functools.lru_cache(maxsize=None)
def core_modules():
    """The modules compiled into the core (its ``help('modules')``)."""
    out = subprocess.run([interpreter(), "-c", "help('modules')"], capture_output=True,
                         text=True, check=True, timeout=30).stdout
    names = set()
    for line in out.splitlines():
        if line.startswith("Plus any"):
            break
        names.update(line.split())
    return frozenset(names)


def board_definition(board):
    """The text of circuitpython-stubs' definition of ``board`` (short name or board_id)."""
    from importlib import resources

    board_id = BOARD_IDS.get(board, board)
    try:
        path = resources.files("board_definitions").joinpath(board_id).joinpath("__init__.pyi")
        return path.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as error:
        raise RuntimeError("circuitpython-stubs has no definition of %r (pip install -r "
                           "requirements.txt)" % board_id) from error


@functools.lru_cache(maxsize=None)
def board_modules(board):
    """The board's built-in modules: its stub's "Included modules", top-level names."""
    match = re.search(r"^ - Included modules: (.*)$", board_definition(board), re.M)
    if match is None:
        raise RuntimeError("no 'Included modules' line in the stubs for %r" % board)
    names = {item.strip().split(" ")[0].split(".")[0] for item in match.group(1).split(",")}
    return frozenset(names | set(ALWAYS))


def hidden_modules(board):
    """Modules the core has built in that ``board`` does not."""
    return sorted(core_modules() - board_modules(board))
