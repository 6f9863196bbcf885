"""No frame of a game does a computer's or a hint's long work in one go: the expert's turn
table and the hint's farkle odds are worked out in steps, each step ending at the first look
at the clock once a slice is used up. Counted by work, not by wall time (a timed test would
fail on a loaded machine); tools/board_time.py gives the board-time figures."""
import random

import pytest

from simrig import Rig

from app.pace import HINT_WORK_MS, WORK_MS
from farkle.game import KEEP, START
from farkle.players import base, expert_turns, make_player
from farkle.players.hint import hint
from farkle.presets import NAMES


@pytest.fixture
def counted(monkeypatch):
    """Per frame: the steps of sliced work done, and the calls that did such work unsliced."""
    work = {"steps": 0, "unsliced": 0}
    build = expert_turns.TurnTable.build
    count = base.count_farkles

    def counted_build(table, stop=None):
        before = (table.bank is None, table.C is None, table.k)
        done = build(table, stop)
        after = (table.bank is None, table.C is None, table.k)
        steps = (before[0] and not after[0]) + (before[1] and not after[1]) + before[2] - after[2]
        if stop is None and steps:
            work["unsliced"] += 1
        work["steps"] += steps
        return done

    def counted_count(scorer, n, stop=None):
        fresh = n not in scorer.farkles
        done = count(scorer, n, stop)
        if fresh:
            if stop is None:
                work["unsliced"] += 1
            work["steps"] += 1
        return done

    monkeypatch.setattr(expert_turns.TurnTable, "build", counted_build)
    monkeypatch.setattr(base, "count_farkles", counted_count)
    return work


@pytest.mark.parametrize("preset", ["classic", "farkel"])  # farkel: hard decides, the file gives the win chance
def test_a_game_against_the_expert_with_hints_works_a_step_at_a_time(counted, preset):
    faces = random.Random(7).choices(range(1, 7), k=6000)
    rig = Rig(dice=faces, seats=("human", "expert"), make_player=make_player, hint=hint, preset=NAMES.index(preset))
    looks = [0]

    def clock():  # every look at the clock finds the slice used up: one step a look
        looks[0] += HINT_WORK_MS
        return looks[0]

    rig.controller.work_clock = clock
    worst = hints = 0
    frames = 0
    while rig.game is None or (rig.game.turns < 12 and rig.screen != "end"):
        assert frames < 20000, "the game does not go on"
        counted["steps"] = 0
        c = rig.controller
        if c.idle() and rig.screen == "play" and c.seats[c.player] is None:
            game = rig.game
            if game.phase == START:
                rig.board.keys.tap("roll")
            elif game.phase == KEEP and not c.message_lines:
                hints += 1
                rig.board.keys.tap("hint")
            elif c.hint_wait is None:  # the advised dice are selected: roll them on or bank
                rig.board.keys.tap("roll" if game.turn_total < 300 else "bank")
        elif c.idle():
            rig.board.keys.tap("roll")
        rig.step()
        frames += 1
        worst = max(worst, counted["steps"])
        assert counted["unsliced"] == 0, "frame %d did a turn table or the odds in one go" % frames
    assert hints > 3
    # a frame may take one step to answer a decision or a hint at once, one slice of the
    # player's work, and one roll of the odds (counted after the player's work is done)
    assert 1 <= worst <= 3


def test_a_hint_whose_adviser_runs_out_of_heap_while_thinking_still_answers():
    from simrig import stand_in_hint

    class Adviser:  # works a step, then the heap is gone
        level = "expert"

        def __init__(self):
            self.calls = 0

        def prepare(self, game, stop=None):
            self.calls += 1
            if self.calls > 1:
                raise MemoryError("no heap")
            return False

    rig = Rig(dice=[6, 1, 1, 5, 5, 2, 3, 4], seats=("human", "human"),
              make_player=lambda *args: Adviser(), hint=stand_in_hint)
    rig.tap("roll", "roll", "roll")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("hint")  # "thinking...", then the adviser runs out and is let go
    rig.run(200)
    assert rig.controller.hint_wait is None and rig.said().startswith("Hint: keep")


def test_no_frame_makes_a_screen_or_draws_text_as_bitmaps(monkeypatch):
    """In a font laid out as the board's (tests/cellfont.py), every text is set a tile per
    character: no label draws a bitmap, the font's table is made before the first frame,
    and a new screen is made a few labels a frame (the old one shown meanwhile), through
    the set-up menu, the roll-off, play with banners, the pause menu and the end screen."""
    import cellfont
    import terminalio

    from app import label, label_bitmap

    monkeypatch.setattr(terminalio, "FONT", cellfont.FONT)
    work = {"made": 0, "bitmaps": 0, "tables": 0}
    make, draw, table = label.Label.__init__, label_bitmap.draw, label.cells_for

    def counted_make(self, *args, **kwargs):
        work["made"] += 1
        make(self, *args, **kwargs)

    def counted_draw(*args):
        work["bitmaps"] += 1
        draw(*args)

    def counted_table(font, padding_top):
        work["tables"] += (font, padding_top) not in label._tables
        return table(font, padding_top)

    monkeypatch.setattr(label.Label, "__init__", counted_make)
    monkeypatch.setattr(label_bitmap, "draw", counted_draw)
    monkeypatch.setattr(label, "cells_for", counted_table)
    monkeypatch.setattr(label, "_tables", {})
    from app.screens import PADDING, Screens
    from hardware.sim.screen import HostDisplay

    Screens(HostDisplay())
    assert (cellfont.FONT, PADDING) in label._tables  # made at start-up, before any frame
    faces = random.Random(3).choices(range(1, 7), k=3000)
    rig = Rig(dice=faces, seats=("human", "normal", "easy"), players=3)
    assert work["tables"] == 1 and work["made"] == 3  # the splash, in the first frame
    most = frames = 0
    seen = set()

    def frame(*keys):
        nonlocal most, frames
        frames += 1
        assert frames < 20000, "the game does not go on (%s)" % rig.screen
        work["made"] = 0
        for key in keys:  # pressed in this frame; a job it starts runs in the frames after
            rig.board.keys.tap(key)
        rig.step()
        most = max(most, work["made"])
        seen.add(rig.screen)

    frame()
    for _ in range(200):
        frame()
    frame("roll")  # the set-up menu
    for _ in range(10):
        frame()
    while rig.screen != "end":
        c = rig.controller
        if c.idle() and rig.screen == "play" and c.seats[c.player] is None:
            game = rig.game
            if game.turns >= 3 and "pause" not in seen:
                frame("menu")
                for _ in range(8):
                    frame()
                frame("menu")
            elif game.phase == START:
                frame("roll")
            elif game.phase == KEEP and not c.message_lines:
                frame("hint")
            elif c.hint_wait is None:  # the advised dice are selected: roll them on or bank
                frame("roll" if game.turn_total < 300 else "bank")
            else:
                frame()
        elif c.idle():
            frame("roll")
        else:
            frame()
        if rig.game is not None and rig.game.turns >= 10 and rig.screen == "play" and c.idle():
            rig.game._finish([0])
            c._open_end()
    for _ in range(10):
        frame()
    assert {"setup", "rolloff", "play", "pause", "end"} <= seen, seen
    assert work["bitmaps"] == 0 and work["tables"] == 1
    assert 1 <= most <= 4  # labels made in one frame


def test_a_game_starts_a_player_a_frame_with_the_splash_shown_until_the_roll_off():
    """Making the players and the game is spread over frames: one computer player made in a
    frame at most, the splash shown meanwhile ("a new game...", the set-up menu's labels
    gone before the game's objects come) and keys waiting, then the roll-off."""
    made = []

    def counted_make(level, rules, players=2, seat=0):
        made.append(seat)
        return make_player(level, rules, players, seat)

    rig = Rig(dice=[6, 1, 2, 3, 4, 5] * 50, players=4, seats=("human", "easy", "normal", "hard"),
              make_player=counted_make, hint=hint)
    rig.tap("roll")  # splash -> set-up
    assert rig.screen == "setup"
    rig.board.keys.tap("roll")  # start
    frames = 0
    screens = []
    while rig.screen in ("setup", "splash"):
        before = len(made)
        rig.step()
        frames += 1
        if rig.screen not in screens:
            screens.append(rig.screen)
        assert len(made) - before <= 1, "frame %d made several players" % frames
        assert frames < 50
    assert screens == ["setup", "splash", "rolloff"] and sorted(made) == [1, 2, 3]
    assert rig.view.lines == ["", "a new game..."]  # what the splash said
    assert frames > 3  # a frame for each player at least



@pytest.mark.parametrize("free", [None, 1024])
def test_the_hints_odds_are_counted_while_the_roll_off_shows_however_short_the_heap(monkeypatch, free):
    """Counting makes no garbage and keeps a few small tables: a board's first hint need
    not count them, even where the heap is short."""
    import gc

    if free is not None:
        monkeypatch.setattr(gc, "mem_free", lambda: free, raising=False)
    rig = Rig(dice=[6, 1] + [2, 3, 4, 6, 6, 2] * 20)
    rig.tap("roll", "roll")  # splash -> set-up -> start
    rig.until("rolloff")
    for _ in range(200):  # a few seconds of the roll-off screen
        if rig.screen != "rolloff":
            break
        rig.step()
    assert rig.game is not None and set(rig.game.scorer.farkles) == set(range(1, rig.game.rules.dice + 1))


class _Worker:
    """A player with work ahead that takes a step between looks at the clock: 50 in all."""

    steps = 0

    def prepare(self, game, stop):
        while True:
            self.steps += 1
            if self.steps >= 50 or stop():
                return self.steps >= 50


@pytest.mark.parametrize("began_ms_ago", [0, WORK_MS])
def test_a_slice_of_work_ahead_counts_what_its_frame_did_before_it(began_ms_ago):
    """A player works ahead until WORK_MS after its frame began: a frame whose own work took
    that long already takes a single step (a step ends at the first look at the clock past
    the slice), not a whole slice on top of it."""
    rig = Rig(dice=[6, 1] + [1, 2, 3, 4, 6, 6] * 100)
    rig.to_a_humans_keep()
    c = rig.controller
    worker = c.advisers[c.player] = _Worker()  # a hint's adviser works ahead on a human's turn
    c.work_clock = lambda: 1000  # the clock stands still: only where the slice began decides
    c._work_ahead(1000 - began_ms_ago)
    assert worker.steps == (1 if began_ms_ago else 50)
