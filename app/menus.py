"""app.menus: the set-up menu, the menu during a game and the end screen (part of the controller).

``Menus`` is mixed into ``app.controller.Controller``: these methods read and write the same
state (``self.view``, ``self.setup``, ``self.game``...). Menu keys: the knob or die 1 / die 2
move, the knob's push or die 3 / die 4 change a value, Roll starts the game (set-up) or
chooses (menu), Menu goes back.
"""

from app import input as act
from app import view as v
from app.pace import T_NONE, ticks_add, ticks_diff
from app.setup import R_START


class Menus:
    """Set-up, pause menu and end screen of the controller."""

    def _open_setup(self):
        self.game = None
        self.view.title = "Set up  Roll: start"
        self.view.status = ""
        self.view.cursor = 0
        self.view.top = 0
        self._go(v.SETUP)
        self._setup_rows()

    def _setup_rows(self):
        rows = self.setup.rows()
        self.rows = rows
        view = self.view
        view.rows = [(r[2], r[3]) for r in rows]
        view.cursor = min(view.cursor, len(rows) - 1)
        value = rows[view.cursor][3]
        view.status = ""
        if "=" in value:  # a level that falls back: say what it plays as
            level, real = value.split("=")
            view.status = "%s = %s here" % (level, real)
        self._scroll_menu()
        view.mute = self.setup.mute
        view.keys_lit = ("roll", "menu") if self.extra is not None else ("roll",)
        self._changed()

    def _scroll_menu(self):
        view = self.view
        if view.cursor < view.top:
            view.top = view.cursor
        elif view.cursor >= view.top + v.MENU_ROWS:
            view.top = view.cursor - v.MENU_ROWS + 1

    def _move(self, step):
        view = self.view
        view.cursor = (view.cursor + step) % len(view.rows)
        self._scroll_menu()
        self._changed()

    def _setup_key(self, action):
        view = self.view
        if action in (act.UP, act.DIE0):
            self._move(-1)
            self._setup_rows()
        elif action in (act.DOWN, act.DIE0 + 1):
            self._move(1)
            self._setup_rows()
        elif action == act.ROLL:
            self._start_game()
        elif action == act.MENU and self.extra is not None:  # persist hook: statistics, dice check
            self.extra.open("more", back="setup")
        elif action in (act.SELECT, act.DIE0 + 2, act.DIE0 + 3):
            row = self.rows[view.cursor]
            if row[0] == R_START and action == act.SELECT:
                self._start_game()
                return
            if self.setup.change(row, -1 if action == act.DIE0 + 2 else 1):
                self._sound("click")
                self._setup_rows()

    def _pause(self):
        if self.step != T_NONE:
            self.paused_left = max(0, ticks_diff(self.due, self.now))
        self.paused_step = self.step
        self.paused_screen = self.view.screen
        self.paused_title = self.view.title
        self.paused_keys = self.view.keys_lit
        self.paused_status = self.view.status
        self.view.status = "Menu: back"
        self.step = T_NONE
        self.confirm = False
        self.view.title = "Menu"
        self.view.cursor = 0
        self.view.top = 0
        self._go(v.PAUSE)
        self._pause_rows()

    def _pause_rows(self):
        rows = [("Resume", "")]
        keys = self.board_keys  # a board without HINT or BEST keys: this menu stands in for them
        if "hint" in self.paused_keys:  # only what would be done now
            rows.append(("Hint", "" if "hint" in keys else "no key"))
        if "best" in self.paused_keys:
            rows.append(("Take best", "" if "best" in keys else "no key"))
        rows.append(("Sound", "off" if self.setup.mute else "on"))
        rows.append(("New game", "sure?" if self.confirm else ""))
        self.view.rows = rows
        if self.extra is not None:  # persist hook: Statistics, Dice check
            self.view.rows += self.extra.menu_rows()
        self.view.mute = self.setup.mute
        self.view.keys_lit = ("roll", "menu")
        self._scroll_menu()
        self._changed()

    def _resume(self):
        self.view.screen = self.paused_screen
        self.view.title = self.paused_title
        self.view.keys_lit = self.paused_keys
        self.view.status = self.paused_status
        self.step = self.paused_step
        if self.step != T_NONE:
            self.due = ticks_add(self.now, self.paused_left)
            self.frame_due = self.now
        self._changed()
        self._refresh()

    def _pause_key(self, action):
        view = self.view
        if action in (act.UP, act.DIE0):
            self._move(-1)
        elif action in (act.DOWN, act.DIE0 + 1):
            self._move(1)
        elif action == act.MENU:
            self._resume()
        elif action in (act.SELECT, act.ROLL, act.DIE0 + 2, act.DIE0 + 3):
            name = view.rows[view.cursor][0]
            if name == "Sound":
                self._toggle_mute()
                self._sound("click")
            elif name == "New game":
                if self.confirm:
                    self._open_setup()
                else:
                    self.confirm = True
                    self._pause_rows()
            elif self.extra is not None and self.extra.owns(name):  # persist hook
                self.extra.open(name)
            else:
                self._resume()
                if name in ("Hint", "Take best") and self.step != T_NONE and not self._cpu_turn():
                    self._finish()  # the dice land (the row was offered for them)
                if self.view.screen == v.PLAY and self.step == T_NONE and not self._cpu_turn():
                    if name == "Hint":
                        self._play_key(act.HINT)
                    elif name == "Take best":
                        self._play_key(act.BEST)

    def _winner_text(self):
        winners = self.game.outcome() or []
        if len(winners) == 1:
            return self._label(winners[0]) + " wins!"
        return "Draw: " + " ".join([self._label(w) for w in winners])

    def _open_end(self):
        game = self.game
        order = list(range(game.players))
        order.sort(key=lambda s: (-game.scores[s], s))
        view = self.view
        view.title = self._winner_text()
        lines = []
        for rank, s in enumerate(order):  # every seat ranked: who, what level, the score
            score = str(game.scores[s])
            level = self.levels[s] if s < len(self.levels) else "human"
            who = "%d. %s %s" % (rank + 1, self._label(s), "" if level == "human" else level)
            lines.append(v.pad(who, v.COLUMNS - len(score)) + score)
        view.lines = lines
        view.status = "Roll: again Menu: new"
        self.end_top = 0
        view.top = 0
        view.keys_lit = ("roll", "menu")
        self._sound("win")
        self._go(v.END)

    def _end_key(self, action):
        view = self.view
        if action in (act.UP, act.DOWN, act.DIE0, act.DIE0 + 1):  # the knob, or die 1 / die 2
            most = max(0, len(view.lines) - v.MENU_ROWS)
            view.top = max(0, min(most, view.top + (1 if action in (act.DOWN, act.DIE0 + 1) else -1)))
            self._changed()
        elif action in (act.ROLL, act.SELECT):
            self._sound("click")
            self._start_game()
        elif action == act.MENU:
            self._sound("click")
            self._open_setup()
