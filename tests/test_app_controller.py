"""The UI controller alone (no display): menus, refusals, animations, computer turns, sound.

A manual clock drives it; the dice are fixed; computer seats are a trivial stand-in (so these
tests do not depend on how well farkle.players plays).
"""

import sys

import pytest
from simrig import StandIn, stand_in, stand_in_hint

from app import input as act
from app import view as v
from app.controller import CPU_THINK_MS, Controller, ticks_add, ticks_diff
from app.pace import PRESS_MS
from app.setup import Setup
from farkle.dice import FixedDice
from farkle.presets import preset

KEYS = {name: i for i, name in enumerate(act.ACTION_NAMES)}


class Rig:
    """A controller on a manual clock, 20 ms frames."""

    def __init__(self, dice=(), players=2, seats=("human", "normal"), preset_index=0, options=None,
                 make_player=stand_in, hint=stand_in_hint, setup=None):
        self.now = 1000
        if setup is None:
            setup = Setup()
            setup.players = players
            for i, level in enumerate(seats):
                setup.seats[i] = level
            setup.preset = preset_index
            setup.options = dict(options or {})
        self.setup = setup
        self.dice = FixedDice(list(dice))
        self.c = Controller(lambda: self.now, make_player=make_player, hint=hint, dice=self.dice, setup=setup)
        self.view = self.c.view
        self.sounds = []

    def step(self, ms=20):
        self.now += ms
        self.c.update()
        self.sounds.extend(self.c.take_sounds())

    def run(self, ms):
        for _ in range(ms // 20):
            self.step()

    def tap(self, *names):
        """Press each key, one frame each, then frames until a job it started (a game's
        start, the set-up menu's code: a step a frame) is done."""
        for name in names:
            self.c.press(KEYS[name])
            self.step()
            self.finish_job()

    def finish_job(self):
        while self.c.job is not None:
            self.step()

    def settle(self, limit=60000):
        for _ in range(limit // 20):
            if self.c.idle():
                return
            self.step()
        raise AssertionError("did not settle")

    def said(self):
        return " ".join(self.c.message_lines)

    @property
    def game(self):
        return self.c.game

    def start(self):
        """From power-on to the first turn (the dice must begin with the roll-off)."""
        self.tap("roll", "roll")  # splash -> set-up -> roll-off
        assert self.view.screen == v.ROLLOFF
        for _ in range(3000):
            if self.view.screen == v.PLAY:
                return
            if self.c.idle():
                self.tap("roll")  # a human's roll in the roll-off (ties roll again)
            else:
                self.step()
        raise AssertionError("no first turn")


def rows(rig):
    return [label + "=" + value for label, value in rig.view.rows]


# ----- ticks -----

def test_ticks_wrap_like_adafruit_ticks():
    top = (1 << 29) - 10
    assert ticks_add(top, 30) == 20
    assert ticks_diff(20, top) == 30
    assert ticks_diff(top, 20) == -30


def test_the_clock_may_wrap_during_a_game():
    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6])
    rig.now = (1 << 29) - 1500  # ticks_ms wraps at 2**29 on a board
    rig.c.now = rig.now
    rig.start()
    rig.tap("roll")
    rig.settle()
    assert rig.view.faces == [1, 5, 2, 3, 4, 6] and rig.view.screen == v.PLAY


# ----- splash and set-up -----

def test_splash_goes_to_set_up_by_itself_or_on_a_key():
    rig = Rig()
    assert rig.view.screen == v.SPLASH and rig.view.lines == ["the dice tower", "press any key"]
    rig.run(2600)
    rig.finish_job()  # the set-up menu's code loads a module a frame
    assert rig.view.screen == v.SETUP
    rig = Rig()
    rig.tap("die3")
    assert rig.view.screen == v.SETUP


def test_problems_with_the_settings_stay_on_the_splash_until_a_key():
    rig = Rig()
    rig.c = Controller(lambda: rig.now, notices=["FARKLE_BRIGHTNESS=300: want 0..100; using 25"])
    rig.view = rig.c.view
    assert rig.view.lines == ["FARKLE_BRIGHTNESS=300", ": want 0..100; using"]
    rig.run(1700)
    assert rig.view.lines == [": want 0..100; using", "25"]
    rig.run(10000)
    assert rig.view.screen == v.SPLASH
    rig.tap("roll")
    assert rig.view.screen == v.SETUP


def test_set_up_menu_rows_and_values():
    rig = Rig()
    rig.tap("select")
    assert rows(rig) == ["Players=2", "Seat 1=human", "Seat 2=cpu normal", "Rules=classic", "Target=10000",
                         "Opening=500", "3 farkles=off", "Last round=on", "Sound=on", "Fair start=off", "Win meter=off", "Start game="]
    rig.tap("die3")  # players: more
    assert rows(rig)[:4] == ["Players=3", "Seat 1=human", "Seat 2=cpu normal", "Seat 3=human"]
    for _ in range(6):
        rig.tap("select")
    assert rows(rig)[0] == "Players=2"  # 8, then round to 2
    rig.tap("die2")
    assert rows(rig)[0] == "Players=8" and len(rig.view.rows) == 16
    rig.tap("die3")
    rig.tap("down")  # the knob moves the cursor
    assert rig.view.cursor == 1
    for level in ("easy", "normal", "hard", "expert"):
        rig.tap("select")
        assert rows(rig)[1] == "Seat 1=cpu " + level
    rig.tap("select")
    assert rows(rig)[1] == "Seat 1=human"
    rig.tap("die1", "die1")  # die keys move too: to Rules
    assert rig.view.cursor == 3 and rig.view.top == 1  # three rows shown: it scrolled
    rig.tap("select")
    assert rows(rig)[3:6] == ["Rules=scorecard", "Target=10000", "Opening=500"]
    rig.tap("select")
    assert rows(rig)[3:5] == ["Rules=duel", "Target=10000"]
    rig.tap("down", "select")
    assert rows(rig)[4] == "Target=5000"
    rig.tap("select")
    assert rows(rig)[4] == "Target=15000"
    rig.tap("up", "die2")  # rules back to scorecard: its own options again
    assert rows(rig)[3:5] == ["Rules=scorecard", "Target=10000"]
    rig.tap("up")
    rig.tap("up")
    assert rig.view.cursor == 1
    rig.tap("up", "up")  # wraps round to Start game
    assert rig.view.cursor == len(rig.view.rows) - 1 and rig.view.top == len(rig.view.rows) - 3


def test_fixed_values_do_not_change():
    rig = Rig()
    rig.tap("select")
    rig.tap("die1", "die1", "die1", "die1")  # Target (classic offers no other)
    assert rig.view.rows[rig.view.cursor] == ("Target", "10000")
    rig.tap("select")
    assert rig.view.rows[rig.view.cursor] == ("Target", "10000") and rig.sounds == ["click"]


def test_the_options_chosen_make_the_rules():
    rig = Rig(dice=[6, 1])
    rig.tap("select")
    rig.view.cursor = 6  # 3 farkles
    rig.tap("select")
    rig.view.cursor = 7  # Last round
    rig.tap("select")
    assert rows(rig)[6:8] == ["3 farkles=500", "Last round=off"]
    rig.tap("roll")
    rules = rig.game.rules
    assert rules.name == "classic" and rules.penalty == 500 and rules.final_round is False
    assert rig.view.screen == v.ROLLOFF


def test_start_game_row_starts_with_select():
    rig = Rig()
    rig.tap("select")
    rig.view.cursor = len(rig.view.rows) - 1
    rig.tap("die3")  # the Start row has no value to change
    assert rig.view.screen == v.SETUP
    rig.tap("select")
    assert rig.view.screen == v.ROLLOFF


def test_sound_row_and_mute_key():
    rig = Rig()
    rig.tap("select")
    rig.view.cursor = 8
    rig.tap("select")
    assert rows(rig)[8] == "Sound=off" and rig.view.mute and rig.setup.mute
    rig.tap("mute")
    assert rows(rig)[8] == "Sound=on" and not rig.view.mute


# ----- roll-off -----

def test_roll_off_ties_roll_again():
    rig = Rig(dice=[4, 4, 2, 5], seats=("human", "human"))
    rig.tap("roll", "roll")
    assert rig.view.title == "Who goes first?" and rig.view.status == "Press Roll"
    assert [r[:2] for r in rig.view.rolloff] == [("P1", 0), ("P2", 0)]
    rig.tap("roll")
    rig.run(800)
    assert rig.view.status == "Tie! Roll again"
    rig.settle()
    assert rig.view.screen == v.ROLLOFF and rig.view.status == "Tie! Roll again"
    rig.tap("roll")
    rig.run(800)
    assert rig.view.status == "P2 goes first!"
    assert [r[1:] for r in rig.view.rolloff] == [(2, v.ASIDE), (5, v.SELECTED)]
    rig.settle()
    assert rig.view.screen == v.PLAY and rig.view.header == "P2 0"


def test_computers_roll_off_by_themselves():
    rig = Rig(dice=[3, 5, 2, 2, 2, 3, 4, 6], seats=("easy", "hard"))
    rig.tap("roll", "roll")
    assert rig.view.screen == v.ROLLOFF
    rig.run(CPU_THINK_MS + 100)
    assert rig.view.rolloff[1][1] == 5 or rig.c.step != 0


# ----- play: keys and refusals -----

def test_a_key_during_the_tumble_settles_the_dice_and_acts():
    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6])
    rig.start()
    rig.tap("roll")
    assert rig.view.tumbling
    rig.tap("die0")  # at once: the dice land and die 1 is selected
    assert not rig.view.tumbling and rig.view.faces == [1, 5, 2, 3, 4, 6]
    assert rig.view.states[0] == v.SELECTED and rig.view.status == "Keep +100 = 100"


def test_presses_queued_in_one_frame_all_act_in_order():
    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6])
    rig.start()
    for name in ("roll", "die0", "die1", "die1", "die1"):
        rig.c.press(KEYS[name])
    rig.step()
    assert rig.view.states[:2] == [v.SELECTED, v.SELECTED] and rig.view.status == "Keep +150 = 150"


def three_dice_pressed_at_once(ms_a_look):
    """A rolled six, three dice keys queued in one frame, on a work clock that moves
    ``ms_a_look`` each time it is read (a press reads it once)."""
    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6])
    rig.start()
    rig.tap("roll")
    rig.settle()
    looks = [0]

    def clock():
        looks[0] += ms_a_look
        return looks[0]

    rig.c.work_clock = clock
    for name in ("die0", "die1", "die2"):
        rig.c.press(KEYS[name])
    return rig


def test_presses_past_a_frames_share_of_work_wait_for_the_next_frame_in_order():
    rig = three_dice_pressed_at_once(PRESS_MS)  # each press takes a frame's whole share
    selected = []
    for _ in range(3):
        rig.step()
        selected.append(rig.view.states[:3].count(v.SELECTED))
    assert selected == [1, 2, 3] and not rig.c.queue


def test_cheap_presses_all_act_in_the_frame_they_came_in():
    rig = three_dice_pressed_at_once(PRESS_MS // 4)  # a few ms a press: three fit in one frame
    rig.step()
    assert rig.view.states[:3] == [v.SELECTED] * 3 and not rig.c.queue


def test_a_job_whose_last_step_starts_another_job_runs_that_one_too():
    rig = Rig()
    ran = []

    def second():
        ran.append("second, step 1")
        yield
        ran.append("second, step 2")

    def first():
        ran.append("first")
        yield
        rig.c._start_job(second())  # its last step hands on to a job of its own

    rig.c._start_job(first())
    for _ in range(5):
        rig.step()
    assert ran == ["first", "second, step 1", "second, step 2"]


def test_selection_refusals():
    rig = Rig(dice=[6, 1, 1, 2, 2, 3, 4, 6])
    rig.start()
    rig.tap("die0")
    assert rig.said() == "roll the dice first"
    rig.tap("best")
    assert rig.said() == "roll the dice first"
    rig.tap("roll")
    rig.settle()
    rig.tap("die1", "die2")
    assert rig.said() == "2 2 do not score: set aside only 1s, 5s and scoring combinations"
    assert rig.view.status == "Not a scoring keep"
    rig.tap("roll")
    assert rig.said() == "2 2 do not score: set aside only 1s, 5s and scoring combinations"
    rig.tap("select")  # dismisses the message
    assert rig.view.message == [] and rig.view.cells


def test_a_long_message_scrolls_through_its_lines():
    rig = Rig(dice=[6, 1, 1, 2, 2, 3, 3, 4])
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("die1", "die2", "die3", "die4")
    assert len(rig.c.message_lines) == 4
    first = list(rig.view.message)
    rig.run(1700)
    assert rig.view.message == rig.c.message_lines[1:4] != first
    rig.run(6000)
    assert rig.view.message == [] and rig.view.status == "Not a scoring keep"


def test_take_best_when_nothing_more_scores():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4])
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")  # 150 does not open: the 1 and the 5 are set aside anyway
    rig.tap("best")
    assert rig.said() == "nothing more in this roll scores"
    assert rig.view.status == "Roll 4 or bank 150"


def test_min_bank_after_opening_is_refused_with_its_reason():
    dice = [6, 1,  1, 1, 5, 2, 3, 4,  1, 1, 1,  2, 3, 4, 6, 2, 3,  5, 2, 2, 3, 4, 6]
    rig = Rig(dice=dice, seats=("human", "human"), preset_index=3)  # doubling: 1000 to open, 350 after
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")
    assert rig.said() == "you need 1000 in one turn to get on the board (you have 250)"
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")
    rig.settle()
    assert rig.game.scores == [1250, 0]
    rig.tap("roll")  # P2 farkles
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("die0", "bank")
    assert rig.said() == "a bank needs at least 350 points (you have 50)"


def test_three_farkles_cost_the_penalty():
    farkle = [2, 3, 4, 6, 2, 3]
    dice = [6, 1] + farkle * 6
    rig = Rig(dice=dice, options={"penalty": 500})
    rig.start()
    for _ in range(3):
        rig.tap("roll")
        rig.run(800)
        assert rig.view.banner == "FARKLE!"
        rig.run(1400)
        if _ == 2:
            assert rig.view.banner == "P1 loses 500\nfor 3 farkles"
        rig.settle()
    assert rig.game.scores == [-500, -500]  # the computer farkled three times too


def test_piggyback_take_over_and_refusal():
    # farkel preset: piggybacking on. P1 banks 500 with three dice left; C2 (not on the board)
    # may not take them over; later P1 takes over C2's dice.
    dice = [6, 1,  5, 5, 5, 2, 3, 4,  2, 2, 3,
            1, 1, 1, 2, 3, 4,  5, 2, 3]
    rig = Rig(dice=dice + [2, 3, 4, 6, 2, 3] * 4, seats=("human", "human"), preset_index=4)
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")
    rig.settle()
    assert rig.game.scores == [500, 0] and rig.view.header == "P2 0"
    rig.tap("bank")
    assert rig.said() == "you must be on the board (500 in one turn) before you can piggyback"
    rig.tap("roll")
    rig.settle()
    assert rig.view.banner == "" and rig.view.faces[:3] == [2, 2, 3]
    rig.settle()


def test_piggyback_when_allowed():
    dice = [6, 1,  5, 5, 5, 2, 3, 4,  1, 1, 1, 2, 3, 4,  5, 5, 5, 1, 3, 4,  1, 2, 3]
    rig = Rig(dice=dice + [2, 3, 4, 6, 2, 3] * 4, seats=("human", "human"), preset_index=4)
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")  # P1 500
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")  # P2 1000 (on the board), three dice left
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "bank")  # P1 1000 more: 5 5 5 1 = 600? best of 5 5 5 1 3 4
    rig.settle()
    assert rig.view.header.startswith("P2") and rig.view.status.startswith("Roll or take")
    rig.tap("bank")  # take over
    assert rig.said().startswith("P2 takes over") and rig.game.piggybacked
    assert rig.view.states.count(v.ASIDE) == 6 - rig.game.in_hand
    rig.tap("roll")
    rig.settle()


# ----- computer turns -----

def test_a_computer_turn_is_watchable_and_a_key_hurries_it():
    dice = [2, 6,  1, 1, 1, 2, 3, 4,  2, 2, 3, 3, 4, 6]

    def turn_time(hurry):
        rig = Rig(dice=dice + [2, 3, 4, 6, 2, 3] * 4)
        rig.start()
        assert rig.view.header == "C2 0"
        start = rig.now
        if hurry:
            rig.run(200)
            rig.tap("die0")  # hurries; does not act for the human
        while rig.view.header.startswith("C2"):
            rig.step()
        return rig.now - start, rig

    slow, rig = turn_time(False)
    fast, rig2 = turn_time(True)
    assert slow > 3000 and fast < slow / 2
    assert rig.game.scores == rig2.game.scores == [0, 1000]
    assert rig2.view.states == [v.FREE] * 6 and rig2.view.status == "Roll the dice!"


def test_menu_during_a_computer_turn_pauses_it():
    dice = [2, 6,  1, 1, 1, 2, 3, 4] + [2, 3, 4, 6, 2, 3] * 4
    rig = Rig(dice=dice)
    rig.start()
    rig.run(300)
    rig.tap("menu")
    assert rig.view.screen == v.PAUSE
    log = len(rig.game.log)
    rig.run(20000)
    assert len(rig.game.log) == log  # nothing moved while paused
    rig.tap("menu")
    assert rig.view.screen == v.PLAY
    while rig.view.header.startswith("C2"):
        rig.step()
    assert rig.game.scores == [0, 1000]


def test_the_menus_code_read_in_frames_of_its_own_takes_no_time_from_the_turn():
    """The pause menu's code is read in frames after MENU's: the computer's step that was due
    still has, once the menu shows, the time it had left when MENU was pressed."""
    dice = [2, 6,  1, 1, 1, 2, 3, 4] + [2, 3, 4, 6, 2, 3] * 4
    rig = Rig(dice=dice)
    rig.start()
    rig.run(300)
    left = ticks_diff(rig.c.due, rig.now + 20)  # as MENU's frame will find it
    assert left > 20
    rig.c.press(KEYS["menu"])
    rig.step()
    assert rig.view.screen == v.PLAY and rig.c.job is not None  # the menu's code: next frame
    rig.finish_job()
    assert rig.view.screen == v.PAUSE and rig.c.paused_left == left


class Stubborn(StandIn):
    """Asks to keep dice that do not score."""

    def choose_keep(self, game):
        return [2] if game.phase == 2 else []


def test_a_computer_player_never_stalls_the_game():
    dice = [2, 6,  1, 2, 3, 3, 4, 6] + [2, 3, 4, 6, 2, 3] * 4
    rig = Rig(dice=dice, make_player=lambda level, rules, n, seat: Stubborn(rules, n, seat))
    rig.start()
    while rig.view.header.startswith("C2"):
        rig.step()
    assert [e[:3] for e in rig.game.log if e[0] == "keep"] == [("keep", 1, (1,))]


class SlowThinker(StandIn):
    """Needs ``frames`` calls of ``prepare`` each turn before it can answer (as the expert on a
    board, whose turn table takes seconds): it must never be asked before then."""

    def __init__(self, rules, players=2, seat=0, frames=30):
        StandIn.__init__(self, rules, players, seat)
        self.frames = frames
        self.turn = None
        self.left = frames

    def prepare(self, game, stop=None):
        if self.turn != (game.current, game.turns):
            self.turn, self.left = (game.current, game.turns), self.frames
        self.asked.append("prepare")
        self.left = max(0, self.left - 1)
        return self.left == 0

    def choose_keep(self, game):
        assert self.prepare(game, lambda: True), "asked to keep before it was ready"
        return StandIn.choose_keep(self, game)

    def roll_on(self, game):
        assert self.prepare(game, lambda: True), "asked to roll or bank before it was ready"
        return StandIn.roll_on(self, game)


def test_a_computer_that_works_ahead_is_asked_only_once_ready():
    dice = [2, 6,  1, 1, 1, 2, 3, 4,  2, 2, 3, 3, 4, 6] + [2, 3, 4, 6, 2, 3] * 4
    made = []

    def slow(level, rules, n, seat):
        made.append(SlowThinker(rules, n, seat, frames=200))  # 4 s of 20 ms frames
        return made[-1]

    rig = Rig(dice=dice, make_player=slow)
    rig.start()
    frames = 0
    while rig.view.header.startswith("C2"):
        rig.step()
        frames += 1
    assert rig.game.scores == [0, 1000]  # the same turn as a player that answers at once
    assert frames > 200 and made[-1].asked.count("prepare") > 200


def test_a_hint_that_needs_working_out_says_so_then_shows():
    adviser = SlowThinker(preset("classic"), 2, 0, frames=10)
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], make_player=lambda level, rules, n, seat: adviser)
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("hint")
    assert rig.said() == "Hint: thinking..."
    rig.run(400)
    assert rig.said().startswith("Hint: keep 1 5")


def test_a_ready_hint_reads_its_code_in_a_frame_before_the_answer():
    """A board takes tens of ms to read a module and as long to work out a hint: with the
    adviser ready, the hint's code comes in a frame of its own, the answer in a later one."""
    from app.main import hint
    from app.modules import forget
    from farkle.players import make_player

    hard = lambda level, rules, n, seat: make_player("hard", rules, n, seat)  # noqa: E731
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], make_player=hard, hint=hint)
    rig.start()
    rig.tap("roll")
    rig.settle()
    forget(("farkle.players.hint",))
    rig.c.press(KEYS["hint"])
    read = answered = None
    for frame in range(20):
        rig.step()
        if read is None and "farkle.players.hint" in sys.modules:
            read = frame
        if answered is None and rig.said().startswith("Hint:"):
            answered = frame
    assert rig.said().startswith("Hint: keep 1")
    assert read is not None and read < answered
    assert "farkle.players.hint" not in sys.modules  # forgotten once it answered


def test_without_farkle_players_computer_seats_are_played_by_hand():
    rig = Rig(dice=[2, 6], make_player=None, hint=None)
    rig.start()
    assert rig.view.header == "P2 0" and rig.c.seats == [None, None]
    rig.tap("hint")
    assert rig.said() == "no hints on this board"


def test_hint_from_the_pause_menu():
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4])
    rig.start()
    rig.tap("roll")
    rig.settle()
    rig.tap("menu", "die1", "roll")  # Hint
    assert rig.view.screen == v.PLAY and rig.said().startswith("Hint: keep 1 5")
    rig.tap("menu")  # the hint selected the best keep: Take best would change nothing
    assert [row[0] for row in rig.view.rows[:3]] == ["Resume", "Hint", "Sound"]
    rig.tap("menu", "die1")  # resume, put the 5 back
    assert rig.view.status == "Keep +100 = 100"
    rig.tap("menu", "die1", "die1", "roll")  # Take best
    assert rig.view.status == "Keep +150 = 150"


def test_the_menu_offers_only_what_would_be_done():
    """Hint and Take best are rows of the menu (the tower has no such keys) only when the
    keys would act: before the roll there is nothing to take."""
    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4])
    rig.start()
    rig.tap("menu")
    assert [row[0] for row in rig.view.rows[:3]] == ["Resume", "Hint", "Sound"]


def test_pause_menu_new_game_asks_first():
    rig = Rig(dice=[6, 1])
    rig.start()
    rig.tap("menu")
    assert [r[0] for r in rig.view.rows] == ["Resume", "Hint", "Sound", "New game"]
    rig.tap("up")  # to New game
    rig.tap("select")
    assert rig.view.rows[3] == ("New game", "sure?") and rig.view.screen == v.PAUSE
    rig.tap("select")
    assert rig.view.screen == v.SETUP and rig.game is None


def test_pause_menu_sound_and_resume():
    rig = Rig(dice=[6, 1])
    rig.start()
    rig.tap("menu", "down", "down", "select")
    assert rig.view.rows[2] == ("Sound", "off") and rig.setup.mute
    rig.tap("bank")  # Bank does nothing here (its light is dark)
    assert rig.view.screen == v.PAUSE and "bank" not in rig.view.keys_lit
    rig.tap("menu")  # Menu resumes
    assert rig.view.screen == v.PLAY


def test_muted_means_no_sounds():
    rig = Rig(dice=[6, 1, 1, 5, 2, 3, 4, 6])
    rig.tap("mute")
    rig.start()
    rig.tap("roll")
    rig.settle()
    assert rig.sounds == []
    rig.tap("mute", "die0")
    assert rig.sounds == ["click"]


# ----- the end -----

def test_final_round_tie_goes_to_a_roll_off():
    class TieSetup(Setup):
        def rules(self):
            return preset("classic", tie="rolloff", target=1000, opening=0)

    setup = TieSetup()
    setup.seats[1] = "human"
    six_ones = [1, 1, 1, 2, 3, 4]
    dice = [6, 1] + six_ones + six_ones + [3, 5]
    rig = Rig(dice=dice, setup=setup)
    rig.start()
    for _ in range(2):
        rig.tap("roll")
        rig.settle()
        rig.tap("best", "bank")
        rig.settle()
    assert rig.view.screen == v.ROLLOFF and rig.view.title == "Tie! Roll-off"
    rig.tap("roll")
    rig.run(800)
    assert rig.view.status == "P2 wins!"
    rig.settle()
    assert rig.view.screen == v.END and rig.view.title == "P2 wins!"


def test_a_draw_and_the_end_screen_keys():
    setup = Setup()
    setup.preset = 2  # duel: ties draw
    setup.options = {"target": 5000}
    setup.seats[1] = "human"
    big = [1, 1, 1, 1, 1, 1]  # 1000 x 4 = 4000 under duel's "times" sets
    dice = [6, 1] + big + [5, 5, 5, 5, 2, 3] + big + [5, 5, 5, 5, 2, 3]
    rig = Rig(dice=dice, setup=setup)
    rig.start()
    for _ in range(2):
        rig.tap("roll")
        rig.settle()
        rig.tap("best", "roll")
        rig.settle()
        rig.tap("best", "bank")
        rig.settle()
    assert rig.view.screen == v.END and rig.view.title == "Draw: P1 P2"
    assert rig.sounds[-1] == "win"
    rig.tap("down")
    assert rig.view.top == 0
    rig.tap("roll")  # a rematch: a new roll-off
    assert rig.view.screen == v.ROLLOFF and rig.game.scores == [0, 0]


def test_an_eight_player_end_screen_scrolls():
    rig = Rig(dice=[6, 1, 2, 3, 4, 5, 1, 2], players=8, seats=("human",) * 8)
    rig.start()
    game = rig.game
    game.scores = [100 * i for i in range(8)]
    game._finish([7])
    rig.c._open_end()
    assert rig.view.lines[0] == "1. P8             700" and len(rig.view.lines) == 8
    assert rig.view.lines[7] == "8. P1               0"
    for _ in range(9):
        rig.tap("down")
    assert rig.view.top == 5  # the last three of eight
    rig.tap("die0")  # die 1 / die 2 scroll too (the tower has no knob)
    assert rig.view.top == 4
    rig.tap("menu")
    assert rig.view.screen == v.SETUP


def test_score_strip_with_many_players_follows_the_turn():
    rig = Rig(dice=[1, 2, 3, 4, 5, 6, 2, 3] + [2, 3, 4, 6, 2, 3] * 8, players=8, seats=("human",) * 8)
    rig.start()
    assert rig.view.header == "P6 0"
    assert [c for c in rig.view.cells if c[1]] == [("P6 0", True)] and len(rig.view.cells) == 4
    rig.tap("down", "down")
    assert [c[0] for c in rig.view.cells] == ["P5 0", "P6 0", "P7 0", "P8 0"]
    rig.tap("up", "up", "up")
    assert [c[0] for c in rig.view.cells][0] == "P1 0"


def test_the_score_strip_pages_through_every_seat_by_itself():
    rig = Rig(dice=[1, 2, 3, 4, 5, 6, 2, 3] + [2, 3, 4, 6, 2, 3] * 8, players=7,
              seats=("human", "easy", "normal", "hard", "expert", "human", "human"))
    rig.start()
    seen = set()
    for _ in range(12000 // 20):
        rig.step()
        seen.update(c[0].split()[0] for c in rig.view.cells)
    assert seen == {"P1", "C2e", "C3n", "C4h", "C5x", "P6", "P7"}  # the expert plays for 7 too


def test_view_changes_bump_the_version():
    rig = Rig()
    before = rig.view.version
    rig.tap("roll")
    assert rig.view.version > before
    quiet = rig.view.version
    rig.run(200)
    assert rig.view.version == quiet  # nothing moves in the set-up menu


@pytest.mark.parametrize("name", act.ACTION_NAMES)
def test_every_key_in_every_screen_is_safe(name):
    rig = Rig(dice=[6, 1] + [1, 5, 2, 3, 4, 6] * 20)
    for screen_keys in (("select",), ("roll",), ("roll",), ("roll", "die0"), ("menu",)):
        rig.tap(*screen_keys)
        rig.tap(name)
        rig.run(100)


@pytest.mark.parametrize("seats", [["easy", "normal", "hard", "expert"], ["expert", "hard"]])
def test_the_real_computer_players_play_a_whole_game(seats):
    """farkle.players' four levels through the controller, to the end (two players: the
    expert plays from its solved table, working each turn out ahead)."""
    from app.powerup import computer_players
    from farkle.dice import RandomDice

    make_player, hint = computer_players()
    setup = Setup()
    setup.players = len(seats)
    setup.seats[:len(seats)] = seats
    rig = Rig(make_player=make_player, hint=hint, setup=setup)
    rig.c.dice = RandomDice(11)
    rig.tap("roll", "roll")
    for _ in range(40000):
        if rig.view.screen == v.END:
            break
        rig.step(100)
    assert rig.view.screen == v.END and rig.game.is_over()
    assert max(rig.game.scores) >= 10000 and rig.view.title.endswith("wins!")


def test_moving_the_set_up_cursor_keeps_the_rows_and_says_what_a_seat_plays_as(monkeypatch):
    """The cursor changes no choice: the rows stay as they are (making them again reads
    the rules twice and the files' headers, a board's whole frame), and the status line
    follows the row under it."""
    from simrig import Rig

    from app import setup as setup_code
    from farkle.players import make_player
    from farkle.presets import NAMES

    rig = Rig(seats=("human", "expert"), preset=NAMES.index("farkel"), make_player=make_player)
    rig.until("setup")
    rig.settle()
    made = []
    real = setup_code.rows
    monkeypatch.setattr(setup_code, "rows", lambda choices: made.append(1) or real(choices))
    rig.tap("down", "down")  # to Seat 2: an expert plays hard's decisions under piggybacking
    assert rig.view.cursor == 2 and rig.view.rows[2] == ("Seat 2", "expert=hard")
    assert rig.view.status == "expert = hard here"
    rig.tap("up")
    assert rig.view.status == "" and made == []
    rig.tap("select")  # a change of choice makes them again
    assert made == [1]


def test_the_set_up_menu_makes_its_rules_and_reads_the_files_headers_in_frames_of_their_own(monkeypatch):
    """Opening the set-up menu is a job: the rules' check code is loaded, the rules made,
    and whether the expert has a file for them asked, each in a frame of its own."""
    from simrig import Rig

    from app import setup as setup_code
    from farkle.players import make_player

    seen = []
    for name in ("rules", "plays_as"):
        real = getattr(setup_code, name)

        def timed(*args, real=real, name=name):
            seen.append((name, rig.clock.now, "farkle.rules_check" in sys.modules))
            return real(*args)

        monkeypatch.setattr(setup_code, name, timed)
    monkeypatch.delitem(sys.modules, "farkle.rules_check", raising=False)
    rig = Rig(seats=("human", "expert"), make_player=make_player)
    rig.until("setup")
    first_rules = [at for name, at, _ in seen if name == "rules"][0]
    first_ask = [at for name, at, _ in seen if name == "plays_as"][0]
    assert first_ask > first_rules
    assert seen[0][2]  # the check's code was loaded before the rules were first made
