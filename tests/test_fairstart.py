"""The fair start: the solved head start for the second player, offered in two-player set-up."""

import json
import os

import pytest

from farkle import fairstart
from farkle.game import START, Game
from farkle.presets import NAMES, preset

from app.setup import R_FAIR, Setup

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")


def solver_output(name):
    """What the solver printed for preset ``name`` (docs/solve-<name>.json), or None."""
    path = os.path.join(DOCS, "solve-%s.json" % name)
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    if name == "classic":  # solved by tools/make_expert.py --evaluate (docs/expert.json)
        with open(os.path.join(DOCS, "expert.json")) as f:
            out = json.load(f)
        fair = out["compensation"]
        return {"rules": "classic", "first_player": out["first_player"], "fair_head_start": fair["fair_head_start"],
                "first_player_with_head_start": fair["first_player_with_fair_head_start"]}
    return None


@pytest.mark.parametrize("name", sorted(fairstart.SOLVED))
def test_the_figures_are_the_solvers(name):
    out = solver_output(name)
    assert out is not None, "docs/solve-%s.json missing" % name
    rules = out["rules"]
    if isinstance(rules, dict):  # python -m farkle solve prints the rules in full
        assert rules == preset(name).as_dict()
    else:
        assert rules == name and not out.get("piggyback_ignored")
    points, with_it, without = fairstart.SOLVED[name]
    assert points == out["fair_head_start"]
    assert with_it == pytest.approx(out["first_player_with_head_start"], abs=1e-6)
    assert without == pytest.approx(out["first_player"], abs=1e-6)
    assert abs(with_it - 0.5) < abs(without - 0.5)


def test_only_solved_two_player_rules_have_one():
    assert fairstart.head_start(preset("classic"), 3) is None
    assert fairstart.head_start(preset("classic").replace(final_round=False)) is None
    assert fairstart.head_start(preset("classic").replace(target=2000)) is None
    for name in NAMES:
        solved = fairstart.head_start(preset(name))
        assert (solved is not None) == (name in fairstart.SOLVED)


def test_the_second_player_gets_it_and_must_still_open():
    rules = preset("classic")
    game = Game(rules, players=2, first=1)
    fairstart.apply(game, 300)
    assert game.scores == [300, 0] and game.phase == START
    assert not game.on_board(0)


def test_set_up_offers_it_for_two_players():
    setup = Setup()
    setup.players = 2
    solved = fairstart.head_start(setup.rules())
    fair = [r for r in setup.rows() if r[0] == R_FAIR]
    if solved is None:
        assert fair == [] and setup.head_start() == 0
        return
    assert fair and fair[0][3] == "off" and setup.head_start() == 0
    assert setup.change(fair[0], 1)
    fair = [r for r in setup.rows() if r[0] == R_FAIR]
    assert fair[0][3] == "2nd +%d" % solved[0] and setup.head_start() == solved[0]
    setup.players = 3
    assert not [r for r in setup.rows() if r[0] == R_FAIR] and setup.head_start() == 0


def test_the_game_starts_with_it():
    from test_app_controller import Rig

    rig = Rig(dice=[2, 5] + [2, 3, 4, 6, 2, 3], seats=("human", "human"))
    rig.setup.fair = True
    rig.start()  # P2 rolled the 5: P1 moves second and gets the head start
    points = fairstart.head_start(preset("classic"))[0]
    assert rig.game.current == 1 and rig.game.scores == [points, 0]
