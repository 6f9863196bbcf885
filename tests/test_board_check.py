"""The deployed firmware runs on CircuitPython's core, played by key events
(tools/board_check.py): a whole game to the end screen, and a game resumed after a power
cut. Quick forms; ``python tools/board_check.py`` runs every scenario and bisects heaps."""
import json
import os
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_check  # noqa: E402
import cpcore  # noqa: E402

ROOMY = 384 * 1024  # above every scenario's smallest heap (README); 128K is the goal


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    """The check's folder, and the core it plays on: the board's (its pystack), as
    ``make board-check``'s."""
    old, core = board_check.WORK, os.environ.get("CIRCUITPYTHON_BIN")
    board_check.WORK = tmp_path_factory.mktemp("board-check")
    cpcore.use_board_core()
    board_check.compiled_fakes()
    yield board_check.WORK
    board_check.WORK = old
    if core is None:
        os.environ.pop("CIRCUITPYTHON_BIN", None)


def test_a_game_against_normal_reaches_the_end_screen(work):
    row = board_check.run("normal", ROOMY)
    assert row["ok"], row["error"]
    assert row["seen"][-1] == "end" and "play" in row["seen"] and row["turns"] > 10
    assert max(row["scores"]) >= 10000
    assert 0 < row["peak"] < ROOMY
    assert 500 < row["names"] < 1260  # the firmware's own names, in one pool of 1,280
    line = json.loads(board_check.report(row))
    assert list(line) == ["scenario", "board", "preset", "players", "levels", "heap", "ok",
                          "turns", "peak", "error"]


def test_a_game_resumes_after_a_power_cut(work):
    row = board_check.run("resume", ROOMY)
    assert row["ok"], row["error"]
    assert "offer" in row["seen"] and row["seen"][-1] == "end"


def test_keys_pressed_at_random_start_games_and_open_the_menus_across_power_cuts(work):
    """The hostile scenario: three boots of one drive under random keys, never the error
    screen; what the keys met is counted."""
    row = board_check.run("hostile", ROOMY, seed=1)
    assert row["ok"], row["error"]
    assert row["games_started"] >= 1 and {"setup", "play", "pause"} <= set(row["seen"])
    assert 2 <= row["most_seats"] <= 8 and row["gave_way"] == 0
    line = json.loads(board_check.report(row))
    assert line["games_started"] == row["games_started"] and "saves_waited" in line


def test_the_check_plays_on_a_core_with_a_boards_pystack(work):
    """A board runs each call's frame on a fixed pystack beside the heap; a call past its
    end is a RuntimeError. The games above ran on such a core, of a board's size."""
    if pathlib.Path(cpcore.bin_dir()) != cpcore.BOARD_CORE:
        pytest.fail("the board check's core is not built: `make circuitpython-board` (make test builds it)")
    assert 40 <= cpcore.pystack_depth() <= 60  # 2048 bytes of 40-byte frames, less the probe's own


def test_the_expert_plays_its_deepest_calls_within_a_boards_pystack(work):
    """The expert's turn table, built inside a frame's job inside the main loop, is the
    firmware's deepest chain of calls; in a roomy heap only the pystack can stop it."""
    row = board_check.run("expert", ROOMY)
    assert row["ok"], row["error"]
    assert row["seen"][-1] == "end"


def test_running_out_of_heap_is_reported_not_crashed(work):
    row = board_check.run("normal", 48 * 1024)
    assert row["ok"] is False
    assert row["error"].startswith("MemoryError")


def test_a_scenario_is_ok_only_when_every_one_of_its_games_is():
    outcomes = {1: (True, 100), 2: (False, 300), 3: (True, 200), 4: (False, 50)}

    def play(name, heap, extra, seed):  # one game with its own dice, as board_check.run plays it
        ok, peak = outcomes[seed]
        return {"scenario": name, "heap": heap, "ok": ok, "turns": seed, "peak": peak,
                "error": None if ok else "game %d" % seed}

    row = board_check.run_games("expert", 1024, games=4, play=play)
    assert (row["ok"], row["games_ok"], row["games"]) == (False, 2, 4)
    assert (row["seed"], row["error"], row["turns"], row["peak"]) == (2, "game 2", 2, 300)
    line = json.loads(board_check.report(row))
    assert list(line)[-3:] == ["games", "games_ok", "seed"]
    row = board_check.run_games("expert", 1024, games=1, play=play)
    assert (row["ok"], row["games_ok"], row["seed"]) == (True, 1, 1)


POOLS = "qstr pool: n_pool=6, n_qstr=1260, n_str_data_bytes=1, n_total_bytes=2\n" \
        "RESULT {}\nqstr pool: n_pool=7, n_qstr=%d, n_str_data_bytes=3, n_total_bytes=4\n"


def test_the_firmware_names_are_counted_from_a_full_pool():
    assert board_check.firmware_names(POOLS % 2222) == (962, None)
    names, error = board_check.firmware_names(POOLS.replace("1260", "1250") % 2222)
    assert names == 972 and "did not fill" in error


def test_names_a_board_would_pay_more_pools_for_fail_the_check():
    # A board's pools hold 20, 40, ... 640 names (1,260), then 1,280 more: at 1,270 names it
    # has paid for 2,540, here one pool of 1,280 would hold them.
    names, error = board_check.firmware_names(POOLS % (1260 + 1270))
    assert names == 1270 and "fewer than a board" in error
    assert board_check.firmware_names(POOLS % (1260 + 1290))[1] is None  # here 3,840
