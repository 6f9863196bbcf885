"""farkle.players.expert_duel: the expert of a two-player game (``farkle.players.expert``).

What only two players need: the final round played from the reach table (the trailing
player keeps for the best chance to get past the leader and banks once past; where a tie
counts half, from the last-player values) and the solved chance of winning (hints, the
meter). A game of more players plays its final round as *hard* does and never loads this.
"""

from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START
from farkle.players.expert import Expert as Solved, best_choice, keep_choices
from farkle.players.expert_turns import requirement


class Expert(Solved):
    """The solved two-player game, its final round included."""

    solves_final = True

    def need(self, game):
        """Final round: the turn total (units) the player must reach to win, at least its
        bank minimum."""
        table = self.table
        me = game.current
        lead = game.scores[1 - me]
        need = (lead - game.scores[me]) // table.unit + 1
        req = requirement(self.rules, table.unit, game.on_board(me))
        return need if need > req else req

    def tie_need(self, game):
        """Final round, where a tie counts half and this player can bank one: the turn total
        (units) that wins; else None."""
        table = self.table
        if not table.has_last:
            return None
        me = game.current
        gap = (game.scores[1 - me] - game.scores[me]) // table.unit
        if gap < requirement(self.rules, table.unit, game.on_board(me)):
            return None
        return gap + 1

    def last_value(self, game, k, n):
        """Final round: the chance (a tie as the rules count it) from turn total ``k`` with
        ``n`` dice in hand, where the player may bank or roll on."""
        table = self.table
        win = self.tie_need(game)
        if win is None:
            need = self.need(game)
            return 1.0 if k >= need else table.reach(n, need - k)
        if k >= win:
            return 1.0
        roll = table.last(n, win - k)
        if k == win - 1 and roll < 0.5:
            return 0.5  # bank the tie
        return roll

    # ----- decisions in the final round; the rest as the solved turn says -----

    def choose_keep(self, game):
        if game.final_by < 0 or self.plays(game) is None:
            return Solved.choose_keep(self, game)
        table = self.table
        k0 = game.turn_total // table.unit
        choices = keep_choices(game, table.unit, table.N)
        if not choices:
            return []

        def value(p, left):
            return self.last_value(game, k0 + p, left)
        return list(best_choice(choices, value)[2])

    def roll_on(self, game):
        if game.final_by < 0 or game.why_not_bank() or self.plays(game) is None:
            return Solved.roll_on(self, game)
        k = game.turn_total // self.table.unit
        win = self.tie_need(game)
        if win is None:
            return k < self.need(game)
        if k >= win:
            return False
        return k < win - 1 or self.table.last(game.in_hand, 1) > 0.5

    def piggyback(self, game):
        if game.final_by < 0 or self.plays(game) is None:
            return Solved.piggyback(self, game)
        table = self.table
        win = self.tie_need(game)
        need = win if win is not None else self.need(game)
        k = game.left_points // table.unit
        take = self.last_value(game, k, game.left_dice) if k < need else 1.0
        return take > self.last_value(game, 0, table.N)

    def win_chance(self, game):
        """The current player's chance of winning with this expert's play from here on (both
        players playing the solved game), or None outside the solved game."""
        if game.phase in (OVER, ROLLOFF) or game.players != 2:
            return None
        pos = self.position(game)
        if pos is None:
            return None
        table = self.table
        unit, N = table.unit, table.N
        k0 = game.turn_total // unit
        final = game.final_by >= 0
        if final:
            def value(p, left):
                return self.last_value(game, k0 + p, left)
        else:
            turn = None
            if game.phase != START:
                turn = table.turn_table(self.rules, pos[0], pos[1])

            def value(p, left):
                return turn.value(k0 + p, left)
        if game.phase == START:
            if final:
                return self.last_value(game, 0, N)
            return table.w(pos[0], pos[1])
        if game.phase == KEEP or (game.phase == CHOOSE and game.unkept()):
            choices = keep_choices(game, unit, N)
            if choices:
                best = best_choice(choices, value)
                return value(best[0], best[1])
        n = game.in_hand
        if final:
            return self.last_value(game, k0, n)
        return turn.value(k0, n)
