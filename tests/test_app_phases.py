"""Only what the screen on show needs is loaded: the firmware on CircuitPython's core
(``tools/board_check.py``'s menus scenario: set-up, More, statistics, dice check, a game
with a hint and the pause menu, the end screen) lists its loaded modules each time a
screen first shows. A board's heap holds the bytecode of every loaded module, so the
set-up menu runs without the engine, and a game without the set-up code."""
import pathlib
import sys

import pytest

from app import pace
from farkle import game

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_check  # noqa: E402

ROOMY = 384 * 1024  # the phases, not the heap, are checked here
ENGINE = ("farkle.game", "farkle.legal", "farkle.scorer", "farkle.savegame", "farkle.players.base", "farkle.players.policy",
          "farkle.players.normal", "farkle.players.expert_turns", "farkle.players.expert_table",
          "farkle.players.expert", "farkle.players.hint")
PLAY_CODE = ("app.computer", "app.playview")  # mixed into the controller: always there
SETUP_CODE = ("app.setup", "app.setupmenu", "farkle.fairstart", "farkle.presets", "farkle.rules_check")
SCREEN_PARTS = ("app.setupmenu", "app.gamestart", "app.rolloff", "app.pausemenu", "app.endscreen", "app.panels")
# read once at power-up: the settings, the board's parts, the journal and the saved game
BOOT_ONLY = ("app.storage", "hardware.settings", "hardware.macropad", "hardware.parts", "hardware.nvm_load",
             "farkle.saveread", "farkle.statsread", "farkle.reachable")


def test_the_app_names_the_engines_phases_by_their_numbers():
    assert (pace.P_ROLLOFF, pace.P_START, pace.P_KEEP, pace.P_CHOOSE, pace.P_OVER) == (
        game.ROLLOFF, game.START, game.KEEP, game.CHOOSE, game.OVER)


def played(tmp_path_factory, scenario):
    """The board check's ``scenario`` played on the core, with the modules each screen (or
    panel) had loaded when it first showed, in ``row["modules"]``."""
    old = board_check.WORK
    board_check.WORK = tmp_path_factory.mktemp("board-check")
    try:
        board_check.compiled_fakes()
        row = board_check.run(scenario, ROOMY, {"modules": True})
    finally:
        board_check.WORK = old
    assert row["ok"], row["error"]
    return row


@pytest.fixture(scope="module")
def menus(tmp_path_factory):
    row = played(tmp_path_factory, "menus")
    assert set(row["seen"]) >= {"setup", "stats", "dice", "rolloff", "play", "hint", "pause", "end"}
    return row


@pytest.fixture(scope="module")
def loaded(menus):
    """screen or panel -> the firmware modules loaded when it first showed."""
    return menus["modules"]


def test_no_frame_loads_more_than_one_module(menus):
    """A board takes tens of ms to load a module: the set-up menu's code, a game's engine
    and players, the end screen and a hint's code are loaded a module a frame (jobs)."""
    assert menus["many_loads"] == []


def only(modules, parts):
    return [name for name in parts if name in modules]


def test_the_set_up_menu_runs_without_the_engine(loaded):
    modules = loaded["setup"]
    assert only(modules, ENGINE) == []
    assert "app.setupmenu" in modules and "app.setup" in modules
    assert only(modules, ("app.pausemenu", "app.endscreen", "app.panels")) == []


def test_the_set_up_panels_load_their_code_only_while_open(loaded):
    assert "app.panels" in loaded["stats"] and "app.panels" in loaded["dice"]
    assert only(loaded["stats"], ENGINE) == []


def test_a_game_runs_without_the_set_up_code(loaded):
    for screen in ("rolloff", "play", "hint"):
        modules = loaded[screen]
        assert "farkle.game" in modules and "farkle.players.normal" in modules
        assert only(modules, SETUP_CODE) == [], screen


def test_the_roll_off_code_goes_once_the_first_turn_begins(loaded):
    assert only(loaded["rolloff"], SCREEN_PARTS) == ["app.rolloff"]
    assert only(loaded["play"], SCREEN_PARTS) == [] and only(loaded["hint"], SCREEN_PARTS) == []


def test_the_pause_menu_is_loaded_while_it_shows(loaded):
    assert only(loaded["pause"], SCREEN_PARTS) == ["app.pausemenu"]
    assert only(loaded["pause"], SETUP_CODE) == []


def test_the_end_screen_is_loaded_while_it_shows(loaded):
    assert only(loaded["end"], SCREEN_PARTS) == ["app.endscreen"]
    assert only(loaded["end"], SETUP_CODE) == []


def test_the_hint_and_its_words_are_forgotten_after_the_hint(loaded):
    for screen in ("hint", "pause"):
        assert only(loaded[screen], ("farkle.players.hint", "app.advice")) == [], screen


def test_a_hints_expert_goes_with_the_turn_it_advised_or_a_pause(loaded):
    """The menus game is against normal, without the meter: the expert that advised the
    hint is loaded while that turn is played; the pause menu (nothing works ahead while it
    shows) and the end screen find its code gone."""
    for name in ("farkle.players.expert_turns", "farkle.players.expert_table", "farkle.players.expert"):
        assert name in loaded["hint"]  # the hint's turn: the adviser stays
        assert name not in loaded["pause"]
        assert name not in loaded["end"]


def test_what_power_up_reads_once_is_gone_by_the_first_screen(loaded):
    for screen in loaded:
        assert only(loaded[screen], BOOT_ONLY) == [], screen


def test_back_in_the_set_up_menu_the_games_code_is_forgotten(monkeypatch):
    """What was loaded since the set-up menu first opened goes when it opens again (on a
    board: the engine and the players; here the end screen stands for them, since the host
    has the engine loaded from the start)."""
    import app
    from app import view as v
    from test_app_controller import Rig

    for name in ("app.endscreen", "app.rolloff"):
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(app, name.split(".")[1], raising=False)
    rig = Rig(dice=[6, 1])
    rig.start()
    rig.c._open_end()
    assert "app.endscreen" in sys.modules
    rig.tap("menu")  # the end screen's Menu: a new set-up
    assert rig.view.screen == v.SETUP and rig.c.game is None and rig.c.seats == []
    assert "app.endscreen" not in sys.modules and "app.rolloff" not in sys.modules
    assert "app.setupmenu" in sys.modules


def test_a_resumed_game_runs_without_the_set_up_code(tmp_path_factory):
    """After a power cut the offer panel resumes the saved game: the set-up code that
    power-up loaded (the saved settings applied) is forgotten before the players come, and
    the engine that checked the save at power-up is gone while the offer shows (a resume
    loads it again, as a new game does)."""
    loaded = played(tmp_path_factory, "resume")["modules"]
    assert "app.panels" in loaded["offer"] and "app.setup" in loaded["offer"]
    assert only(loaded["offer"], ENGINE) == []
    for screen in ("play", "end"):
        assert only(loaded[screen], SETUP_CODE + ("app.panels", "app.gamestart", "app.rolloff")) == [], screen


def test_a_hint_whose_words_cannot_be_loaded_says_so(monkeypatch):
    """Out of heap for the hint's own code: the game goes on and the hint says why."""
    import builtins

    from test_app_controller import Rig

    real = builtins.__import__

    def no_room(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "app" and fromlist and "advice" in fromlist:
            raise MemoryError("no room for app.advice")
        return real(name, globals, locals, fromlist, level)

    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6])
    rig.start()
    monkeypatch.setattr(builtins, "__import__", no_room)
    rig.tap("hint")
    assert rig.said() == "Hint: can't think right now (out of memory)"
