"""No error loops on the board: a save the engine could not have reached is dropped at power-on
with a notice (the statistics kept, the flash cleaned), and a save that makes the app raise
while it is offered or played is set aside before the restart: the error screen says so and
the next power-on reaches the splash with a notice and offers nothing."""
import pytest
from simrig import FRAME, stand_in, stand_in_hint

import test_reachable as unreachable
from app.main import App
from app.storage import ASIDE_NOTICE
from app.setup import Setup
from farkle.dice import FixedDice
from farkle.game import CHOOSE, KEEP, OVER, START, Game
from farkle.presets import preset
from farkle.savegame import dumps
from farkle.stats import Stats
from hardware import alive, faults, nvm_store
from hardware.sim.board import ManualClock, SimBoard
from hardware.sim.nvm import FlashNVM


class Stop(BaseException):
    """Ends App.run() from the board's idle hook (not an error of the app)."""


class Booted:
    """The app on a simulated board with this NVM; ``run(keys, frames)`` presses ``keys`` one a
    frame through ``App.run()`` (the board's own loop, with its error handling)."""

    def __init__(self, nvm, make_player=stand_in, dice=None):
        self.clock = ManualClock(1000)
        self.board = SimBoard("macropad", self.clock)
        self.board.nvm = nvm
        self.board.display.refresh = lambda **kw: True
        setup = Setup()
        self.app = App(self.board, make_player=make_player, hint=stand_in_hint, dice=dice, setup=setup)
        self.view = self.app.view

    def run(self, keys=(), frames=200):
        keys, left = list(keys), [frames]

        def idle(app):
            self.clock.advance(FRAME)
            if keys:
                key = keys.pop(0)
                if key is not None:
                    self.board.keys.tap(key)
            left[0] -= 1
            if not left[0]:
                raise Stop()

        self.board.idle = idle
        try:
            self.app.run()
        except Stop:
            return None
        except Exception as error:  # what code.py hands to faults.handle
            return error

    def notices(self):
        return " ".join(self.app.controller.notice_lines).replace("\n", " ")


def flash_with(game, seats="human,normal", stats=None):
    """NVM holding ``game`` as the board would have saved it, with some statistics."""
    nvm = FlashNVM()
    if stats is None:
        stats = Stats()
        stats.played, stats.best_turn = 7, 2350
    settings = {"players": game.players, "seats": seats + ",human" * (8 - game.players), "preset": 0,
                "mute": False, "game_seats": seats}
    sections = {nvm_store.SETTINGS: nvm_store.pack_values(settings), nvm_store.STATS: stats.to_bytes(),
                nvm_store.GAME: dumps(game)}  # as written, even a game over (the board never does)
    assert nvm_store.Store(nvm).save(nvm_store.pack_sections(sections))
    return nvm


def unreachable_games():
    """Each unreachable state the engine refuses (tests/test_reachable.py), as a game."""
    g = unreachable.midgame
    out = {}

    def add(name, game, **parts):
        for key, value in parts.items():
            setattr(game, key, value)
        out[name] = game

    add("keep on a roll that scores nothing", g(), phase=KEEP, shown=[2, 3, 4, 6, 2, 3], kept=[], in_hand=6)
    add("over with no winners", g(), phase=OVER)
    add("a bank of nothing", g(), turn_total=0)
    add("negative score without a penalty", g(), scores=[-500, 0])
    add("winners while playing", g(), winners=[0])
    rolloff = Game(preset("classic"), players=3)
    add("the same seat twice in a roll-off", rolloff, rolloff_players=[0, 0, 1])
    add("turns owed with no final round", g(), pending=[False, True])
    add("five farkles in a row, penalty at three", g(penalty=500), streak=[0, 5])
    add("three dice shown with six in hand", g(), phase=KEEP, shown=[1, 5, 2], kept=[], in_hand=6, turn_total=100)
    add("a piggyback under rules without it", g(), piggybacked=True)
    add("set-aside dice that do not score", g(), kept=[2])
    add("a final round below the target", g(), final_by=0, pending=[False, True])
    return out


UNREACHABLE = unreachable_games()


@pytest.mark.parametrize("name", sorted(UNREACHABLE))
def test_an_unreachable_save_is_dropped_with_a_notice_and_never_offered(name):
    game = UNREACHABLE[name]
    seats = ",".join(["human"] * game.players)
    nvm = flash_with(game, seats)
    first = Booted(nvm)
    assert first.run(["roll"], frames=30) is None
    assert "The saved game was not valid: it was dropped." in first.notices()
    assert first.view.screen != 0 and first.app.keeper.saved_game is None  # past the splash, no offer
    assert first.view.title != "Resume saved game?"
    assert first.app.keeper.stats.played == 7  # the statistics are kept
    second = Booted(nvm)  # the flash no longer holds the game: nothing to say, nothing to offer
    assert "dropped" not in second.notices()
    assert second.app.keeper.saved_game is None and second.app.keeper.stats.best_turn == 2350


class Broken:
    """A computer seat with a bug: it raises when asked for a keep (the app passes that on)."""

    level = "broken"

    def choose_keep(self, game):
        raise RuntimeError("a bug in the computer seat")

    def roll_on(self, game):
        return True

    def piggyback(self, game):
        return False

    def prepare(self, game, stop=None):
        return True


def broken(level, rules, players=2, seat=0):
    return Broken() if level == "normal" else stand_in(level, rules, players, seat)


def test_a_save_that_makes_the_app_raise_is_set_aside_before_the_restart(monkeypatch):
    monkeypatch.setitem(faults._state, "note", None)
    game = Game(preset("classic"), players=2, first=1)  # the computer seat is to play
    nvm = flash_with(game, "human,normal")
    # rolls that score: with fair dice one resumed game in about 40 farkles at once, and the
    # broken seat is never asked for a keep
    first = Booted(nvm, make_player=broken, dice=FixedDice([1, 2, 3, 4, 6, 6] * 20))
    error = first.run(["roll"] + [None] * 30 + ["roll"], frames=2000)  # past the splash, then Resume
    assert error is not None, "the broken computer seat should have raised"
    lines = faults.screen_lines(error, seconds=5)
    assert lines[-1] == "Saved game set aside"
    restarted = Booted(nvm, make_player=broken)  # the same broken player: no loop
    assert ASIDE_NOTICE.replace("\n", " ") in restarted.notices()
    assert restarted.app.keeper.saved_game is None
    assert restarted.run(["roll"], frames=30) is None
    assert restarted.view.title != "Resume saved game?"
    assert restarted.app.keeper.stats.played == 7
    third = Booted(nvm)  # the notice was shown once: the flash forgot it
    assert "set aside" not in third.notices()


def test_an_error_in_a_new_game_keeps_its_save(monkeypatch):
    monkeypatch.setitem(faults._state, "note", None)
    game = Game(preset("classic"), players=2, first=1)
    nvm = flash_with(game, "human,normal")
    booted = Booted(nvm, make_player=broken)
    assert booted.app.keeper.risky
    booted.app.keeper.risky = False  # as after choosing "New game"
    assert booted.app.keeper.fault() is False
    assert faults._state["note"] is None
    assert Booted(nvm).app.keeper.saved_game is not None


def test_the_restore_check_gives_its_heap_back_after_power_on():
    import sys

    game = Game(preset("classic"), players=2, first=0)
    booted = Booted(flash_with(game, "human,normal"))
    assert booted.app.keeper.saved_game is not None  # checked by farkle.reachable, then unloaded
    assert "farkle.reachable" not in sys.modules


def test_after_a_watchdog_reset_the_saved_game_is_set_aside(monkeypatch):
    """A hang raises nothing to catch: the watchdog resets the board. The game that was on the
    flash may be what hung, so the start after a watchdog reset sets it aside with a notice
    instead of offering it into the same hang again; the statistics stay."""
    from app.storage import HUNG_NOTICE

    game = Game(preset("classic"), players=2, first=1)
    nvm = flash_with(game, "human,normal")
    monkeypatch.setattr(alive, "restart_reason", lambda: "watchdog")  # what app.persist asks
    hung = Booted(nvm)
    assert hung.app.keeper.saved_game is None
    assert HUNG_NOTICE.replace("\n", " ") in hung.notices()
    assert hung.run(["roll"], frames=30) is None
    assert hung.view.title != "Resume saved game?"
    monkeypatch.setattr(alive, "restart_reason", lambda: None)
    after = Booted(nvm)  # the next ordinary start offers nothing and says nothing more
    assert after.app.keeper.saved_game is None and after.app.keeper.stats.played == 7
    assert "set aside" not in after.notices()


def test_a_watchdog_reset_without_a_saved_game_writes_nothing(monkeypatch):
    nvm = FlashNVM()
    monkeypatch.setattr(alive, "restart_reason", lambda: "watchdog")  # what app.persist asks
    before = bytes(nvm[0:len(nvm)])
    booted = Booted(nvm)
    assert booted.app.keeper.saved_game is None
    assert bytes(nvm[0:len(nvm)]) == before
