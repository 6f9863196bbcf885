"""The app's memory on the simulated board (app.persist): saves at turn boundaries, the resume
offer after a power cut (also one in the middle of a save), statistics and the dice check.

The board's NVM is hardware.sim.nvm.FlashNVM; "power off" is building a new App on a copy
of the flash, as the board would find it at the next power-on.
"""

import random

import pytest
from simrig import FRAME, Rig, stand_in, stand_in_hint

from app.main import App
from app.setup import Setup
from farkle.dice import FixedDice, RandomDice
from farkle.savegame import dumps
from hardware import nvm_store
from hardware.sim.board import ManualClock, SimBoard
from hardware.sim.nvm import FlashNVM, PowerCut


class NvmRig(Rig):
    """simrig.Rig on a board whose NVM is ``nvm`` (a FlashNVM)."""

    def __init__(self, nvm, dice=None, players=2, seats=("human", "normal"), layout="macropad"):
        self.clock = ManualClock(1000)
        self.board = SimBoard(layout, self.clock)
        self.board.nvm = nvm
        self.board.display.refresh = lambda **kw: True  # no pictures here: fast frames
        self.dice = dice
        setup = Setup()
        setup.players = players
        for i, level in enumerate(seats):
            setup.seats[i] = level
        self.app = App(self.board, make_player=stand_in, hint=stand_in_hint, dice=dice, setup=setup)
        self.controller = self.app.controller
        self.view = self.app.view
        self.keeper = self.app.keeper
        self.frames = []
        self.step()

    def rows(self):
        return [r[0] for r in self.view.rows]


def boot(data, **kw):
    """Power on with this flash content."""
    return NvmRig(FlashNVM(data=bytes(data)), **kw)


def drive(rig, done, limit=20000):
    """Play on until ``done()``: the human seats take the best keep and bank at 350 when
    allowed; computer seats play themselves. Fails if ``done`` never comes."""
    for _ in range(limit):
        if done():
            return
        game = rig.game
        c = rig.controller
        if game is not None and c.idle() and rig.screen == "play" and c.seats[game.current] is None \
                and game.current == c.player and not game.is_over():
            if game.phase == 2:
                rig.tap("best", "bank" if game.turn_total + game.best_keep()[1] >= 350 else "roll")
            elif game.phase == 3:
                rig.tap("bank" if game.why_not_bank() is None else "roll")
            else:
                rig.tap("roll")
        else:
            rig.step()
    raise AssertionError("no progress (screen %s)" % rig.screen)


def play_turns(rig, turns):
    target = rig.game.turns + turns
    drive(rig, lambda: rig.game.is_over() or rig.game.turns >= target)


def next_save(rig):
    """Play until the Keeper has written one more save."""
    store = rig.keeper.store
    seq = store.seq
    drive(rig, lambda: store.seq != seq)


def start_game(rig):
    rig.run(3000)
    assert rig.screen == "setup"
    rig.tap("roll")  # start
    rig.until("rolloff")
    rig.tap("roll")
    rig.until("play")
    rig.settle()


def test_fresh_board_no_offer_then_saves_at_turn_boundaries():
    nvm = FlashNVM()
    rig = NvmRig(nvm, dice=RandomDice(5))
    start_game(rig)
    saves = rig.keeper.saves
    assert saves >= 1  # the game was saved when the roll-off ended
    play_turns(rig, 6)
    assert rig.keeper.saves >= saves + 5
    assert nvm.erases <= 1  # appended: at most one sector rewrite
    rig.run(500)  # the last turn's save, made in a frame once the screen is drawn
    writes = nvm.writes
    rig.run(2000)  # nothing changes: nothing is written
    assert nvm.writes == writes


def test_resume_after_power_off_is_identical():
    nvm = FlashNVM()
    rig = NvmRig(nvm, dice=RandomDice(7))
    start_game(rig)
    play_turns(rig, 5)
    rig.settle()
    saved = rig.keeper.boundary[0]
    stats = rig.keeper.stats.to_bytes()
    again = boot(nvm.data, dice=RandomDice(99))
    again.run(3000)
    assert again.screen == "pause" and again.view.title == "Resume saved game?"
    assert again.rows()[:2] == ["Resume", "New game"]
    again.tap("roll")  # Resume
    game = again.game
    assert dumps(game) == saved  # scores, turn, dice in hand, log: all as saved
    assert game.scores == rig.keeper.game.scores or dumps(rig.game) != saved
    assert again.keeper.stats.to_bytes() == stats
    assert again.screen in ("play", "rolloff")
    assert again.controller.player == game.current
    play_turns(again, 3)  # and it plays on
    assert again.game.turns >= game.turns


def test_resume_offer_new_game_drops_it():
    nvm = FlashNVM()
    rig = NvmRig(nvm, dice=RandomDice(8))
    start_game(rig)
    play_turns(rig, 2)
    again = boot(nvm.data)
    again.tap("roll")  # skip the splash
    assert again.view.title == "Resume saved game?"
    again.tap("menu")  # the offer wants an answer
    assert again.view.title == "Resume saved game?"
    again.tap("down", "roll")  # New game
    assert again.screen == "setup"
    third = boot(again.board.nvm.data)
    third.tap("roll")
    assert third.screen == "setup"  # nothing offered any more


def rewrites(nvm):
    """Whether the next save after a boot from ``nvm`` rewrites the sector."""
    ref = boot(bytes(nvm.data), dice=RandomDice(11))
    resume(ref)
    next_save(ref)
    return ref.board.nvm.erases == 1


def resume(rig):
    rig.tap("roll")  # past the splash
    assert rig.view.title == "Resume saved game?"
    rig.tap("roll")  # Resume


@pytest.mark.parametrize("which", ["append", "rewrite"])
def test_resume_after_a_cut_during_a_save(which):
    """Cut the power at many offsets of one turn-end save; the next boot resumes the game as
    it was before or after that save, identically, and never shows a broken game. (Every
    offset of many saves is cut in tests/test_power_cut.py; this is the whole app on top.)"""
    nvm = FlashNVM()
    rig = NvmRig(nvm, dice=RandomDice(11))
    start_game(rig)
    store = rig.keeper.store
    next_save(rig)
    if which == "rewrite":  # until the next save no longer fits: it rewrites the sector
        while store.end + len(store.last) + nvm_store.HEADER + 24 <= store.size or not rewrites(nvm):
            next_save(rig)
    before = bytes(nvm.data)
    old = rig.keeper.boundary[0]
    # the next save without a cut: what "new" is, and how many steps its write takes
    ref = boot(before, dice=RandomDice(11))
    resume(ref)
    ref.board.nvm.steps_taken = 0
    next_save(ref)
    new = ref.keeper.boundary[0]
    steps, erased = ref.board.nvm.steps_taken, ref.board.nvm.erases == 1
    assert erased == (which == "rewrite") and new != old
    size = len(ref.keeper.store.last) + nvm_store.HEADER
    cuts = sorted(set([0, 1, 2, size - 1, size, size + 1, size + 2, steps - 1]
                      + list(range(3, steps, max(1, steps // 25)))) & set(range(steps)))
    outcomes = []
    for k in cuts:
        trial = boot(before, dice=RandomDice(11))
        resume(trial)
        trial.board.nvm.cut_after = k
        with pytest.raises(PowerCut):
            next_save(trial)
        after = boot(trial.board.nvm.data)
        after.tap("roll")
        if after.view.title == "Resume saved game?":
            after.tap("roll")
            found = dumps(after.game)
            assert found in (old, new), k
            outcomes.append("old" if found == old else "new")
            assert after.screen in ("play", "rolloff")
        else:  # only in the documented erase window of a sector rewrite
            assert erased and k <= size and after.screen == "setup", k
            outcomes.append("none")
    if erased:
        assert outcomes.count("none") == len([k for k in cuts if k <= size - 1]) + (outcomes[cuts.index(size)] == "none")
        assert set(outcomes[cuts.index(size + 1):]) == {"new"}
    else:
        # an append that did not finish leaves the record before it: the old game
        assert set(outcomes) <= {"old", "new"} and outcomes.count("old") >= len(cuts) - 1
    done = boot(ref.board.nvm.data)
    resume(done)
    assert dumps(done.game) == new


def test_stats_count_a_whole_game_and_reset():
    nvm = FlashNVM()
    rig = NvmRig(nvm, dice=RandomDice(3))
    start_game(rig)
    play_turns(rig, 400)
    rig.until("end")
    stats = rig.keeper.stats
    assert stats.played == 1 and sum(w for _, w in stats.seats.values()) == 1
    assert stats.best_turn >= 350 and stats.farkles >= 1
    assert set(stats.seats) == {"human", "normal"}
    again = boot(nvm.data)
    again.tap("roll")
    assert again.screen == "setup"  # a finished game is not offered
    again.tap("menu")  # More
    assert again.view.title == "More"
    again.tap("roll")  # Statistics
    assert again.view.title == "Statistics"
    assert again.rows()[0] == "Games" and again.view.rows[0][1] == "1"
    reset = again.rows().index("Reset stats")
    for _ in range(reset):
        again.tap("down")
    again.tap("roll")
    assert again.view.rows[reset][1] == "sure?"
    again.tap("roll")
    assert again.keeper.stats.played == 0 and again.view.rows[0][1] == "0"
    again.tap("menu")
    assert again.screen == "setup"
    assert boot(again.board.nvm.data).keeper.stats.played == 0  # the reset was saved


def test_a_panel_reads_its_code_in_a_frame_and_shows_in_the_next():
    """"More" from the set-up menu: app.panels is read in one frame (the set-up menu still
    showing, the keys waiting), its rows made and the screen switched in the next; a
    board's frame holds one or the other. Open, the panel's keys act at once."""
    import sys

    rig = NvmRig(FlashNVM(), dice=RandomDice(5))
    rig.tap("roll")
    assert rig.screen == "setup" and "app.panels" not in sys.modules
    rig.board.keys.tap("menu")
    rig.step()  # the key: the job starts
    assert rig.screen == "setup" and rig.controller.job is not None
    rig.board.keys.tap("die1")  # down: it waits for the job
    rig.step()  # the panel's code read
    assert "app.panels" in sys.modules and rig.screen == "setup" and rig.keeper.panel is None
    rig.step()  # its rows and the screen
    assert rig.view.title == "More" and rig.controller.job is None
    rig.step()
    assert rig.view.cursor == 1  # the waiting key, on the panel
    rig.tap("die0", "roll")  # up, then Statistics: app.panels is loaded, no frame between
    assert rig.view.title == "Statistics"


def test_dice_check_and_stats_from_the_pause_menu():
    rig = NvmRig(FlashNVM(), dice=RandomDice(4))
    start_game(rig)
    play_turns(rig, 3)
    rig.settle()
    rig.tap("menu")
    rows = rig.rows()
    assert rows[-2:] == ["Statistics", "Dice check"]
    for _ in range(len(rows) - 1):
        rig.tap("down")
    rig.tap("roll")
    assert rig.view.title == "Dice since power-on"
    counts = rig.keeper.dice.counts
    assert rig.view.rows[0][1].startswith("%d " % counts[1])
    assert rig.view.rows[6] == ("Rolled", str(sum(counts)))
    rig.tap("mute")  # the mute key does not close or redraw the panel away
    assert rig.view.title == "Dice since power-on"
    rig.tap("menu")
    assert rig.view.title == "Menu"
    rig.tap("menu")
    assert rig.screen == "play"


def test_a_save_is_written_in_a_frame_with_nothing_else_to_draw():
    """A save (a flash write: ~20 ms on a board) waits for a frame in which the controller
    changed nothing on show and no new screen is half drawn."""
    rig = NvmRig(FlashNVM(), dice=RandomDice(5))
    busy = []
    frame = {}
    update, save = rig.controller.update, rig.keeper._save

    def marked_update():
        frame["version"] = rig.view.version
        update()

    def watched_save():
        if rig.view.version != frame.get("version") or rig.app.screens.incomplete:
            busy.append(rig.screen)
        save()

    rig.controller.update = marked_update
    rig.keeper._save = watched_save
    start_game(rig)
    saves = rig.keeper.saves
    play_turns(rig, 6)
    rig.run(500)
    assert rig.keeper.saves >= saves + 5 and busy == []


def test_settings_survive_a_power_cycle():
    nvm = FlashNVM()
    rig = NvmRig(nvm)
    rig.tap("roll")  # splash -> set-up
    rig.tap("die3")  # players 2 -> 3
    rig.tap("mute")
    rig.run(100)  # the save: in the next frame where the screen has nothing to draw
    assert rig.controller.setup.players == 3
    again = boot(nvm.data)
    assert again.controller.setup.players == 3 and again.controller.setup.mute


def test_mute_pressed_during_a_game_survives_a_power_cycle():
    nvm = FlashNVM()
    rig = NvmRig(nvm, dice=RandomDice(5))  # seeded: a roll-off tie would need another roll
    start_game(rig)
    assert not rig.controller.setup.mute
    rig.tap("mute")  # in play, where the keeper only watches the mute key
    rig.run(100)
    assert boot(nvm.data).controller.setup.mute


def test_foreign_nvm_content_gives_a_notice_and_is_ignored():
    data = bytes(random.Random(2).getrandbits(8) for _ in range(4096))
    rig = boot(data)
    assert rig.screen == "splash"
    assert "ignored" in " ".join(rig.controller.notice_lines)
    rig.tap("roll")
    assert rig.screen == "setup"


def test_a_panel_whose_code_finds_no_heap_leaves_the_pause_menu_working(monkeypatch):
    """A board's heap in a full game may have no room for the statistics' code: the pause
    menu stays, says so on its status line, and still resumes the game, which is intact."""
    import sys

    from app import modules
    from app import view as v

    rig = NvmRig(FlashNVM(), dice=RandomDice(4))
    start_game(rig)
    play_turns(rig, 2)
    rig.settle()
    scores, turns = list(rig.game.scores), rig.game.turns
    rig.tap("menu")
    rows = rig.rows()
    real_import = __import__

    def no_room(name, *args, **kwargs):
        if name == "app.panels":
            raise MemoryError("memory allocation failed, allocating 689 bytes")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(modules, "__import__", no_room, raising=False)
    monkeypatch.delitem(sys.modules, "app.panels", raising=False)
    for _ in range(rows.index("Statistics")):
        rig.tap("down")
    rig.tap("roll")
    rig.run(200)
    assert rig.keeper.panel is None and rig.view.title == "Menu" and rig.rows() == rows
    assert rig.view.status == v.NO_ROOM and "app.panels" not in sys.modules
    rig.tap("menu")
    assert rig.screen == "play" and list(rig.game.scores) == scores and rig.game.turns == turns


def test_a_game_left_for_a_new_one_leaves_nothing_of_it_in_the_heap():
    """"New game" from the pause menu: the old game (and with it the engine's code a board
    forgets) is garbage once the set-up menu shows; a reference left behind (the counted
    odds' game was one) kept about 7 KB of a board's heap from every later game."""
    import gc
    import weakref

    rig = NvmRig(FlashNVM(), dice=RandomDice(4))
    start_game(rig)
    play_turns(rig, 2)
    rig.settle()
    assert rig.controller.odds_game is rig.game  # counted while the game showed
    old = weakref.ref(rig.game)
    rig.tap("menu")
    for _ in range(rig.rows().index("New game")):
        rig.tap("down")
    rig.tap("roll", "roll")  # "sure?", then yes
    for _ in range(50):  # as the set-up menu first shows: its first frames may be busy ones
        if rig.screen == "setup":
            break
        rig.step()
    assert rig.screen == "setup"
    gc.collect()
    assert old() is None


def _menu_code_fails(monkeypatch, times):
    """The pause menu's code finds no heap the next ``times`` times it is imported."""
    import builtins
    import sys

    real_import = builtins.__import__
    left = [times]

    def no_room(name, globals=None, locals=None, fromlist=(), level=0):
        menu = name == "app.pausemenu" or (name == "app" and fromlist and "pausemenu" in fromlist)
        if menu and "app.pausemenu" not in sys.modules and left[0]:
            left[0] -= 1
            raise MemoryError("memory allocation failed, allocating 298 bytes")
        return real_import(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", no_room)
    monkeypatch.delitem(sys.modules, "app.pausemenu", raising=False)
    return left


def test_a_pause_menu_that_finds_no_heap_leaves_the_game_going_and_says_so():
    """MENU in a full game on a board: the menu's code may find no room. The game goes on,
    intact, and says so (never the error screen for a menu); a later press opens it."""
    import sys

    from app import view as v

    rig = NvmRig(FlashNVM(), dice=RandomDice(4))
    start_game(rig)
    play_turns(rig, 2)
    rig.settle()
    scores, turns = list(rig.game.scores), rig.game.turns
    with pytest.MonkeyPatch.context() as monkeypatch:
        left = _menu_code_fails(monkeypatch, 1)
        rig.board.keys.tap("menu")
        for _ in range(3):  # the key's frame, then the menu's code read in one of its own
            rig.step()
        assert left == [0] and rig.screen == "play" and v.NO_ROOM in " ".join(rig.view.message)
        assert "app.pausemenu" not in sys.modules
    assert list(rig.game.scores) == scores and rig.game.turns == turns
    rig.tap("menu")  # room again: the menu opens
    assert rig.screen == "pause" and rig.view.title == "Menu"
