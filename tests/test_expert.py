"""The two-player game solver (farkle/solve/game2.py), its policy file and the expert player.

The real classic table takes minutes to solve, so the solver is checked here on small
variants: against a plain value iteration (tests/brute_game2.py), for known probabilities and
for what the cap proves. The shipped classic file is checked by reading it.
"""

import math
import pathlib
import sys

import numpy as np
import pytest

from brute_game2 import brute_solve
from farkle.presets import NAMES, preset
from farkle.scorer import Scorer, pack
from farkle.solve import game2

FIVE_DICE = dict(dice=5, straight=0, three_pairs=0, four_and_pair=0, two_triplets=0)


def test_roll_table_matches_the_scorer():
    rules = preset("classic")
    rt = game2.RollTable(rules)
    assert rt.unit == 50
    assert rt.farkle[6] == pytest.approx(5 / 216)
    assert rt.farkle[2] == pytest.approx(4 / 9)
    for n in range(1, 7):
        total = sum(w for gn, w, _ in rt.flat if gn == n)
        assert total + round(rt.farkle[n] * 6 ** n) == 6 ** n
    # every roll's options are its keeps' (points, dice left)
    scorer = Scorer(rules)
    by_opts = {opts: (n, w) for n, w, opts in rt.flat}
    for faces in [(1, 1, 5, 2, 3, 4), (2, 2, 2, 2, 6, 6), (5,), (1, 2, 3, 4, 5, 6)]:
        n = len(faces)
        opts = tuple(sorted(set((p // 50, (n - len(k)) or 6) for k, p in scorer.keeps(list(faces)))))
        assert by_opts[opts][0] == n
    assert rt.gprob.sum(axis=1) + rt.pf == pytest.approx(np.ones(6))


@pytest.mark.parametrize("overrides, cap", [
    (dict(FIVE_DICE, target=300, opening=150), 450),
    (dict(target=300, opening=0), 400),
    (dict(target=300, opening=150, min_bank=100, final_round=False), 300),
    (dict(FIVE_DICE, target=300, opening=150, tie="draw"), 450),  # a tie in the last turn is half
    (dict(target=300, opening=0, min_bank=100, tie="rolloff"), 400),
])
def test_solver_equals_plain_value_iteration(overrides, cap):
    rules = preset("classic").replace(**overrides)
    sol = game2.solve(rules, cap=cap)
    brute = np.array(brute_solve(rules, cap, tol=1e-12))
    assert np.abs(sol.W - brute).max() < 1e-10


def test_final_round_and_known_values():
    rules = preset("classic").replace(target=1000)
    sol = game2.solve(rules, cap=rules.target + 6000)
    S = sol.S
    W, reach = sol.W, sol.reach
    assert game2.check_cap(sol) > 0  # the cut at the cap is exact
    assert 0.5 < sol.first_player() < 0.6
    # the last step: at 950 against 950 the mover reaches the target with any score, then the
    # other needs more than that in one turn
    assert W[S - 1, S - 1] > 0.5
    # the reach table: one die scores with 1/3 and hot dice give 6 fresh ones
    assert reach[1, 1] == pytest.approx(1 / 3)
    assert reach[2, 1] == pytest.approx(1 / 6 + 1 / 6 * reach[1, 6])  # a 1, or a 5 then more
    # an opponent not on the board needs the opening: from 0 vs 950 the mover's chance is
    # the chance of never letting them get 500 in one turn before reaching 1000 ...
    assert 0 < W[0, S - 1] < W[S - 1, 0] < 1
    # a head start for the second player (still needing the opening) lowers the first's chance
    rules = rules.replace(target=600, opening=300)
    sol2 = game2.solve(rules, cap=1500, handicaps=(100, 200))
    assert sol2.W[0, sol2.bonus_state(200)] < sol2.W[0, sol2.bonus_state(100)] < sol2.W[0, 0]


# ----- the policy file, the board's expert and the exact evaluation (small variant) -----

import random  # noqa: E402

from farkle.game import CHOOSE, KEEP, START, Game  # noqa: E402
from farkle.players import expert, expert_duel, expert_files, expert_headers, expert_turns, make_player  # noqa: E402
from farkle.players import expert_table as reader  # noqa: E402  the file's reader (the writer: below)
import farkle.players  # noqa: E402
from farkle.solve import expert_table, game2_eval  # noqa: E402

SMALL = dict(target=1000)


def small_file(tmp_path_factory, rules, cap):
    sol = game2.solve(rules, cap=cap)
    folder = tmp_path_factory.mktemp("expert")
    path = folder / "expert_small.bin"
    path.write_bytes(expert_table.table_bytes(sol))
    return sol, path


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    rules = preset("classic").replace(**SMALL)
    sol, path = small_file(tmp_path_factory, rules, 3000)
    expert_headers.PATHS.insert(0, str(path))
    yield rules, sol, path
    expert_headers.PATHS.remove(str(path))


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """A small game where a final-round tie is a draw (duel rules: no opening)."""
    rules = preset("duel").replace(target=1000)
    sol, path = small_file(tmp_path_factory, rules, 3000)
    expert_headers.PATHS.insert(0, str(path))
    yield rules, sol, path
    expert_headers.PATHS.remove(str(path))


def position(rules, a, b, total, in_hand, phase, shown=(), game=None):
    """A game of two where player 0 (at ``a`` points, against ``b``) is in ``phase``."""
    if game is None:
        game = Game(rules, players=2, first=0)
    game.scores = [a, b]
    game.opened = [a > 0, b > 0]
    game.turn_total = total
    game.in_hand = in_hand
    game.phase = phase
    game.shown = list(shown)
    game.kept = list(shown) if phase == CHOOSE else []
    return game


def test_the_file_reads_back(small):
    rules, sol, path = small
    table = expert_files.open_table(str(path))
    assert expert_headers.fits(table, rules, 2) and not expert_headers.fits(table, rules, 3)
    assert not expert_headers.fits(table, preset("classic"), 2)
    assert (table.unit, table.S, table.N) == (50, sol.S, 6)
    for i, j in [(0, 0), (3, 17), (19, 19), (12, 0)]:
        assert table.w(i, j) == pytest.approx(sol.W[i, j], abs=1e-7)
        assert table.top(i, j) == sol.top[i, j]
        assert tuple(table.tops(i, j)) == (sol.top[i, j], sol.tops[i, j, :5].max())  # (top, low)
    assert table.reach(1, 1) == pytest.approx(1 / 3)
    assert table.farkle[6] == pytest.approx(5 / 216) and table.maxp == 60
    assert list(table.reach_span(6, 3, 4))[:4] == [table.reach(6, d) for d in range(3, 7)]
    assert table.reach_span(6, table.RD - 2, 4)[3] == table.reach(6, table.RD + 5)


def test_board_decisions_are_the_evaluated_ones(small):
    """What farkle/players/expert.py decides is what the exact evaluation assumes."""
    check_board_decisions(*small)


def test_board_decisions_where_a_tie_is_a_draw(drawn):
    check_board_decisions(*drawn)
    rules, sol, path = drawn
    player = make_player("expert", rules, 2, 1)
    assert player.table.has_last
    # the last turn: level with the leader a bank draws (half), one more unit wins
    L = game2.last_turn(sol.rolls, 60, 1, 0.5)
    for gap in (1, 4, 11):
        game = position(rules, 1000, 1000 - gap * 50, 0, 6, START)
        game.current, game.final_by, game.pending = 1, 0, [False, True]
        game.scores = [1000, 1000 - gap * 50]
        assert player.win_chance(game) == pytest.approx(L[gap + 1, 6], abs=1e-6)
        for n in range(1, 7):
            game.phase, game.in_hand, game.kept, game.shown = CHOOSE, n, [5], [5]
            game.turn_total = gap * 50  # a tie
            assert player.roll_on(game) == (L[1, n] > 0.5)
            game.turn_total = gap * 50 + 50
            assert player.roll_on(game) is False
    # the mover's bank past the target is worth what the other's last turn leaves
    a, b = 18, 15
    turn = player.table.turn_table(rules, a, b)
    k = sol.S - a + 3  # would-be 1,150
    assert turn.bank_value(k) == pytest.approx(1 - sol.last[1, a + k - b + 1, 6], abs=1e-6)


def check_board_decisions(rules, sol, path):
    S, unit = sol.S, sol.unit
    policy = game2_eval.ExpertPolicy(sol, shipped=True)
    pairs = [(a, b) for a in range(S) for b in range(S)]
    bank, choose = policy.prepare(sol, pairs, sol.cap)
    player = make_player("expert", rules, 2, 0)
    assert isinstance(player, expert_duel.Expert)
    reps = game2_eval._representatives(sol.rolls)
    rng = random.Random(5)
    checked = 0
    game = Game(rules, players=2, first=0)
    for p, (a, b) in enumerate(pairs):
        if 0 < a < 10 or 0 < b < 10:
            continue  # not on the board with points: no such position in classic
        top = int(sol.top[a, b])
        for k in range(1, min(top + 3, sol.cap - a + 1)):
            for n in range(1, 7):
                position(rules, a * unit, b * unit, k * unit, n, CHOOSE, game=game)
                if game.why_not_bank():
                    continue
                assert player.roll_on(game) == (not bank(a + k)[n - 1, p])
        for _ in range(12):
            k0 = rng.randrange(0, top + 1)
            g = rng.randrange(len(sol.rolls.flat))
            n, _, opts = sol.rolls.flat[g]
            if k0 == 0 and n != 6:
                continue
            position(rules, a * unit, b * unit, k0 * unit, n, KEEP, reps[g], game=game)
            faces = player.choose_keep(game)
            left = (n - len(faces)) or 6
            assert (rules_points(rules, faces) // unit, left) == opts[choose(a + k0)[g, p]]
            checked += 1
    assert checked > 1000


def rules_points(rules, faces):
    return Scorer(rules).score(faces)


@pytest.mark.parametrize("which", ["small", "drawn"])
def test_exact_evaluation(which, request):
    rules, sol, path = request.getfixturevalue(which)
    optimal = game2_eval.ExpertPolicy(sol, shipped=False)
    VA, VB = game2_eval.duel(sol, optimal, optimal)
    assert np.abs(VA - sol.W).max() < 1e-12  # the optimum against itself: the solution
    assert np.abs(VB - (1 - sol.W)).max() < 1e-12
    shipped = game2_eval.ExpertPolicy(sol, shipped=True)
    VA, VB = game2_eval.duel(sol, shipped, optimal)
    assert abs((VA[0, 0] + VB[0, 0]) / 2 - 0.5) < 1e-6  # float32 in the file costs nothing


def test_fallbacks(small):
    rules = preset("classic").replace(**SMALL)
    assert make_player("expert", rules, 3, 0).level == "expert"  # MultiExpert: the same file
    assert make_player("expert", rules.replace(target=1500), 3, 0).level == "hard"
    assert make_player("expert", preset("classic").replace(penalty=500), 2, 0).level == "hard"
    assert expert_files.make(rules.replace(target=1500), 2, 0) is None
    player = make_player("expert", rules, 2, 1)
    assert player.level == "expert"
    game = Game(rules, players=2, first=0)
    assert player.win_chance(game) == pytest.approx(small[1].W[0, 0], abs=1e-6)


CASES = [  # (my points, theirs, turn total, dice in hand, phase, faces showing)
    (0, 0, 0, 6, "keep", (1, 1, 5, 2, 3, 4)),
    (0, 0, 300, 3, "choose", ()),
    (0, 0, 450, 3, "choose", ()),
    (550, 900, 0, 6, "keep", (5, 5, 2, 2, 3, 6)),
    (550, 900, 200, 2, "choose", ()),
    (900, 950, 0, 6, "keep", (1, 5, 5, 3, 3, 4)),
    (900, 600, 100, 5, "choose", ()),
    (700, 0, 350, 1, "keep", (5,)),
]

SCRIPT = """
from farkle.game import Game, CHOOSE, KEEP
from farkle.presets import preset
from farkle.players import expert, expert_files, expert_headers, expert_turns, make_player
%s
rules = preset("classic").replace(target=1000)
player = make_player("expert", rules, 2, 0)
print(player.level)
for a, b, total, n, phase, shown in %r:
    game = Game(rules, players=2, first=0)
    game.scores = [a, b]
    game.opened = [a > 0, b > 0]
    game.turn_total = total
    game.in_hand = n
    game.phase = KEEP if phase == "keep" else CHOOSE
    game.shown = list(shown)
    game.kept = []
    chance = player.win_chance(game)
    if phase == "keep":
        print(sorted(player.choose_keep(game)), "%%.7f" %% chance)
    else:
        print(player.roll_on(game), "%%.7f" %% chance)
"""


@pytest.mark.parametrize("which, name", [("small", "classic"), ("drawn", "duel")])
def test_expert_decides_on_micropython(which, name, request):
    """The board's expert reads its file by seek and decides the same as on CPython."""
    from mpy.harness import assert_same_output, run_micropython

    rules, sol, path = request.getfixturevalue(which)
    folder = path.parent
    setup = "expert_headers.PATHS.insert(0, %r)" % ("%s/%s" % (folder.name, path.name))
    script = SCRIPT.replace('preset("classic")', 'preset("%s")' % name)
    result = run_micropython(script % (setup, CASES), mounts=("farkle", str(folder))).check()
    out = []
    exec(script % ("", CASES), {"print": lambda *args: out.append(" ".join(map(str, args)) + "\n")})
    expected = "".join(out)
    lines = result.stdout.splitlines()
    assert lines[0] == "expert"
    assert_same_output(result.stdout, expected)


# ----- the shipped classic file -----

SHIPPED = expert_headers.DIR + "/" + expert_headers.FILES[0]


def test_shipped_classic_file():
    import json
    import os

    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    assert expert_headers.fits(table, rules, 2)
    assert (table.unit, table.S, table.N) == (50, 200, 6)
    assert os.path.getsize(SHIPPED) < 400_000
    figures = os.path.join(os.path.dirname(__file__), "..", "docs", "expert.json")
    if os.path.exists(figures):
        with open(figures) as f:
            first = json.load(f)["first_player"]
        assert table.w(0, 0) == pytest.approx(first, abs=1e-7)
    player = make_player("expert", rules, 2, 0)
    assert player.level == "expert"
    game = Game(rules, players=2, first=0)
    assert 0.5 < player.win_chance(game) < 0.56
    # not on the board, 450 this turn: a bank is refused, so it rolls whatever the dice
    game = position(rules, 0, 0, 450, 1, CHOOSE)
    assert player.roll_on(game) is True
    # far ahead at the end with 2,000 banked this turn and one die: bank
    game = position(rules, 9000, 2000, 2000, 1, CHOOSE)
    assert player.roll_on(game) is False


def test_shipped_expert_on_micropython():
    """The board's expert opens the shipped classic file and decides as on CPython."""
    from mpy.harness import assert_same_output, run_micropython

    script = SCRIPT.replace('preset("classic").replace(target=1000)', 'preset("classic")')
    cases = [(a * 10, b * 10, t, n, ph, sh) for a, b, t, n, ph, sh in CASES]
    result = run_micropython(script % ("", cases)).check()
    out = []
    exec(script % ("", cases), {"print": lambda *args: out.append(" ".join(map(str, args)) + "\n")})
    assert result.stdout.splitlines()[0] == "expert"
    assert_same_output(result.stdout, "".join(out))


def test_a_turn_built_a_row_at_a_time_equals_one_built_at_once():
    """The board spreads a turn's table over frames (``prepare``): same values as in one go."""
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    for a, b in [(0, 0), (12, 180), (150, 30), (199, 199)]:
        whole = expert_turns.TurnTable(table, rules, a, b)
        assert whole.build() is True
        sliced = expert_turns.TurnTable(table, rules, a, b)
        calls = 1
        while not sliced.build(stop=lambda: True):
            calls += 1
        # the bank row, the value rows, then a row a call above low (only N dice roll on
        # there), and a number of dice of a row a call from low down
        assert calls == 2 + (whole.top - whole.low) + table.N * whole.low
        assert sliced.C == whole.C


def test_a_turn_let_go_part_way_through_a_row_starts_again_from_its_top():
    """A row may pause after any number of dice; a turn let go then (the next turn takes its
    lists) is whole again when it is built after all."""
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    fresh = expert_turns.TurnTable(table, rules, 12, 180)
    fresh.build()
    turn = expert_turns.TurnTable(table, rules, 12, 180)
    calls = [0]
    pauses = 2 + (turn.top - turn.low) + 3  # the set-up's two steps, the rows above low, dice 1 to 3 of low's

    def in_row_low():
        calls[0] += 1
        return calls[0] >= pauses

    assert turn.low < turn.top
    assert turn.build(stop=in_row_low) is False
    assert (turn.k, turn.n) == (turn.low, 4)
    turn.let_go()
    assert (turn.k, turn.n) == (turn.top, 1)
    assert turn.build() is True and turn.C == fresh.C


def test_a_turn_that_runs_out_of_heap_while_setting_up_lets_go_of_it(monkeypatch):
    """The heap it took is what the game needs next (hard taking over, an error screen)."""
    table = expert_files.open_table(SHIPPED)
    turn = expert_turns.TurnTable(table, preset("classic"), 12, 180)

    def no_heap(self):
        raise MemoryError("no heap")

    monkeypatch.setattr(expert_turns.TurnTable, "_rows", no_heap)
    with pytest.raises(MemoryError):
        turn.build()
    assert turn.bank is None and turn.C is None
    monkeypatch.undo()
    fresh = expert_turns.TurnTable(table, preset("classic"), 12, 180)
    fresh.build()
    assert turn.build() is True and turn.C == fresh.C  # tried again, from the start


def test_a_turn_whose_rows_find_no_heap_is_worked_out_to_a_lower_turn_total(monkeypatch):
    """Out of heap for rows longer than the game's first turn's, the turn is worked out up to
    the turn total those rows hold and banks above it, instead of the expert giving way to
    hard for the rest of the game; where it plays, it plays as the whole turn does. Short of
    heap for those too, a ROOM shorter, down to a top of ROOM units."""
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    length = expert_turns.room(table.top(0, 0) + table.maxp + 1)
    a, b = 12, 180  # the longest turn of the game
    whole = table.turn_table(rules, a, b)
    assert whole.size() > length
    rows, bank_row = expert_turns.TurnTable._rows, expert_turns.TurnTable._bank_row

    def short_of_heap(make):
        def made(turn):
            if turn.size() > length:
                raise MemoryError("no block that long")
            make(turn)
        return made

    monkeypatch.setattr(expert_turns.TurnTable, "_rows", short_of_heap(rows))
    for make in ("_bank_row", "_rows"):  # out of heap in either step of the set-up
        monkeypatch.setattr(expert_turns.TurnTable, "_bank_row", short_of_heap(bank_row) if make == "_bank_row" else bank_row)
        before = table.capped
        turn = expert_turns.TurnTable(table, rules, a, b)
        assert turn.build() is True
        assert turn.top == length - table.maxp - 1 < whole.top and table.capped == before + 1
        assert not any(turn.rolls(k, n) for k in range(turn.top + 1, whole.top + 1) for n in range(1, 7))
        low = range(0, turn.top - table.maxp)  # far below the cut: the same play
        assert [turn.rolls(k, n) for k in low for n in range(1, 7)] == [whole.rolls(k, n) for k in low for n in range(1, 7)]
        assert max(abs(turn.value(k, n) - whole.value(k, n)) for k in low for n in range(1, 7)) < 1e-3
    monkeypatch.setattr(expert_turns.TurnTable, "_bank_row", bank_row)
    first = expert_turns.TurnTable(table, rules, 0, 0)  # no longer than the game's first rows
    shorter = length - expert_turns.ROOM

    def shorter_only(turn):
        if turn.size() > shorter:
            raise MemoryError("no block that long")
        rows(turn)

    monkeypatch.setattr(expert_turns.TurnTable, "_rows", shorter_only)
    before = table.capped
    assert first.build() is True  # cut a ROOM shorter, as often as it takes
    assert first.size() == shorter and first.top == shorter - table.maxp - 1 >= expert_turns.ROOM
    assert table.capped == before + 1
    never = expert_turns.TurnTable(table, rules, 0, 0)

    def none(turn):
        raise MemoryError("no block at all")

    monkeypatch.setattr(expert_turns.TurnTable, "_rows", none)
    with pytest.raises(MemoryError):  # not below a top of ROOM units: it gives up, whole again
        never.build()
    assert never.top == table.top(0, 0) and table.capped == before + 1


class Collector:
    """``gc`` as a turn sees it: counts its collections, is switched off and on."""

    enabled = True
    collections = 0

    def isenabled(self):
        return self.enabled

    def disable(self):
        self.enabled = False

    def enable(self):
        self.enabled = True

    def collect(self):
        self.collections += 1


def test_a_turn_cut_for_want_of_heap_tries_its_shorter_lengths_with_the_collector_off(monkeypatch):
    """The first try's failed allocation has collected (on a board the allocator does so
    before it gives up), and what it made is spare, not garbage: each shorter try would
    collect again for nothing, about 10 ms a try on a board, all in one frame."""
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    rows = expert_turns.TurnTable._rows
    tries = []

    collector = Collector()
    monkeypatch.setattr(expert_turns, "gc", collector)

    def short_of_heap(turn):
        tries.append(collector.enabled)
        if len(tries) < 3:
            raise MemoryError("no block that long")
        rows(turn)

    monkeypatch.setattr(expert_turns.TurnTable, "_rows", short_of_heap)
    whole = table.top(12, 180)  # the longest turn of the game
    turn = expert_turns.TurnTable(table, rules, 12, 180)
    assert turn.build() is True and turn.top < whole
    assert tries == [True, False, False] and collector.enabled  # cut twice; on again after
    never = expert_turns.TurnTable(table, rules, 0, 0)
    monkeypatch.setattr(expert_turns.TurnTable, "_rows", lambda turn: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        never.build()
    assert collector.enabled


def test_a_boards_turn_that_needs_longer_rows_collects_first_at_a_step_of_its_own(monkeypatch):
    """Where the heap can run out (a board: ``gc.mem_free``), a turn whose rows are longer
    than the spare ones collects before it makes them, at a step of its own, then makes them
    with the collector off (no hole for them, the allocator would collect at each list and
    fail all the same); a turn the spare rows hold collects nothing."""
    monkeypatch.setattr(reader, "getpid", None)
    monkeypatch.setattr(reader, "TURN_CACHE", 1)
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    table.let_turns_go()
    collector = Collector()
    collector.mem_free = lambda: 10000
    monkeypatch.setattr(expert_turns, "gc", collector)
    rows = expert_turns.TurnTable._rows
    made = []

    def watched(turn):
        made.append(collector.enabled)
        rows(turn)

    monkeypatch.setattr(expert_turns.TurnTable, "_rows", watched)
    assert table.reserve()  # the rows of the game's first turn
    first = table.turn(rules, 0, 0)
    assert first.build(lambda: False) is True
    assert collector.collections == 0 and made == [True]
    longest = table.turn(rules, 12, 180)
    assert longest.size() > len(table.spare[0])
    assert longest.build(lambda: True) is False and longest.C is None  # the collection alone
    assert collector.collections == 1 and made == [True]
    assert longest.build(lambda: False) is True and longest.top == table.top(12, 180)
    assert collector.collections == 1 and made == [True, False] and collector.enabled


def test_a_turn_cut_for_want_of_heap_fills_the_rows_the_game_started_with(monkeypatch):
    """A turn longer than the game's first rows that finds no heap for longer ones keeps the
    rows it took from the table: cut to their length, it fills them, and needs no new block
    from the heap that has just had none."""
    monkeypatch.setattr(reader, "getpid", None)
    monkeypatch.setattr(reader, "TURN_CACHE", 1)
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    table.let_turns_go()
    table.reserve()
    bank, rows = table.spare[0], table.spare[1][1:]
    length = len(bank)
    made = expert_turns.room

    def no_longer(size):
        if size > length:
            raise MemoryError("no block that long")
        return made(size)

    monkeypatch.setattr(expert_turns, "room", no_longer)
    try:
        turn = table.turn(rules, 12, 180)  # the longest turn of the game
        assert turn.build() is True and turn.size() == length
        assert turn.bank is bank and all(a is b for a, b in zip(turn.C[1:], rows))
    finally:
        table.let_turns_go()


def test_an_expert_made_where_its_rows_find_no_heap_makes_them_at_its_first_turn(monkeypatch):
    """A board's expert made in a heap without room for its rows is made all the same (it
    does not give way to hard): its first turn makes them, when the heap may have room."""
    monkeypatch.setattr(reader, "getpid", None)
    monkeypatch.setattr(reader, "TURN_CACHE", 1)
    monkeypatch.setattr(reader, "_TABLES", {})
    room = expert_turns.room
    monkeypatch.setattr(expert_turns, "room", lambda size: 1 << 40)  # rows no heap can hold
    rules = preset("classic")
    player = expert_files.make(rules, 2, 1)
    player.reserve()
    assert player.level == "expert" and player.table.spare is None
    monkeypatch.setattr(expert_turns, "room", room)
    turn = player.table.turn_table(rules, 0, 0)
    alone = expert_turns.TurnTable(expert_files.open_table(SHIPPED), rules, 0, 0)
    alone.build()
    assert turn.C == alone.C


def test_a_board_fills_the_last_turns_lists_for_the_next_one(monkeypatch):
    """Keeping one turn (a board), the next turn is the last one's object set again for the
    new position, with its bank and value lists filled again: nothing of a turn's is made
    per turn (late in a game the heap may have no hole for it); the values are those of a
    turn built on its own."""
    monkeypatch.setattr(reader, "TURN_CACHE", 1)
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    first = table.turn_table(rules, 12, 180)  # the longest turn of the game: the largest lists
    bank, values = first.bank, first.C
    for a, b in [(0, 0), (150, 30), (199, 199), (60, 61)]:
        turn = table.turn_table(rules, a, b)
        assert turn is first and (turn.a, turn.b) == (a, b)
        assert turn.bank is bank and turn.C is values
        alone = expert_turns.TurnTable(expert_files.open_table(SHIPPED), rules, a, b)
        alone.build()
        assert [turn.value(k, n) for k in range(alone.size() + 2) for n in range(1, 7)] == \
            [alone.value(k, n) for k in range(alone.size() + 2) for n in range(1, 7)]
        assert [turn.rolls(k, n) for k in range(alone.size()) for n in range(1, 7)] == \
            [alone.rolls(k, n) for k in range(alone.size()) for n in range(1, 7)]
        first = turn


def test_a_board_makes_its_rows_as_the_game_starts_and_gives_them_back_when_it_ends(monkeypatch):
    """On a board the expert's table holds rows of the first turn's size (a little more)
    once the game's start has the expert reserve them (not while the code that made it is
    still loaded); a turn that fits fills them; the game's end takes them back; the next
    game's expert takes over the last turn's rows."""
    monkeypatch.setattr(reader, "getpid", None)
    monkeypatch.setattr(reader, "TURN_CACHE", 1)
    monkeypatch.setattr(reader, "_TABLES", {})
    rules = preset("classic")
    player = expert_files.make(rules, 2, 1)
    table = player.table
    assert table.spare is None
    assert player.reserve() is True
    bank, values = table.spare
    first = table.top(0, 0) + table.maxp + 1
    assert len(bank) == expert_turns.room(first) >= first and len(bank) % expert_turns.ROOM == 0
    assert [len(row) for row in values[1:]] == [len(bank)] * table.N
    turn = table.turn_table(rules, 0, 0)
    assert turn.bank is bank and turn.C is values
    player.game_over()
    assert table.spare is None and table.turns == {}
    table.turn_table(rules, 0, 0)
    again = expert_files.make(rules, 2, 0)
    again.reserve()
    assert again.table is table and table.turns == {} and table.spare is not None


def test_a_board_expert_whose_rows_find_no_room_says_so(monkeypatch):
    """Its first turn makes them then; a hint's adviser gives way to hard (app.advice)."""
    monkeypatch.setattr(reader, "getpid", None)
    monkeypatch.setattr(reader, "_TABLES", {})
    player = expert_files.make(preset("classic"), 2, 1)
    monkeypatch.setattr(expert_turns, "room", lambda size: 1 << 40)  # no heap holds that
    assert player.reserve() is False
    assert player.table.spare is None


def test_a_host_expert_reserves_nothing(monkeypatch):
    """A host keeps many turns, each with rows of its own length: nothing to take ahead."""
    monkeypatch.setattr(reader, "_TABLES", {})
    player = expert_files.make(preset("classic"), 2, 1)
    player.reserve()
    assert player.table.spare is None


@pytest.mark.parametrize("name", ["classic", "farkel"])
def test_turns_built_in_slices_on_reused_lists_equal_fresh_ones(name, monkeypatch):
    """A board keeps one turn: turns of random positions, built a random number of steps at a
    time with other positions breaking in (a hint's adviser), each filling the lists the last
    one let go, have the values of a turn built at once on a table of its own."""
    import random

    monkeypatch.setattr(reader, "TURN_CACHE", 1)
    rng = random.Random(5)
    rules = preset(name)
    path = expert_headers.DIR + "/expert_%s.bin" % name
    table, fresh = expert_files.open_table(path), expert_files.open_table(path)
    for _ in range(25):
        a, b = rng.randrange(table.S), rng.randrange(table.S)
        turn = table.turn(rules, a, b)
        others = 2
        while not turn.build(lambda: rng.random() < 0.7):
            if others and rng.random() < 0.1:
                others -= 1
                table.turn(rules, rng.randrange(table.S), rng.randrange(table.S)).build(lambda: rng.random() < 0.5)
                turn = table.turn(rules, a, b)
        alone = expert_turns.TurnTable(fresh, rules, a, b)
        alone.build()
        cells = [(k, n) for k in range(alone.size() + 3) for n in range(1, table.N + 1)]
        assert [turn.value(k, n) for k, n in cells] == [alone.value(k, n) for k, n in cells]
        assert [turn.rolls(k, n) for k, n in cells] == [alone.rolls(k, n) for k, n in cells]


def test_a_turn_takes_a_small_bounded_heap_on_the_core():
    """The heap a turn allocates on CircuitPython's core, garbage included (the collector off
    while it builds): the longest turn's lists (about 8 KB, kept), the rows its keeps read
    (2.5 KB, while it builds) and its reads from the file; the next turn, filling those lists
    again, only the last two."""
    from mpy.harness import run_micropython

    script = """
import gc
from farkle.presets import preset
from farkle.players import expert, expert_files, expert_turns
rules = preset("classic")
table = expert_files.make(rules).table
for a, b in ((12, 180), (150, 30), (0, 0)):
    gc.collect()
    before = gc.mem_alloc()
    gc.disable()
    table.turn_table(rules, a, b)
    print(gc.mem_alloc() - before)
    gc.enable()
"""
    first, *others = [int(line) for line in run_micropython(script).check().stdout.split()]
    assert first < 16 * 1024, first  # binding each roll group to the rows took 49 KB
    assert max(others) < 8 * 1024, others  # and 42 KB again every turn


def test_prepare_works_ahead_until_the_turn_is_ready():
    rules = preset("classic")
    player = make_player("expert", rules, 2, 0)
    player.table.turns = {}
    game = position(rules, 600, 9000, 0, 6, START)
    calls = 1
    while not player.prepare(game, stop=lambda: True):
        calls += 1
    assert calls > 100  # a long turn: 10,700 points of rolling on, a row (50 points) a call
    assert player.prepare(game) is True
    ready = player.table.turn(rules, 12, 180)  # the one prepare built
    player.table.turns = {}
    fresh = player.table.turn_table(rules, 12, 180)
    assert ready.C == fresh.C
    # outside the solved game (custom rules: hard) nothing needs working out
    assert make_player("expert", rules.replace(target=1500), 2, 0).prepare(Game(rules, players=2, first=0)) is True


def test_exact_evaluation_agrees_with_games_played_by_the_engine(small):
    """The solver's exact win rate of the expert against normal is what real games give: the
    tournament runner (the engine, the players themselves) lands within its 99.9% interval."""
    from farkle.tournament import simulate, wilson

    rules, sol, path = small
    normal, cap = game2_eval.normal_opponent(sol)
    VA, VB = game2_eval.duel(sol, game2_eval.ExpertPolicy(sol), normal, cap=cap)
    exact = (VA[0, 0] + VB[0, 0]) / 2
    assert 0.55 < exact < 0.57  # a short game (1,000 points): the expert's edge is large
    games = 10000
    result = simulate(rules, ["expert", "normal"], games=games, seed=3)
    low, high = wilson(result["seats"][0]["wins"], games, z=3.29)
    assert low < exact < high


def test_more_than_two_players_play_against_the_leader(small, monkeypatch):
    """MultiExpert: the two-player game against the strongest other player; hard's final round."""
    rules, sol, path = small
    monkeypatch.setattr(expert_headers, "MULTI", False)
    assert expert_files.make(rules, 3, 0) is None  # switched off: hard
    monkeypatch.setattr(expert_headers, "MULTI", True)
    player = expert_files.make(rules, 3, 1)
    assert isinstance(player, expert.MultiExpert)
    game = Game(rules, players=3, first=1)
    game.scores = [300, 0, 650]
    game.opened = [True, False, True]
    assert player.position(game) == (0, 13)  # seat 1 against seat 2 (650)
    assert player.win_chance(game) is None  # the two-player chance is not this game's
    game.final_by, game.pending = 2, [True, True, False]
    assert player.position(game) is None  # the final round: hard
    from farkle.tournament import SeededDice, play

    for seed in range(3):  # whole games, legal throughout
        seats = [expert_files.make(rules, 3, i) for i in range(3)]
        g = Game(rules, players=3, first=0, dice=SeededDice(seed))
        play(g, seats)
        assert g.is_over()


def test_an_expert_among_more_than_two_holds_none_of_the_two_player_code():
    """The final round from the reach table and the win chance are two players' only: a game
    of three makes its expert without loading them (on a board, a kilobyte of heap)."""
    import subprocess

    script = ("import sys; from farkle.players import make_player; from farkle.presets import preset; "
              "p = make_player('expert', preset('classic'), 3, 1); "
              "print(p.level, 'farkle.players.expert_duel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=str(pathlib.Path(__file__).resolve().parents[1]))
    assert out.stdout.split() == ["expert", "False"]


def test_piggybacking_rules_from_a_solution_without_it(tmp_path, monkeypatch):
    """farkel: the file is solved without piggybacking (make_expert --ignore-piggyback) and is
    used for the rules with it; the expert takes over dice exactly when rolling them is worth
    more than a fresh turn by the solution's values."""
    rules = preset("farkel").replace(target=1000)
    sol = game2.solve(rules.replace(piggyback=False), cap=3000)
    path = tmp_path / "expert_farkel_small.bin"
    path.write_bytes(expert_table.table_bytes(sol, rules=rules))
    expert_headers.PATHS.insert(0, str(path))
    try:
        # by default hard decides there (playing the file measured weaker); the file gives the chance
        player = expert_files.make(rules, 2, 1)
        game = Game(rules, players=2, first=1)
        assert player.plays(game) is None and player.win_chance(game) == pytest.approx(player.table.w(0, 0), abs=1e-6)
        monkeypatch.setattr(farkle.players, "PIGGYBACK_PLAYS", True)
        assert player is not None and expert_files.make(rules.replace(piggyback=False), 2, 1) is None
        decided = set()
        for left_dice, left_points in [(1, 50), (2, 300), (3, 450), (5, 200), (4, 900)]:
            game = Game(rules, players=2, first=1)
            game.scores = [400, 600]
            game.opened = [True, True]
            game.left_dice, game.left_points = left_dice, left_points
            if game.why_not_piggyback():
                continue
            turn = player.table.turn_table(rules, 12, 8)
            fresh = turn.roll_value(0, 6)
            assert fresh == pytest.approx(player.table.w(12, 8), abs=1e-6)  # a fresh turn: W
            take = turn.roll_value(left_points // 50, left_dice) > fresh
            assert player.piggyback(game) == take
            decided.add(take)
        assert decided == {True, False}
        from farkle.tournament import SeededDice, play

        for seed in range(3):
            g = Game(rules, players=2, first=0, dice=SeededDice(seed))
            play(g, [expert_files.make(rules, 2, 0), expert_files.make(rules, 2, 1)])
            assert g.is_over()
    finally:
        expert_headers.PATHS.remove(str(path))


@pytest.mark.parametrize("name", expert_headers.PRESETS)
def test_every_preset_has_its_table_and_hints_give_the_win_chance(name):
    from farkle.players.hint import hint

    rules = preset(name)
    player = make_player("expert", rules, 2, 0)
    assert player.level == "expert" and player.table.path.endswith("expert_%s.bin" % name)
    game = Game(rules, players=2, first=0)
    assert hint(game)["win"] == pytest.approx(player.table.w(0, 0), abs=1e-6)
    assert 0.5 < hint(game)["win"] < 0.56  # going first is worth a little


def test_rolls_with_the_same_keeps_are_one_group_and_the_high_groups_bank_fewer_dice():
    class Rolls:
        N = 3
        flat = [(1, 1, ((2, 3),)), (2, 4, ((1, 1), (2, 3))), (2, 2, ((2, 3), (1, 1))),
                (3, 5, ((1, 2), (2, 1))), (3, 7, ((4, 3), (1, 2), (3, 1))), (3, 6, ((2, 2), (3, 1))),
                (3, 4, ((1, 1), (3, 2)))]

    full, high = expert_table.file_groups(Rolls)
    assert full == [(1, 1, ((2, 3),)), (2, 6, ((1, 1), (2, 3))), (3, 4, ((1, 1), (3, 2))),
                    (3, 5, ((1, 2), (2, 1))), (3, 7, ((1, 2), (3, 1), (4, 3))), (3, 6, ((2, 2), (3, 1)))]
    # above low, a keep of fewer dice reads the bank row (left 0): only the most points count;
    # a keep of all three (three left: hot dice) reads the row of three
    assert high == [(3, 5, ((2, 0),)), (3, 10, ((3, 0),)), (3, 7, ((3, 0), (4, 3)))]


@pytest.mark.parametrize("name", NAMES)
def test_the_high_groups_give_the_values_of_the_full_ones(name):
    """Above low (where only N dice roll on) a row reads the file's high groups, whose keeps
    of fewer dice are one: the same values and decisions as every keep read, a row of fewer
    dice there holds the bank values, and the expert banks with them."""
    rules = preset(name)
    table = expert_files.open_table(expert_headers.DIR + "/expert_%s.bin" % name)
    rng = random.Random(7)
    for a, b in [(0, 0), (0, 150)] + [(rng.randrange(table.S), rng.randrange(table.S)) for _ in range(6)]:
        high = expert_turns.TurnTable(table, rules, a, b)
        high.build()
        assert high.C[0] is high.bank  # the bank row rises: the high groups are read
        full = expert_turns.TurnTable(table, rules, a, b)
        full.build(lambda: True)
        full.build(lambda: True)
        full.C[0] = None  # as if the bank row did not rise: every keep read
        full.build()
        cells = [(k, n) for k in range(1, high.size()) for n in range(1, table.N + 1)]
        assert [high.C[n][k] for k, n in cells] == pytest.approx([full.C[n][k] for k, n in cells], abs=1e-12)
        assert [high.rolls(k, n) for k, n in cells] == [full.rolls(k, n) for k, n in cells]
        for k in range(high.low + 1, high.size()):
            for n in range(1, table.N):
                assert high.C[n][k] == high.bank[k] and not high.rolls(k, n)


def test_a_bank_row_that_falls_above_low_reads_every_keep():
    """The high groups take the most points for the best of the keeps of fewer dice: true
    only where more points bank for more. A row where that fails reads the full groups."""
    rules = preset("classic")
    table = expert_files.open_table(SHIPPED)
    turn = expert_turns.TurnTable(table, rules, 0, 0)
    assert turn.build(lambda: True) is False  # the bank row
    turn.bank[turn.low + 3] = turn.bank[turn.low + 4] + 1e-9
    assert turn.build(lambda: True) is False  # the value rows
    assert turn.C[0] is None
    turn.build()
    whole = expert_turns.TurnTable(table, rules, 0, 0)
    whole.build()
    assert turn.value(0, table.N) == pytest.approx(whole.value(0, table.N), abs=1e-6)


def test_long_roll_regions_take_two_bytes(small, tmp_path):
    rules, sol, path = small
    saved = sol.top.copy()
    try:
        sol.top[3, 5] = 300  # longer than a byte holds (farkel's are)
        wide = tmp_path / "wide.bin"
        wide.write_bytes(expert_table.table_bytes(sol))
    finally:
        sol.top[:] = saved
    table = expert_files.open_table(str(wide))
    assert table.top_size == 2 and expert_files.open_table(str(path)).top_size == 1
    assert table.top(3, 5) == 300 and table.top(7, 2) == sol.top[7, 2]
    assert table.tops(3, 5)[1] == sol.tops[3, 5, :5].max()
    assert table.w(4, 9) == expert_files.open_table(str(path)).w(4, 9) and not table.has_last


@pytest.mark.parametrize("name", NAMES)
def test_the_header_check_agrees_with_the_table_found(name):
    for players in (2, 3):
        rules = preset(name)
        assert expert_headers.has_table(rules, players) == (expert_files.table_for(rules, players) is not None)
    custom = preset(name, target=preset(name).target + 50)
    assert expert_headers.has_table(custom) == (expert_files.table_for(custom) is not None)


def test_a_cut_turn_gives_up_little_win_chance_and_never_gains():
    """tools/bench_cut_turns.py's measure: the cut play is never better than the whole."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    from tools.bench_cut_turns import losses

    table = expert_files.open_table(SHIPPED)
    lost = losses(table, preset("classic"), expert_turns.room(table.top(0, 0) + table.maxp + 1), 6)
    assert len(lost) == 6 and all(-1e-12 <= x < 1e-4 for x in lost)


@pytest.mark.parametrize("name, players, leans", [("classic", 2, False), ("classic", 3, True),
                                                   ("classic", 8, True), ("farkel", 2, True)])
def test_an_expert_that_lets_hard_decide_some_turns_makes_hard_with_itself(name, players, leans):
    """Hard decides the final round of many players and every turn under piggybacking: an
    expert that will ask it makes it while the game starts (a board's heap is then least
    broken up, and the code that opens hard's files is loaded), not at the first such turn."""
    rules = preset(name)
    player = expert_files.make(rules, players, 1)
    if player is None:
        pytest.skip("no solved table shipped for %s" % name)
    assert player.leans_on_hard() is leans
    assert (player._hard is not None) is leans
    if leans:
        assert player.hard() is player._hard and player._hard.level == "hard"


def _fields(table):
    return [getattr(table, name) for name in ("fingerprint", "unit", "S", "N", "G", "maxp", "one_p", "many_p",
                                               "one_q", "one_l", "many_q", "many_l", "many_end", "one_from",
                                               "many_from", "keeps_from", "farkle", "top_size", "has_last")]


def test_a_file_opened_a_step_at_a_time_is_the_file_opened_at_once(monkeypatch):
    """The game's start opens the expert's file a step a frame (a board takes about 150 ms
    in one go): the table is the same, and making the expert then opens nothing."""
    monkeypatch.setattr(reader, "_TABLES", {})
    monkeypatch.setattr(expert_headers, "PATHS", [])  # the shipped files only
    rules = preset("classic")
    steps = list(farkle.players.ahead("expert", rules, 2))
    assert len(steps) >= 4
    (path, table), = reader._TABLES.items()
    assert _fields(table) == _fields(expert_files.open_table(path))
    opened = []
    monkeypatch.setattr(expert_files, "_opening", lambda *args: opened.append(args))
    assert make_player("expert", rules, 2, 1).table is table and opened == []


def test_only_the_expert_has_work_ahead():
    for level in ("easy", "normal", "hard"):
        assert list(farkle.players.ahead(level, preset("classic"), 2)) == []


def test_a_file_for_other_rules_is_closed_once_its_header_is_read(monkeypatch):
    """Custom rules have no solved file: each file's header says so, and no roll groups are read."""
    monkeypatch.setattr(reader, "_TABLES", {})
    monkeypatch.setattr(expert_headers, "PATHS", [])
    packed = []
    monkeypatch.setattr(expert_files, "_pack", lambda *args: packed.append(args) or iter(()))
    rules = preset("classic").replace(opening=350)
    assert list(expert_files.opening(rules, 2)) == []
    assert packed == [] and reader._TABLES == {}
    assert make_player("expert", rules, 2, 1).level == "hard"
