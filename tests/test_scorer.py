"""The table-driven scorer against an independent brute force (tests/brute_scorer.py), for every
roll multiset of every preset, for random custom rules, and the cases players argue about."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute_scorer import BruteScorer, multisets
from engine_strategies import custom_rules
from farkle.presets import NAMES, preset
from farkle.rules import Rules
from farkle.scorer import Scorer, pack, unpack


def five_dice(rules):
    """A preset played with five dice: the six-dice combinations are gone."""
    return rules.replace(dice=5, straight=0, three_pairs=0, four_pair_is_pairs=False,
                         four_and_pair=0, two_triplets=0)


EXHAUSTIVE = [preset(n) for n in NAMES] + [five_dice(preset(n)) for n in NAMES]
IDS = list(NAMES) + [n + "-5dice" for n in NAMES]


def points(name, dice):
    return Scorer(preset(name)).score(dice)


def best(name, dice):
    return Scorer(preset(name)).best(dice)


def keeps(name, dice):
    return sorted((tuple(k), p) for k, p in Scorer(preset(name)).keeps(dice))


# ----- exhaustive: every multiset of every preset -----


def test_multiset_counts():
    assert len(multisets(1, 6)) == 923
    assert len(multisets(1, 5)) == 461


@pytest.mark.parametrize("rules", EXHAUSTIVE, ids=IDS)
def test_every_selection_scores_as_the_brute_force(rules):
    scorer, brute = Scorer(rules), BruteScorer(rules)
    rng = random.Random(7)
    for dice in multisets(1, rules.dice):
        expected = brute.score(dice)
        assert scorer.score(dice) == expected, dice
        shuffled = list(dice)
        rng.shuffle(shuffled)
        assert scorer.score(shuffled) == expected, shuffled
        assert scorer.score_key(pack(dice)) == expected
        assert (scorer.why_not(shuffled) is None) == (expected > 0), dice


@pytest.mark.parametrize("rules", EXHAUSTIVE, ids=IDS)
def test_every_roll_lists_its_keeps_best_and_farkle_as_the_brute_force(rules):
    scorer, brute = Scorer(rules), BruteScorer(rules)
    for roll in multisets(1, rules.dice):
        listed = scorer.keeps(roll[::-1])
        faces = [tuple(k) for k, _ in listed]
        assert len(faces) == len(set(faces)), roll  # each keep once, as a multiset
        assert all(list(k) == sorted(k) for k in faces)
        assert {tuple(k): p for k, p in listed} == brute.keeps(roll), roll
        top, candidates = brute.best(roll)
        keep, got = scorer.best(roll)
        assert got == top, roll
        if top:
            assert tuple(keep) in candidates, (roll, keep, candidates)
        else:
            assert keep == []
        assert scorer.is_farkle(roll) == (top == 0), roll


@pytest.mark.parametrize("name", NAMES)
def test_best_keep_is_never_ambiguous_in_a_preset(name):
    """Highest points, ties fewer dice: in every preset that picks exactly one keep."""
    brute = BruteScorer(preset(name))
    for roll in multisets(1, 6):
        assert len(brute.best(roll)[1]) <= 1, roll


def test_pack_unpack_round_trip():
    for dice in multisets(1, 6):
        assert unpack(pack(dice)) == dice
        assert unpack(pack(dice[::-1])) == dice


# ----- random custom rules -----


@settings(max_examples=150, deadline=None)
@given(custom_rules(), st.lists(st.lists(st.integers(1, 6), min_size=1, max_size=6), min_size=1, max_size=8))
def test_custom_rules_score_as_the_brute_force(rules, selections):
    scorer, brute = Scorer(rules), BruteScorer(rules)
    for dice in selections:
        dice = dice[:rules.dice]
        assert scorer.score(dice) == brute.score(dice), dice
        top, candidates = brute.best(dice)
        keep, got = scorer.best(dice)
        assert got == top
        assert (tuple(keep) in candidates) if top else keep == []
        assert {tuple(k): p for k, p in scorer.keeps(dice)} == brute.keeps(dice)
        assert scorer.is_farkle(dice) == (top == 0)


@settings(max_examples=25, deadline=None)
@given(custom_rules(dice=6))
def test_custom_rules_every_multiset(rules):
    scorer, brute = Scorer(rules), BruteScorer(rules)
    for dice in multisets(1, 6):
        assert scorer.score(dice) == brute.score(dice), dice


def test_best_tie_break_is_fewer_dice_then_higher_faces():
    # both small straights are worth 1000 and nothing else scores: two keeps of five dice tie,
    # the one with the higher faces wins, so "take best" is the same every time
    rules = Rules(single1=0, single5=0, straight=0, straight_low=1000, straight_high=1000)
    assert Scorer(rules).best([6, 1, 2, 3, 4, 5]) == ([2, 3, 4, 5, 6], 1000)
    # fewer dice first: farkel's full house of 1s (1000) ties three 1s (1000)
    assert Scorer(preset("farkel")).best([2, 1, 2, 1, 1, 3]) == ([1, 1, 1], 1000)


# ----- the rules players argue about, one test each -----


@pytest.mark.parametrize("name, expected", [
    ("classic", ([2, 2, 2, 2, 3, 3], 1500)),    # four of a kind + a pair: its own 1500
    ("scorecard", ([2, 2, 2, 2], 1000)),        # no such combination: the pair of 3s is dead
    ("duel", ([2, 2, 2, 2, 3, 3], 1500)),       # a four and a pair count as three pairs
    ("doubling", ([2, 2, 2, 2], 400)),          # no such combination; four 2s = 2 x 200
    ("farkel", ([2, 2, 2, 3, 3], 1000)),        # a full house beats four 2s (400)
])
def test_four_of_a_kind_and_a_pair_versus_three_pairs(name, expected):
    roll = [2, 3, 2, 3, 2, 2]
    assert best(name, roll) == expected
    assert points(name, roll) == (expected[1] if len(expected[0]) == 6 else 0)
    assert points(name, [2, 2, 3, 3, 4, 4]) == {"farkel": 2500}.get(name, 1500)  # real three pairs


@pytest.mark.parametrize("name, whole, best_keep", [
    # 1-1-1-1-5-5: four 1s + a pair of 5s, three pairs, or simply their parts
    ("classic", 1500, ([1, 1, 1, 1, 5, 5], 1500)),  # four + pair 1500 > 1100 + 100
    ("scorecard", 1200, ([1, 1, 1, 1, 5, 5], 1200)),  # parts: three 1s + 1 + 5 + 5
    ("duel", 2100, ([1, 1, 1, 1, 5, 5], 2100)),  # four 1s 2000 + 100 beats three pairs 1500
    ("doubling", 2100, ([1, 1, 1, 1, 5, 5], 2100)),
    ("farkel", 2100, ([1, 1, 1, 1, 5, 5], 2100)),  # not full house 1000 + a 1
])
def test_four_ones_and_two_fives(name, whole, best_keep):
    roll = [1, 5, 1, 5, 1, 1]
    assert points(name, roll) == whole
    assert best(name, roll) == best_keep


def test_four_ones_count_as_three_ones_and_a_one_when_that_is_higher():
    assert points("classic", [1, 1, 1, 1]) == 1100  # set value 1000 < 1000 + 100
    assert points("classic", [5, 5, 5, 5]) == 1000  # set value 1000 > 500 + 50
    assert points("doubling", [1, 1, 1, 1]) == 2000


@pytest.mark.parametrize("name, straight", [(n, 2000 if n == "farkel" else 1500) for n in NAMES])
def test_a_straight_versus_its_singles(name, straight):
    roll = [6, 2, 4, 1, 3, 5]
    assert points(name, roll) == straight
    assert best(name, roll) == ([1, 2, 3, 4, 5, 6], straight)
    # the singles may be taken instead, to roll more dice
    assert points(name, [1]) == 100
    assert points(name, [1, 5]) == 150
    got = dict(keeps(name, roll))
    assert got[(1,)] == 100 and got[(5,)] == 50 and got[(1, 5)] == 150
    assert (1, 2) not in got
    if name == "farkel":  # + the small straights 1-5 and 2-6
        assert got[(1, 2, 3, 4, 5)] == got[(2, 3, 4, 5, 6)] == 1000
        assert len(got) == 6
    else:
        assert len(got) == 4


def test_six_of_a_kind_is_never_three_pairs():
    for name in NAMES:
        for face in range(1, 7):
            assert points(name, [face] * 6) != preset(name).three_pairs
    # even when six of a kind is off and three pairs would be worth more
    rules = Rules(kinds="fixed", kind4=0, kind5=0, kind6=0, three_pairs=5000, four_pair_is_pairs=True)
    assert Scorer(rules).score([2] * 6) == 400  # two sets of three 2s, not three pairs
    assert Scorer(rules).score([3] * 4 + [2] * 2) == 5000  # a four and a pair do count


def test_three_pairs_are_three_different_faces():
    assert points("classic", [2, 2, 3, 3, 6, 6]) == 1500
    assert points("scorecard", [2, 2, 2, 2, 3, 3]) == 0  # a four is not two pairs here
    assert points("farkel", [1, 1, 5, 5, 6, 6]) == 2500  # 2500 > 300 as singles


def test_two_triplets():
    assert points("classic", [2, 2, 2, 3, 3, 3]) == 2500
    assert points("scorecard", [2, 2, 2, 3, 3, 3]) == 500  # off: the two triples as parts
    assert points("farkel", [2, 2, 2, 3, 3, 3]) == 3500
    assert points("classic", [1, 1, 1, 6, 6, 6]) == 2500  # 2500 > 1000 + 600
    assert points("duel", [1, 1, 1, 6, 6, 6]) == 1600


def test_n_of_a_kind_modes():
    assert [points("classic", [3] * n) for n in (3, 4, 5, 6)] == [300, 1000, 2000, 3000]
    assert [points("duel", [3] * n) for n in (3, 4, 5, 6)] == [300, 600, 900, 1200]
    assert [points("doubling", [3] * n) for n in (3, 4, 5, 6)] == [300, 600, 1200, 2400]
    add = Scorer(Rules(kinds="add"))
    assert [add.score([3] * n) for n in (3, 4, 5, 6)] == [300, 600, 900, 1200]
    times = Scorer(Rules(kinds="times", kind4=2, kind5=4, kind6=8))
    assert [times.score([1] * n) for n in (3, 4, 5, 6)] == [1000, 2000, 4000, 8000]


def test_a_set_that_is_off_leaves_only_its_parts():
    rules = Rules(kinds="fixed", kind4=0, kind5=2000, kind6=3000)
    assert Scorer(rules).score([4, 4, 4, 4]) == 0  # no four of a kind, and a lone 4 is dead
    assert Scorer(rules).score([5, 5, 5, 5]) == 550  # three 5s + a 5
    assert Scorer(Rules(triple_n=0)).score([2, 2, 2]) == 0
    assert Scorer(Rules(single5=0)).score([5]) == 0


def test_small_straight_with_a_sixth_die():
    assert points("farkel", [1, 2, 3, 4, 5]) == 1000
    assert points("farkel", [2, 3, 4, 5, 6]) == 1000
    assert points("farkel", [1, 2, 3, 4, 5, 5]) == 1050  # sixth die scores by itself
    assert points("farkel", [1, 1, 2, 3, 4, 5]) == 1100
    assert points("farkel", [2, 3, 4, 5, 6, 5]) == 1050
    assert points("farkel", [2, 3, 4, 5, 6, 1]) == 2000  # that is the big straight
    # a sixth die that does not score cannot join: keep the five
    assert points("farkel", [1, 2, 3, 4, 5, 3]) == 0
    assert best("farkel", [1, 2, 3, 4, 5, 3]) == ([1, 2, 3, 4, 5], 1000)
    assert points("farkel", [2, 3, 4, 5, 6, 6]) == 0
    assert best("farkel", [2, 3, 4, 5, 6, 6]) == ([2, 3, 4, 5, 6], 1000)
    # no small straights where the preset has none
    assert points("classic", [1, 2, 3, 4, 5]) == 0
    assert best("classic", [1, 2, 3, 4, 5]) == ([1, 5], 150)


def test_full_house_and_a_single():
    assert points("farkel", [2, 2, 2, 3, 3]) == 1000
    assert points("farkel", [2, 2, 2, 3, 3, 1]) == 1100
    assert points("farkel", [2, 2, 2, 3, 3, 5]) == 1050
    assert points("farkel", [2, 2, 2, 3, 3, 4]) == 0
    assert points("farkel", [6, 6, 6, 5, 5]) == 1000  # 1000 > 600 + 100
    assert points("classic", [2, 2, 2, 3, 3]) == 0  # no full house in classic
    bonus = Scorer(Rules(full_house=250, full_house_bonus=True))
    assert bonus.score([4, 4, 4, 2, 2]) == 650  # the triple + 250
    assert bonus.score([4, 4, 4, 2, 2, 5]) == 700
    assert bonus.score([1, 1, 1, 5, 5]) == 1250  # 1000 + 250 > 1000 + 100


def test_full_house_of_ones_ties_three_ones_and_take_best_keeps_fewer_dice():
    roll = [1, 1, 1, 2, 2, 3]
    assert points("farkel", [1, 1, 1, 2, 2]) == 1000
    assert best("farkel", roll) == ([1, 1, 1], 1000)
    assert ((1, 1, 1, 2, 2), 1000) in keeps("farkel", roll)  # still a legal keep


def test_five_dice_game():
    rules = five_dice(preset("classic"))
    s = Scorer(rules)
    assert s.score([1, 2, 3, 4, 5]) == 0  # no straight of six with five dice
    assert s.score([5, 5, 5, 5, 5]) == 2000
    assert s.score([1, 1, 1, 1, 1]) == 2000
    assert s.best([2, 2, 3, 3, 1]) == ([1], 100)  # no three pairs
    farkel5 = Scorer(five_dice(preset("farkel")))
    assert farkel5.score([1, 2, 3, 4, 5]) == 1000  # small straights and full house stay
    assert farkel5.score([3, 3, 3, 4, 4]) == 1000


def test_a_selection_must_be_all_scoring_parts():
    assert points("classic", [2]) == 0
    assert points("classic", [1, 2]) == 0  # a lone 2 cannot sneak in next to a 1
    assert points("classic", [1, 5, 6]) == 0
    assert points("classic", [2, 2]) == 0
    assert points("classic", []) == 0
    s = Scorer(preset("classic"))
    assert s.why_not([2]) == "a 2 does not score on its own"
    assert "2 6" in s.why_not([1, 2, 6])
    assert s.why_not([]) == "choose at least one die to set aside"
    assert s.why_not([1, 5]) is None


def test_farkle_rolls():
    s = Scorer(preset("classic"))
    assert s.is_farkle([2, 3, 4, 6, 6, 2])
    assert s.is_farkle([2])
    assert not s.is_farkle([2, 2, 2])
    assert not s.is_farkle([2, 2, 3, 3, 4, 4])  # three pairs only
    assert s.best([2, 3, 4, 6, 6, 2]) == ([], 0)
    assert s.keeps([4, 6]) == []
