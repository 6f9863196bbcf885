"""Every worked example and checkable claim in the five rule documents (../shared/seeds/), each
against the preset made from that document: 000 classic, 001 scorecard, 002 duel, 003 doubling,
004 farkel."""
import itertools
from fractions import Fraction

import pytest

from brute_scorer import multisets
from farkle.dice import FixedDice
from farkle.game import KEEP, ROLLOFF, START, Game, IllegalAction
from farkle.presets import preset
from farkle.scorer import Scorer

NOTHING = [2, 3, 4, 6, 2, 3]


def score(name, dice):
    return Scorer(preset(name)).score(dice)


def new(name, players=2, first=0, **overrides):
    return Game(preset(name, **overrides), players=players, first=first)


def farkle(g):
    g.roll(NOTHING[:g.in_hand])


def open_all(g):
    """Everyone banks three 1s (1000) once: all on the board."""
    for _ in range(g.players):
        g.roll([1, 1, 1, 2, 3, 4])
        g.keep([1, 1, 1])
        g.bank()


def farkle_chance(name, n):
    rolls = list(itertools.product(range(1, 7), repeat=n))
    s = Scorer(preset(name))
    return Fraction(sum(s.is_farkle(list(r)) for r in rolls), len(rolls))


# ===== 000: "How to play farkle" (classic) =====


def test_000_sample_turn():
    # "You roll 1, 4, 4, 5, 2, 6. You set aside the 1 (100) and roll the other five. They come
    # up 3, 3, 3, 6, 2: you set aside the three 3s (300) and your turn total is 400. Two dice
    # left. ... with our default 500 opening, 400 isn't enough to bank on your first score"
    g = new("classic")
    g.roll([1, 4, 4, 5, 2, 6])
    g.keep([1])
    assert g.turn_total == 100 and g.in_hand == 5
    g.roll([3, 3, 3, 6, 2])
    g.keep([3, 3, 3])
    assert g.turn_total == 400 and g.in_hand == 2
    with pytest.raises(IllegalAction, match="you need 500 in one turn"):
        g.bank()
    # "Once you're on the board, banking is the better play there": banking 400 is allowed
    h = new("classic")
    open_all(h)
    h.roll([1, 4, 4, 5, 2, 6])
    h.keep([1])
    h.roll([3, 3, 3, 6, 2])
    h.keep([3, 3, 3])
    h.bank()
    assert h.scores == [1400, 1000]


def test_000_two_dice_farkle_four_times_in_nine():
    # "roll two dice and risk a farkle, which happens 4 times in 9 with two dice" (36 rolls)
    assert farkle_chance("classic", 2) == Fraction(4, 9)


def _turn_values(name, cap=20000):
    """Optimal expected points of the rest of a turn, V[(total, dice)], on the board (classic
    has no later minimum): bank, or roll and take the best continuation of each roll."""
    s = Scorer(preset(name))
    outcomes = {}
    for n in range(1, 7):
        rows = []
        for roll in multisets(n, n):
            ways = 1
            for k in range(1, n + 1):
                ways *= k
            for face in set(roll):
                for k in range(1, roll.count(face) + 1):
                    ways //= k
            options = {(p, (n - len(k)) or 6) for k, p in s.keeps(roll)}
            rows.append((Fraction(ways, 6 ** n), sorted(options)))
        outcomes[n] = rows
    value = {}
    for total in range(cap, -1, -50):  # every keep adds at least 50: work downwards
        for n in range(1, 7):
            if total == cap:
                value[(total, n)] = float(total)
                continue
            ev = 0.0
            for p, options in outcomes[n]:
                if options:
                    ev += float(p) * max(value[(min(total + pts, cap), left)] for pts, left in options)
            value[(total, n)] = max(float(total), ev)
    return value


def test_000_with_two_dice_rolling_on_only_pays_below_300():
    # "With two dice left, rolling on only pays from a turn total below 300": with the best
    # play after the roll (hot dice included), rolling two dice beats banking exactly for
    # turn totals under 300
    value = _turn_values("classic")
    for total in range(50, 300, 50):
        assert value[(total, 2)] > total + 1e-9, total
    for total in range(300, 5000, 50):
        assert value[(total, 2)] == total, total


def test_000_scoring_table():
    rows = [
        ([1], 100), ([5], 50), ([1, 1, 1], 1000), ([2, 2, 2], 200), ([3, 3, 3], 300),
        ([4, 4, 4], 400), ([5, 5, 5], 500), ([6, 6, 6], 600),
        ([4, 4, 4, 4], 1000), ([4] * 5, 2000), ([4] * 6, 3000),
        ([1, 2, 3, 4, 5, 6], 1500), ([2, 2, 4, 4, 6, 6], 1500),
        ([3, 3, 3, 3, 6, 6], 1500), ([2, 2, 2, 6, 6, 6], 2500),
    ]
    for dice, points in rows:
        assert score("classic", dice) == points, dice


def test_000_three_fives_across_two_rolls_are_150_not_500():
    g = new("classic")
    g.roll([5, 5, 2, 3, 4, 6])
    g.keep([5, 5])
    g.roll([5, 2, 3, 4])
    g.keep([5])
    assert g.turn_total == 150


def test_000_when_dice_count_two_ways_take_the_higher_total():
    assert score("classic", [1, 1, 1, 1, 5, 5]) == 1500  # four + pair, not 1100 + 100
    assert score("classic", [1, 1, 1, 5, 5, 5]) == 2500  # two triplets, not 1500
    assert score("classic", [1, 1, 1, 1]) == 1100  # three 1s + a 1, not the set 1000


def test_000_keep_at_least_one_scoring_die_but_not_all():
    g = new("classic")
    g.roll([1, 5, 5, 2, 3, 4])
    with pytest.raises(IllegalAction, match="set aside at least one scoring die"):
        g.roll()
    g.keep([1])  # "You don't have to keep every die that scores"
    g.roll([2, 2, 3, 4, 5])
    with pytest.raises(IllegalAction, match="do not score"):
        g.keep([2, 2])


def test_000_hot_dice_pick_up_all_six_no_limit():
    g = new("classic")
    for n in range(1, 4):
        g.roll([1, 2, 3, 4, 5, 6])
        g.keep([1, 2, 3, 4, 5, 6])
        assert g.in_hand == 6 and g.turn_total == 1500 * n


def test_000_farkle_loses_the_turn_points_banked_score_is_safe():
    g = new("classic")
    open_all(g)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    farkle(g)
    assert g.scores == [1000, 1000]


def test_000_who_goes_first_highest_roll_ties_roll_again():
    g = Game(preset("classic"), players=3, dice=FixedDice([5, 5, 2, 6, 3]))
    g.rolloff()
    assert g.rolloff_players == [0, 1]
    g.rolloff()
    assert g.phase == START and g.current == 0


def test_000_last_round_and_a_later_player_who_only_ties():
    g = new("classic", players=3, target=2000)
    open_all(g)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()  # player 0 reaches 2000: everyone else gets one last turn
    assert g.final_round()
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()  # player 1 ties: "the player who got there first keeps the win"
    farkle(g)
    assert g.outcome() == [0]


def test_000_variations_are_settings():
    classic = preset("classic")
    # different scores
    assert Scorer(classic.replace(straight=2500, three_pairs=750)).score([1, 2, 3, 4, 5, 6]) == 2500
    assert Scorer(classic.replace(three_pairs=750)).score([2, 2, 3, 3, 4, 4]) == 750
    assert Scorer(classic.replace(kinds="double")).score([2, 2, 2, 2]) == 400
    assert Scorer(classic.replace(kinds="add")).score([2] * 5) == 600
    # three farkles in a row: 500 (Wikipedia) or 1000 (Game On Family), offered by the preset
    for penalty in (500, 1000):
        g = Game(classic.replace(penalty=penalty), players=2, first=0)
        assert g.rules.name == "classic"
        for _ in range(6):
            farkle(g)
        assert g.scores == [-penalty, -penalty]
    # no last round, offered
    assert classic.replace(final_round=False).name == "classic"
    # five dice: no three pairs
    five = classic.replace(dice=5, straight=0, three_pairs=0, four_and_pair=0, two_triplets=0)
    assert Scorer(five).score([2, 2, 3, 3, 4]) == 0
    # piggybacking and the exact ("welfare") ending are rules too
    assert classic.replace(piggyback=True).piggyback
    g = Game(classic.replace(exact_target=True, target=2000, opening=0), players=2, first=0)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()
    g.roll([5, 5, 5, 2, 3, 4])
    g.keep([5, 5, 5])
    g.bank()
    g.roll([1, 1, 1, 5, 2, 3])
    g.keep([1, 1, 1, 5])
    g.bank()  # 1000 + 1050 > 2000: "Going over hands that turn's points to the lowest player"
    assert g.scores == [1000, 1550]
    assert g.log[-1] == ("welfare", 1, (), 1050)


# ===== 001: Doodle Score scorecard (scorecard) =====


def test_001_two_to_eight_players():
    for n in (2, 4, 8):
        Game(preset("scorecard"), players=n, first=0)
    with pytest.raises(ValueError):
        Game(preset("scorecard"), players=9)


def test_001_first_bank_at_least_500_then_any_positive_total():
    g = new("scorecard")
    g.roll([1, 5, 2, 3, 4, 6])
    g.keep([1, 5])
    with pytest.raises(IllegalAction, match="you need 500 in one turn"):
        g.bank()
    farkle(g)
    farkle(g)
    g.roll([5, 5, 5, 2, 3, 4])
    g.keep([5, 5, 5])
    g.bank()
    farkle(g)
    g.roll([5, 2, 3, 4, 6, 6])
    g.keep([5])
    g.bank()  # 50 counts now
    assert g.scores == [550, 0]
    # "No Minimum variant": any positive score from the very first turn
    assert preset("scorecard").replace(opening=0).name == "scorecard"


def test_001_scoring_table():
    rows = [([1], 100), ([5], 50), ([1, 1, 1], 1000), ([2, 2, 2], 200), ([6, 6, 6], 600),
            ([3] * 4, 1000), ([3] * 5, 2000), ([3] * 6, 3000), ([1, 2, 3, 4, 5, 6], 1500),
            ([2, 2, 3, 3, 4, 4], 1500)]
    for dice, points in rows:
        assert score("scorecard", dice) == points, dice
    # the table has no four-plus-pair and no two-triplets: those score as their parts
    assert score("scorecard", [2, 2, 2, 3, 3, 3]) == 500
    assert score("scorecard", [4, 4, 4, 4, 2, 2]) == 0


def test_001_hot_dice_optional_and_unlimited():
    g = new("scorecard", opening=0)
    g.roll([1, 1, 1, 5, 5, 5])
    g.keep([1, 1, 1, 5, 5, 5])
    assert g.hot_dice() and g.turn_total == 1500
    g.bank()  # "optional — they can also choose to bank"
    assert g.scores == [1500, 0]


def test_001_final_round_the_trigger_gets_no_more_turn_others_exactly_one():
    g = new("scorecard", players=3, target=2000)
    open_all(g)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()
    seen = []
    while not g.is_over():
        seen.append(g.current)
        farkle(g)
    assert seen == [1, 2] and g.outcome() == [0]


def test_001_a_tying_player_must_continue_rolling():
    g = new("scorecard", players=2, target=2000)
    open_all(g)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()  # 2000
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    with pytest.raises(IllegalAction, match="a tie is not enough in the final round: roll on to beat 2000"):
        g.bank()
    g.roll([1, 2, 3])
    g.keep([1])
    g.bank()
    assert g.outcome() == [1]


def test_001_tied_after_the_final_round_roll_one_die_re_roll_on_ties():
    # a tie at the top (here from points handed over by the exact target rule, which rules
    # refuse together with "roll on") goes to a roll-off, ties rolling again
    g = new("scorecard", players=3, target=2000, exact_target=True, opening=0, tie="rolloff")
    for triple in ([1, 1, 1], [1, 1, 1], [5, 5, 5], [1, 1, 1]):
        g.roll(triple + [2, 3, 4])
        g.keep(triple)
        g.bank()  # 1000, 1000, 500; then player 0 has 2000: the final round
    assert g.final_round() and g.scores == [2000, 1000, 500]
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.roll([5, 5, 5])
    g.keep([5, 5, 5])
    g.bank()  # player 1 would pass 2000: the lowest, player 2, gets the 1500
    assert g.scores == [2000, 1000, 2000]
    farkle(g)  # player 2's last turn
    assert g.phase == ROLLOFF and g.rolloff_players == [0, 2]
    g.rolloff([4, 4])  # "Re-roll on ties"
    assert g.rolloff_players == [0, 2]
    g.rolloff([2, 6])
    assert g.outcome() == [2]


def test_001_three_consecutive_farkles_deduct_1000():
    g = new("scorecard", penalty=1000)
    assert g.rules.name == "scorecard"
    for _ in range(3):
        farkle(g)
        farkle(g)
    assert g.scores == [-1000, -1000]


def test_001_cannot_bank_zero():
    g = new("scorecard", opening=0)
    with pytest.raises(IllegalAction, match="nothing to bank"):
        g.bank()
    g.roll([2, 2, 3, 1, 4, 6])
    with pytest.raises(IllegalAction, match="set aside at least one scoring die before banking"):
        g.bank()


# ===== 002: the two-player app (duel) =====


def test_002_targets_offered():
    for target in (5000, 10000, 15000):
        assert preset("duel", target=target).name == "duel"


def test_002_scoring_table():
    rows = [([1], 100), ([5], 50), ([2, 2, 2], 200), ([6, 6, 6], 600), ([1, 1, 1], 1000),
            ([4] * 4, 800), ([4] * 5, 1200), ([4] * 6, 1600), ([1, 2, 3, 4, 5, 6], 1500),
            ([2, 2, 3, 3, 4, 4], 1500), ([3, 3, 3, 3, 2, 2], 1500)]
    for dice, points in rows:
        assert score("duel", dice) == points, dice


def test_002_a_lone_2_cannot_sneak_in_next_to_a_1():
    s = Scorer(preset("duel"))
    for face in (2, 3, 4, 6):
        assert s.score([face]) == 0
        assert s.score([1, face]) == 0
    g = new("duel")
    g.roll([1, 2, 3, 4, 6, 6])
    with pytest.raises(IllegalAction, match="a 2 does not score on its own"):
        g.keep([1, 2])
    assert g.selection_points([1]) == 100


def test_002_two_2s_and_a_third_2_from_the_next_roll_are_no_triple():
    g = new("duel")
    g.roll([2, 2, 1, 3, 4, 6])
    with pytest.raises(IllegalAction):
        g.keep([1, 2, 2])
    g.keep([1])
    g.roll([2, 3, 4, 6, 5])
    with pytest.raises(IllegalAction, match="a 2 does not score on its own"):
        g.keep([2])


def test_002_take_best_grabs_the_highest_scoring_set():
    g = new("duel")
    g.roll([4, 4, 4, 4, 1, 5])
    assert g.best_keep() == ([1, 4, 4, 4, 4, 5], 950)


def test_002_one_more_turn_for_the_opponent_equal_totals_draw():
    g = new("duel", target=5000)
    for _ in range(4):  # 2500 a turn: player 0 reaches 5000, player 1 gets one more turn
        g.roll([1, 1, 1, 5, 5, 5])
        g.keep([1, 1, 1, 5, 5, 5])  # 1500, hot dice
        g.roll([1, 1, 1, 2, 3, 4])
        g.keep([1, 1, 1])
        g.bank()
    assert g.scores == [5000, 5000]
    assert g.outcome() == [0, 1] and g.log[-1][0] == "draw"


def test_002_farkle_chances_by_dice_left():
    # "about 2% with six dice, 8% with five, 16% with four, 28% with three ... 67% with one"
    for n, percent in ((6, 2), (5, 8), (4, 16), (3, 28), (1, 67)):
        assert round(100 * float(farkle_chance("duel", n))) == percent, n
    # the document says 56% with two dice; the chance is 4/9 (44%), as document 000 says:
    # 56% (5/9) is the chance that two dice score
    assert farkle_chance("duel", 2) == Fraction(4, 9)
    assert round(100 * (1 - float(farkle_chance("duel", 2)))) == 56


def test_002_taking_only_the_1_from_a_straight_leaves_five_dice():
    g = new("duel")
    g.roll([1, 5, 2, 3, 4, 6])
    g.keep([1])
    assert g.in_hand == 5
    h = new("duel")
    h.roll([1, 5, 2, 3, 4, 6])
    h.keep([1, 5])
    assert h.in_hand == 4 and h.turn_total == 150


# ===== 003: Kevin Owens' rules (doubling) =====


def test_003_kinds_double_with_each_die():
    assert score("doubling", [3, 3, 3]) == 300  # "3x 3 is worth 300 points"
    assert score("doubling", [1, 1, 1]) == 1000  # "3x 1 is worth 1,000 points"
    assert score("doubling", [3] * 4) == 600  # "4x 3 is worth 600 points"
    assert score("doubling", [3] * 5) == 1200  # "5x 3 is worth 1,200 points"
    assert score("doubling", [3] * 6) == 2400  # "6x 3 is worth 2,400 points"
    assert score("doubling", [1, 2, 3, 4, 5, 6]) == 1500
    # "three pairs ... or two triplets" score too (values: the common ones)
    assert score("doubling", [2, 2, 3, 3, 6, 6]) == 1500
    assert score("doubling", [2, 2, 2, 3, 3, 3]) == 2500


def test_003_1000_to_start_then_350():
    g = new("doubling")
    g.roll([5, 5, 5, 1, 2, 3])
    g.keep([1, 5, 5, 5])
    with pytest.raises(IllegalAction, match="you need 1000 in one turn"):
        g.bank()
    g.roll([5, 5])
    g.keep([5, 5])  # hot dice: 700
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()  # 1700
    farkle(g)
    g.roll([1, 5, 5, 2, 3, 4])
    g.keep([1, 5, 5])
    with pytest.raises(IllegalAction, match="a bank needs at least 350 points"):
        g.bank()
    g.roll([1, 5, 2])
    g.keep([1, 5])
    g.bank()  # 350
    assert g.scores == [2050, 0]


def test_003_1_2_2_5_5_6_the_1_and_two_5s_or_only_the_1():
    s = Scorer(preset("doubling"))
    keeps = sorted((tuple(k), p) for k, p in s.keeps([1, 2, 2, 5, 5, 6]))
    assert keeps == [((1,), 100), ((1, 5), 150), ((1, 5, 5), 200), ((5,), 50), ((5, 5), 100)]
    g = new("doubling")
    g.roll([1, 2, 2, 5, 5, 6])
    g.keep([1])  # only the 1
    assert g.in_hand == 5
    h = new("doubling")
    h.roll([1, 2, 2, 5, 5, 6])
    h.keep([1, 5, 5])  # the 1 and the two 5s
    assert h.in_hand == 3 and h.turn_total == 200


def test_003_no_points_by_combining_dice_from_different_rolls():
    g = new("doubling")
    g.roll([3, 3, 1, 2, 4, 6])
    g.keep([1])
    g.roll([3, 2, 4, 6, 5])
    with pytest.raises(IllegalAction, match="a 3 does not score on its own"):
        g.keep([3])


def test_003_highest_roll_goes_first_and_up_to_8_players():
    g = Game(preset("doubling"), players=8, dice=FixedDice([1, 2, 3, 4, 6, 5, 4, 3]))
    g.rolloff()
    assert g.current == 4


# ===== 004: Farkel, the Texas family game (farkel) =====


def test_004_piggyback_700_and_two_dice():
    # "Player 1 stops his turn with 700 points, and opts to not roll his remaining two dice. He
    # adds 700 to his score ... Player 2 may pick up those two dice, and if he scores anything
    # with them, he adds those points to 700, as his score. Or Player 2 may opt to start with
    # all six dice, and start his own scoring from zero."
    def player_1_stops_at_700():
        g = new("farkel")
        open_all(g)  # both "on the table"
        g.roll([6, 6, 6, 1, 2, 3])
        g.keep([1, 6, 6, 6])
        assert (g.turn_total, g.in_hand) == (700, 2)
        g.bank()
        assert g.scores == [1700, 1000]
        return g

    g = player_1_stops_at_700()
    g.piggyback()  # player 2 picks up the two dice and the 700
    assert (g.in_hand, g.turn_total) == (2, 700)
    g.roll([5, 3])
    g.keep([5])
    g.bank()
    assert g.scores == [1700, 1750]
    # the two dice score nothing: player 2 gets nothing (player 1 keeps his 700)
    g = player_1_stops_at_700()
    g.piggyback()
    g.roll([3, 4])
    assert g.scores == [1700, 1000] and g.current == 0
    # or player 2 starts with all six dice, from zero
    g = player_1_stops_at_700()
    g.roll([1, 2, 3, 4, 6, 6])
    assert g.in_hand == 6 and g.turn_total == 0 and g.phase == KEEP
    with pytest.raises(IllegalAction):
        g.piggyback()


def test_004_atomic_sets_a_1_then_two_other_1s_are_three_singles():
    g = new("farkel")
    g.roll([1, 2, 3, 4, 6, 6])
    g.keep([1])
    g.roll([1, 1, 2, 3, 4])
    g.keep([1, 1])
    assert g.turn_total == 300  # not 1000


def test_004_sets_table():
    rows = [([1], 100), ([5], 50), ([1, 1, 1], 1000), ([2, 2, 2], 200), ([3, 3, 3], 300),
            ([4, 4, 4], 400), ([5, 5, 5], 500), ([6, 6, 6], 600),
            ([2] * 4, 400), ([2] * 5, 800), ([2] * 6, 1600),  # 2x, 4x, 8x three-of-a-kind
            ([3, 3, 3, 2, 2], 1000),  # full house
            ([2, 2, 3, 3, 4, 4], 2500),  # three pair
            ([2, 2, 2, 4, 4, 4], 3500),  # two triples
            ([1, 2, 3, 4, 5], 1000), ([2, 3, 4, 5, 6], 1000),  # small straight (length 5)
            ([1, 2, 3, 4, 5, 6], 2000)]  # large straight
    for dice, points in rows:
        assert score("farkel", dice) == points, dice


def test_004_off_the_table_until_500_in_a_turn_and_no_piggyback_before():
    g = new("farkel")
    g.roll([1, 1, 2, 3, 4, 6])
    g.keep([1, 1])
    with pytest.raises(IllegalAction, match="500 in one turn"):
        g.bank()
    farkle(g)
    g.roll([5, 5, 5, 2, 3, 4])
    g.keep([5, 5, 5])
    g.bank()  # player 1 "on the table"
    with pytest.raises(IllegalAction, match="must be on the board"):
        g.piggyback()  # player 0 is still off the table





def test_004_50000_offered_and_topping_the_first_wins():
    assert preset("farkel", target=50000).name == "farkel"
    g = new("farkel", players=3, target=2000)
    open_all(g)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.bank()  # player 0 crosses the threshold
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    g.roll([1, 2, 3])
    g.keep([1])
    g.bank()  # player 1 tops it
    farkle(g)
    assert g.outcome() == [1]
    h = new("farkel", players=2, target=2000)
    open_all(h)
    h.roll([1, 1, 1, 2, 3, 4])
    h.keep([1, 1, 1])
    h.bank()
    h.roll([1, 1, 1, 2, 3, 4])
    h.keep([1, 1, 1])
    h.bank()  # only equals it: "Otherwise, the first player to cross that threshold is the winner"
    assert h.outcome() == [0]
