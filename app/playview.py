"""app.playview: the play screen's texts, messages and key lights (part of the controller).

``PlayView`` is mixed into ``app.controller.Controller``: ``_refresh()`` rewrites the play part
of the ``View`` (header, status line, message, score strip, lit keys) from the game and the UI
state; ``_say()`` shows a refusal or a hint for a while (long ones scroll).
"""

from app import view as v
from app.pace import (C_KEEP, MESSAGE_MS, MESSAGE_PAGE_MS, N_ROLL, N_TURN, P_CHOOSE as CHOOSE, P_KEEP as KEEP,
                      P_START as START, STRIP_PAGE_MS, ticks_add, ticks_diff)


class PlayView:
    """Texts of the play screen."""

    def _say(self, text, stay=False):
        """Show ``text`` under the dice for a while, or with ``stay`` until the next action
        (advice is read, not raced)."""
        self.message_lines = v.wrap(text)
        self.message_at = 0
        self.message_stays = stay
        self.message_until = ticks_add(self.now, MESSAGE_MS)
        self.next_page = ticks_add(self.now, MESSAGE_PAGE_MS)
        self.said += 1

    def _refuse(self, reason):
        """Show why the key pressed does nothing here (its light was dark)."""
        self.refusals += 1
        self._say(reason)

    def _clear_message(self):
        self.message_lines = []

    def _refresh(self):
        """Rewrite the play view from the game and the UI state."""
        view = self.view
        game = self.game
        if game is None or view.screen != v.PLAY:
            return
        seat = self.player
        view.header = "%s %d" % (self._label(seat), game.scores[seat])
        right = "+%d" % self.total if self.total else ""
        if game.final_round():
            right = ("FINAL " + right) if right else "FINAL"
        view.header_right = right
        states = view.states
        for i in range(v.NDICE):
            if states[i] == v.SELECTED and not self.selected[i]:
                states[i] = v.FREE
            elif states[i] == v.FREE and self.selected[i]:
                states[i] = v.SELECTED
        # the dice selected and what they add, worked out once for the status line and the keys
        faces = self._selection()
        points = game.selection_points(faces) if faces else 0
        view.status = self._status(faces, points)
        view.message = self.message_lines[self.message_at:self.message_at + v.MESSAGE_LINES]
        cells = []
        first = self.score_top * 2
        for s in range(first, min(game.players, first + v.STRIP_CELLS)):
            cells.append(("%s %d" % (self._mark(s), game.scores[s]), s == seat))
        if view.meter is not None and game.players == 2:
            from app.meter import text

            cells.append((text(view.meter), False))  # the row under the two scores
        view.cells = cells
        view.keys_lit = self._keys_lit(faces, points)
        self._changed()

    def _mark(self, seat):
        """``P1``, or ``C2h`` for a hard computer (the level it really plays)."""
        levels = self.levels
        return v.seat_mark(seat, levels[seat] if seat < len(levels) else "human", True)

    def _page_strip(self):
        """With more than four players the score strip moves on a row every STRIP_PAGE_MS,
        so every seat comes round (the knob scrolls it too)."""
        game = self.game
        if game is None or game.players <= v.STRIP_CELLS or self.view.screen != v.PLAY:
            return
        if ticks_diff(self.now, self.strip_due) < 0:
            return
        self.strip_due = ticks_add(self.now, STRIP_PAGE_MS)
        self.score_top = (self.score_top + 1) % ((game.players + 1) // 2 - 1)
        self._refresh()

    def _status(self, faces, points):
        game = self.game
        if self.view.tumbling:
            return ""
        if self._cpu_turn():
            if self.cpu_step == C_KEEP:
                return self.view.status  # "C2 keeps ..."
            return self._label(self.player) + " is playing"
        if self.then == N_TURN or game.current != self.player:
            return ""
        phase = game.phase
        if phase == START:
            if game.why_not_piggyback() is None:
                return "Roll or take %d" % game.left_points
            return "Roll the dice!"
        if faces:
            if points:
                return "Keep +%d = %d" % (points, game.turn_total + points)
            return "Not a scoring keep"
        if game.hot_dice():
            return "Roll %d or bank %d" % (game.in_hand, game.turn_total)
        if phase == KEEP:
            return "Pick scoring dice"
        return "Roll %d or bank %d" % (game.in_hand, game.turn_total)

    def _keys_lit(self, sel, points):
        """The keys whose press would be carried out now (each test mirrors the key's own
        handler); while the turn is over or the computer plays, a press only hurries."""
        game = self.game
        if self._cpu_turn() or self.then == N_TURN or self.then == N_ROLL:
            return ("menu",)
        lit = ["menu"]
        if points if sel else game.why_not_roll() is None:
            lit.append("roll")
        if game.phase == START and game.rules.piggyback and game.left_dice and not game.piggybacked:
            if game.why_not_piggyback() is None:
                lit.append("bank")
        elif (game.why_not_bank(points) is None) if sel else (game.why_not_bank() is None):
            if points or not sel:
                lit.append("bank")
        if game.phase in (KEEP, CHOOSE):
            best = game.best_keep()[0]
            if best and self._slots_showing(best) != self.selected:
                lit.append("best")
        if self.hint_fn is not None and game.phase in (START, KEEP, CHOOSE):
            lit.append("hint")
        return tuple(lit)
