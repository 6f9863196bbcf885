"""farkle.saveread: a saved game's bytes back into a game (``farkle.savegame`` writes them).

Apart from the writer because a board reads a save only at power-up: the reading code,
with its checks of every field, is then forgotten, and a game in play carries none of it.
"""

from farkle.game import EVENTS, Game
from farkle.presets import PRESETS
from farkle.rules import FIELDS, Rules
from farkle.savegame import PRESET_NUMBERS, VERSION, SaveError
from farkle.varint import get_uint


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


def loads(data, dice=None, check=True):
    """A game from ``farkle.savegame.dumps`` bytes (``farkle.savegame.loads`` calls this).
    ``check=False`` leaves out the reachability check, for bytes it has passed before (a
    board checks the save at power-up, and reads it again only to resume it)."""
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
    if not check:
        return game
    from farkle.reachable import why_not  # only on restore: no heap during play

    why = why_not(game)
    if why:
        raise SaveError("saved game is not valid: " + why)
    return game


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
    if 0 < index <= len(PRESET_NUMBERS):
        name = PRESET_NUMBERS[index - 1]
        for pname, description, _, offers in PRESETS:
            if pname == name:
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
