"""The command line cannot be crashed: every hostile input to every verb gets one JSON answer,
``{"error": ...}`` naming what is wrong and exit status 2 (a refused replay event: its reason
and status 1); no traceback, no hang; a reader closing the pipe ends it quietly."""
import argparse
import json
import subprocess
import sys

import pytest

from farkle import cli
from test_cli import run

DEEP = "[" * 100000
DEEP_OBJECT = '{"a":' * 100000 + "1" + "}" * 100000
HUGE = json.dumps({"rules": "classic", "events": [{"bank": True}] * 200000})

HOSTILE_RULES = [
    (DEEP, "nested more than"),
    (DEEP_OBJECT, "nested more than"),
    ('{"preset": "classic"', "not valid JSON"),
    ('{"preset": 5}', "preset must be a name"),
    ('{"preset": ["classic"]}', "preset must be a name"),
    ('["classic"]', "must be a preset name or an object"),
    ('"classic"', None),  # a JSON string is a preset name too
    ('{"target": true}', "target must be a whole number"),
    ('{"target": 1.0}', "target must be a whole number"),
    ('{"target": "10000"}', "target must be a whole number"),
    ('{"target": 1e400}', "target must be a whole number"),
    ('{"target": %s}' % ("9" * 5000), "not valid JSON"),
    ('{"penalty": -1}', "penalty must not be negative"),
    ('{"final_round": 1}', "final_round must be true or false"),
    ('{"tie": "coin"}', "tie must be one of"),
    ('{"player": 4}', "unknown rule: player"),
    ("yahtzee", "unknown rules preset"),
    ("", "unknown rules preset"),
]


def answer(*argv, stdin=None):
    status, text = run(*argv, stdin=stdin)
    lines = text.splitlines()
    assert len(lines) >= 1
    return status, json.loads(lines[0])


VERBS = ["rules", "score", "table", "odds", "solve", "simulate", "replay", "hint"]


def test_the_corpus_reaches_every_verb():
    """A new verb must join the hostile corpus (the lists here) before this passes."""
    (verbs,) = [a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert sorted(verbs.choices) == sorted(VERBS)


@pytest.mark.parametrize("spec,reason", HOSTILE_RULES)
@pytest.mark.parametrize("verb", VERBS)
def test_hostile_rules_to_every_verb(verb, spec, reason):
    if verb == "rules":
        argv, stdin = ["rules", spec], None
    elif verb in ("replay", "hint"):
        try:
            value = json.loads(spec)
        except ValueError:
            value = spec
        except RecursionError:
            value = None
        if value is None:  # too deep to build here: send it as text inside the document
            argv, stdin = [verb, "-"], '{"rules": ' + spec + "}"
        else:
            argv, stdin = [verb, "-"], json.dumps({"rules": value, "players": 2, "first": 0})
    elif verb == "score":
        argv, stdin = ["score", "--rules", spec, "1"], None
    elif verb == "simulate":
        argv, stdin = ["simulate", "--rules", spec, "--games", "2"], None
    elif verb == "solve":
        if reason is None:
            pytest.skip("solving the whole two-player game takes minutes (tests/test_solve_command.py)")
        argv, stdin = ["solve", "--json", "--rules", spec], None
    else:
        argv, stdin = [verb, "--rules", spec], None
    status, out = answer(*argv, stdin=stdin)
    if reason is None:
        assert status == 0
    else:
        assert status == 2, out
        assert reason in out["error"]


HOSTILE_REPLAYS = [
    (DEEP, "nested more than"),
    ("", "not valid JSON"),
    ("[]", "a replay is an object"),
    ('"classic"', "a replay is an object"),
    ("null", "a replay is an object"),
    ('{"player": 4}', "unknown replay field \"player\""),
    ('{"event": [{"roll": [1, 1, 1, 2, 3, 4]}]}', "unknown replay field \"event\""),
    ('{"players": "2"}', "players must be a whole number"),
    ('{"players": true}', "players must be a whole number"),
    ('{"players": 2.0}', "players must be a whole number"),
    ('{"players": 9}', "players must be 2 to 8"),
    ('{"players": -1}', "players must be 2 to 8"),
    ('{"first": 1.0}', "first must be a whole number"),
    ('{"first": 0.5}', "first must be a whole number"),
    ('{"first": true}', "first must be a whole number"),
    ('{"first": 2}', "first must be 0 to 1"),
    ('{"first": "0"}', "first must be a whole number"),
    ('{"events": {}}', "events must be a list"),
    ('{"events": "roll"}', "events must be a list"),
    ("x" * (cli.MAX_INPUT + 1), "more than"),
]


@pytest.mark.parametrize("doc,reason", HOSTILE_REPLAYS)
@pytest.mark.parametrize("verb", ["replay", "hint"])
def test_hostile_replay_documents(verb, doc, reason):
    status, out = answer(verb, "-", stdin=doc)
    assert status == 2, out
    assert reason in out["error"]


@pytest.mark.parametrize("event", [
    1, "roll", None, [], {}, {"roll": [1.0, 2, 3, 4, 5, 6]}, {"roll": [True, 2, 3, 4, 5, 6]},
    {"roll": "123456"}, {"roll": [1, 2, 3]}, {"roll": [0, 7, 2, 3, 4, 5]}, {"keep": [1]},
    {"bank": 1}, {"piggyback": True}, {"rolloff": [1, 2]}, {"roll": [1], "keep": [1]},
    {"shake": True}, {"roll": [[1]] * 6},
])
def test_a_malformed_event_is_refused_with_its_reason(event):
    doc = {"rules": "classic", "players": 2, "first": 0, "events": [event]}
    for verb in ("replay", "hint"):
        status, out = answer(verb, "-", stdin=json.dumps(doc))
        assert status == 1 and out["error"]["event"] == 0 and out["error"]["reason"]


def test_a_long_replay_is_played_not_refused():
    status, out = answer("replay", "-", stdin=HUGE)
    assert status == 1 and out["error"]["event"] == 0  # the first bank has nothing to bank


@pytest.mark.parametrize("argv,reason", [
    (["hint", "--level", "bogus", "-"], "unknown level \"bogus\""),
    (["hint", "--level", "", "-"], "unknown level"),
    (["simulate", "--games", "1000000000000"], "--games must be 1 to 1000000"),
    (["simulate", "--games", "0"], "--games must be 1 to"),
    (["simulate", "--games", "-5"], "--games must be 1 to"),
    (["simulate", "--games", "many"], "invalid int value"),
    (["simulate", "--games", "2.5"], "invalid int value"),
    (["simulate", "--seed", "x"], "invalid int value"),
    (["simulate", "--seats", ""], "2 to 8 seats"),
    (["simulate", "--seats", "easy"], "2 to 8 seats"),
    (["simulate", "--seats", ",".join(["easy"] * 9)], "2 to 8 seats"),
    (["simulate", "--seats", "easy,genius"], "unknown level \"genius\""),
    (["score", "7"], "a die shows 1 to 6"),
    (["score", "1.5"], "a die shows 1 to 6"),
    (["score", "-1"], "a die shows 1 to 6"),
    (["score", "1" * 50], "at most 6 dice"),
    (["score", ","], "give the dice"),
    (["bogus"], "invalid choice"),
    ([], "required"),
    (["odds", "--bogus"], "unrecognized arguments"),
    (["replay"], "required"),
    (["replay", "/nonexistent/file.json"], "cannot read"),
])
def test_a_bad_command_line_is_refused_as_json(argv, reason):
    status, out = answer(*argv, stdin="{}")
    assert status == 2, out
    assert reason in out["error"]


def test_a_file_that_is_not_text(tmp_path):
    path = tmp_path / "save.bin"
    path.write_bytes(b"\xff\xfe\x00\x81" * 10)
    status, out = answer("replay", str(path))
    assert status == 2 and "cannot read" in out["error"]


def test_simulate_shows_progress_on_standard_error_for_long_runs(capsys):
    status = cli.main(["simulate", "--seats", "easy,easy", "--games", str(cli.PROGRESS_GAMES),
                       "--rules", '{"preset": "duel", "target": 1000}'])
    out, err = capsys.readouterr()
    assert status == 0 and json.loads(out)["games"] == cli.PROGRESS_GAMES
    assert "simulate: %d of %d games" % (cli.PROGRESS_GAMES, cli.PROGRESS_GAMES) in err


def test_every_verb_echoes_the_rules_it_used():
    spec = {"preset": "classic", "penalty": 500}
    text = json.dumps(spec)
    assert answer("odds", "--rules", text)[1]["rules"] == spec
    assert answer("score", "--rules", text, "5")[1]["rules"] == spec
    assert answer("table", "--rules", text)[1]["rules"] == spec
    assert answer("simulate", "--rules", text, "--games", "2")[1]["rules"] == spec
    doc = json.dumps({"rules": spec, "players": 2, "first": 0})
    assert answer("replay", "-", stdin=doc)[1]["rules"] == spec
    assert answer("hint", "-", stdin=doc)[1]["position"]["rules"] == spec
    assert answer("odds", "--rules", "classic")[1]["rules"] == "classic"
    custom = {"preset": "doubling", "dice": 5, "straight": 0, "three_pairs": 0, "two_triplets": 0}
    assert answer("odds", "--rules", json.dumps(custom))[1]["rules"] == custom


def test_a_closed_pipe_ends_quietly():
    done = subprocess.run("%s -m farkle table | head -3" % sys.executable, shell=True, capture_output=True,
                          text=True, executable="/bin/bash")
    assert len(done.stdout.splitlines()) == 3
    assert done.stderr == ""
    status = subprocess.run(["/bin/bash", "-o", "pipefail", "-c", "%s -m farkle table | head -1" % sys.executable],
                            capture_output=True, text=True)
    assert status.returncode == 0 and status.stderr == ""


@pytest.mark.parametrize("spec,status,reason", [
    ('{"preset": "classic", "single1": 0, "single5": 0}', 0, None),  # one or two dice never score
    ('{"preset": "classic", "penalty": 1000000, "target": 1000000}', 2, "penalty must be at most"),
    ('{"preset": "scorecard", "exact_target": true}', 2, "roll_on"),
    ('{"preset": "classic", "single1": 1, "triple1": 1000000}', 2, "turn totals solved"),
])
def test_rules_that_could_not_be_solved_or_finished(spec, status, reason):
    got, out = answer("odds", "--rules", spec)
    assert got == status, out
    if reason:
        assert reason in out["error"]


@pytest.mark.parametrize("verb", ["hint", "simulate"])
def test_hint_and_simulate_with_dice_that_never_score_and_an_exact_target(verb):
    for spec in ({"preset": "classic", "single1": 0, "single5": 0, "target": 3000},
                 {"preset": "classic", "exact_target": True, "target": 3000}):
        if verb == "hint":
            doc = {"rules": spec, "players": 2, "first": 0, "events": [{"roll": [2, 2, 2, 3, 4, 6]}]}
            status, out = answer("hint", "-", stdin=json.dumps(doc))
            assert status == 0 and out["keep"] == [2, 2, 2]
        else:
            status, out = answer("simulate", "--rules", json.dumps(spec), "--seats", "easy,normal,hard,expert",
                                 "--games", "4")
            assert status == 0 and out["games"] == 4
