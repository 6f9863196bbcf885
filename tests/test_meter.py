"""The win-chance meter: each player's solved chance of winning, on the play screen and, between
turns, on the dice lights (two players, an option in set-up)."""

import pytest

from app import meter
from app import view as v
from app.leds import Leds
from farkle.players import make_player
from farkle.players.hint import hint
from farkle.presets import preset


def test_the_bar_reads_left_to_right():
    assert meter.text(0.62) == "62% ########----- 38%"
    assert meter.text(0.0) == "0%  " + "-" * 13 + "100%"
    for chance in (0.0, 0.031, 0.5, 0.999, 1.0):
        assert len(meter.text(chance)) == v.COLUMNS


def rig_with_meter(on=True, seats=("human", "human"), dice=(2, 5)):
    from test_app_controller import Rig

    rig = Rig(dice=list(dice) + [2, 3, 4, 6, 2, 3] * 4, seats=seats, make_player=make_player, hint=hint)
    rig.setup.meter = on
    rig.start()
    return rig


def test_the_meter_shows_the_solved_chances():
    rig = rig_with_meter()
    expert = make_player("expert", preset("classic"), 2, 0)
    first = expert.table.w(0, 0)  # P2 rolled the 5 and starts
    assert rig.game.current == 1
    assert rig.view.meter == pytest.approx(1 - first)
    assert rig.view.cells[-1][0] == meter.text(1 - first)
    # P2 farkles (2-3-4-6-2-3): P1's turn, the same scores, P1 to move
    rig.tap("roll")
    rig.settle()
    assert rig.game.current == 0
    assert rig.view.meter == pytest.approx(first)


def test_off_or_unsolved_no_meter():
    rig = rig_with_meter(on=False)
    assert rig.view.meter is None and len(rig.view.cells) == 2


class Pixels(list):
    def show(self):
        pass


class Board:
    def __init__(self):
        self.pixels = Pixels([(0, 0, 0)] * 6)
        self.die_pixels = list(range(6))
        self.key_pixels = {}


def test_between_turns_the_dice_lights_show_it():
    view = v.View()
    view.screen = v.PLAY
    view.states = [v.FREE] * 6
    view.meter = 0.5
    board = Board()
    Leds(board).draw(view, 0)
    assert board.pixels == [meter.COLOURS[0]] * 3 + [meter.COLOURS[1]] * 3
    view.faces = [1, 2, 3, 4, 5, 6]  # dice showing: the dice again
    Leds(board).draw(view, 0)
    assert board.pixels[0] != meter.COLOURS[0]
