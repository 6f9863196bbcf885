"""Saves: a round trip at every step of random games, and bad bytes always raise SaveError."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_play import random_step
from farkle import savegame
from farkle.dice import FixedDice, RandomDice
from farkle.game import CHOOSE, ROLLOFF, Game, IllegalAction
from farkle.presets import NAMES, preset
from farkle.savegame import SaveError, dumps, loads


def same_game(a, b):
    """Two games are the same game: every field equal (the rules by value and by name)."""
    skip = ("dice", "scorer", "rules",  # the best keep's cache is worked out again, not saved
            "_best", "_best_points", "_best_shown", "_best_kept")
    assert {k: v for k, v in vars(a).items() if k not in skip} == \
        {k: v for k, v in vars(b).items() if k not in skip}
    assert a.rules == b.rules
    assert (a.rules.name, a.rules.description, a.rules.offers) == \
        (b.rules.name, b.rules.description, b.rules.offers)


def random_game_saves(name, players, seed, log_size, target=2000):
    """Every save along one random game (play options varied by the seed)."""
    rng = random.Random(seed)
    options = {"target": target, "opening": rng.choice([0, 500]) if name != "doubling" else 1000}
    if rng.random() < 0.5:
        options["penalty"] = rng.choice([250, 500])  # at most a quarter of the target
    if rng.random() < 0.3:
        options["piggyback"] = True
    if rng.random() < 0.3 and name != "doubling":  # doubling's 350 minimum bank rules it out
        options["exact_target"] = True
    if rng.random() < 0.3:
        options["tie"] = rng.choice(["first", "roll_on", "draw", "rolloff"])
    if options.get("exact_target") and options.get("tie", preset(name).tie) == "roll_on":
        options["tie"] = "first"  # an exact target leaves roll_on no winner after the first
    rules = preset(name, **options)
    g = Game(rules, players=players, first=rng.choice([None, 0]), dice=RandomDice(seed), log_size=log_size)
    steps = 0
    while not g.is_over() and steps < (1500 if log_size else 500):
        random_step(g, rng, careful=False)
        steps += 1
        yield g


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("log_size", [0, 8])
def test_round_trip_at_every_step(name, log_size):
    for seed in range(3):
        players = 2 + (seed * 3 + NAMES.index(name)) % 7
        for g in random_game_saves(name, players, seed + 100 * log_size, log_size):
            data = dumps(g)
            assert isinstance(data, bytes)
            back = loads(data)
            same_game(g, back)
            assert dumps(back) == data


def test_a_save_written_into_one_buffer_again_and_again_is_each_time_the_game():
    """A board writes every turn's save into one bytearray made at power-up: longer or
    shorter than the last, each is exactly ``dumps`` of that moment's game."""
    out = bytearray(16)  # too short at first: it grows
    for g in random_game_saves("classic", 3, 7, 8):
        assert savegame.dump_into(g, out) is out
        assert bytes(out) == dumps(g)


def test_a_restored_game_plays_on_exactly_like_the_original():
    faces = [random.Random(1).randint(1, 6) for _ in range(5000)]
    rng_a = random.Random(2)
    a = Game(preset("farkel"), players=3, dice=FixedDice(faces))
    for _ in range(40):
        random_step(a, rng_a, careful=False)
    b = loads(dumps(a), dice=FixedDice(faces))
    b.dice.pos = a.dice.pos  # the dice source is not part of the save
    rng_b = random.Random()
    rng_b.setstate(rng_a.getstate())
    for _ in range(400):
        if a.is_over():
            break
        random_step(a, rng_a, careful=False)
        random_step(b, rng_b, careful=False)
        assert dumps(a) == dumps(b)


def test_custom_rules_and_every_rules_field_survive():
    rules = preset("classic").replace(kinds="add", straight_low=700, full_house=300, full_house_bonus=True,
                                      target=4350, penalty=750, piggyback=True, exact_target=True, tie="rolloff")
    g = Game(rules, players=8, first=7)
    back = loads(dumps(g))
    assert back.rules == rules and back.rules.name == "custom"
    assert back.players == 8 and back.current == 7


def test_states_of_interest_round_trip():
    # a roll-off for the first player, a tie roll-off, a hot-dice moment, negative scores,
    # a piggyback offer, a finished game
    g = Game(preset("classic"), players=3)
    g.rolloff([6, 6, 1])
    same_game(g, loads(dumps(g)))
    g = Game(preset("classic", tie="rolloff", target=1000, penalty=250), players=2, first=0)
    for _ in range(3):
        g.roll([2, 3, 4, 6, 2, 3])
        g.roll([2, 3, 4, 6, 2, 3])
    assert g.scores == [-250, -250]
    same_game(g, loads(dumps(g)))
    for _ in range(2):
        g.roll([1, 1, 1, 2, 3, 4])
        g.keep([1, 1, 1])
        g.roll([1, 1, 1])
        g.keep([1, 1, 1])  # hot dice
        assert g.hot_dice()
        same_game(g, loads(dumps(g)))
        g.bank()  # 1500 each: a tie
    assert g.phase == ROLLOFF and g.rolloff_for_tie
    same_game(g, loads(dumps(g)))
    g.rolloff([2, 5])
    assert g.outcome() == [1]
    same_game(g, loads(dumps(g)))
    f = Game(preset("farkel"), players=2, first=0)
    f.roll([1, 1, 1, 2, 3, 4])
    f.keep([1, 1, 1])
    f.bank()
    back = loads(dumps(f))
    assert (back.left_dice, back.left_points) == (3, 1000)


def mid_game(log_size):
    """A 4-player classic game about half way (the leader past 5000), in the middle of a turn."""
    rng = random.Random(3)
    g = Game(preset("classic"), players=4, first=0, dice=RandomDice(3), log_size=log_size)
    while max(g.scores) < 5000:
        random_step(g, rng, careful=False)
    while g.phase != CHOOSE:
        random_step(g, rng, careful=False)
    return g


def test_size_of_a_mid_game_state():
    # rules (preset number + every field) + scores, turn, dice: under 100 bytes; each kept log
    # event costs a few more. The firmware keeps a short log: 32 events fit in ~320 bytes.
    assert len(dumps(mid_game(1))) <= 100
    assert len(dumps(mid_game(32))) <= 350
    full = mid_game(0)
    assert len(dumps(full)) <= 10 * len(full.log) + 100


# ----- bad bytes -----


def valid_saves():
    out = [dumps(Game(preset("classic"), players=4, first=0))]
    g = Game(preset("farkel"), players=3, first=1)
    g.roll([1, 5, 2, 3, 4, 6])
    g.keep([1])
    out.append(dumps(g))
    out.append(dumps(mid_game(16)))
    return out


def test_every_truncation_raises_save_error():
    for data in valid_saves():
        for n in range(len(data)):
            with pytest.raises(SaveError):
                loads(data[:n])


def test_trailing_bytes_raise_save_error():
    for data in valid_saves():
        with pytest.raises(SaveError, match="stray bytes"):
            loads(data + b"\x00")


@pytest.mark.parametrize("data", [
    b"", b"\x00", b"hello world", b'{"rules": "classic"}', b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    b"\xff" * 40, b"\x80" * 20, bytes(range(256)),
])
def test_foreign_bytes_raise_save_error(data):
    with pytest.raises(SaveError):
        loads(data)


def test_another_version_is_refused_by_name():
    data = valid_saves()[0]
    with pytest.raises(SaveError, match="saved game version 2, this firmware reads 1"):
        loads(b"\x02" + data[1:])


def test_a_state_the_engine_cannot_reach_is_refused():
    g = Game(preset("classic"), players=2, first=0)
    g.phase = ROLLOFF  # a roll-off with nobody in it: rolloff() would crash on max([])
    with pytest.raises(SaveError):
        loads(dumps(g))
    g = Game(preset("classic"), players=2, first=0)
    g.current = 5
    with pytest.raises(SaveError, match="there is no player 5"):
        loads(dumps(g))


def _play_after_load(game, rng):
    """Whatever a loaded game is, actions are played or refused: never another exception."""
    for _ in range(20):
        action = rng.choice(["roll", "keep", "bank", "piggyback", "rolloff", "keeps", "best_keep"])
        try:
            if action == "keep":
                keeps = game.keeps()
                game.keep(rng.choice(keeps)[0] if keeps else [1])
            else:
                getattr(game, action)()
        except IllegalAction:
            pass
        data = dumps(game)
        assert dumps(loads(data)) == data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=120))
def test_random_bytes_raise_save_error_or_load(data):
    try:
        game = loads(data, dice=RandomDice(1))
    except SaveError:
        return
    _play_after_load(game, random.Random(0))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(3)), st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 255)),
                                           min_size=1, max_size=4),
       st.sampled_from(["flip", "insert", "delete"]))
def test_corrupted_saves_raise_save_error_or_load_a_playable_game(which, edits, how):
    data = bytearray(SAVES[which])
    for pos, value in edits:
        pos %= len(data) if data else 1
        if how == "flip" and data:
            data[pos] = value
        elif how == "insert":
            data[pos:pos] = bytes([value])
        elif data:
            del data[pos]
    try:
        game = loads(bytes(data), dice=RandomDice(2))
    except SaveError:
        return
    _play_after_load(game, random.Random(1))


SAVES = valid_saves()


def test_loads_is_a_save_error_and_a_value_error():
    assert issubclass(SaveError, ValueError)
    assert savegame.VERSION == 1


def test_a_save_numbers_the_presets_by_its_own_table():
    """The format's preset numbers are its own: a new preset must be added at the end there
    (a moved one would make old saves mean other rules)."""
    assert savegame.PRESET_NUMBERS == NAMES[:len(savegame.PRESET_NUMBERS)]
    assert len(set(savegame.PRESET_NUMBERS)) == len(savegame.PRESET_NUMBERS)


def test_a_board_in_play_writes_saves_without_the_reading_code():
    """Writing needs neither the reader nor the presets: a board loads those only at
    power-up (to read the save) and in the set-up menu."""
    import subprocess
    import sys

    code = ("import sys\nfrom farkle.game import Game\nfrom farkle.rules import Rules\n"
            "from farkle.savegame import dumps\ndumps(Game(Rules(), players=2))\n"
            "print(sorted(m for m in sys.modules if m.startswith('farkle')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parents[1])).stdout
    assert "farkle.saveread" not in out and "farkle.presets" not in out, out
