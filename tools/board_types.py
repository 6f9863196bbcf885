"""Type-check the board modules against CircuitPython's own API, board by board.

host-only. Usage:  python tools/board_types.py [macropad|tower ...]

For each board, mypy (pinned in requirements.txt) checks code.py, boot.py, the shared board
modules and that board's own module against ``circuitpython-stubs`` (10.3.1, pinned): the
stubs of every built-in module (keypad, rotaryio, busdisplay, i2cdisplaybus, audiopwmio,
microcontroller, watchdog, ...) and the board's own ``board`` module. The stubs package
selects a board by copying that board's definition over its ``board`` stub
(``circuitpython_setboard``); this tool puts the same file first on mypy's path instead, so
the installed package is never changed and both boards can be checked one after the other.
The libraries of lib/ are checked against as their pinned sources. Function bodies without
annotations are checked too (``check_untyped_defs``). Exit status 0: no errors.
"""

import os
import pathlib
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import cpcore  # noqa: E402
import deploy  # noqa: E402

SHARED = ["code.py", "boot.py", "hardware/__init__.py", "hardware/alive.py", "hardware/crc32.py",
          "hardware/faults.py", "hardware/nvm_load.py", "hardware/nvm_store.py", "hardware/parts.py", "hardware/synth_tone.py",
          "hardware/settings.py", "hardware/sound.py"]
OWN = {"macropad": "hardware/macropad.py", "tower": "hardware/pico_tower.py"}
CONFIG = """\
[mypy]
check_untyped_defs = True
follow_imports = silent
cache_dir = {cache}
# The MacroPad's definition names DISPLAY's type as displayio.Display, a class CircuitPython
# 10 (and its stubs) no longer have: its one error is the stub's, not ours.
[mypy-board]
ignore_errors = True
"""


def board_files():
    """Every board module the check covers (tests compare it with the folder)."""
    return sorted(set(SHARED) | set(OWN.values()))


def library_sources():
    """The pinned libraries' .py sources, extracted once into build/type-libs."""
    out = REPO / "build" / "type-libs"
    if not (out / ".done").exists():
        out.mkdir(parents=True, exist_ok=True)
        wheels = deploy.fetch_wheels(deploy.default_cache())
        for name in sorted(wheels):
            deploy.extract_modules(wheels[name], out)
        (out / ".done").write_text("")
    return out


def check(board, files=None):
    """(exit status, mypy's output) for one board (``files``: others than its own)."""
    with tempfile.TemporaryDirectory(prefix="board-stub-") as temp:
        temp = pathlib.Path(temp)
        (temp / "board.pyi").write_text(cpcore.board_definition(board), encoding="utf-8")
        config = temp / "mypy.ini"
        config.write_text(CONFIG.format(cache=REPO / "build" / "mypy-cache" / board))
        env = dict(os.environ, MYPYPATH=os.pathsep.join([str(temp), str(library_sources())]))
        proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config)]
                              + (files or SHARED + [OWN[board]]), capture_output=True, text=True,
                              cwd=REPO, env=env, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


def main(argv=None):
    boards = (argv if argv is not None else sys.argv[1:]) or sorted(OWN)
    status = 0
    for board in boards:
        code, out = check(board)
        print("%s (%s): %s" % (board, cpcore.BOARD_IDS[board], out.strip().splitlines()[-1]))
        if code:
            print(out)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
