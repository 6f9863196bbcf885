"""Hostile input, the short CI run: random key events against the whole app at a fixed seed.

tools/fuzz_app.py holds the fuzzer and its checks (no exception escapes, the engine's
invariants after every frame, refused actions change nothing, every game reaches an end,
power cuts with and without a save in flight). The long run (1,000,000 events) is
``python tools/fuzz_app.py --events 1000000 --seed 1 --jobs 2``; its result is in
docs/persistence.md.
"""

from tools.fuzz_app import Fuzzer, fingerprint, lights_lie


def test_short_fuzz_run():
    stats = Fuzzer(seed=7).run(12000)
    assert stats["events"] >= 12000
    assert stats["games_started"] >= 3 and stats["games_ended"] >= 2
    assert stats["refusals_checked"] > 1000
    assert stats["reboots"] >= 1
    for screen in ("play", "pause", "rolloff", "end"):
        assert stats["screens"].get(screen, 0) > 0, stats["screens"]


def test_the_checks_catch_a_broken_engine():
    """The fuzzer's checks are not vacuous: an unlogged score change is reported."""
    fuzzer = Fuzzer(seed=3)
    fuzzer.sane(20000, until_save=True)
    for _ in range(200):
        fuzzer.step()
        if fuzzer.app.controller.game is not None:
            break
    game = fuzzer.app.controller.game
    assert game is not None
    fuzzer.check()
    before = fingerprint(game)
    game.scores[0] += 50  # a change no event explains
    assert fingerprint(game) != before
    try:
        fuzzer.check()
    except AssertionError as error:
        assert "without a logged event" in str(error) or "scores changed" in str(error)
    else:
        raise AssertionError("the fuzzer missed a silent score change")


def test_every_light_tells_the_truth_at_every_frame():
    """On the MacroPad a key is lit exactly when pressing it would be carried out: at every
    frame of a fuzz run, every lit key is tried (on a copy of the app) and must act, every
    dark one must be refused or change nothing."""
    fuzzer = Fuzzer(seed=4, layout="macropad", lights=True)  # a run that reaches every screen
    stats = fuzzer.run(1500)
    # every frame but those where a job runs (presses wait for it), and those are few
    assert stats["lights_checked"] >= 5 * (fuzzer.frames - stats["lights_waiting"]) > 20000
    assert stats["lights_waiting"] < fuzzer.frames // 10
    for screen in ("setup", "play", "pause", "rolloff", "end"):
        assert stats["screens"].get(screen, 0) > 0, stats["screens"]


def test_the_light_check_catches_a_lying_light():
    from simrig import Rig

    rig = Rig(dice=[6, 1, 1, 5, 2, 2, 3, 4], seats=("human", "human"))
    rig.tap("roll", "roll", "roll")  # splash, set-up, roll-off
    rig.settle()
    assert rig.screen == "play"
    assert lights_lie(rig.controller, ["roll", "bank", "best", "hint", "menu"]) == []
    rig.view.keys_lit = ("menu", "bank")  # roll dark, bank lit: both wrong before the roll
    assert lights_lie(rig.controller, ["roll", "bank", "best", "hint", "menu"]) == [("roll", "lit"), ("bank", "dark"), ("hint", "lit")]
