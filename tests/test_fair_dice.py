"""The dice are fair: chi-square tests of single faces and consecutive pairs.

600,000 faces from farkle.dice.RandomDice at a fixed seed (the board's own draw: three random
bits, 6 and 7 rejected); tools/bench_dice.py runs the same test on fresh seeds. A modulo draw
(``getrandbits(8) % 6``) is the negative control: the same test must catch its bias.
"""

import os
import random

import pytest
from mpy.harness import run_micropython

from farkle import dice as dice_module
from farkle.dice import RandomDice
from tools.chisquare import chi_square, dice_test, p_value

ROLLS = 600_000
SEED = 20240611
ALPHA = 0.001  # a fair die fails this one time in a thousand; the seed is fixed, so never


@pytest.fixture(scope="module")
def faces():
    d = RandomDice(SEED)
    out = [d.face() for _ in range(ROLLS)]
    assert d.counts[1:] == [out.count(f) for f in range(1, 7)]  # the dice-check screen's counts
    assert d.counts[0] == 0
    return out


def test_single_faces_are_uniform(faces):
    stat, df, p = dice_test(faces)["faces"]
    assert df == 5 and p > ALPHA, (stat, p)


def test_consecutive_pairs_are_uniform(faces):
    stat, df, p = dice_test(faces)["pairs"]
    assert df == 35 and p > ALPHA, (stat, p)


def test_rolls_of_six_dice_are_uniform_too():
    d = RandomDice(SEED + 1)
    out = []
    for _ in range(ROLLS // 6):
        out.extend(d.roll(6))
    result = dice_test(out)
    assert result["faces"][2] > ALPHA and result["pairs"][2] > ALPHA, result


def test_the_test_catches_modulo_bias():
    rng = random.Random(SEED)
    biased = [rng.getrandbits(8) % 6 + 1 for _ in range(ROLLS)]
    assert dice_test(biased)["faces"][2] < 1e-9


def test_the_test_catches_sticky_dice():
    # a die that repeats its last face one time in 50: faces stay uniform, pairs do not
    rng = random.Random(SEED)
    out = [1]
    for _ in range(ROLLS - 1):
        out.append(out[-1] if rng.random() < 0.02 else rng.randrange(6) + 1)
    result = dice_test(out)
    assert result["faces"][2] > 1e-4 and result["pairs"][2] < 1e-9


def test_p_values_match_known_quantiles():
    assert abs(p_value(11.0705, 5) - 0.05) < 1e-5
    assert abs(p_value(49.8018, 35) - 0.05) < 1e-5
    assert abs(p_value(20.5150, 5) - 0.001) < 1e-6
    assert chi_square([10, 10, 10])[0] == 0


def test_seeded_from_os_urandom(monkeypatch):
    monkeypatch.setattr(os, "urandom", lambda n: b"\x01\x02\x03\x04"[:n])
    a = RandomDice().roll(20)
    b = RandomDice().roll(20)
    assert a == b  # same urandom bytes, same faces: the seed came from os.urandom
    monkeypatch.setattr(os, "urandom", lambda n: b"\x09\x02\x03\x04"[:n])
    assert RandomDice().roll(20) != a


def test_works_without_os_urandom(monkeypatch):
    def missing(n):
        raise NotImplementedError

    monkeypatch.setattr(os, "urandom", missing)
    assert dice_module._urandom_seed() is None
    faces = RandomDice().roll(600)
    assert set(faces) == {1, 2, 3, 4, 5, 6}


MPY = r"""
from farkle.dice import RandomDice, _urandom_seed
d = RandomDice()
faces = d.roll(6000)
print(_urandom_seed() is not None, sorted(set(faces)), sum(d.counts), d.counts[0])
a = RandomDice(7).roll(30)
print(a == RandomDice(7).roll(30))
"""


@pytest.mark.parametrize("hide", [(), ("os.urandom",)])
def test_random_dice_on_micropython(hide):
    out = run_micropython(MPY, hide=hide).check().stdout.splitlines()
    assert out[0] == "%s [1, 2, 3, 4, 5, 6] 6000 0" % (not hide)
    assert out[1] == "True"
