"""The board modules type-check against circuitpython-stubs for each board (tools/board_types.py),
and the check would catch a wrong call into a board's module."""
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_types  # noqa: E402


@pytest.mark.parametrize("board", ["macropad", "tower"])
def test_board_modules_type_check_against_the_stubs(board):
    status, out = board_types.check(board)
    assert status == 0, out


def test_every_board_module_is_checked():
    on_board = {"code.py", "boot.py"} | {
        path.relative_to(REPO).as_posix() for path in (REPO / "hardware").glob("*.py")}
    assert set(board_types.board_files()) == on_board


def test_a_wrong_call_is_caught(tmp_path):
    bad = REPO / "build" / "type-probe.py"
    bad.parent.mkdir(exist_ok=True)
    bad.write_text(
        "import board\nimport keypad\nimport rotaryio\nimport microcontroller\n"
        "keys = keypad.Keys((board.KEY1,), value_when_pressed=False, pul=True)\n"
        "knob = rotaryio.IncrementalEncoder(board.ENCODER_A)\n"
        "microcontroller.nvm.write(b'x')\n"
        "board.GP15\n")
    try:
        status, out = board_types.check("macropad", [str(bad)])
    finally:
        bad.unlink()
    assert status == 1
    assert 'Unexpected keyword argument "pul"' in out
    assert "IncrementalEncoder" in out
    assert 'has no attribute "write"' in out
    assert 'Module has no attribute "GP15"' in out
