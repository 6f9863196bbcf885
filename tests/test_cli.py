"""The host command line: every verb prints JSON and exits with the documented status."""

import io
import json
import subprocess
import sys

import pytest

from farkle import cli
from farkle.presets import NAMES


def run(*argv, stdin=None):
    """Run ``python -m farkle`` in-process; returns (exit status, stdout text)."""
    out = io.StringIO()
    old_out, old_in = sys.stdout, sys.stdin
    sys.stdout = out
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        status = cli.main(list(argv))
    finally:
        sys.stdout, sys.stdin = old_out, old_in
    return status, out.getvalue()


def run_json(*argv, stdin=None):
    status, text = run(*argv, stdin=stdin)
    return status, json.loads(text)


def test_rules_lists_every_preset_in_full():
    status, presets = run_json("rules")
    assert status == 0
    assert [p["name"] for p in presets] == list(NAMES)
    for p in presets:
        assert p["description"]
        for key in ("dice", "target", "opening", "min_bank", "final_round", "tie", "penalty", "piggyback", "exact_target"):
            assert key in p


def test_rules_name_shows_stable_play_option_names():
    status, duel = run_json("rules", "duel")
    assert status == 0
    assert duel["tie"] == "draw" and duel["opening"] == 0 and duel["final_round"] is True
    assert duel["offers"]["target"] == [10000, 5000, 15000]


def test_rules_unknown_name_exits_2_with_reason():
    status, out = run_json("rules", "yahtzee")
    assert status == 2 and "unknown rules preset" in out["error"]


def test_score_prints_points_keeps_and_best():
    status, out = run_json("score", "--rules", "classic", "1", "1", "5")
    assert status == 0
    assert out["points"] == 250
    assert out["best"] == {"keep": [1, 1, 5], "points": 250}
    assert [[1], 100] in out["keeps"] and [[5], 50] in out["keeps"]


def test_score_accepts_dice_as_one_word():
    assert run_json("score", "123456")[1]["points"] == 1500


def test_score_exits_2_with_reason_when_a_die_does_not_score():
    status, out = run_json("score", "2", "5")
    assert status == 2
    assert out["error"] == "a 2 does not score on its own"
    assert out["best"] == {"keep": [5], "points": 50}


def test_score_rejects_a_seventh_die():
    status, out = run_json("score", "1111111")
    assert status == 2 and "at most 6 dice" in out["error"]


def test_score_takes_rules_as_json_overrides():
    status, out = run_json("score", "--rules", '{"preset": "classic", "four_and_pair": 0}', "111155")
    assert status == 0 and out["points"] == 1200


def test_table_has_one_line_per_roll_multiset():
    status, text = run("table", "--rules", "farkel")
    lines = [json.loads(line) for line in text.splitlines()]
    assert status == 0
    assert len(lines) == 923  # multisets of 1..6 faces
    row = next(r for r in lines if r["dice"] == [2, 3, 4, 5, 6, 6])
    assert row["farkle"] is False and row["all"] is None
    assert row["best"] == {"keep": [2, 3, 4, 5, 6], "points": 1000}
    farkle = next(r for r in lines if r["dice"] == [2, 3, 4, 6])
    assert farkle == {"rules": "farkel", "dice": [2, 3, 4, 6], "farkle": True, "all": None, "best": {"keep": [], "points": 0}, "keeps": []}


def test_table_for_five_dice_stops_at_five():
    status, text = run("table", "--rules", '{"preset": "doubling", "dice": 5, "straight": 0, "three_pairs": 0, "two_triplets": 0}')
    assert status == 0
    assert max(len(json.loads(line)["dice"]) for line in text.splitlines()) == 5


def replay(doc):
    return run_json("replay", "-", stdin=json.dumps(doc))


def test_replay_plays_to_the_end_and_reports_the_winner():
    events = [{"roll": [1, 1, 1, 1, 1, 1]}, {"keep": [1, 1, 1, 1, 1, 1]}, {"roll": [1, 1, 1, 1, 1, 1]},
              {"keep": [1, 1, 1, 1, 1, 1]}, {"roll": [1, 1, 1, 1, 1, 1]}, {"keep": [1, 1, 1, 1, 1, 1]},
              {"roll": [1, 1, 1, 1, 1, 1]}, {"keep": [1, 1, 1, 1, 1, 1]}, {"bank": True},
              {"roll": [2, 3, 4, 6, 2, 3]}]
    status, out = replay({"rules": "classic", "players": 2, "first": 0, "events": events})
    assert status == 0
    assert out["scores"] == [12000, 0]
    assert out["over"] is True and out["winners"] == [0] and out["final_round"] is True
    assert out["error"] is None


def test_replay_stops_at_an_illegal_event_with_exit_1():
    events = [{"roll": [1, 2, 3, 4, 6, 6]}, {"keep": [1]}, {"bank": True}]
    status, out = replay({"rules": "classic", "players": 2, "first": 1, "events": events})
    assert status == 1
    assert out["error"] == {"event": 2, "reason": "you need 500 in one turn to get on the board (you have 100)"}
    assert out["current"] == 1 and out["turn_total"] == 100 and out["dice_in_hand"] == 5


def test_replay_roll_off_then_piggyback_with_overrides():
    events = [{"rolloff": [4, 4]}, {"rolloff": [2, 6]},
              {"roll": [5, 5, 5, 2, 3, 4]}, {"keep": [5, 5, 5]}, {"bank": True},
              {"roll": [1, 2, 3, 4, 6, 6]}, {"keep": [1]}, {"bank": True},
              {"roll": [1, 3, 3, 4, 6, 6]}, {"keep": [1]}, {"bank": True},
              {"piggyback": True}, {"roll": [5, 2, 3, 4, 6]}, {"keep": [5]}]
    status, out = replay({"rules": {"preset": "farkel", "opening": 0}, "players": 2, "events": events})
    assert status == 0, out
    assert out["scores"] == [100, 600]
    assert out["current"] == 0 and out["turn_total"] == 150 and out["dice_in_hand"] == 4


def test_replay_unknown_event_is_refused():
    status, out = replay({"players": 2, "first": 0, "events": [{"shake": True}]})
    assert status == 1 and out["error"]["reason"] == "unknown event 'shake'"


def test_replay_bad_rules_exit_2():
    status, out = replay({"rules": {"preset": "classic", "opening": 20000}, "events": []})
    assert status == 2 and "above the target" in out["error"]


def test_module_entry_point_runs():
    done = subprocess.run([sys.executable, "-m", "farkle", "score", "5"], capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["points"] == 50


@pytest.mark.parametrize("name", NAMES)
def test_every_preset_is_reachable_by_name(name):
    assert run_json("rules", name)[1]["name"] == name


def test_odds_prints_exact_farkle_chances_and_bank_thresholds():
    status, out = run_json("odds", "--rules", "classic")
    assert status == 0
    assert out["farkle"]["6"] == 5 / 216 and out["farkle"]["2"] == 4 / 9
    assert set(out["bank_at"]) == {"1", "2", "3", "4", "5", "6"}
    assert out["bank_at"]["2"] == 300  # seed 000: with two dice, rolling on pays only below 300
    assert 550 < out["expected_turn"] < 650


def test_simulate_reports_every_seat_with_intervals():
    status, out = run_json("simulate", "--rules", "classic", "--seats", "normal,easy", "--games", "20", "--seed", "3")
    assert status == 0
    assert [s["level"] for s in out["seats"]] == ["normal", "easy"]
    assert sum(s["wins"] for s in out["seats"]) + out["draw_games"] == 20
    for seat in out["seats"]:
        low, high = seat["win_ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
    assert out["mean_turns"] > 0 and 0 <= out["first_player_win_rate"] <= 1


def test_simulate_is_reproducible_with_a_seed():
    first = run_json("simulate", "--seats", "easy,hard", "--games", "10", "--seed", "7")[1]
    again = run_json("simulate", "--seats", "easy,hard", "--games", "10", "--seed", "7")[1]
    first.pop("seconds"), again.pop("seconds")
    assert first == again


def test_simulate_refuses_an_unknown_level():
    status, out = run_json("simulate", "--seats", "normal,genius")
    assert status == 2 and 'unknown level "genius"' in out["error"]


def test_hint_advises_on_the_position_a_replay_reaches():
    doc = {"rules": {"preset": "classic", "opening": 0}, "players": 2, "first": 0,
           "events": [{"roll": [1, 4, 4, 5, 2, 6]}, {"keep": [1]}, {"roll": [3, 3, 3, 6, 2]}, {"keep": [3, 3, 3]}]}
    status, out = run_json("hint", "-", stdin=json.dumps(doc))
    assert status == 0
    assert out["roll"] is False  # seed 000: on the board with 400 and two dice, bank
    assert out["farkle"] == pytest.approx(4 / 9, abs=1e-4)
    assert out["position"]["turn_total"] == 400 and out["position"]["dice_in_hand"] == 2


def test_hint_on_dice_showing_names_the_keep():
    doc = {"rules": "classic", "players": 2, "first": 1, "events": [{"roll": [1, 1, 1, 2, 3, 4]}]}
    status, out = run_json("hint", "-", stdin=json.dumps(doc))
    assert status == 0 and out["keep"] == [1, 1, 1]
