"""Computer players: legal play everywhere, exact decisions for normal, the game sense of hard."""
import random

import pytest

from farkle.dice import FixedDice
from farkle.game import CHOOSE, KEEP, OVER, START, Game, IllegalAction
from farkle.players import LEVELS, make_player, opening_code
from farkle.players.base import bank_wins, keep_options, minimum
from farkle.players.easy import Easy
from farkle.players.hard import Hard
from farkle.players.hint import hint, what_if
from farkle.players.normal import Normal
from farkle.presets import NAMES, preset
from farkle.solve.turn import EPS, solve
from farkle.tournament import SeededDice, play, simulate, wilson


class RandomPlayer:
    """Random legal choices: drives games into every corner for the comparisons below."""

    level = "random"

    def __init__(self, seed):
        self.random = random.Random(seed)

    def choose_keep(self, game):
        keeps = game.keeps()
        if game.phase == CHOOSE and (not keeps or self.random.random() < 0.7):
            return []
        return self.random.choice(keeps)[0]

    def roll_on(self, game):
        return bool(game.why_not_bank()) or self.random.random() < 0.6

    def piggyback(self, game):
        return self.random.random() < 0.5


class Watcher:
    """Plays like ``inner`` and, at each decision, checks ``check(game)`` first."""

    def __init__(self, inner, check):
        self.inner, self.check = inner, check
        self.level = inner.level

    def choose_keep(self, game):
        self.check(game, "keep")
        return self.inner.choose_keep(game)

    def roll_on(self, game):
        self.check(game, "roll")
        return self.inner.roll_on(game)

    def piggyback(self, game):
        self.check(game, "piggyback")
        return self.inner.piggyback(game)


def exact_check(rules, counts):
    """A check that normal's choice in the position is as good as the exact solution's."""
    s = solve(rules)
    normal = Normal(rules)

    def check(game, what):
        t, m = game.turn_total, minimum(game)
        if what == "keep":
            choice = normal.choose_keep(game)
            options = [(s.value(o[1], t + o[0], m), o) for o in keep_options(game)]
            if game.phase == CHOOSE:
                options.append((s.value(game.in_hand, t, m), None))
            if not options:
                assert choice == []
                return
            best = max(v for v, _ in options)
            if choice:
                after = what_if(game)
                after.keep(choice)
                got = s.value(after.in_hand, after.turn_total, m)
            else:
                got = s.value(game.in_hand, t, m)
            # every legal keep, not only the best per dice left, is no better
            for faces, points in game.keeps():
                left = game.in_hand - len(faces) or rules.dice
                assert s.value(left, t + points, m) <= got + EPS
            assert got >= best - EPS, (game.shown, game.kept, t, m, choice)
            counts["keep"] += 1
        elif what == "roll":
            decision = normal.roll_on(game)
            if game.why_not_bank():
                assert decision
            elif bank_wins(game):
                assert not decision  # the bank that wins the game is never passed up
            else:
                assert decision == s.should_roll(game.in_hand, t, m), (game.in_hand, t, m)
            counts["roll"] += 1
        elif what == "piggyback":
            take = normal.piggyback(game)
            fresh = s.expected_turn(rules.min_bank)
            over = s.roll_value(game.left_dice, game.left_points, rules.min_bank)
            assert take == (over > fresh + EPS)
            counts["piggyback"] += 1
    return check


@pytest.mark.parametrize("name", NAMES)
def test_normal_is_never_worse_than_the_exact_solution(name):
    rules = preset(name)
    if name == "classic":
        rules = rules.replace(piggyback=True)  # piggyback decisions too
    counts = {"keep": 0, "roll": 0, "piggyback": 0}
    check = exact_check(rules, counts)
    for seed in range(6):
        # random players wander everywhere; a watcher asks normal at every decision
        players = [Watcher(RandomPlayer(seed * 10 + i), check) for i in range(2)]
        play(Game(rules, 2, first=0, dice=SeededDice(seed)), players)
        players = [Watcher(Normal(rules, 2, i), check) for i in range(2)]
        play(Game(rules, 2, first=0, dice=SeededDice(100 + seed)), players)
    assert counts["keep"] > 300 and counts["roll"] > 300
    if rules.piggyback:
        assert counts["piggyback"] > 10


VARIANTS = [
    ("classic", {}), ("classic", {"penalty": 500}), ("classic", {"final_round": False}),
    ("classic", {"opening": 1000, "penalty": 1000}), ("scorecard", {}), ("scorecard", {"penalty": 1000}),
    ("duel", {}), ("duel", {"target": 5000}), ("doubling", {}), ("farkel", {}),
    ("classic", {"exact_target": True, "target": 5000}), ("classic", {"tie": "rolloff", "target": 3000}),
    ("classic", {"piggyback": True}),
    ("classic", {"dice": 5, "straight": 0, "three_pairs": 0, "four_and_pair": 0, "two_triplets": 0}),
]


@pytest.mark.parametrize("name,changes", VARIANTS)
def test_every_level_plays_legal_full_games(name, changes):
    rules = preset(name).replace(**changes) if changes else preset(name)
    seats = [["easy", "normal"], ["hard", "normal"], ["expert", "easy", "hard", "normal"]]
    for i, levels in enumerate(seats):
        players = [make_player(level, rules, len(levels), s) for s, level in enumerate(levels)]
        game = Game(rules, len(levels), first=i % len(levels), dice=SeededDice(i + 7))
        play(game, players)  # the engine raises IllegalAction on any illegal choice
        assert game.phase == OVER and game.winners


def test_levels_and_make_player():
    rules = preset("classic")
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert isinstance(make_player("easy", rules), Easy)
    assert type(make_player("normal", rules)) is Normal
    expert = make_player("expert", rules, 2, 1)
    assert expert.level in ("expert", "hard")  # hard until farkle/players/expert.py exists
    assert isinstance(make_player("expert", rules, 5, 1), Hard) or make_player("expert", rules, 5, 1).level == "expert"
    with pytest.raises(ValueError):
        make_player("grandmaster", rules)


def position(rules, scores, current=0, faces=(), keeps=(), opened=None, players=None):
    """A game at the start of ``current``'s turn with ``scores``, then the given rolls and keeps."""
    players = players or len(scores)
    game = Game(rules, players, first=current, dice=FixedDice(faces))
    game.scores = list(scores)
    game.opened = list(opened) if opened is not None else [True] * players
    for keep in keeps:
        game.roll()
        game.keep(keep)
    return game


def test_easy_thresholds():
    rules = preset("classic")
    easy = Easy(rules)
    # 1-5-2-3-4-6 is a straight: hot dice. 1-5-2-3-4-4: keeps only the 1 (five dice stay in play)
    game = position(rules, [1000, 0], faces=[1, 5, 2, 3, 4, 4])
    game.roll()
    assert easy.choose_keep(game) == [1]
    game = position(rules, [1000, 0], faces=[1, 5, 2, 3, 4, 6])
    game.roll()
    assert sorted(easy.choose_keep(game)) == [1, 2, 3, 4, 5, 6]
    # a triple and a loose 5: the triple only
    game = position(rules, [1000, 0], faces=[2, 2, 2, 5, 3, 4])
    game.roll()
    assert easy.choose_keep(game) == [2, 2, 2]
    # 400 with two dice: bank; 250 with one die: roll; 500 with four: roll; 600 with four: bank
    cases = [([4, 4, 4, 2, 3, 6], [4, 4, 4], [], False),  # 400, three dice: bank at 400
             ([3, 3, 3, 2, 4, 6], [3, 3, 3], [], True)]  # 300, three dice: roll
    for faces, keep, _, rolls in cases:
        game = position(rules, [1000, 0], faces=faces, keeps=[keep])
        assert easy.roll_on(game) is rolls
    # not on the board: below the opening it must roll
    game = position(rules, [0, 0], faces=[4, 4, 4, 2, 3, 6], keeps=[[4, 4, 4]], opened=[False, False])
    assert easy.roll_on(game) is True


def test_hard_rolls_until_ahead_in_the_final_round():
    rules = preset("classic")
    hard, normal = Hard(rules), Normal(rules)
    # player 1 needs 1201+ to beat 10,200 from 9,000; 500 with three dice: normal banks...
    faces = [5, 5, 5, 2, 3, 4, 1, 2, 2] + [1, 5, 2]
    game = position(rules, [10200, 9000], current=1, faces=faces, keeps=[[5, 5, 5]])
    game.final_by, game.pending = 0, [False, True]
    assert game.turn_total == 500 and game.in_hand == 3
    assert normal.roll_on(game) is False
    assert hard.roll_on(game) is True
    # ... and banks as soon as it is ahead
    game.scores[1] = 9800
    assert hard.roll_on(game) is False
    # a tie it can bank draws under "draw" rules: with one die left it takes the draw
    tie = preset("duel")
    game = position(tie, [10000, 9500], current=1, faces=[5, 5, 5, 2, 3, 4], keeps=[[5, 5, 5]])
    game.final_by, game.pending = 0, [False, True]
    assert Hard(tie).roll_on(game) is True  # three dice: rolling on wins 72% > a draw's half
    game.in_hand = 1
    assert Hard(tie).roll_on(game) is False


def test_normal_never_passes_up_a_bank_that_wins():
    rules = preset("classic")
    normal = Normal(rules)
    # last turn of the final round: 300 with three dice puts player 1 ahead of 10,200 from
    # 9,950, where the turn table would roll on: the bank wins the game, normal takes it
    game = position(rules, [10200, 9950], current=1, faces=[1, 1, 1, 2, 3, 4], keeps=[[1]])
    game.final_by, game.pending = 0, [False, True]
    game.turn_total = 300
    game.in_hand = 5
    assert normal.policy.rolls(5, 300) and bank_wins(game)
    assert normal.roll_on(game) is False
    # level with the leader is not a win (the first to reach the total wins a tie)
    game.scores[1] = 9900
    assert not bank_wins(game) and normal.roll_on(game) is True
    # before the last turn a bank past the target only starts the final round
    game = position(rules, [9800, 5000], faces=[1, 1, 2, 3, 4, 6], keeps=[[1, 1]])
    assert not bank_wins(game) and normal.roll_on(game) is True


def test_hard_goes_for_the_best_chance_when_behind_in_the_final_round():
    rules = preset("classic")
    hard = Hard(rules)
    # needs 2,001: from 1-5-2-3-4-6 keeping everything (hot dice, 1,500) beats keeping the 1
    game = position(rules, [10500, 8500], current=1, faces=[1, 5, 2, 3, 4, 6])
    game.final_by, game.pending = 0, [False, True]
    game.roll()
    assert sorted(hard.choose_keep(game)) == [1, 2, 3, 4, 5, 6]


def test_hard_banks_at_the_target_and_counts_the_penalty():
    rules = preset("classic").replace(penalty=1000)
    hard, normal = Hard(rules), Normal(rules)
    # 9,800 + 200 with four dice: the table rolls on; without a final round the bank wins
    # the game, and both hard and normal take it
    sudden = rules.replace(final_round=False)
    game = position(sudden, [9800, 5000], faces=[1, 1, 2, 3, 4, 6], keeps=[[1, 1]])
    assert (game.turn_total, game.in_hand) == (200, 4)
    assert Normal(sudden).policy.rolls(4, 200) is True
    assert Normal(sudden).roll_on(game) is False
    assert Hard(sudden).roll_on(game) is False
    # 9,000 + 1,100 with four dice, where normal banks: hard too when the other player needs
    # 1,101+ more than their 9,000 ... but rolls once more if they would only need 201+
    faces = [1, 1, 1, 5, 5, 2, 3, 4, 6, 6]
    game = position(rules, [9000, 9000], faces=faces[:6], keeps=[[1, 1, 1, 5, 5]])
    game.turn_total, game.in_hand = 1100, 4
    assert normal.roll_on(game) is False and hard.roll_on(game) is False
    game.scores[1] = 9900
    assert normal.roll_on(game) is False and hard.roll_on(game) is True
    # 400 with three dice: rolling on pays (it does up to 450) ...
    game = position(rules, [3000, 3000], faces=[4, 4, 4, 2, 3, 6], keeps=[[4, 4, 4]])
    assert normal.roll_on(game) is True and hard.roll_on(game) is True
    # ... but not after two farkles in a row with a 1,000 penalty: that is 1,400 at stake
    game.streak[0] = 2
    assert normal.roll_on(game) is True and hard.roll_on(game) is False


def test_roll_on_is_never_false_when_the_bank_is_refused():
    rules = preset("doubling")  # 1,000 to open, 350 after
    for level in ("easy", "normal", "hard"):
        player = make_player(level, rules)
        game = position(rules, [0, 0], faces=[1, 2, 3, 4, 6, 6], keeps=[[1]], opened=[False, False])
        assert game.why_not_bank() and player.roll_on(game) is True
        game = position(rules, [2000, 0], faces=[5, 2, 3, 4, 6, 6], keeps=[[5]])
        assert game.why_not_bank() and player.roll_on(game) is True


def test_hint():
    rules = preset("classic")
    game = Game(rules, 2, first=0, dice=FixedDice([1, 4, 4, 5, 2, 6, 3, 3, 3, 6, 2]))
    h = hint(game)
    assert h["phase"] == "start" and h["roll"] is True and h["dice"] == 6
    assert h["farkle"] == pytest.approx(5 / 216, abs=1e-6)
    # two-player classic has the solved table: the expert advises and knows the first
    # player's chance under optimal play (53.2%)
    assert h["level"] == "expert" and h["win"] == pytest.approx(0.5317, abs=1e-3)
    game.roll()
    before = (list(game.kept), game.turn_total, game.phase, game.in_hand)
    h = hint(game)
    assert (list(game.kept), game.turn_total, game.phase, game.in_hand) == before  # untouched
    assert h["keep"] == [1] and h["keep_points"] == 100 and h["roll"] is True
    assert h["dice"] == 5 and h["farkle"] == pytest.approx(25 / 324, abs=1e-6)
    game.keep([1])
    h = hint(game)
    assert h["phase"] == "choose" and h["keep"] == [] and h["roll"] is True
    game.roll()
    game.keep([3, 3, 3])  # 400 with two dice, not on the board: must roll
    h = hint(game, "normal")
    assert h["keep"] == [] and h["roll"] is True and h["farkle"] == pytest.approx(4 / 9, abs=1e-6)
    # piggyback offered at the start of a turn
    pig = preset("farkel")
    game = position(pig, [1000, 1000], faces=[1, 1, 1, 1, 2, 3, 5, 2, 3, 4, 6, 6])
    game.roll()
    game.keep([1, 1, 1, 1])  # 2,000 (doubling sets) with two dice left
    game.bank()
    h = hint(game)
    assert h["piggyback"] is True and h["dice"] == 2
    game.roll()
    game.keep([5])  # 50 with five dice left
    game.bank()
    assert hint(game)["piggyback"] is False


def test_simulate_counts_and_rotation():
    r = simulate("classic", ["normal", "easy"], games=40, seed=3, workers=1)
    assert r["games"] == 40
    assert [s["starts"] for s in r["seats"]] == [20, 20]
    assert sum(s["wins"] for s in r["seats"]) + r["draw_games"] == 40
    for s in r["seats"]:
        lo, hi = s["win_ci95"]
        assert lo <= s["win_rate"] <= hi
    assert r["mean_turns"] > 10
    again = simulate("classic", ["normal", "easy"], games=40, seed=3, workers=2)
    assert [s["wins"] for s in again["seats"]] == [s["wins"] for s in r["seats"]]
    three = simulate("farkel", ["hard", "easy", "normal"], games=6, seed=1, workers=1)
    assert [s["starts"] for s in three["seats"]] == [2, 2, 2]
    with pytest.raises(ValueError):
        simulate("classic", ["normal"], games=2)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_players_never_act_out_of_turn():
    rules = preset("classic")
    game = Game(rules, 2, first=0, dice=FixedDice([2, 3, 4, 6, 6, 2]))
    game.roll()  # a farkle: the turn passed
    assert game.phase == START and game.current == 1
    with pytest.raises(IllegalAction):
        game.keep(Normal(rules).choose_keep(game) or [1])


def test_set_up_is_told_what_an_expert_seat_really_plays():
    """The expert plays from a solved table for every two-player preset and, against the
    leader, for 3-8 players; under piggybacking it makes hard's decisions, and custom rules
    without a table fall back to hard: the set-up menu shows that level."""
    from farkle.players import plays_as

    for name in ("classic", "scorecard", "duel", "doubling"):
        assert plays_as("expert", preset(name), 2) == "expert"
        assert plays_as("expert", preset(name), 4) == "expert"
    assert plays_as("expert", preset("farkel"), 2) == "hard"
    assert plays_as("expert", preset("classic").replace(penalty=500), 2) == "hard"
    assert plays_as("normal", preset("farkel"), 2) == "normal"


def test_a_player_made_once_the_tables_are_open_loads_no_code_to_open_them(monkeypatch):
    """A board forgets the code that finds and opens normal's and hard's files once the
    players are made; a hard made later (a demoted expert's) takes the tables already open
    and does not load that code again into a game's broken-up heap."""
    import sys

    from farkle.players import policy

    rules = preset("classic")
    first = Hard(rules, 2, 0)
    monkeypatch.delitem(sys.modules, "farkle.players.policy_files")
    later = Hard(rules, 3, 2)
    assert "farkle.players.policy_files" not in sys.modules
    assert later.policy is first.policy is policy.opened(rules) and later.reach is first.reach


def test_the_code_that_opens_the_files_of_any_level_is_every_levels():
    """What a board forgets once the players are made (``app.computer``)."""
    every = opening_code()
    assert sorted(every) == sorted(set(name for level in LEVELS for name in opening_code(level)))
    assert opening_code("easy") == [] and opening_code("expert") == ["farkle.players.expert_headers",
                                                                    "farkle.players.expert_files"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", ["classic", "farkel"])
def test_a_levels_play_code_loads_a_module_at_a_time(level, players, name):
    """A board loads a player's code a module a frame, in ``play_code``'s order, then the
    code that opens its files (``opening_code``): no module imports one listed after it (its
    import would load both in one frame), and once all are loaded the player is made without
    importing more code. An expert that leans on hard makes its hard with it, whose tables a
    board's game start has a hard or normal seat open first (``policy.opened``); where no seat
    did, that hard loads the code that opens them as it is made."""
    import subprocess
    import sys

    script = """
import sys
from farkle.players import leans_on_hard, opening_code, play_code, make_player
from farkle.presets import preset
rules = preset(%r)
names = play_code(%r, rules, %d) + opening_code(%r)
for name in names:
    before = set(sys.modules)
    __import__(name)
    print(name, sorted(m for m in set(sys.modules) - before if m.startswith("farkle.players.")))
before = set(sys.modules)
make_player(%r, rules, %d)
print("made", sorted(m for m in set(sys.modules) - before if m.startswith("farkle.players.")
                     and not (m == "farkle.players.policy_files" and leans_on_hard(rules, %d))))
""" % (name, level, players, level, level, players, players)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        name, new = line.split(" ", 1)
        assert new == ("[%r]" % name if name != "made" else "[]"), line
