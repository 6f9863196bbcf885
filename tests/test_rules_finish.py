"""Rules that always finish: validation refuses the combinations with which a game could
never end or be decided, and every level plays every rules value it accepts to the end."""
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from farkle.dice import FixedDice
from farkle.game import Game
from farkle.players import LEVELS, make_player
from farkle.presets import preset
from farkle.rules import SIX_DICE_ONLY, Rules, RulesError
from farkle.tournament import SeededDice, play, simulate


def test_a_huge_penalty_is_refused():
    with pytest.raises(RulesError, match="penalty must be at most 2500 with these points and target"):
        preset("classic", penalty=1000000, target=1000000)
    with pytest.raises(RulesError, match="penalty must be at most 1000 with these points and target"):
        preset("classic", penalty=1050, target=4000)  # a quarter of the target
    assert preset("classic", penalty=2500).penalty == 2500


def test_a_bank_minimum_a_turn_seldom_makes_is_refused():
    with pytest.raises(RulesError, match="min_bank must be at most 2500"):
        preset("doubling", min_bank=10000)
    with pytest.raises(RulesError, match="opening must be at most 2500"):
        preset("classic", opening=3000)
    with pytest.raises(RulesError, match="min_bank must be at most 500 .* and a penalty"):
        preset("classic", min_bank=2500, penalty=1000)
    assert preset("classic", opening=2500, min_bank=2500).min_bank == 2500
    assert preset("classic", single1=1000, opening=25000, target=50000).opening == 25000


def test_exact_target_with_roll_on_is_refused():
    with pytest.raises(RulesError, match="roll_on"):
        preset("scorecard", exact_target=True)
    assert preset("scorecard", exact_target=True, final_round=False).exact_target


def test_exact_target_needs_every_score_on_the_grid_of_a_single():
    with pytest.raises(RulesError, match="triple_n must be a multiple of 50"):
        preset("classic", exact_target=True, triple_n=30)
    with pytest.raises(RulesError, match="penalty must be a multiple of 50"):
        preset("classic", exact_target=True, penalty=520)
    assert preset("classic", exact_target=True, penalty=500).penalty == 500


def test_without_singles_some_roll_of_every_die_must_score():
    with pytest.raises(RulesError, match="some roll of all 5 dice must score"):
        Rules(single1=0, single5=0, dice=5, straight=0, three_pairs=0, kind5=0)
    assert preset("classic", single1=0, single5=0).single1 == 0  # two triples: hot dice


def test_the_first_bank_needs_the_larger_of_opening_and_min_bank():
    rules = preset("classic", opening=200, min_bank=350)
    game = Game(rules, players=2, first=0, dice=FixedDice([1, 5, 5, 2, 3, 4, 3, 3, 3, 2, 4]))
    game.roll()
    game.keep([1, 5, 5])  # 200: the opening, not the minimum
    assert game.why_not_bank() == "a bank needs at least 350 points (you have 200)"
    game.roll()
    game.keep([3, 3, 3])
    assert game.why_not_bank() is None
    low = preset("classic", opening=0, min_bank=350)
    game = Game(low, players=2, first=0, dice=FixedDice([1, 5, 5, 2, 3, 4]))
    game.roll()
    game.keep([1, 5, 5])
    assert game.why_not_bank() == "a bank needs at least 350 points (you have 200)"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_ends_an_exact_target_game(level):
    rules = preset("classic", exact_target=True, target=3000)
    out = simulate(rules, seats=[level, "easy", level], games=6, seed=1, workers=1)
    assert out["games"] == 6


@pytest.mark.parametrize("level", LEVELS)
def test_a_die_count_that_never_scores_is_played(level):
    rules = preset("classic", single1=0, single5=0, target=3000)
    out = simulate(rules, seats=[level, level], games=4, seed=2, workers=1)
    assert out["games"] == 4


def test_odds_and_hint_for_a_die_count_that_never_scores():
    from farkle.players.hint import hint
    from farkle.solve.turn import odds

    rules = preset("classic", single1=0, single5=0)
    o = odds(rules)
    assert o["farkle"]["1"] == 1 and o["farkle"]["2"] == 1
    game = Game(rules, players=2, first=0, dice=FixedDice([2, 2, 2, 3, 4, 6]))
    game.roll()
    advice = hint(game)
    assert advice["keep"] == [2, 2, 2] and advice["dice"] == 3


# ----- random valid rules x every level x random games -----

POINTS = st.sampled_from([0, 50, 100, 150, 200, 300, 500, 1000, 1500, 2000, 3000])
RULES = st.fixed_dictionaries({
    "single1": st.sampled_from([0, 50, 100, 200]),
    "single5": st.sampled_from([0, 50, 100]),
    "triple1": st.sampled_from([0, 300, 1000]),
    "triple_n": st.sampled_from([0, 50, 100]),
    "kinds": st.sampled_from(["fixed", "times", "double", "add"]),
    "kind4": st.sampled_from([0, 2, 4, 1000]),
    "kind5": st.sampled_from([0, 3, 2000]),
    "kind6": st.sampled_from([0, 4, 3000]),
    "straight": POINTS, "straight_low": POINTS, "straight_high": POINTS, "three_pairs": POINTS,
    "four_pair_is_pairs": st.booleans(), "four_and_pair": POINTS, "two_triplets": POINTS,
    "full_house": POINTS, "full_house_bonus": st.booleans(),
    "dice": st.sampled_from([5, 6]),
    "target": st.sampled_from([50, 300, 1000, 2000, 3000]),
    "opening": st.sampled_from([0, 50, 350, 500, 1000]),
    "min_bank": st.sampled_from([0, 50, 100, 350, 1000]),
    "final_round": st.booleans(),
    "tie": st.sampled_from(["first", "roll_on", "draw", "rolloff"]),
    "penalty": st.sampled_from([0, 0, 50, 100, 250, 500, 750]),
    "piggyback": st.booleans(),
    "exact_target": st.booleans(),
})


def valid(fields):
    """Rules from drawn ``fields``, mended where one field obviously rules out another (so
    most draws are valid); None if validation still refuses them."""
    fields = dict(fields)
    if fields["dice"] == 5:
        for key in SIX_DICE_ONLY:
            fields[key] = 0
    fields["four_pair_is_pairs"] &= bool(fields["three_pairs"])
    fields["full_house_bonus"] &= bool(fields["full_house"])
    if fields["kinds"] == "times":
        for key in ("kind4", "kind5", "kind6"):
            fields[key] = min(fields[key], 4)
    for key in ("opening", "min_bank"):
        fields[key] = min(fields[key], fields["target"])
    fields["penalty"] = min(fields["penalty"], fields["target"] // 4 // 50 * 50)
    try:
        return Rules(**fields)
    except RulesError:
        return None


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(RULES, st.sampled_from(LEVELS), st.integers(2, 4), st.integers(0, 2**32))
def test_random_valid_rules_every_level_every_game_ends(fields, level, players, seed):
    rules = valid(fields)
    assume(rules is not None)
    rng = random.Random(seed)
    seats = [level] + [rng.choice(LEVELS) for _ in range(players - 1)]
    game = Game(rules, players=players, first=None, dice=SeededDice(seed), log_size=1)
    play(game, [make_player(seats[p], rules, players, p) for p in range(players)])
    assert game.is_over() and game.winners


@pytest.mark.parametrize("name,fields", [
    ("scorecard", {"single1": 10000, "kind5": 797}),  # a turn would take 441,457 totals to solve
    ("duel", {"triple1": 100, "kind4": 50, "four_pair_is_pairs": True, "triple_n": 5000}),  # past 16-bit tables
])
def test_rules_too_fine_to_solve_are_still_played_at_every_level(name, fields):
    rules = preset(name, target=500, **fields)
    out = simulate(rules, seats=list(LEVELS), games=4, seed=3, workers=1)
    assert out["games"] == 4
