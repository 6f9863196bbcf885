"""app.advice: the HINT key's answer in words (a part of the controller, loaded per hint).

Functions of the controller ``c``: the seat's adviser (the best computer level, made once a
game) is asked through ``c.hint_fn`` (``app.main.hint``), its answer selects the dice to
keep and is said under the dice. Hints are rare, so this module, like the hint's own, is
loaded for each one and forgotten after.
"""

import gc
import sys

from app.computer import before_player, reserve
from app.modules import MEM_FREE, forget, load
from app.pace import HINT_LEVEL, P_CHOOSE as CHOOSE, P_KEEP as KEEP, P_START as START

# Free heap below which a hint does not try the expert. It needs its code (about 7 KB, in
# blocks of up to a few KB), its table (2 KB) and its turn's rows (5.5 KB) in a heap a game
# has broken up: in the board check's menus game, with 19 to 24.5 KB free as the hint began
# (heaps of 128 and 132 KiB) it found no room in any game, with 27 KB or more (136 KiB and
# up) it answered in every one. Trying where it cannot, its code loaded a module a frame
# before it gave up, costs the player about half a second, a frame of 70 ms, and at times
# the room hard then needed. With more, it is tried (a heap broken up further may still
# have no room: then hard advises).
EXPERT_ROOM = 26 * 1024
# The same where a seat's expert keeps the expert's play code loaded: the adviser then needs
# only the code that opens its file, its table and its rows (the threshold as it was before
# the measurement above, which had no expert seat)
EXPERT_ROOM_LOADED = 12 * 1024


def ask(c, wait=True):
    """The adviser's answer for the player on turn, or None when there is nothing to say
    yet or the reason is said already (with ``wait``, "thinking..." until its work is done)."""
    game = c.game
    if c.hint_fn is None:
        c._refuse("no hints on this board")
        return None
    if game.phase not in (START, KEEP, CHOOSE):
        return None
    try:
        adviser = c.advisers.get(game.current) or make_adviser(c)
        if wait and adviser is not None and not (c._ready(adviser, lambda: True) and c._odds_ready(lambda: True)):
            c.hint_wait = (game.current, game.turns)  # _work_ahead shows it when ready
            c._say("Hint: thinking...", stay=True)
            return None
        return c.hint_fn(game, player=adviser) if adviser is not None else c.hint_fn(game)
    except MemoryError:  # the hint's job says so (``Controller._hinting``)
        raise
    except Exception as error:  # a hint must never stop the game
        c._say("no hint: %s" % error)
    return None


def say(c, hint):
    """The answer in words under the dice, its keep selected."""
    game = c.game
    keep = _get(hint, "keep")
    roll = _get(hint, "roll")
    dice = _get(hint, "dice")
    farkle = _get(hint, "farkle")
    parts = []
    if _get(hint, "piggyback"):
        parts.append("take over the %d dice (Bank)" % game.left_dice)
    if keep and game.phase in (KEEP, CHOOSE) and game.unkept():
        c._select_faces(keep)
        parts.append("keep " + " ".join([str(f) for f in keep]))
    if roll is not None:
        if not roll:
            parts.append("then bank" if parts else "bank")
        else:
            text = ("roll %d %s" % (dice, "die" if dice == 1 else "dice")) if dice else "roll"
            if farkle is not None:
                text += ": %d%% farkle" % int(farkle * 100 + 0.5)
            parts.append(("then " + text) if parts else text)
    text = "Hint: " + (", ".join(parts) if parts else "nothing to do")
    win = _get(hint, "win")
    if win is not None:
        text += ". Win %d%%" % int(win * 100 + 0.5)
    c._say(text, stay=True)


def steps(c, wait):
    """The hint's job once this module is loaded, a step a frame: the seat's adviser's code,
    its file opened, the adviser made; the hint's own module, once the adviser is ready (not
    beside its work); then the answer, then the advice said."""
    if wait and c.game is not None and c.game.current not in c.advisers and c.make_player is not None:
        from farkle.players import play_code

        game = c.game
        levels = (HINT_LEVEL, "hard")
        missing = [name for name in play_code(HINT_LEVEL, game.rules, game.players) if name not in sys.modules]
        room = EXPERT_ROOM if missing else EXPERT_ROOM_LOADED
        missing = None  # the job keeps its locals across its frames: the list goes now
        if MEM_FREE is not None and MEM_FREE() < room:  # this module's import collected
            levels = ("hard",)
        for level in levels:
            try:
                yield from load(play_code(level, game.rules, game.players))
                yield from before_player(level, game.rules, game.players)
                if adviser(c, level):
                    break
            except MemoryError:
                pass
            # An expert with no room for its code or its turn's rows (a game's heap is broken
            # up, and no seat's expert made rows in heap kept whole for them): hard advises
            # instead, in the heap the expert's code leaves
            c._let_advisers_go()  # and their code, the expert's where no seat plays it
            gc.collect()
            yield
        yield
    player = c.advisers.get(c.game.current) if c.game is not None else None
    if not wait or (player is not None and c._ready(player, lambda: True) and c._odds_ready(lambda: True)):
        # the answer comes in the next frame: the hint's code read in this one, not in the
        # answer's (a module's read and the answer together made a board's frame of 43 ms)
        yield from load(("farkle.players.hint",))
    player = None  # the job keeps its locals across its frames
    hint = ask(c, wait)
    if hint is not None:
        yield  # the answer worked out, then said and drawn: a frame each
        say(c, hint)
    c._refresh()


def make_adviser(c, level=HINT_LEVEL):
    """The adviser of the seat on turn (the best computer level), made once a game, a seat;
    None without computer players. A MemoryError goes to the caller."""
    game = c.game
    if c.make_player is None:
        return None
    adviser = c.advisers[game.current] = c.make_player(level, game.rules, game.players, game.current)
    return adviser


def adviser(c, level=HINT_LEVEL):
    """``make_adviser`` ahead of the advice, in a frame of its own, and the rows of its
    turns (an expert's); False where either found no room (then a lighter level may). On a
    board the code that opened its files goes once it is made, as a seat's does
    (``app.computer.Computer._player_made``): the answer needs that heap."""
    try:
        made = make_adviser(c, level)
        if sys.implementation.name == "circuitpython":
            from farkle.players import opening_code

            forget(opening_code())
        return reserve(made)
    except MemoryError:
        c.advisers = {}
        gc.collect()
        return False


def _get(hint, name):
    """A field of a hint, whether it is a dict or an object."""
    if isinstance(hint, dict):
        return hint.get(name)
    return getattr(hint, name, None)
