"""The game state machine, one test per rule, every illegal action refused without a trace, and
a property test over random play."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute_scorer import counts_of, dice_of, multisets, sub_multisets
from engine_play import random_step, snapshot
from engine_strategies import _valid, any_rules
from farkle import savegame
from farkle.dice import FixedDice, RandomDice
from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START, Game, IllegalAction
from farkle.presets import NAMES, preset

NOTHING = [2, 3, 4, 6, 2, 3]  # six dice that do not score (no three pairs, no straight)


def new(name="classic", players=2, first=0, **overrides):
    return Game(preset(name, **overrides), players=players, first=first)


def farkle(g):
    """Roll the dice in hand so that nothing scores."""
    g.roll(NOTHING[:g.in_hand])


def bank_1000(g):
    g.roll([1, 1, 1, 2, 3, 4][:g.in_hand] if g.in_hand >= 3 else None)
    g.keep([1, 1, 1])
    g.bank()


def bank_points(g, points):
    """Start a turn, set aside exactly ``points`` (a multiple of 50) one part per roll, bank."""
    parts = []
    for value, dice in ((1000, [1, 1, 1]), (500, [5, 5, 5]), (100, [1]), (50, [5])):
        while points >= value:
            parts.append(dice)
            points -= value
    assert points == 0
    for dice in parts:
        g.roll(dice + NOTHING[:g.in_hand - len(dice)])
        g.keep(dice)
    g.bank()


def refuse(g, action, *args, reason=None, match=None):
    """``action`` is refused with IllegalAction, the same reason its why_not_ twin gives, and
    the game is byte-identical afterwards."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as error:
        getattr(g, action)(*args)
    assert snapshot(g) == before
    text = str(error.value)
    assert text and getattr(g, "why_not_" + action)(*args) == text
    if reason is not None:
        assert text == reason
    if match is not None:
        assert match in text, text
    return text


def kinds(g, since=0):
    return [e[0] for e in g.log[since:]]


# ----- a turn -----


def test_a_turn_roll_set_aside_roll_the_rest_bank():
    g = new("classic")
    g.roll([1, 4, 4, 5, 2, 6])
    assert g.phase == KEEP and g.in_hand == 6
    g.keep([1])
    assert (g.turn_total, g.in_hand, g.phase) == (100, 5, CHOOSE)
    g.roll([3, 3, 3, 6, 2])
    g.keep([3, 3, 3])
    assert (g.turn_total, g.in_hand) == (400, 2)
    g.roll([5, 1])
    g.keep([1, 5])  # hot dice: 550 carried on with six dice
    g.bank()
    assert g.scores == [550, 0] and g.current == 1 and g.phase == START
    assert g.turn_total == 0 and g.in_hand == 6
    assert kinds(g) == ["first", "roll", "keep", "roll", "keep", "roll", "keep", "hot", "bank"]
    assert g.log[-1] == ("bank", 0, (), 550)
    assert g.log[2] == ("keep", 0, (1,), 100)


def test_at_least_one_scoring_die_before_rolling_or_banking():
    g = new("duel")
    g.roll([1, 2, 3, 4, 6, 6])
    refuse(g, "roll", reason="set aside at least one scoring die before rolling again")
    refuse(g, "bank", reason="set aside at least one scoring die before banking")
    refuse(g, "keep", [], reason="choose at least one die to set aside")
    refuse(g, "keep", [2], reason="a 2 does not score on its own")
    refuse(g, "keep", [1, 2], reason="a 2 does not score on its own")  # no sneaking in next to a 1
    refuse(g, "keep", [5], reason="there is no 5 left to set aside in this roll")
    refuse(g, "keep", [1, 1], reason="there is no 1 left to set aside in this roll")
    g.keep([1])
    refuse(g, "keep", [1], reason="there is no 1 left to set aside in this roll")
    g.roll([2, 2, 2, 3, 4])


def test_more_dice_of_the_same_roll_join_the_set():
    g = new("classic")
    g.roll([5, 5, 5, 2, 3, 4])
    g.keep([5])
    assert g.turn_total == 50
    assert g.keeps() == [([5, 5], 450), ([5], 50)]  # the rest of this roll, as points added
    g.keep([5, 5])
    assert g.turn_total == 500  # three 5s from one roll
    assert g.log[-1] == ("keep", 0, (5, 5), 450)


def test_three_fives_over_two_rolls_are_three_singles():
    g = new("classic")
    g.roll([5, 2, 3, 4, 6, 6])
    g.keep([5])
    g.roll([5, 5, 2, 3, 4])
    g.keep([5, 5])
    assert g.turn_total == 150
    g.roll([5, 2, 3])
    refuse(g, "keep", [2], match="does not score")  # no triple of 2s across rolls either
    g.keep([5])
    assert g.turn_total == 200


def test_a_set_is_taken_from_one_roll_and_all_of_it_counts():
    # duel: four 1s are 2000; four 1s and the two 2s of the same roll are three pairs, 1500.
    # Adding the 2s re-scores the roll's whole set-aside, exactly as keeping all six at once
    g = new("duel")
    g.roll([1, 1, 1, 1, 2, 2])
    g.keep([1, 1, 1, 1])
    assert g.turn_total == 2000
    g.keep([2, 2])
    assert g.turn_total == 1500 and g.hot_dice()
    h = new("duel")
    h.roll([1, 1, 1, 1, 2, 2])
    h.keep([1, 1, 1, 1, 2, 2])
    assert h.turn_total == 1500


def test_best_keep_and_keeps_of_the_current_roll():
    g = new("farkel")
    g.roll([1, 2, 3, 4, 5, 5])
    assert g.best_keep() == ([1, 2, 3, 4, 5, 5], 1050)
    assert g.selection_points([1, 5]) == 150
    assert g.selection_points([2]) == 0
    g.keep([1])
    assert g.best_keep() == ([2, 3, 4, 5, 5], 950)  # small straight + 5 with the 1: 1050
    assert ([2, 3, 4, 5], 900) in g.keeps() and ([5], 50) in g.keeps()


def _best_of_keeps(g):
    """The best keep by its definition: the highest of ``keeps()``, ties to fewer dice."""
    best, best_points = [], 0
    for faces, points in g.keeps():
        if points > best_points or (points == best_points and len(faces) < len(best)):
            best, best_points = faces, points
    return best, best_points


def _rolled(name, faces):
    """A game whose current roll is ``faces`` (fewer than six after keeping 1s)."""
    g = new(name)
    if len(faces) < 6:
        g.roll([1] * (6 - len(faces)) + [2, 3, 4, 6, 2][:len(faces)])
        g.keep([1] * (6 - len(faces)))
    g.roll(faces)
    return g


@pytest.mark.parametrize("name", NAMES)
def test_best_keep_is_the_best_of_the_keeps_for_every_roll_and_every_keep_before_it(name):
    for faces in multisets(1, 6):
        g = _rolled(name, faces)
        if g.phase != KEEP:
            assert g.best_keep() == ([], 0)  # a farkle ended the turn
            continue
        assert g.best_keep() == _best_of_keeps(g), faces
        for kept, _ in g.keeps():
            h = _rolled(name, faces)
            h.best_keep()  # asked before the keep too: the answer must not outlive it
            h.keep(kept)
            assert h.best_keep() == _best_of_keeps(h), (faces, kept)


def test_keeps_list_dice_that_score_only_with_what_is_set_aside_from_the_roll():
    # keeps() used to list only dice that score by themselves, while keep() accepts these
    g = new("classic")
    g.roll([2, 2, 2, 2, 3, 4])
    g.keep([2, 2, 2])
    assert g.keeps() == [([2], 800)]  # four 2s: 1000
    d = new("duel")
    d.roll([1, 1, 1, 1, 2, 2])
    d.keep([1, 1, 1, 1])
    assert d.keeps() == [([2, 2], -500)]  # three pairs, 1500: legal, and worse
    assert d.best_keep() == ([], 0)  # nothing adds points: roll on or bank

# ----- hot dice -----


def test_hot_dice_bring_back_all_six_with_the_total_and_have_no_limit():
    g = new("classic")
    total = 0
    for _ in range(5):  # five times in a row
        g.roll([1, 1, 1, 5, 5, 5])
        g.keep([1, 1, 1, 5, 5, 5])  # two triplets
        total += 2500
        assert g.hot_dice() and g.in_hand == 6 and g.turn_total == total
        assert g.log[-1] == ("hot", 0, (), total)
        refuse(g, "keep", [1], reason="hot dice: every die is set aside; roll all 6 again or bank")
    g.roll([1, 2, 3, 4, 6, 6])
    g.keep([1])
    assert g.turn_total == total + 100 and g.in_hand == 5
    g.bank()
    assert g.scores[0] == 12600


def test_hot_dice_over_several_rolls():
    g = new("classic")
    g.roll([1, 2, 3, 4, 6, 6])
    g.keep([1])
    g.roll([5, 5, 5, 1, 1])
    g.keep([1, 1, 5, 5, 5])
    assert g.hot_dice() and g.turn_total == 800 and g.in_hand == 6


def test_hot_dice_is_optional_bank_is_allowed():
    g = new("classic")
    g.roll([1, 1, 1, 5, 5, 5])
    g.keep([1, 1, 1, 5, 5, 5])
    g.bank()
    assert g.scores == [2500, 0]


def test_hot_dice_then_farkle_loses_everything():
    g = new("classic")
    g.roll([1, 1, 1, 5, 5, 5])
    g.keep([1, 1, 1, 5, 5, 5])
    farkle(g)
    assert g.scores == [0, 0] and g.current == 1
    assert g.log[-1] == ("farkle", 0, tuple(NOTHING), 2500)


# ----- farkle -----


def test_farkle_ends_the_turn_and_loses_the_turn_total_only():
    g = new("classic")
    bank_1000(g)
    g.roll([1, 2, 3, 4, 6, 6])  # player 1 ...
    g.keep([1])
    farkle(g)
    assert g.scores == [1000, 0] and g.current == 0
    g.roll([5, 2, 3, 4, 6, 6])
    g.keep([5])
    g.roll([2, 3, 4, 6, 2])
    assert g.scores == [1000, 0] and g.current == 1 and g.turn_total == 0
    assert g.log[-2:] == [("roll", 0, (2, 3, 4, 6, 2), 0), ("farkle", 0, (2, 3, 4, 6, 2), 50)]
    assert g.phase == START and g.in_hand == 6


def test_a_roll_is_a_farkle_only_when_nothing_in_it_scores():
    g = new("classic")
    g.roll([2, 2, 3, 3, 6, 6])  # three pairs: not a farkle
    assert g.phase == KEEP
    g.keep([2, 2, 3, 3, 6, 6])
    g.roll([2, 2, 2, 3, 4, 6])
    assert g.phase == KEEP


# ----- opening and later minimums, no bank of 0 -----


def test_opening_minimum_refused_with_the_reason_then_allowed():
    g = new("classic")
    g.roll([1, 4, 4, 5, 2, 6])
    g.keep([1])
    g.roll([3, 3, 3, 6, 2])
    g.keep([3, 3, 3])
    refuse(g, "bank", reason="you need 500 in one turn to get on the board (you have 400)")
    g.roll([5, 2])
    g.keep([5])
    refuse(g, "bank", reason="you need 500 in one turn to get on the board (you have 450)")
    g.roll([5])
    g.keep([5])  # hot dice, 500
    g.bank()
    assert g.scores == [500, 0] and g.opened == [True, False]
    # on the board: any amount now
    farkle(g)
    g.roll([5, 2, 3, 4, 6, 6])
    g.keep([5])
    g.bank()
    assert g.scores == [550, 0]


def test_the_opening_must_come_in_one_turn():
    g = new("classic")
    for _ in range(2):
        g.roll([1, 1, 1, 2, 3, 4][:6])  # 1000 would do; 300 does not, turn after turn
        g.keep([1])
        g.roll([1, 1, 2, 3, 4])
        g.keep([1, 1])
        refuse(g, "bank", reason="you need 500 in one turn to get on the board (you have 300)")
        farkle(g)
        farkle(g)  # the other player
    assert g.scores == [0, 0] and g.opened == [False, False]


def test_doubling_opens_at_1000_then_needs_350_a_bank():
    g = new("doubling")
    g.roll([5, 5, 5, 2, 3, 4])
    g.keep([5, 5, 5])
    refuse(g, "bank", reason="you need 1000 in one turn to get on the board (you have 500)")
    g.roll([1, 5, 3])
    g.keep([1, 5])
    refuse(g, "bank", reason="you need 1000 in one turn to get on the board (you have 650)")
    g.roll([1])
    g.keep([1])  # hot dice
    refuse(g, "bank", reason="you need 1000 in one turn to get on the board (you have 750)")
    g.roll([5, 5, 5, 2, 3, 4])
    g.keep([5, 5, 5])
    g.bank()
    assert g.scores == [1250, 0]
    farkle(g)
    g.roll([1, 1, 5, 2, 3, 4])
    g.keep([1, 1, 5])
    refuse(g, "bank", reason="a bank needs at least 350 points (you have 250)")
    g.roll([1, 5, 2])
    g.keep([1])
    g.bank()  # 350
    assert g.scores == [1600, 0]


def test_a_bank_of_zero_is_impossible():
    g = new("duel")  # no opening, no minimum: only the zero is left to refuse
    refuse(g, "bank", reason="roll first: there is nothing to bank yet")
    g.roll([1, 2, 3, 4, 6, 6])
    refuse(g, "bank", reason="set aside at least one scoring die before banking")
    g.keep([1])
    g.bank()
    assert g.scores == [100, 0]
    refuse(g, "bank", reason="roll first: there is nothing to bank yet")
    farkle(g)
    refuse(g, "bank", reason="roll first: there is nothing to bank yet")
    assert g.scores == [100, 0]


# ----- the final round -----


def test_final_round_every_other_player_gets_one_more_turn():
    g = new("classic", players=3, target=2000)
    bank_1000(g)
    bank_1000(g)
    farkle(g)
    bank_1000(g)  # player 0 reaches 2000
    assert g.final_round() and g.final_by == 0
    assert g.log[-1] == ("final", 0, (), 2000)
    assert g.current == 1
    bank_1000(g)  # player 1: 2000, a tie (classic: the first keeps the win)
    assert g.current == 2 and not g.is_over()
    farkle(g)
    assert g.is_over() and g.outcome() == [0]
    assert g.log[-1] == ("win", -1, (0,), 2000)
    for action in ("roll", "bank", "piggyback", "rolloff"):
        refuse(g, action, reason="the game is over" if action != "rolloff" else "there is no roll-off now")
    refuse(g, "keep", [1], reason="the game is over")


def test_final_round_a_later_player_can_win_by_beating_the_total():
    g = new("classic", players=3, target=2000)
    bank_1000(g)
    bank_1000(g)
    bank_1000(g)
    bank_1000(g)  # p0 2000, final
    g.roll([1, 1, 1, 5, 5, 5])
    g.keep([1, 1, 1, 5, 5, 5])
    g.bank()  # p1 2500
    assert not g.is_over() and g.current == 2
    bank_points(g, 1500)  # p2 2500: a tie with p1, p1 got there first
    assert g.outcome() == [1]


def test_final_round_triggered_by_the_last_seat_wraps_around():
    g = new("classic", players=3, target=1000, first=2)
    bank_1000(g)  # p2 reaches 1000
    assert g.current == 0
    farkle(g)
    assert g.current == 1
    bank_points(g, 500)
    assert g.outcome() == [2]


def test_without_final_round_the_first_to_reach_the_target_wins_at_once():
    g = new("classic", players=3, target=2000, final_round=False)
    bank_1000(g)
    bank_1000(g)
    bank_1000(g)
    bank_1000(g)
    assert g.is_over() and g.outcome() == [0]
    assert kinds(g)[-2:] == ["bank", "win"]
    assert "final" not in kinds(g)


@pytest.mark.parametrize("tie, outcome", [("first", [0]), ("draw", [0, 1]), ("rolloff", None)])
def test_a_tie_after_the_final_round(tie, outcome):
    g = new("classic", players=2, target=1000, tie=tie)
    bank_1000(g)
    bank_1000(g)  # 1000 each
    if outcome is not None:
        assert g.outcome() == outcome
        assert g.log[-1][0] == ("win" if len(outcome) == 1 else "draw")
        return
    assert g.phase == ROLLOFF and g.rolloff_players == [0, 1] and not g.is_over()
    refuse(g, "roll", reason="first the roll-off: each player rolls one die, highest goes")
    refuse(g, "rolloff", [4], reason="expected 2 dice, got 1")
    g.rolloff([4, 4])  # tied again: roll again
    assert g.phase == ROLLOFF and g.rolloff_players == [0, 1]
    g.rolloff([2, 6])
    assert g.outcome() == [1]
    assert g.log[-3:] == [("rolloff", 0, 2, 0), ("rolloff", 1, 6, 0), ("win", -1, (1,), 1000)]


def test_a_tie_of_three_rolls_off_among_those_tied_only():
    g = new("classic", players=4, target=1000, tie="rolloff")
    bank_1000(g)
    bank_1000(g)
    farkle(g)
    bank_1000(g)
    assert g.rolloff_players == [0, 1, 3]
    g.rolloff([5, 5, 3])
    assert g.rolloff_players == [0, 1]
    g.rolloff([1, 2])
    assert g.outcome() == [1]


def test_roll_on_refuses_a_bank_that_only_ties():
    g = new("scorecard", players=2, target=1000)
    bank_1000(g)  # p0 1000, final
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    refuse(g, "bank", reason="a tie is not enough in the final round: roll on to beat 1000")
    g.roll([5, 2, 3])
    g.keep([5])
    g.bank()  # 1050 beats it
    assert g.outcome() == [1]


def test_roll_on_a_tying_player_who_farkles_loses():
    g = new("scorecard", players=2, target=1000)
    bank_1000(g)
    g.roll([1, 1, 1, 2, 3, 4])
    g.keep([1, 1, 1])
    refuse(g, "bank", match="a tie is not enough")
    farkle(g)
    assert g.outcome() == [0]


def test_a_tie_given_by_the_exact_target_goes_to_a_roll_off():
    # points given away by the exact-target rule can make a tie nobody banked (under roll_on
    # that is the only way a tie could happen, which is why rules refuse the pair)
    g = new("scorecard", players=3, target=2000, exact_target=True, opening=0, tie="rolloff")
    bank_1000(g)  # p0 1000
    bank_1000(g)  # p1 1000
    bank_points(g, 500)  # p2 500
    bank_1000(g)  # p0 2000 exactly: final round
    bank_points(g, 1500)  # p1 would pass 2000: p2, the lowest, gets it: 2000, a tie with p0
    assert g.scores == [2000, 1000, 2000]
    assert g.log[-1] == ("welfare", 2, (), 1500) and not g.is_over()
    farkle(g)  # p2's last turn
    assert g.phase == ROLLOFF and g.rolloff_players == [0, 2] and not g.is_over()
    g.rolloff([3, 3])
    g.rolloff([3, 5])
    assert g.outcome() == [2]


def test_first_player_roll_off_re_rolls_the_tied_players():
    g = Game(preset("classic"), players=4, dice=FixedDice([3, 6, 6, 2, 4, 4, 5, 1]))
    assert g.phase == ROLLOFF and g.rolloff_players == [0, 1, 2, 3]
    refuse(g, "roll", reason="first the roll-off: each player rolls one die, highest goes")
    refuse(g, "keep", [1], reason="first the roll-off: each player rolls one die, highest goes")
    refuse(g, "bank", reason="first the roll-off: each player rolls one die, highest goes")
    refuse(g, "rolloff", [1, 2, 3], reason="expected 4 dice, got 3")
    refuse(g, "rolloff", [1, 2, 3, 7], reason="a die shows 1 to 6, not 7")
    g.rolloff()  # 3 6 6 2: players 1 and 2 roll again
    assert g.phase == ROLLOFF and g.rolloff_players == [1, 2]
    g.rolloff()  # 4 4: again
    assert g.rolloff_players == [1, 2]
    g.rolloff()  # 5 1: player 1 starts
    assert g.phase == START and g.current == 1 and g.rolloff_players == []
    assert g.log[-1] == ("first", 1, (), 0)
    assert kinds(g) == ["rolloff"] * 8 + ["first"]
    refuse(g, "rolloff", None, reason="there is no roll-off now")


# ----- three farkles in a row -----


def test_three_farkles_in_a_row_cost_the_penalty_and_the_count_restarts():
    g = new("classic", penalty=500)
    for _ in range(3):
        farkle(g)  # player 0
        farkle(g)  # player 1
    assert g.scores == [-500, -500]
    assert kinds(g).count("penalty") == 2
    assert ("penalty", 0, (), 500) in g.log
    assert g.streak == [0, 0]
    for _ in range(2):  # farkles 4 and 5: no penalty
        farkle(g)
        farkle(g)
    assert g.scores == [-500, -500]
    farkle(g)  # the sixth in a row: the penalty again
    assert g.scores == [-1000, -500]


def test_a_bank_breaks_the_farkle_streak():
    g = new("classic", penalty=1000)
    farkle(g)
    farkle(g)
    farkle(g)
    farkle(g)
    bank_1000(g)  # player 0 banks after two farkles: the count starts again
    farkle(g)  # player 1's third: penalty
    assert g.scores == [1000, -1000]
    farkle(g)
    farkle(g)
    farkle(g)
    farkle(g)  # player 0's second since the bank, player 1's second since the penalty
    assert g.scores == [1000, -1000] and g.streak == [2, 2]


def test_no_penalty_when_it_is_off():
    g = new("classic")
    for _ in range(6):
        farkle(g)
    assert g.scores == [0, 0] and "penalty" not in kinds(g)


# ----- piggybacking -----


def farkel_on_board(players=2):
    g = new("farkel", players=players)
    for _ in range(players):
        bank_1000(g)
    return g


def test_piggyback_takes_over_the_dice_and_points_of_the_last_bank():
    g = farkel_on_board()
    g.roll([5, 5, 5, 2, 1, 3])
    g.keep([5, 5, 5])
    g.keep([1])  # more of the same roll: 600, two dice left
    g.roll([2, 1])
    g.keep([1])
    g.bank()  # p0 banks 700 with one die left
    assert g.scores == [1700, 1000]
    assert (g.left_dice, g.left_points) == (1, 700)
    g.piggyback()
    assert (g.turn_total, g.in_hand, g.phase) == (700, 1, START)
    assert g.log[-1] == ("piggyback", 1, 1, 700)
    refuse(g, "bank", reason="roll the dice you took over first")
    refuse(g, "piggyback", reason="you can only take over the last player's dice at the start of your turn")
    g.roll([5])
    g.keep([5])  # hot dice
    assert g.turn_total == 750 and g.in_hand == 6
    g.bank()
    assert g.scores == [1700, 1750]  # both keep their banks


def test_piggyback_farkle_loses_both():
    g = farkel_on_board()
    g.roll([1, 2, 3, 4, 6, 6])
    g.keep([1])
    g.roll([5, 5, 5, 2, 3])
    g.keep([5, 5, 5])
    g.bank()  # 600 with two dice left
    g.piggyback()
    g.roll([2, 3])
    assert g.scores == [1600, 1000] and g.current == 0
    assert g.log[-1] == ("farkle", 1, (2, 3), 600)
    refuse(g, "piggyback", reason="there are no dice left from the last turn to take over")


def test_piggyback_after_a_bank_with_hot_dice_takes_all_six_and_the_total():
    g = farkel_on_board()
    g.roll([1, 2, 3, 4, 5, 6])
    g.keep([1, 2, 3, 4, 5, 6])
    g.bank()  # 2000 with every die set aside: the next player may take all six
    assert (g.left_dice, g.left_points) == (6, 2000)
    g.piggyback()
    assert (g.in_hand, g.turn_total) == (6, 2000)
    g.roll([1, 2, 3, 4, 6, 6])
    g.keep([1])
    g.bank()
    assert g.scores == [3000, 3100]


def test_piggyback_only_at_the_start_of_a_turn_right_after_a_bank():
    g = farkel_on_board()
    bank_1000(g)  # p0 banks, three dice left
    g.roll([1, 2, 3, 4, 6, 6])  # p1 starts fresh instead: the offer is gone
    refuse(g, "piggyback", match="only take over the last player's dice at the start")
    g.keep([1])
    refuse(g, "piggyback", match="only take over the last player's dice at the start")
    g.bank()
    farkle(g)  # p0 farkles: nothing is left to take over
    refuse(g, "piggyback", reason="there are no dice left from the last turn to take over")
    g.roll([1, 2, 3, 4, 6, 6])
    g.keep([1])
    g.bank()
    g.roll([1, 2, 3, 4, 6, 6])  # p0 declines the offer by rolling six
    assert g.in_hand == 6 and g.turn_total == 0
    g.keep([1])
    g.bank()
    g.piggyback()  # p1 takes p0's five dice and 100
    assert (g.in_hand, g.turn_total) == (5, 100)


def test_piggyback_needs_the_player_on_the_board_and_the_rule_on():
    g = new("farkel")
    bank_1000(g)
    refuse(g, "piggyback", reason="you must be on the board (500 in one turn) before you can piggyback")
    c = new("classic")
    bank_1000(c)
    refuse(c, "piggyback", reason="piggybacking is off in these rules")
    assert c.left_dice == 0


# ----- exact target ("welfare") -----


def test_exact_target_a_bank_that_hits_the_target_exactly_counts():
    g = new("classic", players=2, target=1500, exact_target=True, opening=0)
    bank_points(g, 1000)
    farkle(g)
    bank_points(g, 500)
    assert g.scores == [1500, 0] and g.final_by == 0


def test_exact_target_overshoot_goes_to_the_lowest_other_player():
    g = new("classic", players=4, target=2000, exact_target=True, opening=0)
    bank_points(g, 1000)  # p0 1000
    bank_points(g, 500)  # p1 500
    bank_points(g, 300)  # p2 300
    bank_points(g, 1000)  # p3 1000
    bank_points(g, 1500)  # p0 would have 2500: p2 (lowest) gets 1500
    assert g.scores == [1000, 500, 1800, 1000]
    assert g.log[-2:] == [("bank", 0, (), 1500), ("welfare", 2, (), 1500)]


def test_exact_target_ties_for_lowest_go_to_the_next_in_turn_order():
    g = new("classic", players=4, target=2000, exact_target=True, opening=0)
    bank_1000(g)  # p0 1000
    farkle(g)  # p1 0
    bank_points(g, 500)  # p2 500
    farkle(g)  # p3 0
    bank_points(g, 1500)  # p0 would have 2500: p1 and p3 are lowest, p1 is next after p0
    assert g.scores == [1000, 1500, 500, 0]
    assert g.log[-1] == ("welfare", 1, (), 1500)


def test_exact_target_overshoot_that_would_overshoot_the_lowest_too_is_lost():
    g = new("classic", players=2, target=2000, exact_target=True, opening=0)
    bank_1000(g)
    bank_points(g, 1500)
    bank_points(g, 1500)  # p0 2500 > 2000; p1 would have 3000 > 2000: nobody gets it
    assert g.scores == [1000, 1500]
    assert g.log[-2:] == [("bank", 0, (), 1500), ("welfare", -1, (), 1500)]
    assert g.current == 1 and not g.final_round()


def test_exact_target_welfare_that_lands_on_the_target_starts_the_final_round():
    g = new("classic", players=3, target=1000, exact_target=True, opening=0)
    bank_points(g, 500)  # p0 500
    bank_points(g, 800)  # p1 800
    farkle(g)  # p2 0
    bank_points(g, 1000)  # p0 would have 1500: p2 (0) gets 1000 = the target exactly
    assert g.scores == [500, 800, 1000]
    assert g.final_by == 2 and g.log[-1] == ("final", 2, (), 1000)
    assert g.current == 1
    farkle(g)  # p1's last turn
    assert not g.is_over() and g.current == 0  # p0 (who gave the points) still has a turn
    farkle(g)
    assert g.outcome() == [2]


# ----- players -----


def test_two_to_eight_players():
    for n in range(2, 9):
        assert Game(preset("classic"), players=n, first=n - 1).players == n
    for n in (0, 1, 9):
        with pytest.raises(ValueError, match="a game has 2 to 8 players"):
            Game(preset("classic"), players=n)
    with pytest.raises(ValueError, match="first player must be 0 to 1"):
        Game(preset("classic"), players=2, first=2)


def test_turns_go_round_the_table():
    g = new("classic", players=5, first=3)
    seen = []
    for _ in range(7):
        seen.append(g.current)
        farkle(g)
    assert seen == [3, 4, 0, 1, 2, 3, 4]


# ----- every illegal action is refused and changes nothing -----


def test_faces_that_are_not_dice_are_refused():
    g = new("classic")
    refuse(g, "roll", [1, 2, 3, 4, 5], reason="expected 6 dice, got 5")
    refuse(g, "roll", [1, 2, 3, 4, 5, 0], reason="a die shows 1 to 6, not 0")
    refuse(g, "roll", [1, 2, 3, 4, 5, 1.0], reason="a die shows 1 to 6, not 1.0")
    refuse(g, "roll", [1, 2, 3, 4, 5, True], reason="a die shows 1 to 6, not True")
    refuse(g, "roll", [1, 2, 3, 4, 5, "1"], reason="a die shows 1 to 6, not '1'")
    g.roll([1, 2, 3, 4, 5, 6])
    refuse(g, "keep", [1.0], reason="a die shows 1 to 6, not 1.0")
    refuse(g, "keep", [True], reason="a die shows 1 to 6, not True")
    refuse(g, "keep", [7], reason="a die shows 1 to 6, not 7")


def test_keep_before_rolling_is_refused():
    g = new("classic")
    refuse(g, "keep", [1], reason="roll the dice first")


def test_fixed_dice_that_run_out_change_nothing():
    g = Game(preset("classic"), players=2, first=0, dice=FixedDice([1, 2, 3]))
    before = snapshot(g)
    with pytest.raises(IndexError):
        g.roll()
    assert snapshot(g) == before


# ----- the log -----


def test_log_size_keeps_only_the_newest_events():
    g = Game(preset("classic"), players=2, first=0, log_size=5)
    for _ in range(10):
        farkle(g)
    assert len(g.log) == 5
    assert g.log[-1][0] == "farkle"


MOST_EVENTS_IN_ONE_ACTION = 9  # a roll-off of eight seats, then who goes first
MOST_EVENTS_OF_ANOTHER_ACTION = 4  # e.g. a farkle's roll, the farkle, its penalty, the game's end


@settings(max_examples=60, deadline=None)
@given(any_rules(), st.integers(2, 8), st.integers(0, 2 ** 32 - 1))
def test_no_action_logs_more_events_than_a_roll_off_of_every_seat(rules, players, seed):
    rng = random.Random(seed)
    g = Game(rules, players=players, dice=RandomDice(seed))
    for _ in range(600):
        if g.is_over():
            break
        before = len(g.log)
        action, _ = random_step(g, rng, careful=False)
        logged = len(g.log) - before
        if action == "rolloff":
            assert logged <= players + 1 <= MOST_EVENTS_IN_ONE_ACTION
        else:
            assert logged <= MOST_EVENTS_OF_ANOTHER_ACTION


def test_the_board_keeps_the_events_of_a_frame():
    # the board's game keeps only its newest events (app.pace.LOG_SIZE): its readers take
    # each action's events as it runs, and each frame's; a frame runs a roll-off, or at most
    # a keep and a roll
    from app.pace import LOG_SIZE

    assert LOG_SIZE >= MOST_EVENTS_IN_ONE_ACTION and LOG_SIZE >= 2 * MOST_EVENTS_OF_ANOTHER_ACTION


# ----- property test: random legal and illegal actions on random rules -----

def _check_invariants(g, before_scores, since, aside, keeps=True):
    rules = g.rules
    # scores change only by a bank (to the banker, or as welfare) and by the penalty
    if not g.log_size:
        expected = list(before_scores)
        for kind, player, data, points in g.log[since:]:
            if kind == "bank" and not (rules.exact_target and before_scores[player] + points > rules.target):
                expected[player] += points
            elif kind == "welfare" and player >= 0:
                expected[player] += points
            elif kind == "penalty":
                expected[player] -= points
        assert g.scores == expected
    # the dice: in hand + set aside this turn (since the last hot dice) = all of them
    if g.phase in (KEEP, CHOOSE):
        assert g.in_hand + aside == rules.dice
        left = len(g.shown) - len(g.kept)
        assert g.in_hand == left or (left == 0 and g.in_hand == rules.dice)
        assert g.turn_total > 0 or (g.phase == KEEP and not g.piggybacked)
    if keeps and g.phase in (KEEP, CHOOSE):
        # keeps() lists exactly the set-asides keep() accepts, with the points they add
        listed = {tuple(faces): points for faces, points in g.keeps()}
        legal = {}
        for sub in sub_multisets(counts_of(g.unkept())):
            faces = dice_of(sub)
            if faces and g.why_not_keep(faces) is None:
                legal[tuple(faces)] = g.selection_points(faces)
            elif faces:
                assert g.selection_points(faces) == 0  # refused dice add nothing
        assert listed == legal
        assert g.best_keep() == _best_of_keeps(g)  # one game asked at every step: the answer follows the dice
    if g.phase in (START, ROLLOFF):
        assert g.shown == [] and g.kept == []
        assert g.turn_total == 0 or g.piggybacked
    assert 0 < g.in_hand <= rules.dice
    assert 0 <= g.current < g.players
    if rules.exact_target:
        assert max(g.scores) <= rules.target
    if g.phase == OVER:
        assert g.winners and all(g.scores[w] == max(g.scores) for w in g.winners)


def _play(rules, players, seed, steps, log_size=0, check=True):
    rng = random.Random(seed)
    first = rng.choice([None, 0, players - 1])
    g = Game(rules, players=players, first=first, dice=RandomDice(seed), log_size=log_size)
    n = aside = 0
    while not g.is_over() and n < steps:
        n += 1
        scores, since = list(g.scores), len(g.log)
        fresh = g.phase == START and not g.piggybacked
        action, args = random_step(g, rng, careful=check)
        if action == "roll" and fresh:
            aside = 0
        elif action == "piggyback":
            aside = rules.dice - g.in_hand
        elif action == "keep":
            aside = 0 if g.hot_dice() else aside + len(args[0])
        if check:
            _check_invariants(g, scores, since, aside, keeps=n % 4 == 0)
            if n % 50 == 0 or g.is_over():
                data = savegame.dumps(g)
                assert savegame.dumps(savegame.loads(data)) == data
    return g, n


def _ends_for_sure(rules):
    # exact target: a player can be stuck below the target when every possible bank overshoots
    # or falls under the minimum bank. Rules where only rare sets score need longer than 3000
    # steps. Otherwise a random game ends well within them.
    return not rules.exact_target and rules.single1 > 0 and rules.single5 > 0


@settings(max_examples=50, deadline=None)
@given(any_rules(), st.integers(2, 8), st.integers(0, 2 ** 32 - 1))
def test_random_play_keeps_the_invariants(rules, players, seed):
    rules = _valid(rules.replace, {"target": min(rules.target, 2000), "opening": min(rules.opening, 500),
                                   "min_bank": min(rules.min_bank, 300)})
    g, n = _play(rules, players, seed, steps=2000)
    if _ends_for_sure(rules):
        assert g.is_over(), (n, g.scores)


@pytest.mark.parametrize("name", NAMES)
def test_every_preset_game_ends(name):
    for seed in range(3):
        g, n = _play(preset(name), 2 + seed * 3, seed, steps=20000, check=False)
        assert g.is_over() and g.outcome()
        assert max(g.scores) >= 10000
