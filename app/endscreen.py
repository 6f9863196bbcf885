"""app.endscreen: the end of a game (a part of the controller, loaded while it shows).

Functions of the controller ``c``, as ``app.panels`` is of the keeper: every seat ranked
with its level and score; Roll plays again with the same choices, Menu goes to the set-up
menu. Imported when a game ends, forgotten when the next game or the set-up menu begins.
"""

from app import input as act
from app import view as v


def open(c):  # noqa: A001  (the screen opens)
    game = c.game
    order = list(range(game.players))
    order.sort(key=lambda s: (-game.scores[s], s))
    view = c.view
    view.title = winner_text(c)
    lines = []
    for rank, s in enumerate(order):  # every seat ranked: who, what level, the score
        score = str(game.scores[s])
        level = c.levels[s] if s < len(c.levels) else "human"
        who = "%d. %s %s" % (rank + 1, c._label(s), "" if level == "human" else level)
        lines.append(v.pad(who, v.COLUMNS - len(score)) + score)
    view.lines = lines
    view.status = "Roll: again Menu: new"
    c.end_top = 0
    view.top = 0
    view.keys_lit = ("roll", "menu")
    c._sound("win")
    c._go(v.END)


def winner_text(c):
    winners = c.game.outcome() or []
    if len(winners) == 1:
        return c._label(winners[0]) + " wins!"
    return "Draw: " + " ".join([c._label(w) for w in winners])


def key(c, action):
    view = c.view
    if action in (act.UP, act.DOWN, act.DIE0, act.DIE0 + 1):  # the knob, or die 1 / die 2
        most = max(0, len(view.lines) - v.MENU_ROWS)
        view.top = max(0, min(most, view.top + (1 if action in (act.DOWN, act.DIE0 + 1) else -1)))
        c._changed()
    elif action in (act.ROLL, act.SELECT):
        c._sound("click")
        c._start_game()
    elif action == act.MENU:
        c._sound("click")
        c._open_setup()
