"""app.computer: a computer player's turn as timed steps (part of the controller).

``Computer`` is mixed into ``app.controller.Controller``. Each step (take over the dice, roll,
show the keep, set it aside, roll on or bank) is one call when the clock says it is due, so a
turn plays at a pace people can follow and no frame waits for it. A player that answers
something illegal gets the best keep instead: a computer never stalls the game.
"""

from farkle.game import CHOOSE

from app.pace import C_DECIDE, C_KEEP, C_PICK, C_ROLL, C_START, CPU_SHOW_MS, T_CPU


class Computer:
    """The computer's turn of the controller."""

    def _cpu(self):
        game = self.game
        player = self.seats[self.player]
        step = self.cpu_step
        if step == C_START:
            self.cpu_step = C_ROLL
            if game.why_not_piggyback() is None and player.piggyback(game):
                self._piggyback()
                self._after(T_CPU, CPU_SHOW_MS)
                self._refresh()
                return
            step = C_ROLL
        if step == C_ROLL:
            self.cpu_step = C_PICK
            self._roll()  # a farkle ends the turn: then is N_TURN
            self._refresh()
        elif step == C_PICK:
            faces = list(player.choose_keep(game))
            if game.why_not_keep(faces):
                if game.phase == CHOOSE:  # no more from this roll: roll on or bank
                    self.cpu_step = C_DECIDE
                    self._cpu()
                    return
                faces = game.best_keep()[0]  # a player must never stall the game
            self.cpu_keep = faces
            self._select_faces(faces)
            self.view.status = "%s keeps %s" % (self._label(self.player), " ".join([str(f) for f in faces]))
            self.cpu_step = C_KEEP
            self._after(T_CPU, CPU_SHOW_MS)
            self._refresh()
        elif step == C_KEEP:
            self._select_faces(self.cpu_keep)
            if not self._keep_selection():  # never stall: the best keep always works
                self._clear_message()
                self._select_faces(game.best_keep()[0])
                self._keep_selection()
            # more from this roll? (the player may keep in several steps), else decide
            self.cpu_step = C_PICK if game.unkept() else C_DECIDE
            self._next_banner()  # HOT DICE!, then (then == N_CPU) the next step
        elif step == C_DECIDE:
            if (not player.roll_on(game) and game.why_not_bank() is None) or game.why_not_roll():
                self._queue_events(self._act(game.bank))
                self._next_banner()
                return
            self.cpu_step = C_PICK
            self._roll()
            self._refresh()
