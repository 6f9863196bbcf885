"""app.playview: the play screen's texts, messages and key lights (part of the controller).

``PlayView`` is mixed into ``app.controller.Controller``: ``_refresh()`` rewrites the play part
of the ``View`` (header, status line, message, score strip, lit keys) from the game and the UI
state; ``_say()`` shows a refusal or a hint for a while (long ones scroll).
"""

from farkle.game import CHOOSE, KEEP, START

from app import view as v
from app.pace import C_KEEP, MESSAGE_MS, MESSAGE_PAGE_MS, N_TURN, ticks_add


class PlayView:
    """Texts of the play screen."""

    def _say(self, text):
        """Show ``text`` (a refusal, a hint) under the dice for a while."""
        self.message_lines = v.wrap(text)
        self.message_at = 0
        self.message_until = ticks_add(self.now, MESSAGE_MS)
        self.next_page = ticks_add(self.now, MESSAGE_PAGE_MS)

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
        view.status = self._status()
        view.message = self.message_lines[self.message_at:self.message_at + v.MESSAGE_LINES]
        cells = []
        cols = 2 if game.players <= 4 else 3  # two columns fit "P1 10000" cells
        view.cell_cols = cols
        first = self.score_top * cols
        for s in range(first, min(game.players, first + 2 * cols)):
            if cols == 2:
                text = "%s %d" % (self._label(s), game.scores[s])
            else:
                text = "%d:%d" % (s + 1, game.scores[s])
            cells.append((text, s == seat))
        if view.meter is not None:
            from app.meter import text

            cells.append((text(view.meter), False))  # the row under the two scores
        view.cells = cells
        view.keys_lit = self._keys_lit()
        self._changed()

    def _status(self):
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
        faces = self._selection()
        if faces:
            points = game.selection_points(faces)
            if points:
                return "Keep +%d = %d" % (points, game.turn_total + points)
            return "Not a scoring keep"
        if game.hot_dice():
            return "Roll %d or bank %d" % (game.in_hand, game.turn_total)
        if phase == KEEP:
            return "Pick scoring dice"
        return "Roll %d or bank %d" % (game.in_hand, game.turn_total)

    def _keys_lit(self):
        game = self.game
        if self._cpu_turn() or self.then == N_TURN:
            return ("menu",)
        lit = ["menu"]
        sel = self._selection()
        if game.why_not_roll() is None or (sel and game.selection_points(sel)):
            lit.append("roll")
        if game.why_not_bank() is None or game.why_not_piggyback() is None:
            lit.append("bank")
        if game.phase in (KEEP, CHOOSE) and game.unkept():
            lit.append("best")
        if self.hint_fn is not None:
            lit.append("hint")
        return tuple(lit)
