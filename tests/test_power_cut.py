"""Power cuts at every byte of NVM writes: the next boot finds the old or the new state.

The NVM is hardware.sim.nvm.FlashNVM, a model of the RP2040's microcontroller.nvm (one flash
sector: appends into erased flash are programmed in place, anything else erases the sector
and programs it again). For each save of a real game (after every turn, a settings change, the
end of the game) the write is cut after each of its steps in turn, then the board "boots":
a fresh Storage loads whatever is in the flash.

The one physical exception is documented in docs/persistence.md: when the sector is full, the
rewrite erases it first, and a cut between that erase and the end of programming the new
record (record length + 1 steps of the write) leaves nothing valid. The boot then finds an
empty store, never a corrupt state; the test checks that this window is exactly that long.
"""

import random

import pytest

from app.storage import Storage
from farkle.dice import RandomDice
from farkle.game import Game
from farkle.presets import preset
from farkle.savegame import dumps
from farkle.stats import Stats, mark, since
from hardware import nvm_store
from hardware.sim.nvm import FlashNVM, PowerCut

SEATS = ("human", "cpu2", "cpu1")


def play_snapshots(seed, players=3, log_size=24):
    """A full game played by a simple strategy, as the (game, settings, stats) saved after
    every turn, a settings change in the middle, and the end."""
    game = Game(preset("classic"), players=players, dice=RandomDice(seed), log_size=log_size)
    stats = Stats()
    settings = {"preset": 0, "seats": ",".join(SEATS[:players]), "mute": False, "bright": 40}
    rng = random.Random(seed)
    out = []
    turns = game.turns
    while not game.is_over():
        before = mark(game)
        if game.phase == 0:
            game.rolloff()
        elif game.phase == 1:
            game.roll()
        elif game.phase == 2:
            game.keep(game.best_keep()[0])
        elif game.why_not_bank() is None and (game.turn_total >= 400 or game.in_hand <= 2 or rng.random() < 0.2):
            game.bank()
        else:
            game.roll()
        stats.record(since(game, before), SEATS[:players])
        if game.turns != turns or game.is_over():
            turns = game.turns
            out.append((clone(game), dict(settings), Stats.from_bytes(stats.to_bytes())))
            if len(out) == 7:
                settings["bright"] = 80
                out.append((clone(game), dict(settings), Stats.from_bytes(stats.to_bytes())))
    return out


def clone(game):
    from farkle.savegame import loads

    # the game's own dice (a snapshot never rolls): a new RandomDice would seed the shared
    # generator from os.urandom, and the game played on would differ from run to run
    return loads(dumps(game), dice=game.dice)


def state(storage):
    """What a boot found, comparable: (game bytes or None, settings, stats bytes)."""
    game = dumps(storage.game) if storage.game is not None else None
    return game, storage.settings, storage.stats.to_bytes()


def expected(game, settings, stats):
    return (dumps(game) if not game.is_over() else None), settings, stats.to_bytes()


EMPTY = (None, {}, Stats().to_bytes())
_decoded = {}


def boot(data):
    """Power on with this flash: the app's Storage loads it (never raises)."""
    return Storage(FlashNVM(data=data)).load()


def boot_state(data):
    """state(boot(data)), the app-level decoding memoized by the raw newest payload (what the
    Storage decodes is a function of that payload alone), so every cut can be checked fast."""
    payload = nvm_store.Store(FlashNVM(data=data)).load()
    if payload not in _decoded:
        _decoded[payload] = state(boot(data))
    return _decoded[payload]


def cut_write(image, payload, k, scatter=False):
    """Run the save of ``payload`` on a copy of ``image``, cutting the power after ``k``
    steps; return the flash as it was left."""
    nvm = FlashNVM(data=image)
    store = nvm_store.Store(nvm)
    store.load()
    nvm.cut_after, nvm.scatter, nvm.seed = k, scatter, len(payload)
    with pytest.raises(PowerCut):
        store.save(payload)
    return bytes(nvm.data)


def steps_of(image, payload):
    """How many steps the save of ``payload`` takes from ``image``, if it erases the sector,
    and the bytes of its record."""
    nvm = FlashNVM(data=image)
    store = nvm_store.Store(nvm)
    store.load()
    assert store.save(payload)
    return nvm.steps_taken, nvm.erases == 1, len(payload) + nvm_store.HEADER


def run_saves(snapshots, nvm=None, scatter=False, recover_every=13):
    """Cut every save of ``snapshots`` at every step; returns what was seen."""
    nvm = nvm or FlashNVM()
    storage = Storage(nvm).load()
    old = state(storage)
    seen = {"appends": 0, "rewrites": 0, "cuts": 0, "window": 0}
    for snapshot in snapshots:
        new = expected(*snapshot)
        payload = storage.payload(*snapshot)
        image = bytes(nvm.data)
        steps, erases, size = steps_of(image, payload)
        seen["rewrites" if erases else "appends"] += 1
        # the erase window: erased, and the new record not yet whole (with scattered page
        # programming, not before the end of the page that holds its last byte)
        window = size if not scatter else -(-size // nvm.page) * nvm.page
        for k in range(steps):
            cut = cut_write(image, payload, k, scatter)
            seen["cuts"] += 1
            found = boot_state(cut)
            if erases and k <= window:
                assert found in (new, EMPTY), (k, steps)
                if not scatter and k < window:
                    assert found == EMPTY
                seen["window"] += found == EMPTY
            else:
                assert found in (old, new), (k, steps, erases)
                if erases:
                    assert found == new
            if k % recover_every == 0:
                # the whole app-level boot, and the store keeps working after the cut
                assert state(boot(cut)) == found
                after = FlashNVM(data=cut)
                again = Storage(after).load()
                again.save(*snapshot)
                assert state(boot(bytes(after.data))) == new
        assert storage.save(*snapshot) or state(storage) == new
        assert state(boot(bytes(nvm.data))) == new
        old = new
    return seen


@pytest.fixture(scope="module")
def game_snapshots():
    snaps = play_snapshots(seed=2024)
    assert snaps[-1][0].is_over()
    return snaps


def test_every_cut_of_a_game_start(game_snapshots):
    # the first 28 saves of a game: fills the sector and rewrites it twice
    seen = run_saves(game_snapshots[:28])
    assert seen["rewrites"] >= 2 and seen["appends"] >= 20
    assert seen["cuts"] > 12000


def test_every_cut_of_a_game_end_with_scattered_pages(game_snapshots):
    # the last saves, down to the finished game (no game kept), cutting mid-page at random
    nvm = FlashNVM()
    storage = Storage(nvm).load()
    for snapshot in game_snapshots[:-6]:
        storage.save(*snapshot)
    seen = run_saves(game_snapshots[-6:], nvm=nvm, scatter=True)
    assert seen["cuts"] > 1500
    assert state(boot(bytes(nvm.data)))[0] is None  # a finished game is not offered


def test_cuts_over_foreign_and_newer_content():
    rng = random.Random(5)
    snaps = play_snapshots(seed=99, players=2)[:3]
    for content in (bytes(rng.getrandbits(8) for _ in range(4096)),
                    nvm_store.header(7, b"x" * 40)[:2] + b"\x09" + b"\x00" * 4093,
                    b"\x00" * 4096):
        nvm = FlashNVM(data=content)
        first = Storage(nvm).load()
        assert first.game is None  # ignored (with a notice unless it is blank)
        assert first.notices or content == b"\x00" * 4096
        seen = run_saves(snaps, nvm=nvm, recover_every=101)
        assert seen["rewrites"] >= 1


def test_the_erase_window_is_the_record_and_no_more(game_snapshots):
    # fill the sector, then cut the rewrite right after the record: the new state is there
    nvm = FlashNVM()
    storage = Storage(nvm).load()
    i = 0
    while True:
        image = bytes(nvm.data)
        steps, erases, size = steps_of(image, storage.payload(*game_snapshots[i]))
        if erases:
            break
        storage.save(*game_snapshots[i])
        i += 1
    new = expected(*game_snapshots[i])
    payload = storage.payload(*game_snapshots[i])
    assert state(boot(cut_write(image, payload, size + 1))) == new
    assert state(boot(cut_write(image, payload, size - 1))) == EMPTY
    assert steps == 4097


def test_boot_never_raises_on_random_flash():
    rng = random.Random(11)
    payload = nvm_store.pack_sections({nvm_store.GAME: b"\x01\x02\x03"})
    good = nvm_store.header(1, payload) + payload
    for trial in range(300):
        data = bytearray(rng.getrandbits(8) for _ in range(4096))
        if trial % 3 == 0:
            data[:len(good)] = good  # a valid record holding garbage: still never trusted
        if trial % 5 == 0:
            data[40:] = b"\xff" * (4096 - 40)
        storage = boot(bytes(data))
        assert storage.game is None


def test_every_cut_of_saves_whose_compactions_find_little_heap(game_snapshots, monkeypatch):
    # a heap with no hole of 4 KB: each compaction erases only 600 bytes after the record,
    # so the sector is rewritten every few saves, each rewrite keeping old bytes past them
    make = nvm_store.erased_after
    monkeypatch.setattr(nvm_store, "erased_after",
                        lambda pieces, most, framed=None, collect=True:
                        make(pieces, min(most, max(600, sum(len(p) for p in pieces))), framed, collect))
    seen = run_saves(game_snapshots[:16], recover_every=29)
    assert seen["rewrites"] >= 4 and seen["appends"] >= 6
