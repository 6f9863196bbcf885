"""app.gamestart: a game made, new or resumed (a part of the controller, loaded while it runs).

Functions of the controller ``c``, as ``app.panels`` is of the keeper: the engine's code and
the seats' players loaded and made a step a frame, then the game, from the set-up's plan or
from a save's bytes. The job forgets this module as it ends; the roll-off a new game opens
is ``app.rolloff``'s, which a resumed game into a turn never loads.
"""

import gc
import sys

from app.computer import before_player
from app.modules import forget, load
from app.pace import LOG_SIZE, P_ROLLOFF as ROLLOFF

# the engine's code a game needs (the save's writer too), loaded a module a frame
ENGINE = ("farkle.scorer", "farkle.legal", "farkle.game", "farkle.savegame")


def seats(c, rules, levels, metered=False):
    """``c.seats`` for ``levels`` (None for a human), a step a frame: for each computer
    level, its code a module at a time, then its players one at a time (the steps before
    one, the player, the code that opened its files forgotten: a frame each); the meter's
    judge's code (the expert's) last.

    The levels are made lightest first (``farkle.players.LEVELS``): the expert last, since
    out of heap it gives way to hard (``farkle.players.make_player``), where a level made
    after it would have nothing lighter to give way to."""
    n = len(levels)
    computer = c.make_player is not None
    made = [None] * n
    if not (computer and "expert" in levels):
        c.rows_room = None  # no expert's rows to make: the game has the heap kept for them
    if computer:
        from farkle.players import LEVELS, play_code
    for level in LEVELS if computer else ():
        if level in levels:
            yield from load(play_code(level, rules, n))
            for seat in range(n):
                if levels[seat] == level:
                    yield from before_player(level, rules, n)
                    made[seat] = c.make_player(level, rules, n, seat)
                    if getattr(made[seat], "demoted", None) is not None:
                        # an expert with no room for its tables: the tower restarts for a
                        # heap in one piece and makes the game again, where it can
                        from app import storage

                        storage.restart_for_heap(c.extra)
                        storage = None
                        forget(("app.storage",))
                    yield
                    c._player_made(made[seat])
                    yield
    c.rows_room = None  # an expert seat that gave way to hard made no rows: the game has it
    if metered:
        yield from load(play_code("expert", rules, 2))
    c.seats = made


def start(c, rules, levels, head_start):
    """A new game, a step a frame (a generator: ``c._start_job`` runs it): ``seats``, the
    game, then the roll-off."""
    metered = c.setup.meter and len(levels) == 2 and c.make_player is not None  # the meter's judge: an expert
    yield from load(ENGINE)
    yield from seats(c, rules, levels, metered)
    from farkle.game import Game

    yield
    n = len(levels)
    c.game = Game(rules, players=n, dice=c.dice, log_size=LOG_SIZE)
    yield
    c.head_start = head_start  # given to the second player once the first is known
    if metered:
        yield  # the meter makes a player of its own
        try:
            from app import meter

            c.meter = meter.make(c.make_player, rules)
        except MemoryError:  # a board's heap: the meter is an extra, the game goes on without it
            forget(("app.meter",))
            c.meter = None
    c.hurry = False
    c.advisers = {}
    c.score_top = 0
    c.rolloff_tie = False
    forget(("app.gamestart",))  # its work is done: the roll-off's code takes its heap
    from app import rolloff

    yield  # the roll-off's screen in a frame after its code's
    rolloff.open(c)


def read(c, data):
    """The game saved as ``data``; the reader's code forgotten again."""
    from farkle.saveread import loads

    game = loads(data, dice=c.dice, check=False)
    loads = None
    forget(("farkle.saveread", "farkle.presets", "farkle.rules_check"))
    gc.collect()
    return game


def resume(c, data, levels):
    """A saved game goes on from its bytes (checked at power-up), a step a frame: the
    engine's code, the rules, ``seats``, the game, then its turn (or its roll-off) exactly
    where it was saved.

    The save is read once, before the players are made: read again after them, the game's
    table of attributes found no hole in most resumed games, and the tower restarted. The
    expert's rows, the blocks the game's small lists would break up, have heap of their own
    (``app.powerup.ROWS_ROOM``)."""
    if c.setup_modules is None:  # what a later set-up menu keeps: not this game's code
        c.setup_modules = tuple([name for name in sys.modules if name != "app.gamestart"])
    yield from load(ENGINE)
    game = read(c, data)
    rules = game.rules
    yield
    # the levels the seats play as, from the files' headers: read before the players' code
    # is loaded, while the heap has room for the code that reads them
    try:
        from farkle.players import plays_as
    except ImportError:  # a board without computer players
        plays_as = None
    n = len(levels)
    c.levels = [level if level == "human" or plays_as is None else plays_as(level, rules, n)
                for level in levels]
    plays_as = None
    yield
    yield from seats(c, rules, levels)
    c.game = game
    c.hurry = False
    c.advisers = {}
    c.score_top = 0
    c.rolloff_tie = game.rolloff_for_tie
    forget(("app.gamestart",))
    if game.phase == ROLLOFF:
        from app import rolloff

        rolloff.open(c)
    else:
        c._begin_turn()
