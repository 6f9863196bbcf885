"""app.panels: the resume offer, "More", the statistics and the dice check on the menu screen.

The rows each panel shows and what its keys do, for ``app.persist.Keeper`` (whose state
they read and write: ``keeper.panel``, ``keeper.rows``, ``keeper.stats``...). Loaded only
while a panel is open: a game that never opens one never has this in the heap.
"""

from app import input as act
from app import view as v
from app.persist import DICE, MENU_ITEMS, MORE, OFFER, STATS
from app.choices import LEVELS

FOOT = "Menu: back"  # ROLL (lit when the row does something) chooses; room for the scroll arrows
# chi-square with 5 degrees of freedom: above this, the faces are suspicious at 0.1%
CHI2_5_CRITICAL = 20.52


def show(keeper):
    """Write the open panel's rows into the view."""
    c = keeper.controller
    view = c.view
    panel = keeper.panel
    rows = []
    if panel == OFFER:
        turns, scores, current = keeper.saved_view
        view.title = "Resume saved game?"
        rows.append(("Resume", "turn %d" % (turns + 1), "resume"))
        rows.append(("New game", "", "new"))
        for seat in range(len(scores)):
            level = keeper.saved_seats[seat]
            label = v.seat_label(seat, "human" if level == "human" else "cpu")
            mark_ = "*" if seat == current else ""
            rows.append((mark_ + label + " " + level, str(scores[seat]), None))
    elif panel == MORE:
        view.title = "More"
        for name, what in MENU_ITEMS:
            rows.append((name, "", what))
        rows.append(("Back", "", "back"))
    elif panel == STATS:
        s = keeper.stats
        view.title = "Statistics"
        rows.append(("Games", str(s.played), None))
        if s.draws:
            rows.append(("Draws", str(s.draws), None))
        rows.append(("Best turn", str(s.best_turn), None))
        rows.append(("Hot dice chain", str(s.hot_chain), None))
        rows.append(("Farkles", str(s.farkles), None))
        for name in _sorted_kinds(s.seats):
            played, won = s.seats[name]
            rows.append((name + " won", "%d/%d" % (won, played), None))
        rows.append(("Reset stats", "sure?" if keeper.confirm else "", "reset"))
        rows.append(("Back", "", "back"))
    elif panel == DICE:
        counts = keeper.dice_counts()
        total = sum(counts[1:])
        view.title = "Dice since power-on"
        for face in range(1, 7):
            n = counts[face]
            share = (n * 1000 // total) if total else 0
            rows.append(("Face %d" % face, "%d %d.%d%%" % (n, share // 10, share % 10), None))
        rows.append(("Rolled", str(total), None))
        chi = chi_square(counts[1:])
        if total < 60:  # too few rolls to judge: no figure (and the row fits the line)
            rows.append(("Chi-square", "roll more", None))
        else:
            verdict = "fair" if chi < CHI2_5_CRITICAL else "odd!"
            rows.append(("Chi-square %s" % verdict, "%d.%d" % (int(chi), int(chi * 10) % 10), None))
        rows.append(("Back", "", "back"))
    keeper.rows = rows
    view.rows = [(r[0], r[1]) for r in rows]
    view.cursor = min(view.cursor, len(rows) - 1)
    view.status = "Roll: choose" if panel == OFFER else FOOT
    # Roll chooses the row under the cursor (if it does something); Menu goes back
    chooses = rows[view.cursor][2] is not None
    if panel == OFFER:
        view.keys_lit = ("roll",)
    else:
        view.keys_lit = ("roll", "menu") if chooses else ("menu",)
    c._scroll_menu()
    c._changed()


def key(keeper, action):
    """A key while a panel is open (controller hook)."""
    c = keeper.controller
    view = c.view
    if action in (act.UP, act.DIE0):
        view.cursor = (view.cursor - 1) % len(keeper.rows)
        keeper.confirm = False
        show(keeper)
    elif action in (act.DOWN, act.DIE0 + 1):
        view.cursor = (view.cursor + 1) % len(keeper.rows)
        keeper.confirm = False
        show(keeper)
    elif action == act.MENU:
        if keeper.panel == OFFER:
            return  # the offer needs an answer: Resume or New game
        close(keeper)
    elif action in (act.SELECT, act.ROLL, act.DIE0 + 2, act.DIE0 + 3):
        what = keeper.rows[view.cursor][2]
        if what == "resume":
            c._sound("click")
            resume(keeper)
        elif what == "new":
            c._sound("click")
            keeper.panel = None
            keeper.saved_game = None
            keeper.boundary = None
            keeper._save()  # declined: the saved game is forgotten
            c._open_setup()
        elif what == "back":
            close(keeper)
        elif what in (STATS, DICE):
            c._sound("click")
            back = keeper.back
            keeper._open(what)
            keeper.back = back
        elif what == "reset":
            if keeper.confirm:
                keeper.stats.reset()
                if keeper.boundary is not None:
                    keeper.boundary = (keeper.boundary[0], keeper.stats.write_to(keeper.stats_out))
                keeper._save()
                keeper.confirm = False
                c._sound("click")
            else:
                keeper.confirm = True
            show(keeper)


def resume(keeper):
    """Continue the saved game exactly where it was saved (its turn boundary)."""
    c = keeper.controller
    c._leave_setup()  # set-up code is not needed in a game: gone before its players come
    keeper.panel = None  # this module goes once this key is handled, before the players come
    keeper.starting = "resume"  # storage.SAVED: out of heap while it is made, it is made again
    from app import gamestart

    c._start_job(gamestart.resume(c, keeper.saved_game, list(keeper.saved_seats)))


def close(keeper):
    """Back to where the panel was opened from."""
    c = keeper.controller
    keeper.panel = None
    c.view.status = ""
    if keeper.back == "setup":
        c._open_setup()
    else:
        c._open_menu(v.PAUSE, "Menu")
        c._pause_rows()


def chi_square(counts):
    """Pearson's chi-square of face counts against equal shares (0 when there are none)."""
    total = 0
    for n in counts:
        total += n
    if not total:
        return 0.0
    expect = total / len(counts)
    out = 0.0
    for n in counts:
        out += (n - expect) * (n - expect) / expect
    return out


def _sorted_kinds(seats):
    out = []
    for level in LEVELS:
        if level in seats:
            out.append(level)
    for name in sorted(seats):
        if name not in out:
            out.append(name)
    return out
