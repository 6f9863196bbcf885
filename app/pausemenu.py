"""app.pausemenu: the menu during a game (a part of the controller, loaded while it shows).

Functions of the controller ``c``, as ``app.panels`` is of the keeper: imported when MENU
pauses a game, forgotten when the game resumes or a new one is set up. The clock stops while
it shows (what was due waits the same time after Resume).
"""

from app import input as act
from app import view as v
from app.pace import T_NONE, ticks_add, ticks_diff


def open(c):  # noqa: A001  (the screen opens)
    if c.step != T_NONE:
        c.paused_left = max(0, ticks_diff(c.due, c.now))
    view = c.view
    c.paused = (c.step, view.screen, view.title, view.keys_lit, view.status)
    c.paused_keys = view.keys_lit
    view.status = "Menu: back"
    c.step = T_NONE
    c.confirm = False
    c._open_menu(v.PAUSE, "Menu")
    rows(c)


def rows(c):
    rows = [("Resume", "")]
    keys = c.board_keys  # a board without HINT or BEST keys: this menu stands in for them
    if "hint" in c.paused_keys:  # only what would be done now
        rows.append(("Hint", "" if "hint" in keys else "no key"))
    if "best" in c.paused_keys:
        rows.append(("Take best", "" if "best" in keys else "no key"))
    rows.append(("Sound", "off" if c.setup.mute else "on"))
    rows.append(("New game", "sure?" if c.confirm else ""))
    view = c.view
    view.rows = rows
    if c.extra is not None:  # persist hook: Statistics, Dice check
        view.rows += c.extra.menu_rows()
    view.mute = c.setup.mute
    view.keys_lit = ("roll", "menu")
    c._scroll_menu()
    c._changed()


def resume(c):
    view = c.view
    c.step, view.screen, view.title, view.keys_lit, view.status = c.paused
    if c.step != T_NONE:
        c.due = ticks_add(c.now, c.paused_left)
        c.frame_due = c.now
    c._changed()
    c._refresh()


def key(c, action):
    view = c.view
    if action in (act.UP, act.DIE0):
        c._move(-1)
    elif action in (act.DOWN, act.DIE0 + 1):
        c._move(1)
    elif action == act.MENU:
        c._resume()
    elif action in (act.SELECT, act.ROLL, act.DIE0 + 2, act.DIE0 + 3):
        name = view.rows[view.cursor][0]
        if name == "Sound":
            c._toggle_mute()
            c._sound("click")
        elif name == "New game":
            if c.confirm:
                c._open_setup()
            else:
                c.confirm = True
                rows(c)
        elif c.extra is not None and c.extra.owns(name):  # persist hook
            c.extra.open(name)
        else:
            c._resume()
            if name in ("Hint", "Take best") and c.step != T_NONE and not c._cpu_turn():
                c._finish()  # the dice land (the row was offered for them)
            if c.view.screen == v.PLAY and c.step == T_NONE and not c._cpu_turn():
                if name == "Hint":
                    c._play_key(act.HINT)
                elif name == "Take best":
                    c._play_key(act.BEST)
