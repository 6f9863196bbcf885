"""One definition of a reachable state (farkle.reachable): every state the engine can be in
loads, each state it could never reach is refused with the invariant it breaks, and a save
mutated at random is either refused or still plays to an end."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from farkle.dice import FixedDice, RandomDice
from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START, Game
from farkle.presets import preset
from farkle.reachable import restore, why_not
from farkle.savegame import SaveError, dumps, loads


def midgame(name="classic", players=2, **changes):
    """Two turns in: P1 banked 1,100, P2 rolled 1-5-2-3-4-6 and set aside the 1."""
    g = Game(preset(name, **changes), players=players, first=0,
             dice=FixedDice([1, 1, 1, 5, 2, 3, 1, 5, 2, 3, 4, 6]))
    g.roll()
    g.keep([1, 1, 1, 5])
    g.bank()
    g.roll()
    g.keep([1])
    return g


def refused(game, reason):
    with pytest.raises(SaveError, match="saved game is not valid: " + reason):
        loads(dumps(game))


def test_a_game_in_play_is_reachable():
    g = midgame()
    assert why_not(g) is None
    assert dumps(loads(dumps(g))) == dumps(g)


def test_waiting_for_a_keep_on_a_roll_that_scores_nothing():
    g = midgame()
    g.phase, g.shown, g.kept, g.in_hand = KEEP, [2, 3, 4, 6, 2, 3], [], 6
    refused(g, "no legal action: the roll shown scores nothing")


def test_game_over_with_no_winners():
    g = midgame()
    g.phase = OVER
    refused(g, "the game is over with no winner")


def test_a_bank_of_nothing():
    g = midgame()
    g.turn_total = 0
    refused(g, "a turn total below the dice set aside")


def test_a_negative_score_without_a_penalty():
    g = midgame()
    g.scores[1] = -500
    refused(g, "a negative score without a farkle penalty")


def test_winners_while_still_playing():
    g = midgame()
    g.winners = [0]
    refused(g, "winners while the game goes on")


def test_the_same_seat_twice_in_a_rolloff():
    g = Game(preset("classic"), players=3)
    g.rolloff_players = [0, 0, 1]
    refused(g, "a roll-off needs two or more different players")


def test_turns_owed_with_no_final_round():
    g = midgame()
    g.pending = [False, True]
    refused(g, "turns owed with no final round")


def test_five_farkles_in_a_row_with_the_penalty_at_three():
    g = midgame(penalty=500)
    g.streak[1] = 5
    refused(g, "5 farkles in a row")


def test_a_roll_of_three_dice_with_six_in_hand():
    g = midgame()
    g.phase, g.shown, g.kept, g.in_hand, g.turn_total = KEEP, [1, 5, 2], [], 6, 100
    refused(g, "a roll of 3 dice with 6 in hand")


def test_a_piggyback_under_rules_without_it():
    g = midgame()
    g.piggybacked = True
    refused(g, "a piggyback under rules without it")
    g = midgame()
    g.phase, g.shown, g.kept, g.turn_total, g.left_dice, g.left_points = START, [], [], 0, 2, 400
    refused(g, "dice left to take over under rules without piggybacking")


def test_set_aside_dice_that_do_not_score():
    g = midgame()
    g.kept = [2]
    refused(g, "set-aside dice that do not score")


def test_a_final_round_below_the_target():
    g = midgame()
    g.final_by, g.pending = 0, [False, True]
    refused(g, "a final round started below the target")


def test_more_unreachable_states():
    g = midgame()
    g.scores[1] = 10000
    refused(g, "points for a player who has not opened")
    g = midgame(exact_target=True)
    g.scores[0] = 10050
    refused(g, "a score past an exact target")
    g = midgame()
    g.scores[0] = 12000
    refused(g, "a score at the target while the game goes on")
    g = midgame()
    g.final_by, g.pending, g.scores[0] = 0, [False, False], 10000
    refused(g, "a turn for a player not owed one in the final round")
    g = midgame()
    g.phase, g.winners, g.scores, g.opened = OVER, [0, 1], [10000, 10000], [True, True]
    g.reached = [1, 2]
    g.changes = 2
    refused(g, "a draw under rules that settle ties")
    g = midgame()
    g.phase, g.winners = OVER, [1]
    refused(g, "a winner without the top score")
    g = midgame()
    g.reached = [1, 1]
    refused(g, "when a score was set")
    g = Game(preset("classic"), players=3)
    g.rolloff_for_tie = True
    refused(g, "a roll-off for a tie that cannot be")


def test_a_fair_start_is_reachable():
    from farkle.fairstart import apply, head_start

    g = Game(preset("classic"), players=2, first=0)
    apply(g, head_start(g.rules)[0])  # the second player starts 300 up, not yet on the board
    assert g.scores == [0, 300] and why_not(g) is None
    assert dumps(loads(dumps(g))) == dumps(g)
    g.scores[1] = 800
    refused(g, "points for a player who has not opened")


def test_every_refusal_leaves_restore_unusable():
    rules = preset("classic")
    with pytest.raises(ValueError, match="winners while the game goes on"):
        restore(rules, 2, winners=[1])
    with pytest.raises(ValueError, match="no part"):
        restore(rules, 2, colour="red")
    g = restore(rules, 3, scores=[0, 600, 0], opened=[False, True, False], reached=[0, 1, 0],
                changes=1, turns=2, current=2)
    assert why_not(g) is None and g.current == 2


# ----- mutated saves: refused, or a game that random legal play finishes -----

def _pool():
    out = []
    for i, (name, changes) in enumerate([
        ("classic", {"penalty": 250}), ("scorecard", {}), ("duel", {}),
        ("doubling", {}), ("farkel", {}), ("classic", {"exact_target": True, "opening": 0}),
        ("scorecard", {"tie": "rolloff"}), ("farkel", {"final_round": False}),
    ]):
        rng = random.Random(i)
        g = Game(preset(name, target=1500, **changes), players=2 + i % 3, first=None, dice=RandomDice(i))
        while not g.is_over():
            out.append(dumps(g))
            play_one(g, rng)
    return out


def play_one(g, rng):
    """One random legal action; a bank is taken half the time it is allowed."""
    if g.phase == ROLLOFF:
        g.rolloff()
    elif g.phase == START:
        if g.why_not_piggyback() is None and rng.random() < 0.5:
            g.piggyback()
        else:
            g.roll()
    elif g.phase == KEEP:
        g.keep(rng.choice(g.keeps())[0])
    elif g.why_not_bank() is None and rng.random() < 0.5:
        g.bank()
    else:
        g.roll()


POOL = _pool()
FIELDS = ("scores", "streak", "reached", "opened", "pending", "changes", "turns", "current",
          "phase", "turn_total", "in_hand", "left_dice", "left_points", "final_by",
          "piggybacked", "rolloff_for_tie", "rolloff_players", "shown", "kept", "winners")


def edit(game, rng):
    """Change one part of ``game`` to a value of the same shape."""
    name = rng.choice(FIELDS)
    value = getattr(game, name)
    if isinstance(value, bool):
        value = not value
    elif isinstance(value, int):
        value = rng.choice([-1, 0, 1, 2, 3, 5, 6, 7, value + 1, value - 1, value + 50, 10000])
    elif value and rng.random() < 0.7:
        value = list(value)
        i = rng.randrange(len(value))
        if isinstance(value[i], bool):
            value[i] = not value[i]
        else:
            value[i] = max(0, value[i] + rng.choice([-1000, -50, -1, 1, 2, 50, 1000])) \
                if name in ("scores", "reached") else rng.randrange(8)
    else:
        value = [rng.randrange(8) for _ in range(rng.randrange(7))]
        if name in ("opened", "pending"):
            value = [v > 3 for v in value]
    setattr(game, name, value)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(POOL) - 1), st.sampled_from(["flip", "edit", "cut", "byte"]), st.integers(0, 2**32))
def test_a_mutated_save_is_refused_or_plays_to_the_end(index, how, seed):
    rng = random.Random(seed)
    data = bytearray(POOL[index])
    if how == "flip":
        bit = rng.randrange(8 * len(data))
        data[bit // 8] ^= 1 << (bit % 8)
    elif how == "cut":
        data = data[:rng.randrange(len(data))]
    elif how == "byte":
        data[rng.randrange(len(data))] = rng.randrange(256)
    else:
        game = loads(bytes(data))
        for _ in range(rng.randint(1, 2)):
            edit(game, rng)
        try:
            data = dumps(game)
        except ValueError:  # a value the format cannot even write (a negative count)
            return
    try:
        game = loads(bytes(data), dice=RandomDice(seed))
    except SaveError:
        return
    for _ in range(50000):
        if game.is_over():
            break
        play_one(game, rng)
    assert game.is_over(), "a loaded save that random legal play cannot finish"
    assert game.winners
