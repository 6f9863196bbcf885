"""hardware.nvm_store (the journal in the NVM), app.storage and farkle.stats."""

import gc
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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
    assert not fresh.fits(nvm_store.HEADER + 5)
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
    assert store.erased == 0 and store.save(b"first") and Store(nvm).load() == b"first"


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


class _NoCopyNVM(bytearray):
    """An NVM in a heap with no room for a copy of any of it: a slice read raises, as a
    board's would, while reading one byte (an int) makes no object."""

    def __getitem__(self, index):
        if isinstance(index, slice):
            raise MemoryError("memory allocation failed, allocating %d bytes" % nvm_store.READ_BACK)
        return bytearray.__getitem__(self, index)


def test_a_record_written_in_a_heap_with_no_room_for_its_read_back_is_read_back_a_byte_at_a_time():
    """Not a failed save (the next would rewrite the sector for nothing)."""
    nvm = _NoCopyNVM(b"\xff" * 4096)
    store = Store(nvm)
    store.load()
    assert store.save(b"payload" * 20) is True and store.status == nvm_store.OK
    assert not store.save(b"payload" * 20)  # the newest record, read back the same way
    assert Store(bytearray(nvm)).load() == b"payload" * 20


class _BadNoCopyNVM(_NoCopyNVM):
    def __setitem__(self, index, value):
        bytearray.__setitem__(self, index, b"\x00" * len(value))  # worn flash: writes garbage


def test_a_byte_at_a_time_read_back_still_finds_a_failing_write():
    store = Store(_BadNoCopyNVM(b"\xff" * 4096))
    store.load()
    assert store.save(b"lost") is False and store.status == nvm_store.FAILED


class _BadNVM(bytearray):
    def __setitem__(self, index, value):
        bytearray.__setitem__(self, index, b"\x00" * len(value))  # worn flash: writes garbage


def test_a_failing_write_is_reported_not_raised():
    nvm = _BadNVM(b"\xff" * 4096)
    store = Store(nvm)
    store.load()
    assert store.save(b"lost") is False
    assert store.status == nvm_store.FAILED and store.notice() and not store.fits(nvm_store.HEADER + 4)


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
    out = bytearray(b"old bytes, longer than any setting's")
    assert nvm_store.pack_values(values, out) is out and bytes(out) == nvm_store.pack_values(values)
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
    out = bytearray(b"the last save's statistics, longer")
    assert stats.write_to(out) is out and bytes(out) == stats.to_bytes()
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


def _hole_of(hole, sizes=None, make=nvm_store._erased):
    """``nvm_store._erased`` in a heap whose largest hole holds ``hole`` bytes: longer erased
    runs cannot be had (``sizes`` collects those that were)."""
    def erased(n):
        if n > hole:
            raise MemoryError("memory allocation failed, allocating %d bytes" % n)
        if sizes is not None:
            sizes.append(n)
        return make(n)

    return erased


def _short_of_heap(monkeypatch, hole):
    sizes = []
    monkeypatch.setattr(nvm_store, "_erased", _hole_of(hole, sizes))
    return sizes


def test_a_compaction_with_little_heap_erases_less_and_no_save_is_lost(monkeypatch):
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    sizes = _short_of_heap(monkeypatch, 700)
    for i in range(200):
        payload = b"save %03d " % i + bytes(range(i % 90))
        assert store.save(payload)  # never "Saving failed" for want of a 4 KB hole
        fresh = Store(nvm)
        assert fresh.load() == payload and fresh.status == nvm_store.OK and fresh.notice() is None
        assert fresh.end == store.end and fresh.erased >= store.erased  # a reboot appends where it left off
    assert len(sizes) > 5 and max(sizes) <= 700  # compactions into at most 700 bytes, old bytes past them
    assert nvm.data[700:] != b"\xff" * (4096 - 700)


@pytest.mark.parametrize("collect", [True, False])
def test_a_compaction_short_of_a_long_hole_collects_unless_the_caller_just_did(monkeypatch, collect):
    collections = []
    monkeypatch.setattr(nvm_store, "_erased", _hole_of(200, []))
    monkeypatch.setattr(gc, "collect", lambda: collections.append(1))
    out = bytearray(512)
    size = nvm_store.pack_framed({nvm_store.GAME: b"game"}, out, 512)
    sector = nvm_store.erased_after((out[:nvm_store.HEADER], out[nvm_store.HEADER:nvm_store.HEADER + size]), 4096, out,
                                    collect)
    assert len(collections) == (1 if collect else 0)
    assert sector is out  # no longer hole: the save's own frame, all the same


def test_an_append_leaves_an_erased_byte_before_old_bytes_a_compaction_kept(monkeypatch):
    nvm = bytearray(b"\xff" * 4096)
    store = Store(nvm)
    i = 0
    while store.fits(nvm_store.HEADER + 150):  # the sector filled with records
        store.save(b"%02d" % i + b"x" * 98)
        i += 1
    _short_of_heap(monkeypatch, 400)
    assert store.save(b"y" * 150)  # compacted: 163 bytes of record, then what the hole held
    assert store.end == 163 and 163 + 64 < store.erased <= 400
    gap = store.erased - store.end
    assert not store.fits(gap)  # it would end against the old bytes the compaction kept
    assert store.fits(gap - 1)
    assert store.save(b"z" * (gap - 1 - nvm_store.HEADER)) and nvm[store.end] == 0xFF
    fresh = Store(nvm)
    assert fresh.load() == b"z" * (gap - 1 - nvm_store.HEADER) and fresh.status == nvm_store.OK


@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 4200), st.booleans()), min_size=1, max_size=60))
@settings(max_examples=80, deadline=None)
def test_any_run_of_saves_in_any_heap_reads_back_its_newest(runs):
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    out = bytearray(1024)
    newest = None
    make = nvm_store._erased
    for i, (length, hole, framed) in enumerate(runs):
        nvm_store._erased = _hole_of(hole)  # (hypothesis runs many examples a test: no monkeypatch)
        try:
            payload = bytes((i + k) & 0xFF for k in range(length)) + b"%d" % i
            if framed:
                size = nvm_store.pack_framed({nvm_store.GAME: payload}, out, 1024)
                assert store.save_framed(out, size)  # a framed save never waits for heap
                newest = bytes(out[nvm_store.HEADER:nvm_store.HEADER + size])
            else:
                try:
                    assert store.save(payload)
                    newest = payload
                except MemoryError:  # no hole for its compaction: nothing written, try later
                    assert hole < nvm_store.HEADER + len(payload) + 1
        finally:
            nvm_store._erased = make
        fresh = Store(nvm)
        assert fresh.load() == newest
        assert fresh.status == (nvm_store.OK if newest is not None else nvm_store.EMPTY)


def test_a_factory_reset_with_little_heap_still_forgets_every_save(monkeypatch):
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    for i in range(30):
        store.save(b"save %d" % i + b"." * 60)
    _short_of_heap(monkeypatch, 0)
    store.erase()
    monkeypatch.undo()
    fresh = Store(nvm)
    assert fresh.load() is None and fresh.status == nvm_store.EMPTY and fresh.notice() is None
    assert fresh.save(b"after") and Store(nvm).load() == b"after"


def test_a_framed_save_compacts_in_its_own_buffer_when_the_heap_has_no_room(monkeypatch):
    nvm = FlashNVM()
    store = Store(nvm)
    store.load()
    out = bytearray(512)
    made = _short_of_heap(monkeypatch, 0)  # no hole for even one more byte
    for i in range(60):
        size = nvm_store.pack_framed({nvm_store.GAME: b"game %d" % i + b"." * 90}, out, 512)
        assert store.save_framed(out, size)
        fresh = Store(nvm)
        assert fresh.load() == bytes(out[nvm_store.HEADER:nvm_store.HEADER + size]) and fresh.status == nvm_store.OK
    # 36 records of 111 bytes fill the sector; then every compaction is written from the
    # save's own 512 bytes: the record and room for three more
    assert made == [] and store.erases == (60 - 36) // 4 and len(out) == 512
    with pytest.raises(MemoryError):  # a record of its own has no hole: the caller tries later
        store.save(b"u" * 500)  # (longer than the erased bytes left: a compaction)
    assert Store(nvm).load() is not None


BROKEN_HEAP = r"""
import gc
from hardware.nvm_store import Store

nvm = bytearray(b"\xff" * 4096)
store = Store(nvm)
store.load()
gc.collect()
from hardware.nvm_store import pack_framed
out = bytearray(1024)
body = bytearray(b"." * 290)  # made while the heap has room, like the firmware's buffer
kept, gaps = [], []
try:  # the heap broken into holes of about 200 bytes, as late in a three-seat game
    while True:
        gaps.append(bytearray(200))
        kept.append(bytearray(200))
except MemoryError:
    pass
gaps = None
gc.collect()
try:
    big = bytearray(4096)
    print("HOLE 4096")
except MemoryError:
    print("NO HOLE 4096")
big = None
ok = 0
for i in range(120):
    body[0] = 48 + i % 10
    size = pack_framed({0x67: body}, out, 1024)
    if store.save_framed(out, size):
        ok += 1
payload = bytes(out[13:13 + size])
kept = None  # the loader needs heap too (at power-up it has it)
gc.collect()
fresh = Store(nvm)
print("SAVED", ok, "ERASES", store.erases, "NEWEST", fresh.load() == payload, fresh.status)
"""


def test_saves_on_the_core_in_a_heap_with_no_4_kb_hole():
    result = run_micropython(BROKEN_HEAP, mounts=("farkle", "hardware"), heap=64 * 1024).check()
    assert "NO HOLE 4096" in result.stdout
    saved = result.stdout.split("SAVED ")[1].split()
    # every save written; a compaction every three saves (the frame holds three records)
    assert saved[0] == "120" and 30 <= int(saved[2]) <= 45
    assert "NEWEST True ok" in result.stdout
