"""farkle.players.normal: exact max-expected-score play for the rules in force.

Every decision maximises the expected points this turn adds to the player's score, subject
to the bank minimum the rules put on the player now (the opening until they are on the
board, the later minimum after), except that it never passes up a bank that wins the game
outright: the max-expected-score player of the literature (Neller & Busche), against which
the solved game is measured. It reads the host-solved table ``farkle/policies/<preset>.bin``:
the roll-or-bank choice is one comparison with a threshold, a keep is the best of at most N
candidates by a table look-up each. Without a table (custom scoring on the board) it plays
like *easy*.
"""

from farkle.game import CHOOSE
from farkle.players.base import Player, bank_wins, faces, keep_options, minimum
from farkle.players.policy import opened


class Normal(Player):
    level = "normal"

    def __init__(self, rules, players=2, seat=0):
        Player.__init__(self, rules, players, seat)
        self.policy = opened(rules)
        self.fallback = None
        if self.policy is None:  # *easy*'s code is loaded only for a game that needs it
            from farkle.players.easy import Easy

            self.fallback = Easy(rules, players, seat)

    def keep_choice(self, game, total=None, bank_minimum=None):
        """The best option of :func:`keep_options` (None: keep nothing more, in CHOOSE),
        valued at turn total ``total`` with banks allowed from ``bank_minimum`` on."""
        options = keep_options(game)
        if not options:
            return None
        if total is None:
            total = game.turn_total
        if bank_minimum is None:
            bank_minimum = minimum(game)
        if game.phase == CHOOSE:
            options = options + [(0, game.in_hand, 0)]  # keep nothing more
        best = self.policy.best(options, total, bank_minimum)
        return best if best[2] else None

    def choose_keep(self, game):
        if self.fallback:
            return self.fallback.choose_keep(game)
        return faces(self.keep_choice(game))

    def roll_on(self, game):
        if self.fallback:
            return self.fallback.roll_on(game)
        if game.why_not_bank():
            return True
        if bank_wins(game):
            return False
        return self.policy.rolls(game.in_hand, game.turn_total)

    def piggyback(self, game):
        if self.fallback:
            return self.fallback.piggyback(game)
        return self.policy.piggybacks(game.left_dice, game.left_points)
