"""Exact turn odds (farkle.solve.turn) against hand-derived values and an independent solver."""
import math
from fractions import Fraction

import pytest

from farkle.presets import NAMES, preset
from farkle.scorer import Scorer
from farkle.solve.turn import decision_rows, odds, reach_table, rolls, solve

# Farkle chances under classic rules, derived by hand (faces 2, 3, 4, 6 only, no triple):
#   1 die:  4/6                                        = 2/3
#   2 dice: 4^2 / 36                                   = 4/9
#   3 dice: (4^3 - 4 triples) / 216 = 60/216           = 5/18
#   4 dice: (256 - 4 quads - 4*4*3 triples) / 1296 = 204/1296 = 17/108
#   5 dice: (1024 - 4 - 4*5*3 - 4*10*9) / 7776 = 600/7776 = 25/324
#   6 dice: each face at most twice and not three pairs: 6 * 6!/(2!2!1!1!) = 1080 of 46656 = 5/216
CLASSIC_FARKLE = {1: Fraction(2, 3), 2: Fraction(4, 9), 3: Fraction(5, 18), 4: Fraction(17, 108),
                  5: Fraction(25, 324), 6: Fraction(5, 216)}


def test_roll_probabilities_add_up():
    for n in range(1, 7):
        assert sum(p for _, p in rolls(n)) == 1
    assert len(rolls(6)) == 462


@pytest.mark.parametrize("name", NAMES)
def test_farkle_chances_are_exact(name):
    # no preset's extra combinations can rescue a roll without 1s, 5s and triples, except
    # three pairs (all have it) and the five-dice straights (they hold a 1 or a 5 anyway)
    assert solve(preset(name)).farkle == CLASSIC_FARKLE


def test_farkle_chance_without_three_pairs_and_with_five_dice():
    # without three pairs the 360 rolls of three pairs from {2,3,4,6} farkle too: 1440/46656
    plain = preset("scorecard", ).replace(three_pairs=0)
    assert solve(plain).farkle[6] == Fraction(1440, 46656) == Fraction(5, 162)
    five = preset("classic").replace(dice=5, straight=0, three_pairs=0, four_and_pair=0, two_triplets=0)
    s = solve(five)
    assert sorted(s.farkle) == [1, 2, 3, 4, 5]
    assert s.farkle[5] == Fraction(25, 324)


def test_seed_document_percentages():
    # seed 002: "about 2% with six dice, 8% with five, 16% with four, 28% with three,
    # 56% with two and 67% with one". 56% with two dice is the chance to SCORE: the farkle
    # chance is 4/9 (44%), as seed 000 says ("4 times in 9 with two dice").
    f = solve(preset("duel")).farkle
    for n, pct in ((6, 2), (5, 8), (4, 16), (3, 28), (1, 67)):
        assert round(100 * f[n]) == pct
    assert round(100 * (1 - f[2])) == 56 and f[2] == Fraction(4, 9)


def test_expected_points_of_one_roll_by_hand():
    s = solve(preset("classic"))
    assert s.expected_points[1] == 25  # (100 + 50) / 6
    assert s.expected_points[2] == 50  # no combination with two dice: twice one die
    # three dice: 75 from singles, plus what each triple adds over its singles:
    # 1s: 1000 - 300, 5s: 500 - 150, 2s/3s/4s/6s: 200 + 300 + 400 + 600
    assert s.expected_points[3] == 75 + Fraction(700 + 350 + 1500, 216)


def test_seed_000_two_dice_advice_and_the_opening():
    # "With two dice left, rolling on only pays from a turn total below 300" (on the board);
    # "with our default 500 opening, 400 isn't enough to bank on your first score"
    o = odds(preset("classic"))
    assert o["bank_at"]["2"] == 300
    assert o["opening_bank_at"]["2"] == 500
    s = solve(preset("classic"))
    assert s.should_roll(2, 250) and not s.should_roll(2, 300)
    assert s.gain(2, 400, 500) is None  # no bank below the opening


def test_the_cap_is_where_six_dice_stop_paying():
    # past e6/f6 one more roll of six dice loses on average even if it banks right after;
    # just below it, rolling once then banking is already better than banking
    s = solve(preset("classic"))
    e6, f6 = s.expected_points[6], s.farkle[6]
    edge = e6 / f6
    assert s.bank_at(0)[6] == math.ceil(edge / 50) * 50 == s.cap
    t = s.cap - 50
    assert s.roll_value(6, t) == pytest.approx(float((1 - f6) * t + e6), abs=1e-6)


@pytest.mark.parametrize("name", NAMES)
def test_banking_pays_more_the_more_is_at_stake(name):
    # the lemma behind the cap: W(n, t) - t never grows with t, so each n has one threshold
    s = solve(preset(name))
    for n in range(1, s.dice + 1):
        gains = [s.value(n, t) - t for t in range(50, s.cap + 51, 50)]
        assert all(a >= b - 1e-9 for a, b in zip(gains, gains[1:]))
        t = s.bank_at(0)[n]
        assert s.should_roll(n, t - 50) and not s.should_roll(n, t)


def _independent(rules, minimum=0):
    """A plain-Python solver written apart from farkle.solve: dict of values by (n, t)."""
    scorer = Scorer(rules)
    N = rules.dice
    cap = solve(rules).cap
    table = {}
    for n in range(1, N + 1):
        outcomes = []
        for faces, prob in rolls(n):
            best = {}
            for keep, points in scorer.keeps(list(faces)):
                left = n - len(keep) or N
                best[left] = max(best.get(left, 0), points)
            outcomes.append((float(prob), list(best.items())))
        table[n] = outcomes
    W = {}

    def w(n, t):
        return W.get((n, t), float(t))  # past the cap: bank

    R = {}
    for t in range(cap, -50, -50):
        for n in range(1, N + 1):
            r = 0.0
            for prob, best in table[n]:
                if best:
                    r += prob * max(w(left, t + p) for left, p in best)
            R[n, t] = r
            W[n, t] = max(r, t) if t >= max(minimum, 1) else r
    return R


@pytest.mark.parametrize("name,minimum", [("classic", 0), ("classic", 500), ("farkel", 0)])
def test_values_match_an_independent_solver(name, minimum):
    rules = preset(name)
    s = solve(rules)
    R = _independent(rules, minimum)
    for (n, t), r in R.items():
        if t % 150 == 0 or t < 1200:
            assert s.roll_value(n, t, minimum) == pytest.approx(r, rel=1e-9, abs=1e-9), (n, t)


def test_odds_json():
    o = odds(preset("classic"))
    assert set(o) >= {"farkle", "expected_turn", "bank_at"}
    assert o["farkle"]["6"] == pytest.approx(5 / 216) and o["farkle_exact"]["2"] == "4/9"
    assert o["bank_at"] == {"1": 350, "2": 300, "3": 450, "4": 1050, "5": 3100, "6": 18400}
    assert 600 < o["expected_turn"] < 603
    assert o["expected_opening_turn"] < o["expected_turn"]
    rows = decision_rows(preset("classic"), top=1000)
    row = [r for r in rows if r["dice"] == 2 and r["total"] == 300][0]
    assert row["decision"] == "bank" and row["gain"] <= 0
    assert all((r["gain"] > 0) == (r["decision"] == "roll") for r in rows)


def test_doubling_min_bank_and_opening():
    o = odds(preset("doubling"))
    # no bank below 350 once on the board, none below 1000 before
    assert min(o["bank_at"].values()) >= 350 and min(o["opening_bank_at"].values()) == 1000


def test_reach_chances():
    rules = preset("classic")
    s = solve(rules)
    Q = reach_table(rules, 3000)
    for n in range(1, 7):
        assert Q[n][0] == 1
        assert Q[n][1] == pytest.approx(float(1 - s.farkle[n]))  # any score makes 50
        assert all(a >= b for a, b in zip(Q[n], Q[n][1:]))
    # one die needing 150: a 1 (100, hot dice) then 50 more from six dice, or a 5 then 100 more
    assert Q[1][3] == pytest.approx(1 / 6 * Q[6][1] + 1 / 6 * Q[6][2])
