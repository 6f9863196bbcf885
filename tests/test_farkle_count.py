"""The chance that n dice score nothing (the hint's odds), counted a sorted roll at a time so a
board can spread it over frames: the same exact count as every roll tried one by one, whether
counted at once or a roll a call."""
import itertools

import pytest

from farkle.players.base import count_farkles, farkle_chance
from farkle.presets import NAMES, preset
from farkle.scorer import Scorer


@pytest.mark.parametrize("name", NAMES)
def test_the_count_is_every_roll_that_scores_nothing(name):
    scorer = Scorer(preset(name))
    for n in range(1, 7):
        rolls = itertools.product(range(1, 7), repeat=n)
        assert farkle_chance(scorer, n) == (sum(1 for r in rolls if scorer.is_farkle(list(r))), 6 ** n)


def test_a_count_spread_a_roll_a_call_equals_one_done_at_once():
    whole, sliced = Scorer(preset("classic")), Scorer(preset("classic"))
    for n in range(1, 7):
        calls = 1
        while not count_farkles(sliced, n, stop=lambda: True):
            calls += 1
        assert calls == len(list(itertools.combinations_with_replacement(range(6), n)))  # one sorted roll a call
        assert farkle_chance(sliced, n) == farkle_chance(whole, n)
        assert count_farkles(sliced, n, stop=lambda: True)  # known: no more work


def test_a_new_scorer_never_takes_an_old_ones_counts():
    """The counts live on the scorer: a scorer made after another died (and maybe at its
    address) counts its own rules afresh."""
    for _ in range(50):
        count_farkles(Scorer(preset("classic")), 6)
    fresh = Scorer(preset("farkel"))
    assert fresh.farkles == {}
    assert farkle_chance(fresh, 6) == farkle_chance(Scorer(preset("farkel")), 6)
