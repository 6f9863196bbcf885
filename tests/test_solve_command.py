"""``python -m farkle solve``: the two-player game of any rules the solver supports, on small
variants (the full games take minutes; their figures are in docs/expert.md)."""

import io
import json
import sys

import pytest

from farkle import cli
from farkle.presets import preset
from farkle.solve import command, game2, game2_eval

TINY = {"preset": "classic", "target": 600, "opening": 300}


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = cli.main(list(argv))
    finally:
        sys.stdout, sys.stderr = old
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def tiny():
    status, out, err = run("solve", "--rules", json.dumps(TINY), "--json")
    return status, json.loads(out), err


def test_solve_prints_the_figures(tiny):
    status, out, err = tiny
    assert status == 0
    assert set(out) == {"rules", "first_player", "fair_head_start", "first_player_with_head_start",
                        "normal_vs_optimal", "expert_vs_normal", "seconds", "states"}
    assert out["rules"]["target"] == 600 and out["rules"]["opening"] == 300
    assert 0.5 < out["first_player"] < 0.7
    assert out["fair_head_start"] > 0 and out["fair_head_start"] % 50 == 0
    assert abs(out["first_player_with_head_start"] - 0.5) < abs(out["first_player"] - 0.5)
    # the optimal player beats normal; over both seats their chances add up to one
    assert out["normal_vs_optimal"] < 0.5
    assert out["normal_vs_optimal"] + out["expert_vs_normal"] == pytest.approx(1.0)
    assert out["states"] >= 12 * 12
    assert "solving the game" in err and "100%" in err  # the progress bar is on stderr


def test_the_fair_head_start_is_the_closest_to_even(tiny):
    _, out, _ = tiny
    rules = preset("classic").replace(target=600, opening=300)
    sol = game2.solve(rules)
    h = out["fair_head_start"]
    states = game2.add_head_starts(sol, [h - 50, h, h + 50])
    chances = [sol.W[0, s] for s in states]
    assert chances[0] > chances[1] > chances[2]  # a larger head start helps the second player
    assert chances[1] == pytest.approx(out["first_player_with_head_start"], abs=1e-9)
    assert abs(chances[1] - 0.5) <= min(abs(chances[0] - 0.5), abs(chances[2] - 0.5))


def test_without_an_opening_the_head_start_is_a_score():
    rules = preset("classic").replace(target=500, opening=0, final_round=False)
    sol = game2.solve(rules)
    points, chance = command.fair_head_start(sol)
    assert chance == sol.W[0, points // 50]


def test_normal_vs_optimal_is_the_exact_duel():
    rules = preset("duel").replace(target=500)  # a final-round tie is a draw: half
    sol = game2.solve(rules)
    value = command.normal_vs_optimal(sol)
    normal, cap = game2_eval.normal_opponent(sol)
    VA, VB = game2_eval.duel(sol, game2_eval.ExpertPolicy(sol, shipped=False), normal, cap=cap)
    assert value == pytest.approx(1.0 - (VA[0, 0] + VB[0, 0]) / 2, abs=1e-12)
    assert 0.3 < value < 0.5


def test_text_output():
    status, out, _ = run("solve", "--rules", json.dumps({"preset": "classic", "target": 300, "opening": 0}))
    assert status == 0
    assert "first player wins" in out and "fair head start" in out


@pytest.mark.parametrize("changes, reason", [
    ({"penalty": 500}, "penalty"),
    ({"piggyback": True}, "piggyback"),
    ({"exact_target": True, "target": 5000}, "exact target"),
])
def test_rules_it_cannot_solve_are_refused_with_the_reason(changes, reason):
    spec = dict({"preset": "classic"}, **changes)
    status, out, err = run("solve", "--rules", json.dumps(spec), "--json")
    assert status == 2
    assert reason in json.loads(out)["error"]
    assert "Traceback" not in err


def test_farkel_is_refused_bad_rules_too():
    status, out, _ = run("solve", "--rules", "farkel")
    assert status == 2 and "piggyback" in json.loads(out)["error"]
    status, out, _ = run("solve", "--rules", '{"preset": "classic", "target": -5}')
    assert status == 2 and "target" in json.loads(out)["error"]
