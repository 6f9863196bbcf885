"""The two-player game solver (farkle/solve/game2.py), its policy file and the expert player.

The real classic table takes minutes to solve, so the solver is checked here on small
variants: against a plain value iteration (tests/brute_game2.py), for known probabilities and
for what the cap proves. The shipped classic file is checked by reading it.
"""

import math

import numpy as np
import pytest

from brute_game2 import brute_solve
from farkle.presets import preset
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
])
def test_solver_equals_plain_value_iteration(overrides, cap):
    rules = preset("classic").replace(**overrides)
    sol = game2.solve(rules, cap=cap)
    brute = np.array(brute_solve(rules, cap, tol=1e-12))
    assert np.abs(sol.W - brute).max() < 1e-10


def test_final_round_and_known_values():
    rules = preset("classic").replace(target=1000)
    sol = game2.solve(rules, cap=rules.target + 12000)
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
    sol2 = game2.solve(rules, cap=3000, handicaps=(100, 200))
    assert sol2.W[0, sol2.bonus_state(200)] < sol2.W[0, sol2.bonus_state(100)] < sol2.W[0, 0]
