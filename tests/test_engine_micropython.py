"""The engine on CircuitPython's core (the board's module set): exhaustive scoring of every
preset, whole games with illegal actions thrown in, saves and restores, the board's dice source.
One interpreter run (tests/engine_check_script.py); its output must equal CPython's."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from mpy.harness import run_micropython

SCRIPT = pathlib.Path(__file__).resolve().parent / "engine_check_script.py"
REPO = SCRIPT.parents[1]


def _lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def micropython_out():
    result = run_micropython(SCRIPT, mounts=("farkle",), libs=("tests/mpy/standins",),
                             heap=1024 * 1024, timeout=300)  # it keeps every save of a game to compare.check()
    return _lines(result.stdout)


@pytest.fixture(scope="module")
def cpython_out():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "tests" / "mpy" / "standins")]))
    proc = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=300, check=True)
    return _lines(proc.stdout)


def _by_tag(lines, tag):
    return {line[1]: line[2] for line in lines if line[0] == tag}


def _tables(lines):
    tables = {}
    for line in lines:
        if line[0] == "scoring":
            tables.setdefault(line[1], []).append(line[2])
    return tables


def test_every_roll_of_every_preset_scores_the_same(micropython_out, cpython_out):
    mpy, cpy = _tables(micropython_out), _tables(cpython_out)
    assert sorted(cpy) == ["classic", "doubling", "duel", "farkel", "scorecard"]
    for name in cpy:
        assert len(cpy[name]) == 923
        assert mpy[name] == cpy[name], name


def test_whole_games_play_the_same(micropython_out, cpython_out):
    mpy, cpy = _by_tag(micropython_out, "game"), _by_tag(cpython_out, "game")
    assert sorted(mpy) == sorted(cpy) and len(cpy) == 5
    for name, game in cpy.items():
        assert game["winners"], name  # every game ended
        assert game["refused"] > 0
        assert game["round_trips"] == len(game["saves"])
        assert mpy[name] == game, name


def test_save_restore_and_play_on(micropython_out, cpython_out):
    (mpy,) = [line[1] for line in micropython_out if line[0] == "restore"]
    (cpy,) = [line[1] for line in cpython_out if line[0] == "restore"]
    save, original, restored, same = mpy
    assert original == restored and same is True
    assert mpy == cpy  # the same bytes from both interpreters


def test_the_boards_dice_source_plays_a_game(micropython_out):
    (summary,) = [line[1] for line in micropython_out if line[0] == "random"]
    assert summary == [True, True, True, True]


def test_engine_heap_stays_within_32_kib():
    """The engine's 32 KB budget, measured as tools/bench_engine.py does: the heap retained after
    importing the engine (play and save) and setting up a 4-player classic game, less what an
    empty script retains (the interpreter and the harness's stubs)."""
    script = ("from farkle.presets import preset\nfrom farkle.game import Game\n"
              "from farkle import savegame\ngame = Game(preset('classic'), players=4, first=0)\n")
    base = run_micropython("pass\n", mem=True).check().mem_retained
    total = run_micropython(script, mem=True).check().mem_retained
    assert total - base <= 32 * 1024, "engine heap %d bytes" % (total - base)
