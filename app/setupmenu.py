"""app.setupmenu: the set-up menu screen (a part of the controller, loaded while it shows).

Functions of the controller ``c`` (its ``view``, ``setup``, ``rows``...), as ``app.panels``
is of the keeper: the controller imports this module when the set-up menu opens and forgets
it, with ``app.setup`` and the rules it made, once a game starts. Keys: the knob or die 1 /
die 2 move, the knob's push or die 3 / die 4 change a value, Roll starts the game, Menu opens
"More" (statistics, dice check).
"""

from app import input as act
from app import view as v
from app.setup import R_START, plays_as


def open(c):  # noqa: A001  (the screen opens)
    c.view.status = ""
    c._open_menu(v.SETUP, "Set up  Roll: start")
    rows(c)


def rows(c):
    """The menu's rows from the choices; the status line says what a level falls back to."""
    made = c.setup.rows()
    c.rows = made
    view = c.view
    view.rows = [(r[2], r[3]) for r in made]
    view.cursor = min(view.cursor, len(made) - 1)
    c._scroll_menu()
    view.mute = c.setup.mute
    view.keys_lit = ("roll", "menu") if c.extra is not None else ("roll",)
    _cursor_moved(c)


def _cursor_moved(c):
    """The status line for the row under the cursor. Moving the cursor changes no choice,
    so the rows stay as they are: making them again (the rules twice over, the files'
    headers, the fair start) would take a board's whole frame."""
    view = c.view
    value = c.rows[view.cursor][3]
    view.status = ""
    if "=" in value:  # a level that falls back: say what it plays as
        level, real = value.split("=")
        view.status = "%s = %s here" % (level, real)
    c._changed()


def key(c, action):
    view = c.view
    if action in (act.UP, act.DIE0):
        c._move(-1)
        _cursor_moved(c)
    elif action in (act.DOWN, act.DIE0 + 1):
        c._move(1)
        _cursor_moved(c)
    elif action == act.ROLL:
        c._start_game()
    elif action == act.MENU and c.extra is not None:  # persist hook: statistics, dice check
        c.extra.open("more", back="setup")
    elif action in (act.SELECT, act.DIE0 + 2, act.DIE0 + 3):
        row = c.rows[view.cursor]
        if row[0] == R_START and action == act.SELECT:
            c._start_game()
            return
        if c.setup.change(row, -1 if action == act.DIE0 + 2 else 1):
            c._sound("click")
            rows(c)


def plan(setup):
    """What a game of these choices is made of: ``(rules, levels chosen, levels played,
    head start)``, worked out while the set-up code is loaded, before it is forgotten."""
    rules = setup.rules()
    n = setup.players
    levels = setup.levels()
    return rules, levels, [plays_as(level, rules, n) for level in levels], setup.head_start()
