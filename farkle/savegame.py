"""farkle.savegame: a game as a compact byte string, and back.

The firmware keeps the game in a few hundred bytes of flash, so the format is a stream of
varints: the rules (preset number and every field), then the state, then the log. Faces and
seat numbers (0 to 7) are packed three bits each. Integrity (CRC, slots) is the storage
layer's job; this layer checks the version, that the bytes parse, and that the game they
hold is one the engine could have reached (``farkle.reachable``).

A board writes a save at every turn and reads one only at power-up, so the reading half is
a module of its own (``farkle.saveread``), loaded by ``loads`` when it is needed: a game in
play carries only the writer.
"""

from farkle.game import EVENTS
from farkle.rules import FIELDS
from farkle.varint import put_uint

VERSION = 1
# The preset numbers of the format (1, 2, ...; 0 is custom rules): fixed here, not taken
# from the order of farkle.presets, so that adding or moving a preset cannot change what
# an old save means.
PRESET_NUMBERS = ("classic", "scorecard", "duel", "doubling", "farkel")


class SaveError(ValueError):
    """Bytes that are not a saved game of this version."""


# A board saves at every turn, so the writer makes no garbage it can help: ``enumerate``
# would make a tuple for every value written, a list of flags a list.
class _Writer:
    def __init__(self, out=None):
        if out is None:
            out = bytearray()
        else:
            out[:] = b""  # emptied, its room kept
        self.out = out

    def uint(self, n):
        put_uint(self.out, n)

    def int(self, n):
        self.uint(n * 2 if n >= 0 else -n * 2 - 1)

    def small(self, values):
        """A list of numbers 0..7 (faces, seats): its length, then three bits each."""
        packed = shift = 0
        for v in values:
            packed |= v << shift
            shift += 3
        self.uint(len(values))
        self.uint(packed)

    def flags(self, bools):
        """Booleans as 0s and 1s (``True << n`` is ``1 << n``): the game's flags are bools."""
        self.small(bools)


def dumps(game):
    """The game as bytes (without its dice source)."""
    return bytes(dump_into(game, bytearray()))


def dump_into(game, out):
    """``dumps(game)`` written into the bytearray ``out`` instead (emptied first), which is
    returned. A board saves at every turn into one ``out`` made at power-up with room for a
    game: no new block of heap a save, which a heap broken up into small holes may lack."""
    w = _Writer(out)
    w.uint(VERSION)
    _write_rules(w, game.rules)
    w.uint(game.players)
    for values in (game.scores, game.streak, game.reached):
        for v in values:
            w.int(v)
    w.flags(game.opened)
    w.flags(game.pending)
    for n in (game.changes, game.turns, game.current, game.phase, game.turn_total, game.in_hand,
              game.left_dice, game.left_points, game.final_by + 1, game.log_size):
        w.uint(n)
    w.flags((game.piggybacked, game.rolloff_for_tie))
    for values in (game.rolloff_players, game.shown, game.kept, game.winners):
        w.small(values)
    w.uint(len(game.log))
    for kind, player, data, points in game.log:
        w.uint(EVENTS.index(kind))
        w.uint(player + 1)
        if isinstance(data, int):
            w.uint(data * 2 + 1)
        else:
            w.uint(len(data) * 2)
            w.small(data)
        w.int(points)
    return w.out


def loads(data, dice=None):
    """A game from ``dumps`` bytes.

    :raises SaveError: not a saved game, a newer version, or a state that cannot be played.
    """
    from farkle.saveread import loads as read

    return read(data, dice)


def _write_rules(w, rules):
    w.uint(PRESET_NUMBERS.index(rules.name) + 1 if rules.name in PRESET_NUMBERS else 0)
    for key, _, kind in FIELDS:
        value = getattr(rules, key)
        if isinstance(kind, tuple):
            value = kind.index(value)
        w.uint(int(value))
