"""app.rolloff: the roll-off (a part of the controller, loaded while it runs).

Functions of the controller ``c``, as ``app.panels`` is of the keeper: the roll-off for the
first player of a new game (``app.gamestart`` made it) and, in a final round that ties, for
the win. Imported when a roll-off opens, forgotten once the first turn (or the end screen)
begins.
"""

from app import input as act
from app import view as v
from app.modules import forget
from app.pace import (BANNER_MS, CPU_THINK_MS, P_OVER as OVER, P_ROLLOFF as ROLLOFF, P_START as START,
                      T_ROLLOFF, T_ROLLOFF_SHOW, TUMBLE_MS, ticks_add)


def open(c, tied_faces=None):  # noqa: A001  (the screen opens)
    """The roll-off screen; ``tied_faces``: the faces of the roll that tied, still shown."""
    c.rolloff_faces = tied_faces or [0] * c.game.players
    view = c.view
    view.title = "Tie! Roll-off" if c.rolloff_tie else "Who goes first?"
    show(c)
    view.status = "Press Roll"
    view.keys_lit = ("menu",) if all_cpu(c) else ("roll", "menu")
    c._go(v.ROLLOFF)
    if all_cpu(c):
        c._after(T_ROLLOFF_SHOW, CPU_THINK_MS)


def key(c, action):
    if action == act.MENU:
        c._pause()
    elif action in (act.ROLL, act.SELECT) and not all_cpu(c):
        roll(c)


def all_cpu(c):
    for seat in c.game.rolloff_players:
        if c.seats[seat] is None:
            return False
    return True


def show(c):
    game = c.game
    decided = game.phase != ROLLOFF and c.step == T_ROLLOFF_SHOW
    out = []
    for s in range(game.players):
        if s in game.rolloff_players:
            state = v.FREE
        elif decided and (s == game.current if game.phase == START else s in game.winners):
            state = v.SELECTED
        else:
            state = v.ASIDE
        out.append((c._label(s), c.rolloff_faces[s], state))
    c.view.rolloff = out


def roll(c):
    game = c.game
    if game.phase != ROLLOFF:
        return
    new = c._act(game.rolloff)
    for kind, seat, data, _ in new:
        if kind == "rolloff":
            c.rolloff_faces[seat] = data
    c.settle_faces = list(c.rolloff_faces)
    c._sound("roll")
    c.view.status = ""
    c.view.keys_lit = ("menu",)  # a press now only ends the tumble
    c.step = T_ROLLOFF
    c.due = ticks_add(c.now, TUMBLE_MS)
    c._tumble_frame()


def tumble(c):
    """A frame of the roll-off's dice tumbling."""
    for seat in c.game.rolloff_players:
        c.rolloff_faces[seat] = c._random_face(c.rolloff_faces[seat])
    show(c)


def settle(c):
    """The roll-off's dice land: its result shows for a while."""
    c.rolloff_faces = c.settle_faces
    c.settle_faces = list(c.rolloff_faces)
    c._after(T_ROLLOFF_SHOW, BANNER_MS)
    show(c)
    c.view.status = result(c)
    c._changed()


def result(c):
    game = c.game
    if game.phase == ROLLOFF:
        return "Tie! Roll again"
    if game.phase == OVER:
        from app.endscreen import winner_text  # the game is over: the end screen comes next

        return winner_text(c)
    return c._label(game.current) + " goes first!"


def after(c):
    """The result was shown: roll again (a tie), the end, or the first turn."""
    game = c.game
    if c.settle_faces is None:  # every seat in the roll-off is a computer: roll now
        roll(c)
        return
    c.settle_faces = None
    if game.phase == ROLLOFF:  # a tie: those tied roll again; their faces stay up
        tied = [0] * game.players
        for seat in game.rolloff_players:
            tied[seat] = c.rolloff_faces[seat]
        open(c, tied)
        c.view.status = "Tie! Roll again"
        return
    if game.phase == OVER:
        c._open_end()
        return
    if c.head_start:  # fair start: the second player's head start
        from farkle.fairstart import apply

        apply(game, c.head_start)
        c.head_start = 0
        apply = None
        forget(("farkle.fairstart",))  # set-up code: needed this once
    c._begin_turn()
