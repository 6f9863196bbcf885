"""Runs unchanged on CircuitPython's core (tests/mpy harness) and CPython; prints JSON lines that
tests/test_engine_micropython.py compares (parsed: the core's dicts have no key order).
"""
import json

from farkle import savegame
from farkle.dice import FixedDice, RandomDice
from farkle.game import CHOOSE, KEEP, ROLLOFF, START, Game, IllegalAction
from farkle.presets import NAMES, preset
from farkle.scorer import Scorer, pack


def multisets(n):
    out = []

    def rec(prefix, low):
        if prefix:
            out.append(list(prefix))
        if len(prefix) == n:
            return
        for f in range(low, 7):
            prefix.append(f)
            rec(prefix, f)
            prefix.pop()

    rec([], 1)
    return out


def scoring(name):
    """Every roll of 1..6 dice: its points, best keep, farkle flag and keeps (packed, sorted)."""
    s = Scorer(preset(name))
    for roll in multisets(s.rules.dice):
        keeps = sorted(pack(k) * 100000 + p for k, p in s.keeps(roll))
        keep, points = s.best(roll)
        yield [s.score(roll), pack(keep), points, 1 if s.is_farkle(roll) else 0, keeps]


from lcg import Lcg


def play(name, players, seed, **overrides):
    """A whole game with a fixed policy; returns the log, scores, winners and a few saves."""
    rules = preset(name, **overrides)
    g = Game(rules, players=players, dice=Lcg(seed), log_size=0)
    saves = []
    refused = 0
    step = 0
    while not g.is_over() and step < 20000:
        step += 1
        if step % 97 == 0:
            saves.append(savegame.dumps(g))
        if step % 13 == 0:  # an illegal action now and then: refused, nothing changes
            before = savegame.dumps(g)
            try:
                g.keep([7])
            except IllegalAction:
                refused += 1
            if savegame.dumps(g) != before:
                raise AssertionError("a refused action changed the game")
        if g.phase == ROLLOFF:
            g.rolloff()
        elif g.phase == START:
            if g.why_not_piggyback() is None and g.left_points >= 300:
                g.piggyback()
            else:
                g.roll()
        elif g.phase == KEEP:
            g.keep(g.best_keep()[0])
        elif g.phase == CHOOSE:
            if g.why_not_bank() is None and (g.turn_total >= 350 or g.in_hand <= 2):
                g.bank()
            else:
                g.roll()
    log = [[kind, player, data if isinstance(data, int) else list(data), points]
           for kind, player, data, points in g.log]
    round_trip = 0
    for data in saves:
        again = savegame.loads(data)
        if savegame.dumps(again) != data:
            raise AssertionError("save round trip differs")
        round_trip += 1
    return {
        "scores": g.scores, "winners": g.outcome(), "turns": g.turns, "refused": refused,
        "log": log, "saves": [bytes_hex(d) for d in saves], "round_trips": round_trip,
    }


def bytes_hex(data):
    return "".join("%02x" % b for b in data)


def restore_and_continue():
    """Save mid-game, restore with the same dice position, play on: same end as without."""
    g = Game(preset("farkel"), players=3, first=0, dice=FixedDice(Lcg(5).roll(6000)))
    for _ in range(60):
        if g.phase == KEEP:
            g.keep(g.best_keep()[0])
        elif g.phase == CHOOSE and g.why_not_bank() is None and g.turn_total >= 300:
            g.bank()
        else:
            g.roll()
    data = savegame.dumps(g)
    h = savegame.loads(data, dice=FixedDice(Lcg(5).roll(6000)))
    h.dice.pos = g.dice.pos
    for game in (g, h):
        while not game.is_over():
            if game.phase == KEEP:
                game.keep(game.best_keep()[0])
            elif game.phase == CHOOSE and game.why_not_bank() is None and game.turn_total >= 300:
                game.bank()
            elif game.phase == ROLLOFF:
                game.rolloff()
            else:
                game.roll()
    return [bytes_hex(data), g.scores, h.scores, bytes_hex(savegame.dumps(g)) == bytes_hex(savegame.dumps(h))]


def random_dice_game():
    """The board's own dice source: a game ends; the summary is the same on both interpreters."""
    dice = RandomDice()  # seeded from os.urandom where there is one
    g = Game(preset("classic", target=3000), players=2, dice=dice)
    while not g.is_over():
        if g.phase == ROLLOFF:
            g.rolloff()
        elif g.phase == KEEP:
            g.keep(g.best_keep()[0])
        elif g.phase == CHOOSE and g.why_not_bank() is None and g.turn_total >= 300:
            g.bank()
        else:
            g.roll()
    faces = 0
    for kind, player, data, points in g.log:
        if kind == "roll":
            faces += len(data)
        elif kind == "rolloff":
            faces += 1
    return [g.is_over(), sum(dice.counts) == faces, dice.counts[0] == 0, min(dice.counts[1:]) > 0]


def main():
    for name in NAMES:  # a line per roll: the board's heap need not hold a whole table's text
        for row in scoring(name):
            print(json.dumps(["scoring", name, row]))
    print(json.dumps(["game", "classic", play("classic", 4, 1)]))
    print(json.dumps(["game", "farkel", play("farkel", 3, 2, target=5000)]))
    print(json.dumps(["game", "scorecard", play("scorecard", 2, 3, target=3000, penalty=500)]))
    print(json.dumps(["game", "doubling", play("doubling", 5, 4, target=4000, exact_target=True,
                                               min_bank=50)]))
    print(json.dumps(["game", "duel", play("duel", 2, 5, target=3000, tie="rolloff")]))
    print(json.dumps(["restore", restore_and_continue()]))
    print(json.dumps(["random", random_dice_game()]))


main()
