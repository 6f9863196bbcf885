"""The hint speaks of the dice the player really holds: after every action of random games
under every preset (piggybacking included), its dice count and farkle chance are those of the
engine's next roll, counted here by brute force."""
import copy
import itertools
import random

import pytest

from farkle.dice import FixedDice
from farkle.game import CHOOSE, KEEP, OVER, START, Game
from farkle.players.hint import hint
from farkle.presets import NAMES, preset
from farkle.tournament import SeededDice

_FARKLE = {}


def farkle_chance(game, n):
    """Share of the 6**n rolls of ``n`` dice that score nothing, counted roll by roll."""
    key = (game.rules.name, n)
    if key not in _FARKLE:
        rolls = list(itertools.product(range(1, 7), repeat=n))
        _FARKLE[key] = sum(1 for r in rolls if game.scorer.is_farkle(list(r))) / len(rolls)
    return _FARKLE[key]


def next_roll_size(game, advice):
    """How many dice the next roll uses if the player follows ``advice``."""
    if game.phase == START:
        return game.left_dice if advice["piggyback"] else game.in_hand
    twin = copy.deepcopy(game)
    if advice["keep"]:
        twin.keep(advice["keep"])
    return twin.in_hand


def check(game):
    advice = hint(game, "hard")
    n = next_roll_size(game, advice)
    assert advice["dice"] == n, (game.phase, game.piggybacked, advice)
    assert advice["farkle"] == pytest.approx(farkle_chance(game, n), abs=1e-6)


def random_action(game, rng):
    if game.phase == START:
        if game.why_not_piggyback() is None and rng.random() < 0.8:
            game.piggyback()
        else:
            game.roll()
    elif game.phase == KEEP:
        game.keep(rng.choice(game.keeps())[0])
    elif game.phase == CHOOSE:
        if game.why_not_bank() is None and rng.random() < 0.35:
            game.bank()
        else:
            game.roll()
    else:
        game.rolloff()


@pytest.mark.parametrize("name", NAMES)
def test_hint_dice_and_farkle_chance_follow_the_engine(name):
    rules = preset(name, target=2000, opening=min(preset(name).opening, 300), min_bank=0)
    rng = random.Random(name)
    checked = 0
    for g in range(3):
        game = Game(rules, players=2 + g, first=None, dice=SeededDice(rng.random()))
        while game.phase != OVER:
            random_action(game, rng)
            if game.phase in (START, KEEP, CHOOSE):
                check(game)
                checked += 1
    assert checked > 100


def test_hint_after_taking_three_dice_over():
    rules = preset("farkel")
    game = Game(rules, players=2, first=0, dice=FixedDice([1, 1, 1, 2, 3, 4, 6, 2, 3]))
    game.opened = [True, True]
    game.roll()
    game.keep([1, 1, 1])  # 1,000 with three dice left
    game.bank()
    game.piggyback()  # the next player takes those three dice and the 1,000 over
    advice = hint(game)
    assert advice["dice"] == 3
    assert advice["farkle"] == pytest.approx(60 / 216, abs=1e-6)  # 0.278, not six dice's 0.023
