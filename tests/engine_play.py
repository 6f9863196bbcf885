"""host-only: drive a game with random legal (and illegal) actions, for the engine tests."""
import copy
import random

import pytest

from farkle import savegame
from farkle.game import KEEP, ROLLOFF, START, IllegalAction


def snapshot(g):
    """Everything the game holds except the rules, scorer and dice source."""
    state = {k: v for k, v in vars(g).items() if k not in ("rules", "scorer", "dice")}
    return copy.deepcopy(state), savegame.dumps(g)


def light_snapshot(g):
    """As snapshot() but without serialising the whole log (cheap in long random games)."""
    state = {k: v for k, v in vars(g).items() if k not in ("rules", "scorer", "dice", "log")}
    return copy.deepcopy(state), len(g.log), g.log[-3:]


ACTIONS = ("roll", "keep", "bank", "piggyback", "rolloff")


def junk_faces(rng):
    return [rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 1.0, True, -1, "5"]) for _ in range(rng.randint(0, 7))]


def random_step(g, rng, careful=True):
    """One random action, mostly legal, sometimes anything at all; returns (action, args).
    A refused action must leave the game unchanged (checked when ``careful``)."""
    if rng.random() < 0.25:
        action = rng.choice(ACTIONS)
        if action in ("roll", "rolloff"):
            args = (rng.choice([None, junk_faces(rng)]),)
        elif action == "keep":
            args = (junk_faces(rng),)
        else:
            args = ()
        reason = getattr(g, "why_not_" + action)(*args)
        if reason:
            before = light_snapshot(g) if careful else None
            with pytest.raises(IllegalAction) as error:
                getattr(g, action)(*args)
            assert str(error.value) == reason
            if careful:
                assert light_snapshot(g) == before
            return "refused", args
        getattr(g, action)(*args)
        return action, args
    if g.phase == ROLLOFF:
        g.rolloff()
        return "rolloff", ()
    if g.phase == START:
        if g.why_not_piggyback() is None and rng.random() < 0.5:
            g.piggyback()
            return "piggyback", ()
        g.roll()
        return "roll", ()
    if g.phase == KEEP:
        keeps = g.keeps()
        assert keeps, "a roll waiting for a keep must have a legal keep"
        faces, points = rng.choice(keeps) if rng.random() < 0.5 else g.best_keep()
        assert g.selection_points(faces) == points
        g.keep(faces)
        return "keep", (faces,)
    # CHOOSE: bank when allowed (often), else set aside more of this roll or roll on
    if g.why_not_bank() is None and rng.random() < 0.5:
        g.bank()
        return "bank", ()
    if g.keeps() and rng.random() < 0.2:
        faces = rng.choice(g.keeps())[0]
        g.keep(faces)
        return "keep", (faces,)
    g.roll()
    return "roll", ()
