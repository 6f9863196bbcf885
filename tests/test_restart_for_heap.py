"""Out of heap while a game is made or played, the tower restarts for a heap in one piece and
makes the game again (app.storage.restart_for_heap): no error screen, the game made again at
the next power-up without the set-up menu or the resume offer, a game played going on from
its last turn's end; and never a restart for ever."""
import pytest
from simrig import stand_in

from test_save_aside import Booted, flash_with
from app import view as v
from app.controller import Controller
from app.persist import AGAIN
from app.storage import Storage
from farkle.dice import FixedDice
from farkle.game import Game
from farkle.presets import preset
from hardware import alive, faults
from hardware.sim.nvm import FlashNVM

SCORING = FixedDice([1, 2, 3, 4, 6, 6] * 400)  # every roll scores: turns end by banking
# a human's turns: roll, take the best keep, bank
TURNS = (["roll"] + [None] * 8 + ["best"] + [None] * 4 + ["bank"] + [None] * 8) * 200


class Restarted(BaseException):
    """What supervisor.reload() does to code.py: the run ends, nothing catches it."""


@pytest.fixture(autouse=True)
def board_restart(monkeypatch):
    """hardware.faults' restart and watchdog, as the board's: counted, the run ended."""
    restarts = []

    def restart():
        restarts.append(1)
        raise Restarted()

    monkeypatch.setattr(faults, "restart", restart)
    monkeypatch.setattr(faults, "stop", lambda: None)
    monkeypatch.setattr(alive, "restart_reason", lambda: None)
    monkeypatch.setitem(faults._state, "note", None)
    return restarts


def saved_settings(nvm):
    return Storage(nvm).load().settings


def out_of_heap_once(monkeypatch, owner, name, when=lambda *args: True):
    """``owner.name`` raises MemoryError the first time ``when(*args)`` holds, then works.
    A class's: the app forgets its modules between phases, and a module imported again
    would not have the stand-in."""
    real = getattr(owner, name)
    raised = []

    def failing(*args, **kwargs):
        if not raised and when(*args):
            raised.append(1)
            raise MemoryError("memory allocation failed")
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, failing)
    return raised


def run_until_restart(booted, keys, frames=3000):
    with pytest.raises(Restarted):
        booted.run(keys, frames=frames)


def test_a_new_game_that_runs_out_while_it_is_made_is_made_again_after_a_restart(monkeypatch, board_restart):
    nvm = FlashNVM()
    out_of_heap_once(monkeypatch, Game, "__init__")
    first = Booted(nvm, dice=SCORING)
    run_until_restart(first, [None] * 150 + ["roll"])  # past the splash, then Start
    assert board_restart == [1]
    assert first.app.screens.built == {}  # dropped first: the code that restarts needs room
    settings = saved_settings(nvm)
    assert settings[AGAIN] == "new" and "game_seats" not in settings
    second = Booted(nvm, dice=SCORING)
    assert second.run([], frames=200) is None
    assert second.view.screen in (v.ROLLOFF, v.PLAY)  # straight into the game
    assert second.app.controller.game is not None
    assert "error" not in second.notices()
    # what a later set-up menu keeps, taken before the game's code came (as the set-up menu
    # takes it when it first opens): else the game's code would stay in the set-up menu
    assert second.app.controller.setup_modules is not None


def test_a_game_played_that_runs_out_goes_on_from_its_last_turns_end(monkeypatch, board_restart):
    nvm = FlashNVM()
    first = Booted(nvm, make_player=stand_in, dice=SCORING)
    assert first.run([None] * 150 + ["roll"] + [None] * 30 + ["roll"], frames=300) is None
    game = first.app.controller.game
    assert game is not None
    out_of_heap_once(monkeypatch, Controller, "_begin_turn", lambda c: c.game.turns >= 3)
    run_until_restart(first, TURNS, frames=6000)
    captured = first.app.keeper.boundary[0]
    assert saved_settings(nvm)[AGAIN] == "resume"
    second = Booted(nvm, make_player=stand_in, dice=SCORING)
    assert second.run([], frames=200) is None
    assert second.app.keeper.panel is None  # no offer: the game goes on
    resumed = second.app.controller.game
    assert resumed is not None and resumed.turns == 3
    from farkle.savegame import dumps

    assert dumps(resumed) == bytes(captured)


def test_out_of_heap_the_players_and_their_code_go_before_the_restarts_code_loads(monkeypatch, board_restart):
    """A resumed game's second read of its save ran out with the players made, and the
    heap they left had no room for the code that restarts: the error screen instead."""
    import types

    from app import computer

    nvm = FlashNVM()
    first = Booted(nvm, make_player=stand_in, dice=SCORING)
    assert first.run([None] * 150 + ["roll"] + [None] * 30 + ["roll"], frames=300) is None
    c = first.app.controller
    assert any(c.seats)
    monkeypatch.setattr(computer, "sys", types.SimpleNamespace(
        implementation=types.SimpleNamespace(name="circuitpython"), modules={"farkle.players.hard": 1, "app.view": 2}))
    forgotten = []
    monkeypatch.setattr(computer, "forget", forgotten.extend)
    seen = []  # the seats as the tower restarts
    restart = faults.restart
    monkeypatch.setattr(faults, "restart", lambda: seen.append(list(c.seats)) or restart())
    out_of_heap_once(monkeypatch, Controller, "_begin_turn", lambda c: c.game.turns >= 3)
    run_until_restart(first, TURNS, frames=6000)
    assert seen == [[]] and c.meter is None and c.advisers == {}
    assert forgotten == ["farkle.players.hard"]
    assert saved_settings(nvm)[AGAIN] == "resume"


def test_a_resume_that_runs_out_is_made_again_with_its_save_kept(monkeypatch, board_restart):
    game = Game(preset("classic"), players=2, first=0)
    nvm = flash_with(game, "human,normal")
    out_of_heap_once(monkeypatch, Controller, "_begin_turn")  # the resume's last step
    first = Booted(nvm)
    run_until_restart(first, [None] * 150 + ["roll"])  # past the splash, then Resume
    settings = saved_settings(nvm)
    assert settings[AGAIN] == "resume" and settings["game_seats"] == "human,normal"
    assert Storage(nvm).load().game is not None
    second = Booted(nvm)
    assert second.run([], frames=200) is None
    assert second.app.keeper.panel is None and second.app.controller.game is not None


def test_a_game_made_again_that_runs_out_again_goes_to_the_error_screen_once(monkeypatch, board_restart):
    nvm = FlashNVM()
    first = Booted(nvm, dice=SCORING)
    out_of_heap_once(monkeypatch, Game, "__init__")
    run_until_restart(first, [None] * 150 + ["roll"])
    out_of_heap_once(monkeypatch, Game, "__init__")  # and again on the fresh heap
    second = Booted(nvm, dice=SCORING)
    error = second.run([], frames=200)
    assert isinstance(error, MemoryError) and board_restart == [1]  # no second restart
    assert AGAIN not in saved_settings(nvm)  # the error screen's restart shows the set-up menu
    third = Booted(nvm, dice=SCORING)
    assert third.run([], frames=200) is None
    assert third.view.screen == v.SETUP and third.app.controller.game is None


def test_a_game_made_again_may_restart_again_once_it_has_moved_on(monkeypatch, board_restart):
    nvm = FlashNVM()
    first = Booted(nvm, dice=SCORING)
    out_of_heap_once(monkeypatch, Game, "__init__")
    run_until_restart(first, [None] * 150 + ["roll"])
    second = Booted(nvm, dice=SCORING)
    assert second.run([None] * 60 + ["roll"], frames=300) is None
    assert second.app.keeper.again is not None  # made again, not yet moved on
    out_of_heap_once(monkeypatch, Controller, "_begin_turn", lambda c: c.game.turns >= 2)
    run_until_restart(second, TURNS, frames=6000)
    assert board_restart == [1, 1]
    assert saved_settings(nvm)[AGAIN] == "resume"


def test_out_of_heap_in_the_set_up_menu_is_the_error_screen_as_before(monkeypatch, board_restart):
    nvm = FlashNVM()
    booted = Booted(nvm)
    out_of_heap_once(monkeypatch, Controller, "_changed", lambda c: c.view.screen == v.SETUP)
    error = booted.run([None] * 150 + ["die1"], frames=200)  # a row down
    assert isinstance(error, MemoryError) and board_restart == []
    assert AGAIN not in saved_settings(nvm)


def test_a_game_made_again_after_a_hang_is_not_made_again(monkeypatch, board_restart):
    nvm = FlashNVM()
    first = Booted(nvm, dice=SCORING)
    out_of_heap_once(monkeypatch, Game, "__init__")
    run_until_restart(first, [None] * 150 + ["roll"])
    monkeypatch.setattr(alive, "restart_reason", lambda: "watchdog")  # the game hung the tower
    hung = Booted(nvm, dice=SCORING)
    assert hung.run([None] * 150 + ["roll"], frames=300) is None  # its notice read first
    assert hung.view.screen == v.SETUP and hung.app.controller.game is None
    assert AGAIN not in saved_settings(nvm)  # the mark written away at once


def test_an_expert_with_no_room_at_a_games_start_restarts_the_tower(monkeypatch, board_restart):
    def no_room_for_expert(level, rules, players=2, seat=0):
        player = stand_in("hard" if level == "expert" else level, rules, players, seat)
        if level == "expert":
            player.demoted = "expert"  # as farkle.players.make_player does out of heap
        return player

    nvm = FlashNVM()
    booted = Booted(nvm, make_player=no_room_for_expert, dice=SCORING)
    booted.app.controller.setup.seats[1] = "expert"
    run_until_restart(booted, [None] * 150 + ["roll"])
    assert saved_settings(nvm)[AGAIN] == "new"


def test_a_resume_made_again_that_runs_out_again_keeps_its_save(monkeypatch, board_restart):
    game = Game(preset("classic"), players=2, first=0)
    nvm = flash_with(game, "human,normal")
    out_of_heap_once(monkeypatch, Controller, "_begin_turn")
    first = Booted(nvm)
    run_until_restart(first, [None] * 150 + ["roll"])
    out_of_heap_once(monkeypatch, Controller, "_begin_turn")  # again, on the fresh heap
    second = Booted(nvm)
    assert isinstance(second.run([], frames=200), MemoryError) and board_restart == [1]
    assert faults._state["note"] is None  # not "Saved game set aside": the heap's fault, not the save's
    third = Booted(nvm)  # after the error screen: the save offered, no mark
    assert third.app.keeper.saved_game is not None and third.app.keeper.again is None
    assert AGAIN not in saved_settings(nvm)


def test_the_set_up_menu_goes_from_the_screen_before_the_game_is_made():
    """Its labels freed before the game's objects come: made while it showed, they left the
    game's heap in holes (the three-seat expert game found no room for its expert)."""
    booted = Booted(FlashNVM(), dice=SCORING)
    seen = []
    assert booted.run([None] * 150 + ["roll"], frames=160) is None
    controller = booted.app.controller
    while controller.job is not None and len(seen) < 50:
        seen.append((booted.view.screen, list(booted.view.lines)))
        booted.run([], frames=1)
    assert (v.SPLASH, ["", "a new game..."]) in seen
    assert booted.view.screen in (v.ROLLOFF, v.PLAY)
