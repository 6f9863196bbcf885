"""The computer players on CircuitPython's core: every level decides from the shipped tables, and
decides exactly as on CPython (one interpreter run for all of it)."""
import contextlib
import io
import sys

from mpy.harness import REPO, assert_same_output, run_micropython

STANDINS = str(REPO / "tests" / "mpy" / "standins")

SCRIPT = r'''
from farkle.game import Game, START, KEEP, CHOOSE, ROLLOFF, OVER
from farkle.presets import preset
from farkle.players import make_player
from farkle.players import policy_files
from farkle.players.hint import hint


from lcg import Lcg


def run(rules, levels, seed):
    game = Game(rules, len(levels), first=0, dice=Lcg(seed), log_size=2)
    players = [make_player(l, rules, len(levels), i) for i, l in enumerate(levels)]
    trace = []
    while game.phase != OVER:
        p = players[game.current]
        if game.phase == START:
            if game.why_not_piggyback() is None:
                take = p.piggyback(game)
                trace.append("P%d" % take)
                if take:
                    game.piggyback()
            game.roll()
        elif game.phase == KEEP:
            keep = p.choose_keep(game)
            trace.append("K" + "".join([str(f) for f in sorted(keep)]))
            game.keep(keep)
        elif game.phase == CHOOSE:
            if game.unkept():
                more = p.choose_keep(game)
                if more:
                    game.keep(more)
                    continue
            r = p.roll_on(game)
            trace.append("R" if r else "B")
            if r:
                game.roll()
            else:
                game.bank()
        else:
            game.rolloff()
    return trace, game


for name, changes in RULESETS:
    rules = preset(name)
    if changes:
        rules = rules.replace(**changes)
    assert policy_files.load(rules) is not None and policy_files.load(rules, "reach") is not None
    for seed, levels in ((1, ["easy", "normal"]), (2, ["hard", "normal"]), (3, ["expert", "easy", "hard"])):
        trace, game = run(rules, levels, seed)
        print(name, levels[0], len(trace), game.scores, game.winners, " ".join(trace))
if HINT:
    game = Game(preset("classic"), 2, first=0, dice=Lcg(5))
    game.roll()
    h = hint(game)
    print("hint", h["keep"], h["roll"], h["dice"], round(h["farkle"], 5), h["win"])
'''


# One interpreter a rules set, as a board plays one preset a power-on: the games of one set
# (an expert in a three-player game among them) run in the heap a board leaves to Python.
RUNS = (('(("classic", {}),)', False), ('(("farkel", {}),)', False), ('(("doubling", {}),)', False),
        ('(("classic", {"penalty": 500}),)', True))


def test_players_decide_the_same_on_micropython_and_cpython():
    core, host = [], io.StringIO()
    sys.path.insert(0, STANDINS)
    try:
        for rulesets, with_hint in RUNS:
            script = "RULESETS = %s\nHINT = %s\n%s" % (rulesets, with_hint, SCRIPT)
            core.append(run_micropython(script, libs=("tests/mpy/standins",)).check().stdout)
            with contextlib.redirect_stdout(host):
                exec(compile(script, "players_script", "exec"), {"__name__": "players_script"})
    finally:
        sys.path.remove(STANDINS)
    core = "".join(core)
    assert_same_output(core, host.getvalue())
    lines = core.splitlines()
    assert len(lines) == 13 and lines[-1].startswith("hint ")
    assert all(len(line) > 40 for line in lines[:-1])
