"""farkle.savegame: a game as a compact byte string, and back.

The firmware keeps the game in a few hundred bytes of flash, so the format is a stream of
varints: the rules (preset number and every field), then the state, then the log. Faces and
seat numbers (0 to 7) are packed three bits each. Integrity (CRC, slots) is the storage
layer's job; this layer checks the version, that the bytes parse, and that the game they
hold is one the engine could have reached (``farkle.reachable``).
"""

from farkle.game import EVENTS, Game
from farkle.presets import NAMES, PRESETS
from farkle.rules import FIELDS, Rules
from farkle.varint import get_uint, put_uint

VERSION = 1


class SaveError(ValueError):
    """Bytes that are not a saved game of this version."""


class _Writer:
    def __init__(self):
        self.out = bytearray()

    def uint(self, n):
        put_uint(self.out, n)

    def int(self, n):
        self.uint(n * 2 if n >= 0 else -n * 2 - 1)

    def small(self, values):
        """A list of numbers 0..7 (faces, seats): its length, then three bits each."""
        packed = 0
        for i, v in enumerate(values):
            packed |= v << (3 * i)
        self.uint(len(values))
        self.uint(packed)

    def flags(self, bools):
        self.small([1 if b else 0 for b in bools])


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def uint(self):
        try:
            n, self.pos = get_uint(self.data, self.pos)
        except ValueError:
            raise SaveError("saved game is cut short or has a number too long")
        return n

    def int(self):
        n = self.uint()
        return n >> 1 if not n & 1 else -((n + 1) >> 1)

    def small(self, limit=64):
        n = self.uint()
        if n > limit:
            raise SaveError("saved game has a list too long")
        packed = self.uint()
        return [(packed >> (3 * i)) & 7 for i in range(n)]

    def flags(self, limit=8):
        return [v == 1 for v in self.small(limit)]


def dumps(game):
    """The game as bytes (without its dice source)."""
    w = _Writer()
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
    return bytes(w.out)


def loads(data, dice=None):
    """A game from ``dumps`` bytes.

    :raises SaveError: not a saved game, a newer version, or a state that cannot be played.
    """
    r = _Reader(data)
    version = r.uint()
    if version != VERSION:
        raise SaveError("saved game version %d, this firmware reads %d" % (version, VERSION))
    try:
        rules = _read_rules(r)
        players = r.uint()
        game = Game(rules, players=players, first=0, dice=dice)
        game.scores = [r.int() for _ in range(players)]
        game.streak = [r.int() for _ in range(players)]
        game.reached = [r.int() for _ in range(players)]
        game.opened = _exactly(r.flags(), players)
        game.pending = _exactly(r.flags(), players)
        (game.changes, game.turns, game.current, game.phase, game.turn_total, game.in_hand,
         game.left_dice, game.left_points, final_by, game.log_size) = [r.uint() for _ in range(10)]
        game.final_by = final_by - 1
        game.piggybacked, game.rolloff_for_tie = _exactly(r.flags(), 2)
        game.rolloff_players, game.shown, game.kept, game.winners = [r.small(8) for _ in range(4)]
        game.log = [_read_event(r) for _ in range(r.uint())]
    except (ValueError, IndexError) as error:  # RulesError and SaveError are ValueErrors
        raise SaveError("saved game is not valid: %s" % error)
    if r.pos != len(data):
        raise SaveError("saved game has %d stray bytes" % (len(data) - r.pos))
    from farkle.reachable import why_not  # only on restore: no heap during play

    why = why_not(game)
    if why:
        raise SaveError("saved game is not valid: " + why)
    return game


def _write_rules(w, rules):
    w.uint(NAMES.index(rules.name) + 1 if rules.name in NAMES else 0)
    for key, _, kind in FIELDS:
        value = getattr(rules, key)
        if isinstance(kind, tuple):
            value = kind.index(value)
        w.uint(int(value))


def _read_rules(r):
    index = r.uint()
    fields = {}
    for key, _, kind in FIELDS:
        value = r.uint()
        if kind == "bool":
            if value > 1:
                raise SaveError("rule %s is not a yes/no" % key)
            value = value == 1
        elif isinstance(kind, tuple):
            if value >= len(kind):
                raise SaveError("rule %s has no choice %d" % (key, value))
            value = kind[value]
        fields[key] = value
    if 0 < index <= len(PRESETS):
        name, description, _, offers = PRESETS[index - 1]
        return Rules(name, description, offers, **fields)
    return Rules(**fields)


def _read_event(r):
    kind = r.uint()
    if kind >= len(EVENTS):
        raise SaveError("saved log has an unknown event")
    player = r.uint() - 1
    tag = r.uint()
    data = tag >> 1 if tag & 1 else tuple(r.small())
    return EVENTS[kind], player, data, r.int()


def _exactly(values, n):
    if len(values) != n:
        raise SaveError("saved game has %d entries where %d belong" % (len(values), n))
    return values
