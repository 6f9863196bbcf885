"""Out of heap on a board, the game goes on: the expert gives way to hard and says so, a hint
says it cannot think right now, and a save that could not be written is tried again while
the last one stays intact."""
import sys

import pytest
from simrig import StandIn
from test_app_controller import Rig

from app import view as v
from app.persist import Keeper
from farkle import players
from farkle.players import expert_files
from farkle.presets import preset
from hardware import nvm_store


def test_expert_that_cannot_load_gives_way_to_hard(monkeypatch):
    def no_room(*args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(expert_files, "make", no_room)
    player = players.make_player("expert", preset("classic"), 2, 1)
    assert player.level == "hard" and player.demoted == "expert"
    assert not hasattr(players.make_player("hard", preset("classic"), 2, 1), "demoted")


class Greedy(StandIn):
    """Runs out of heap the first time it is asked for a keep."""

    level = "expert"

    def choose_keep(self, game):
        raise MemoryError("memory allocation failed")


def test_a_computer_out_of_heap_is_demoted_and_the_game_goes_on():
    made = []

    def make(level, rules, n=2, seat=0):
        made.append(level)
        return (Greedy if level == "expert" else StandIn)(rules, n, seat)

    rig = Rig(dice=[1, 6] + [1, 2, 3, 4, 6, 6] * 400, seats=("human", "expert"), make_player=make)
    rig.start()
    said = []
    for _ in range(3000):  # a minute of play
        rig.step()
        said.append(rig.said())
    assert made == ["expert", "hard"]
    assert any("Not enough memory for expert: C2 plays stand-in" in text for text in said)
    assert rig.c.seats[1].level == "stand-in" and rig.view.screen == v.PLAY
    assert rig.game.turns >= 1  # the demoted seat finished its turn


class Thinker(StandIn):
    """An expert whose work ahead always runs out of heap, after a step that succeeds."""

    level = "expert"

    def __init__(self, *args):
        StandIn.__init__(self, *args)
        self.steps = 0

    def prepare(self, game, stop=None):
        self.steps += 1
        if self.steps % 2 == 0:
            raise MemoryError("memory allocation failed")
        return False


def test_an_expert_out_of_heap_with_no_room_for_hard_ends_in_the_error_not_a_stall():
    """Nothing lighter fits: the work would start over every frame and the turn never end,
    so the MemoryError goes on to the error screen (and the restart)."""
    def make(level, rules, n=2, seat=0):
        if level == "hard":
            raise MemoryError("memory allocation failed")
        return (Thinker if level == "expert" else StandIn)(rules, n, seat)

    rig = Rig(dice=[1, 6] + [1, 2, 3, 4, 6, 6] * 400, seats=("human", "expert"), make_player=make)
    rig.start()
    with pytest.raises(MemoryError):
        for _ in range(3000):  # a minute of play
            rig.step()


def test_a_hint_out_of_heap_says_it_cannot_think_now():
    def no_room(game, player=None):
        raise MemoryError("memory allocation failed")

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=("human", "normal"), hint=no_room)
    rig.start()
    rig.tap("hint")
    rig.settle()  # the advice is worked out in the frames after "thinking..."
    assert "can't think right now" in rig.said()
    assert rig.view.screen == v.PLAY
    assert not rig.c.advisers  # their heap given back: the next hint makes its adviser again


def test_a_save_out_of_heap_is_tried_again_and_the_last_one_kept(monkeypatch):
    nvm = bytearray(b"\xff" * 4096)
    keeper = Keeper(nvm)
    keeper.attach(Rig().c)
    keeper._save()
    first = bytes(nvm)
    assert keeper.saves == 1

    def no_room(payload, framed=None, collect=True):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(keeper.store, "save", no_room)
    keeper.stats.played += 1
    keeper._save()
    assert keeper.dirty is True and bytes(nvm) == first  # nothing lost, due again
    monkeypatch.undo()
    keeper._save()
    assert keeper.dirty is False and keeper.saves == 2
    assert nvm_store.Store(nvm).load() is not None
    assert keeper.short == 1  # counted: the board check fails a game whose saves waited


def test_a_turn_boundary_out_of_heap_is_captured_a_frame_later(monkeypatch):
    """Capturing the game at a turn's end needs heap too: out of it, the game goes on and
    the capture is tried again next frame (the last save stays in the flash meanwhile)."""
    from farkle import savegame

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 20, seats=("human", "human"))
    keeper = Keeper(bytearray(b"\xff" * 4096))
    keeper.attach(rig.c)
    rig.start()
    real = savegame.dump_into
    monkeypatch.setattr(savegame, "dump_into", lambda game, out: (_ for _ in ()).throw(MemoryError("no heap")))
    keeper.update()
    assert keeper.short == 1 and keeper.boundary is None
    monkeypatch.setattr(savegame, "dump_into", real)
    keeper.update()
    assert keeper.boundary is not None and bytes(keeper.boundary[0]) == savegame.dumps(rig.game)


class Roomless(StandIn):
    """An expert whose turn's rows find no room."""

    level = "expert"

    def reserve(self):
        return False


class Unmade(StandIn):
    """An expert with no room for its code or its table."""

    level = "expert"

    def __init__(self, *args):
        raise MemoryError("memory allocation failed")


@pytest.mark.parametrize("expert", [Roomless, Unmade])
def test_a_hint_whose_expert_finds_no_heap_comes_from_hard(expert):
    """A game's broken-up heap may not hold an expert no seat plays, or its turn's rows:
    hard advises instead, rather than a hint that cannot think."""
    made, asked = [], []

    def make(level, rules, n=2, seat=0):
        made.append(level)
        return (expert if level == "expert" else StandIn)(rules, n, seat)

    def hint(game, player=None):
        asked.append(player)
        return {"keep": game.best_keep()[0], "roll": True}

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=("human", "normal"), make_player=make, hint=hint)
    rig.start()
    made.clear()
    rig.tap("hint")
    rig.settle()
    assert made == ["expert", "hard"]
    assert [player.level for player in asked] == ["stand-in"] and asked[0] is rig.c.advisers[0]
    assert rig.said().startswith("Hint: ") and "can't think" not in rig.said()


def hinted_levels(monkeypatch, room, expert_code_loaded):
    """The levels a hint made an adviser of, with ``room`` bytes free (the board's free heap,
    read as the hint begins) and the expert's play code loaded (a seat's expert) or not."""
    from app import advice, modules
    from farkle.players import play_code

    for name in play_code("expert", preset("classic"), 2):
        if expert_code_loaded:
            __import__(name)
        else:  # as on a board whose seats have no expert: forgotten (put back after the test)
            monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(modules, "MEM_FREE", lambda: room)
    monkeypatch.setattr(advice, "MEM_FREE", lambda: room)
    made = []

    def make(level, rules, n=2, seat=0):
        made.append(level)
        return StandIn(rules, n, seat)

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=("human", "normal"), make_player=make,
              hint=lambda game, player=None: {"roll": True})
    rig.start()
    made.clear()
    if not expert_code_loaded:  # the game's start may have read them: a board forgets them
        for name in play_code("expert", preset("classic"), 2):
            monkeypatch.delitem(sys.modules, name, raising=False)
    rig.tap("hint")
    rig.settle()
    assert rig.said().startswith("Hint: ")
    return made


def test_a_hint_in_a_heap_too_short_for_the_expert_asks_hard_at_once(monkeypatch):
    """Trying the expert there would load its code a module a frame only to give up."""
    from app import advice

    assert hinted_levels(monkeypatch, advice.EXPERT_ROOM - 1, expert_code_loaded=False) == ["hard"]


def test_a_hint_with_room_for_the_expert_asks_it(monkeypatch):
    from app import advice

    assert hinted_levels(monkeypatch, advice.EXPERT_ROOM, expert_code_loaded=False) == ["expert"]


def test_a_hint_needs_less_room_for_the_expert_where_a_seat_keeps_its_code_loaded(monkeypatch):
    """Only the code that opens its file, its table and its rows are then to find room."""
    from app import advice

    assert advice.EXPERT_ROOM_LOADED < advice.EXPERT_ROOM
    assert hinted_levels(monkeypatch, advice.EXPERT_ROOM_LOADED, expert_code_loaded=True) == ["expert"]
    assert hinted_levels(monkeypatch, advice.EXPERT_ROOM_LOADED - 1, expert_code_loaded=True) == ["hard"]


class Hungry(StandIn):
    """A hard player that runs out of heap: there is nothing lighter to give way to."""

    level = "hard"

    def choose_keep(self, game):
        raise MemoryError("memory allocation failed")


def test_a_player_with_nothing_lighter_lets_the_error_through():
    """Then the firmware's error screen and restart take over (the save is intact), rather
    than a game that hangs retrying."""
    rig = Rig(dice=[1, 6] + [1, 2, 3, 4, 6, 6] * 400, seats=("human", "hard"),
              make_player=lambda level, rules, n=2, seat=0: Hungry(rules, n, seat))
    rig.start()
    with pytest.raises(MemoryError):
        for _ in range(3000):
            rig.step()


@pytest.mark.parametrize("seat, gone", [
    ("normal", ["farkle.players.expert_turns", "farkle.players.expert_table", "farkle.players.expert",
                "farkle.players.expert_duel", "farkle.players.hard"]),
    ("hard", ["farkle.players.expert_turns", "farkle.players.expert_table", "farkle.players.expert",
              "farkle.players.expert_duel"]),
    ("expert", ["farkle.players.policy", "farkle.players.normal", "farkle.players.hard"]),
])
def test_on_a_board_the_code_only_advisers_used_goes_at_the_next_turn(monkeypatch, seat, gone):
    """However the advisers went (a hint out of heap drops its adviser at once), the next
    turn forgets the expert's code, and hard's a hint fell back to, where no seat plays with
    it (``farkle.players.play_code``), and the code that opens the players' files, whoever
    plays. A turn after none asked for a hint lets nothing go: its first frame is a busy one."""
    import types

    from app import computer

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=("human", "normal"))
    rig.start()
    board = types.SimpleNamespace(implementation=types.SimpleNamespace(name="circuitpython"), modules={})
    monkeypatch.setattr(computer, "sys", board)
    forgotten = []
    monkeypatch.setattr(computer, "forget", forgotten.extend)
    rig.c.seats = [None, types.SimpleNamespace(level=seat)]
    rig.c.advisers = {}
    rig.c._let_advisers_go()  # no hint since the last turn: nothing of theirs to let go
    assert forgotten == []
    board.modules["app.advice"] = None  # as a hint out of heap leaves it (its adviser gone)
    rig.c._let_advisers_go()
    assert sorted(forgotten) == sorted(["app.advice", "farkle.players.expert_files", "farkle.players.expert_headers",
                                       "farkle.players.policy_files"] + gone)
    del forgotten[:]
    del board.modules["app.advice"]
    rig.c.advisers = {0: types.SimpleNamespace(level="expert")}  # a hint's adviser
    rig.c._let_advisers_go()
    assert sorted(forgotten) == sorted(["app.advice", "farkle.players.expert_files", "farkle.players.expert_headers",
                                       "farkle.players.policy_files"] + gone)


def test_on_a_board_a_hints_adviser_lets_the_code_that_opened_its_files_go_once_made(monkeypatch):
    """As a seat's player at a game's start: the answer, worked out next, needs that heap."""
    import types

    from app import advice

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=("human", "normal"))
    rig.start()
    forgotten = []
    monkeypatch.setattr(advice, "forget", forgotten.extend)
    assert advice.adviser(rig.c, "hard") and forgotten == []  # a PC keeps its code
    board = types.SimpleNamespace(implementation=types.SimpleNamespace(name="circuitpython"), modules=sys.modules)
    monkeypatch.setattr(advice, "sys", board)
    rig.c.advisers = {}
    assert advice.adviser(rig.c, "hard") and rig.game.current in rig.c.advisers
    assert sorted(forgotten) == ["farkle.players.expert_files", "farkle.players.expert_headers",
                                 "farkle.players.policy_files"]


def test_the_end_of_a_game_takes_back_what_the_players_kept_for_their_turns():
    """The end screen needs heap the expert kept for turns to come (its rows, hard's tables):
    a player's ``game_over`` gives it back before the screen's code loads."""
    class Kept(StandIn):
        over = 0

        def game_over(self):
            self.over += 1

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=("human", "normal"))
    rig.start()
    kept = Kept(preset("classic"), 2, 1)
    rig.c.seats = [None, kept, StandIn(preset("classic"), 2, 1)]  # one without it: optional
    next(rig.c._ending())
    assert kept.over == 1


class Reserving(StandIn):
    """Records when it was asked to take its heap ahead, and what was made by then."""

    level = "expert"
    log = None

    def reserve(self):
        self.log.append(("reserve", self))
        if self.fails:
            raise MemoryError("memory allocation failed")


def _reserving_game(fails):
    log = []

    def make(level, rules, n=2, seat=0):
        player = Reserving(rules, n, seat)
        player.log, player.fails = log, fails
        log.append(("made", player))
        return player

    rig = Rig(dice=[1, 6] + [1, 2, 3, 4, 6, 6] * 400, players=3, seats=("human", "expert", "expert"),
              make_player=make)
    rig.start()
    return rig, log


def test_a_game_start_has_each_computer_seat_reserve_its_heap_once_it_is_made():
    """Each seat takes its turns' heap in the game's start, right after it is made (and the
    code that made it is gone), once: not at its first turn, when the heap is broken up."""
    rig, log = _reserving_game(fails=False)
    first, second = rig.c.seats[1], rig.c.seats[2]
    assert log == [("made", first), ("reserve", first), ("made", second), ("reserve", second)]


def test_a_seat_whose_reserve_finds_no_heap_still_plays_its_turns():
    """Out of heap while reserving, a seat is kept as it is (its first turn takes the heap)."""
    rig, log = _reserving_game(fails=True)
    assert [entry[0] for entry in log] == ["made", "reserve", "made", "reserve"]
    seats = list(rig.c.seats)
    assert [getattr(seat, "level", None) for seat in seats] == [None, "expert", "expert"]
    for _ in range(3000):
        rig.step()
    assert rig.c.seats == seats and rig.view.screen == v.PLAY
    assert rig.game.turns >= 1 and any("keep" in seat.asked for seat in seats[1:])


def _drawing_fails(monkeypatch, times):
    """Label drawing that runs out of heap ``times`` times, after the label took the text
    (the simulator's font draws into a bitmap; the board's, a tile per character)."""
    from app import label_bitmap
    from app.label import Label

    left = [times]

    def short_of_heap(draw):
        def drawing(*args):
            if left[0] > 0:
                left[0] -= 1
                raise MemoryError("memory allocation failed, allocating 136 bytes")
            return draw(*args)

        return drawing

    monkeypatch.setattr(Label, "_set_cells", short_of_heap(Label._set_cells))
    monkeypatch.setattr(label_bitmap, "draw", short_of_heap(label_bitmap.draw))
    return left


def test_a_frame_whose_drawing_runs_out_of_heap_is_drawn_again_whole(monkeypatch):
    from simrig import Rig as SimRig
    from test_app_screens import start

    dice = [6, 1] + [1, 5, 2, 3, 4, 6] * 40
    calm, short = SimRig(dice=list(dice)), SimRig(dice=list(dice))
    start(calm)
    start(short)
    left = _drawing_fails(monkeypatch, 1)
    for rig in (short, calm):  # a roll: the dice tumble, the texts change
        rig.tap("roll")
        rig.run(2000)
    assert left == [0]  # it did run out, and no error escaped
    assert short.screen == calm.screen == "play" and short.text() == calm.text()
    for _ in range(4):
        short.step()
        calm.step()
    assert short.board.display.snapshot().tobytes() == calm.board.display.snapshot().tobytes()


def test_drawing_that_never_finds_heap_ends_in_the_error_path(monkeypatch):
    from simrig import Rig as SimRig
    from test_app_screens import start

    from app import main

    rig = SimRig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 40)
    start(rig)
    _drawing_fails(monkeypatch, 1 << 30)
    rig.tap("roll")
    with pytest.raises(MemoryError):
        for _ in range(main.REDRAWS * 10):  # the first frame to draw fails, and each after it
            rig.step()


class Calm(StandIn):
    """An expert stand-in that plays as it is told."""

    level = "expert"


class _Board:
    """``sys`` as a board's interpreter shows it (its modules the host's)."""

    def __init__(self):
        import sys
        import types

        self.implementation = types.SimpleNamespace(name="circuitpython")
        self.modules = sys.modules


@pytest.mark.parametrize("seats, expert", [
    (("human", "expert"), Calm),  # let go just before the expert's rows are made
    (("human", "expert"), StandIn),  # the seat's expert gave way to another level
    (("human", "normal"), Calm),  # no expert: the game has it from its start
])
def test_on_a_board_the_heap_for_the_experts_rows_is_kept_from_power_up(monkeypatch, seats, expert):
    """By a game's start the heap is broken up into holes smaller than the expert's rows:
    a block kept whole since power-up is let go for them, or for the game if no expert plays."""
    from app import powerup

    monkeypatch.setattr(powerup, "sys", _Board())

    def make(level, rules, n=2, seat=0):
        return (expert if level == "expert" else StandIn)(rules, n, seat)

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 10, seats=seats, make_player=make)
    assert len(rig.c.rows_room) == powerup.ROWS_ROOM
    rig.start()
    assert rig.c.rows_room is None


def test_a_pc_keeps_no_heap_for_the_experts_rows():
    assert Rig(seats=("human", "expert")).c.rows_room is None


def test_a_turn_boundary_is_captured_into_the_buffers_made_at_power_up():
    """A capture at every turn makes no new block of heap: the game and the statistics are
    written into the keeper's own bytearrays, the same ones turn after turn."""
    from farkle import savegame

    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 20, seats=("human", "human"))
    keeper = Keeper(bytearray(b"\xff" * 4096))
    keeper.attach(rig.c)
    game_out, stats_out = keeper.game_out, keeper.stats_out
    rig.start()
    keeper.update()
    assert keeper.boundary[0] is game_out and keeper.boundary[1] is stats_out
    assert bytes(game_out) == savegame.dumps(rig.game) and bytes(stats_out) == keeper.stats.to_bytes()


def test_a_win_meter_with_no_heap_for_its_expert_leaves_the_game_without_it():
    """The meter is an extra: where its expert finds no heap at the game's start, the game
    starts and plays on without it."""
    from farkle.players import make_player

    def make(level, rules, n=2, seat=0):
        if level == "expert":
            raise MemoryError("memory allocation failed, allocating 412 bytes")
        return make_player(level, rules, n, seat)

    import simrig

    rig = simrig.Rig(dice=[6, 2] + [1, 5, 2, 2, 3, 4] * 20, seats=("human", "normal"), make_player=make)
    rig.controller.setup.meter = True
    rig.tap("roll", "roll", "roll")
    rig.until("play")
    assert rig.game is not None and rig.controller.meter is None and rig.view.meter is None
