"""hardware.nvm_store (the journal in the NVM), app.storage and farkle.stats."""

import random
import zlib

import pytest
from mpy.harness import run_micropython

from app.storage import Storage
from farkle.dice import FixedDice
from farkle.game import Game
from farkle.presets import preset
from farkle.savegame import dumps
from farkle.stats import Stats, mark, since
from hardware import nvm_store
from hardware.nvm_store import Store
from hardware.sim.nvm import FlashNVM


def test_crc32_pure_python_matches_zlib():
    assert nvm_store.crc32_bytes(b"123456789", native=False) == bytes.fromhex("cbf43926")
    rng = random.Random(3)
    for n in (0, 1, 2, 7, 100, 1000):
        data = bytes(rng.getrandbits(8) for _ in range(n))
        want = zlib.crc32(data).to_bytes(4, "big")
        assert nvm_store.crc32_bytes(data, native=False) == want
        assert nvm_store.crc32_bytes(data) == want


def test_empty_store_then_saves_round_trip():
    nvm = bytearray(b"\xff" * 4096)
    store = Store(nvm)
    assert store.load() is None and store.status == nvm_store.EMPTY and store.notice() is None
    assert store.save(b"one")
    assert not store.save(b"one")  # unchanged: skipped
    assert store.save(b"two")
    again = Store(nvm)
    assert again.load() == b"two" and again.seq == 2 and again.status == nvm_store.OK
    assert nvm[:2] == b"FK" and nvm[2] == nvm_store.FORMAT
    assert nvm[nvm_store.HEADER + 3:nvm_store.HEADER + 5] == b"FK"  # appended, not overwritten


def test_full_sector_is_rewritten_with_the_new_record_first():
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    payload = 300
    per_sector = store.capacity(payload)
    assert per_sector == 4096 // (300 + 13)
    for i in range(per_sector):
        store.save(bytes([i]) * payload)
    assert nvm.erases == 0
    store.save(b"\x99" * payload)
    assert nvm.erases == 1 and store.erases == 1
    assert nvm[0:2] == b"FK" and nvm[313:4096] == b"\xff" * (4096 - 313)
    fresh = Store(nvm)
    assert fresh.load() == b"\x99" * payload and fresh.seq == per_sector + 1


def test_torn_last_record_falls_back_to_the_one_before():
    nvm = bytearray(b"\xff" * 4096)
    store = Store(nvm)
    store.save(b"first")
    store.save(b"second")
    second_at = nvm_store.HEADER + 5
    nvm[second_at + 15] ^= 0x10  # a bit of the second payload never made it
    fresh = Store(nvm)
    assert fresh.load() == b"first" and fresh.status == nvm_store.TORN and fresh.notice()
    assert not fresh.clean
    assert fresh.save(b"third")  # the tail is dirty: the sector is rewritten
    assert Store(nvm).load() == b"third" and nvm[0:2] == b"FK"


@pytest.mark.parametrize("content, status", [
    (b"\x00" * 2048 + b"\x01" + b"\x00" * 2047, nvm_store.FOREIGN),
    (bytes(random.Random(1).getrandbits(8) for _ in range(4096)), nvm_store.FOREIGN),
    (b"FK\x02" + b"\x00" * 10 + b"\xff" * 4083, nvm_store.NEWER),
])
def test_foreign_or_newer_content_is_ignored_with_a_notice(content, status):
    nvm = bytearray(content)
    store = Store(nvm)
    assert store.load() is None and store.status == status and store.notice()
    assert store.save(b"mine")
    assert Store(nvm).load() == b"mine"


def test_an_all_zero_nvm_is_blank_without_a_notice():
    nvm = bytearray(4096)
    store = Store(nvm)
    assert store.load() is None and store.status == nvm_store.EMPTY and store.notice() is None
    assert not store.clean and store.save(b"first") and Store(nvm).load() == b"first"


def test_a_valid_record_then_an_older_sequence_number_stops_the_journal():
    nvm = bytearray(b"\xff" * 4096)
    a = nvm_store.header(5, b"new") + b"new"
    b = nvm_store.header(4, b"old") + b"old"
    nvm[:len(a)] = a
    nvm[len(a):len(a) + len(b)] = b
    store = Store(nvm)
    assert store.load() == b"new" and store.status == nvm_store.TORN


def test_one_buffer_serves_every_save_since_a_save_keeps_nothing_of_it():
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    out = bytearray(64)
    assert store.save(nvm_store.pack_sections({nvm_store.GAME: b"one"}, out))
    writes = nvm.writes
    assert not store.save(nvm_store.pack_sections({nvm_store.GAME: b"one"}, out))  # the newest record, read back
    assert nvm.writes == writes
    assert store.save(nvm_store.pack_sections({nvm_store.GAME: b"two"}, out))
    assert store.last == Store(nvm).load() == nvm_store.pack_sections({nvm_store.GAME: b"two"})


def test_a_record_is_written_header_first_and_read_back():
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    assert store.save(b"payload")
    assert nvm.writes == 2 and bytes(nvm.data[:20]) == nvm_store.header(1, b"payload") + b"payload"
    assert store.last == b"payload"


class _BadNVM(bytearray):
    def __setitem__(self, index, value):
        bytearray.__setitem__(self, index, b"\x00" * len(value))  # worn flash: writes garbage


def test_a_failing_write_is_reported_not_raised():
    nvm = _BadNVM(b"\xff" * 4096)
    store = Store(nvm)
    store.load()
    assert store.save(b"lost") is False
    assert store.status == nvm_store.FAILED and store.notice() and not store.clean


def test_a_save_too_big_for_the_nvm_fails_softly():
    nvm = bytearray(b"\xff" * 256)  # a SAMD21's NVM
    store = Store(nvm)
    store.load()
    assert store.save(b"x" * 200)
    assert store.save(b"y" * 300) is False and store.status == nvm_store.FAILED
    assert Store(nvm).load() == b"x" * 200


def test_sections_and_values_round_trip():
    sections = {nvm_store.GAME: b"g" * 200, nvm_store.STATS: b"", nvm_store.SETTINGS: b"abc"}
    assert nvm_store.unpack_sections(nvm_store.pack_sections(sections)) == sections
    values = {"preset": 3, "mute": True, "bright": -7, "seats": "human,cpu2", "big": 10 ** 6}
    assert nvm_store.unpack_values(nvm_store.pack_values(values)) == values
    for bad in (b"\x67\x05ab", b"\x67", b"\x67\x80"):
        with pytest.raises(ValueError):
            nvm_store.unpack_sections(bad)
    for bad in (b"\x03abc", b"\x01ax\x01\x00", b"\x01ab\x02\x00", b"\x01ai\x02\x80"):
        with pytest.raises(ValueError):
            nvm_store.unpack_values(bad)


def test_stats_count_events_and_round_trip():
    stats = Stats()
    seats = ("human", "cpu2")
    stats.record([("first", 0, (), 0), ("roll", 0, (1, 1, 1, 5, 5, 5), 0),
                  ("keep", 0, (1, 1, 1, 5, 5, 5), 1500), ("hot", 0, (), 1500),
                  ("roll", 0, (1, 2, 3, 4, 5, 6), 0), ("keep", 0, (1, 2, 3, 4, 5, 6), 1500),
                  ("hot", 0, (), 3000), ("bank", 0, (), 3000),
                  ("roll", 1, (2, 3, 4, 4, 6, 6), 0), ("farkle", 1, (2, 3, 4, 4, 6, 6), 0),
                  ("hot", 0, (), 0), ("farkle", 0, (), 0),
                  ("win", -1, (1,), 10000)], seats)
    assert (stats.played, stats.farkles, stats.best_turn, stats.hot_chain) == (1, 2, 3000, 2)
    assert stats.seats == {"human": [1, 0], "cpu2": [1, 1]}
    stats.record([("draw", -1, (0, 1), 10000)], seats)
    assert stats.draws == 1 and stats.seats["human"] == [2, 0]
    again = Stats.from_bytes(stats.to_bytes())
    assert again.to_bytes() == stats.to_bytes() and again.seats == stats.seats
    for bad in (b"", b"\x02", stats.to_bytes() + b"\x00", stats.to_bytes()[:-1]):
        with pytest.raises(ValueError):
            Stats.from_bytes(bad)


def test_mark_and_since_with_a_bounded_log():
    game = Game(preset("classic"), players=2, first=0, dice=FixedDice([1, 5, 5, 5, 2, 3] * 40),
                log_size=4)
    seen = []
    for _ in range(30):
        m = mark(game)
        if game.phase == 1 or (game.phase == 3 and game.turn_total < 600):
            game.roll()
        elif game.phase == 2:
            game.keep(game.best_keep()[0])
        else:
            game.bank()
        seen.extend(since(game, m))
    kinds = [e[0] for e in seen]
    assert kinds.count("bank") >= 3 and kinds.count("roll") >= 8
    assert len(game.log) == 4


def test_storage_keeps_game_settings_and_stats_together():
    nvm = FlashNVM()
    storage = Storage(nvm).load()
    assert storage.game is None and storage.notices == []
    game = Game(preset("classic"), players=2, first=1, dice=FixedDice([1, 5, 5, 5, 2, 3]),
                log_size=24)
    game.roll()
    game.keep([5, 5, 5])
    stats = Stats()
    stats.farkles = 3
    assert storage.save(game, {"mute": True}, stats)
    assert not storage.save(game, {"mute": True}, stats)
    back = Storage(nvm).load()
    assert dumps(back.game) == dumps(game) and back.settings == {"mute": True}
    assert back.stats.farkles == 3
    game.bank()
    game.phase = 4  # over: not kept
    storage.save(game, {"mute": True}, stats)
    assert Storage(nvm).load().game is None
    storage.erase()
    assert Storage(nvm).load().stats.to_bytes() == Stats().to_bytes()


def test_storage_drops_a_game_the_engine_could_not_reach():
    nvm = FlashNVM()
    store = Store(nvm)
    game = Game(preset("classic"), players=2, first=0, log_size=8)
    bad = dumps(game) + b"\x00"  # a CRC-valid record whose game does not parse
    store.save(nvm_store.pack_sections({nvm_store.GAME: bytes(bad),
                                        nvm_store.STATS: b"\x09"}))
    storage = Storage(nvm).load()
    assert storage.game is None and len(storage.notices) == 2


def test_storage_without_nvm():
    storage = Storage(None).load()
    assert storage.game is None and not storage.save(None, {}, Stats())


MPY_SCRIPT = r"""
from hardware import nvm_store
from hardware.nvm_store import Store
from app.storage import Storage
from farkle.game import Game
from farkle.presets import preset
from farkle.dice import FixedDice
from farkle.savegame import dumps
from farkle.stats import Stats, mark, since

print(nvm_store._crc32_native is not None)
print(nvm_store.crc32_bytes(b"123456789", native=False) == b"\xcb\xf4\x39\x26")
print(nvm_store.crc32_bytes(b"123456789") == b"\xcb\xf4\x39\x26")
nvm = bytearray(b"\xff" * 4096)
store = Store(nvm)
print(store.load() is None, store.status)
for i in range(40):
    store.save(bytes([i]) * 200)
print(store.erases, Store(nvm).load() == bytes([39]) * 200)
nvm[5] ^= 1
s = Store(nvm)
print(s.load(), s.status)
nvm[:] = b"\xff" * 4096
game = Game(preset("classic"), players=3, first=0, dice=FixedDice([1, 5, 5, 5, 2, 3] * 9), log_size=24)
stats = Stats()
storage = Storage(nvm).load()
for _ in range(12):
    m = mark(game)
    if game.phase == 2:
        game.keep(game.best_keep()[0])
    elif game.phase == 3 and game.turn_total >= 500:
        game.bank()
    else:
        game.roll()
    stats.record(since(game, m), ("human", "cpu1", "cpu3"))
    storage.save(game, {"mute": False, "seats": "h,c,c", "n": 3}, stats)
back = Storage(nvm).load()
print(dumps(back.game) == dumps(game), back.settings["seats"], back.stats.best_turn, back.notices)
print(Stats.from_bytes(stats.to_bytes()).to_bytes() == stats.to_bytes())
"""


@pytest.mark.parametrize("hide", [(), ("binascii",)])
def test_runs_on_micropython_as_on_cpython(hide, capsys):
    out = run_micropython(MPY_SCRIPT, mounts=("farkle", "hardware", "app"), hide=hide).check()
    exec(compile(MPY_SCRIPT, "mpy_script", "exec"), {})
    want = capsys.readouterr().out.splitlines()
    lines = out.stdout.splitlines()
    assert lines[0] == str(not hide)  # binascii.crc32 used where present, else pure Python
    assert lines[1:] == want[1:]
    assert want[1:6] == ["True", "True", "True empty", "2 True", "None foreign"]
