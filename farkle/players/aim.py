"""farkle.players.aim: every level's play under an exact target.

A bank that passes an exact target is given away (or lost), so any level's plan of banking
as much as it can would never end a game. ``Aim`` wraps a player of any level and, only
where the target is in reach, overrides it: it sets aside dice that land exactly on the
target when some do, never more than the target still needs when it can help it, banks as
soon as the score would be exactly the target, and throws away (rolls on until it farkles)
a turn that has passed it. Everywhere else the wrapped level decides.
"""

from farkle.game import CHOOSE


class Aim:
    """``inner`` (a player of any level) playing for an exact target."""

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):  # level, seat, prepare, win_chance...: the wrapped player's
        return getattr(self.inner, name)

    def __repr__(self):
        return repr(self.inner)

    def need(self, game):
        """Points this turn still needs to land exactly on the target."""
        return game.rules.target - game.scores[game.current] - game.turn_total

    def choose_keep(self, game):
        need = self.need(game)
        keeps = game.keeps()
        for faces, points in keeps:
            if points == need:
                return faces
        choice = self.inner.choose_keep(game)
        if need < 0 or (choice and game.selection_points(choice) < need) or (not choice and game.phase == CHOOSE):
            return choice
        # the level's keep would pass the target: the most that stays under it, else the least
        under = [k for k in keeps if k[1] < need]
        if under:
            return max(under, key=lambda k: (k[1], -len(k[0])))[0]
        if game.phase == CHOOSE:
            return []
        return min(keeps, key=lambda k: (k[1], len(k[0])))[0]

    def roll_on(self, game):
        need = self.need(game)
        if need == 0 and game.why_not_bank() is None:
            return False
        if need < 0:
            return True  # banking would give the points away: play the turn out instead
        return self.inner.roll_on(game)

    def piggyback(self, game):
        if game.left_points > game.rules.target - game.scores[game.current]:
            return False
        return self.inner.piggyback(game)
