"""tools/bench_wear.py: how hard the save policy works the RP2040's NVM flash sector.

host-only. Usage: ``python tools/bench_wear.py [--games 200] [--seed 1]``

Plays whole games with computer players ("normal" level) for 2, 4 and 8 players under the
"classic" rules, saving game + settings + statistics exactly as the firmware does (app.persist:
at the end of the roll-off, after every turn, at the end; the app's log_size) into the model of
the flash (hardware.sim.nvm.FlashNVM), one game after the other on the same sector. Prints the
save size, the saves and sector erases per game, and how many games the sector's rated
100,000 erase cycles last (the figures in docs/persistence.md).
"""

import argparse
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from app.pace import LOG_SIZE  # noqa: E402
from farkle.dice import RandomDice  # noqa: E402
from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START, Game  # noqa: E402
from farkle.players import make_player  # noqa: E402
from farkle.presets import preset  # noqa: E402
from farkle.savegame import dumps  # noqa: E402
from farkle.stats import Stats, mark, since  # noqa: E402
from hardware import nvm_store  # noqa: E402
from hardware.sim.nvm import FlashNVM  # noqa: E402

RATED_ERASES = 100_000  # W25Q16JV (MacroPad RP2040, Raspberry Pi Pico): 100k cycles a sector


def payload(game, stats, players):
    settings = {"players": players, "seats": ",".join(["human"] + ["normal"] * 7), "preset": 0,
                "mute": False, "game_seats": ",".join(["human"] + ["normal"] * (players - 1))}
    sections = {nvm_store.SETTINGS: nvm_store.pack_values(settings), nvm_store.STATS: stats.to_bytes()}
    if game is not None and game.phase != OVER:
        sections[nvm_store.GAME] = dumps(game)
    return nvm_store.pack_sections(sections)


def play(players, store, stats, seed):
    rules = preset("classic")
    game = Game(rules, players=players, dice=RandomDice(seed), log_size=LOG_SIZE)
    seats = [make_player("normal", rules, players, s) for s in range(players)]
    kinds = ["human"] + ["normal"] * (players - 1)
    saves, sizes, where = 0, [], None
    while True:
        if game.phase in (START, ROLLOFF, OVER) and not game.piggybacked:
            now = (game.turns, game.phase, len(game.rolloff_players))
            if now != where:
                where = now
                data = payload(game, stats, players)
                sizes.append(len(data) + nvm_store.HEADER)
                saves += store.save(data)
        if game.phase == OVER:
            return game.turns, saves, sizes
        before = mark(game)
        player = seats[game.current]
        if game.phase == ROLLOFF:
            game.rolloff()
        elif game.phase == START:
            game.roll()
        elif game.phase == KEEP:
            game.keep(player.choose_keep(game))
        elif game.phase == CHOOSE:
            more = player.choose_keep(game) if game.unkept() else []
            if more:
                game.keep(more)
            elif player.roll_on(game) or game.why_not_bank():
                game.roll()
            else:
                game.bank()
        stats.record(since(game, before), kinds)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print("classic rules, 'normal' computer players, log_size %d, %d games each"
          % (LOG_SIZE, args.games))
    print("%7s %7s %9s %9s %9s %10s %12s" % ("players", "turns", "saves", "bytes", "per erase",
                                              "erases", "games/100k"))
    for players in (2, 4, 8):
        nvm = FlashNVM()
        store = nvm_store.Store(nvm)
        store.load()
        stats = Stats()
        turns = saves = 0
        sizes = []
        for _ in range(args.games):
            t, s, z = play(players, store, stats, rng.getrandbits(32))
            turns += t
            saves += s
            sizes.extend(z)
        per_game = nvm.erases / args.games
        print("%7d %7.1f %9.1f %5d-%-3d %9.1f %10.2f %12d"
              % (players, turns / args.games, saves / args.games, min(sizes), max(sizes),
                 saves / max(1, nvm.erases), per_game, RATED_ERASES / per_game if per_game else 0))


if __name__ == "__main__":
    main()
