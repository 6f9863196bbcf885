"""farkle.players.easy: the casual app's thresholds.

Banks with at least 300 when one or two dice are left, 400 with three, 600 with four, and
rolls on with five or six; always takes hot dice; sets aside the best set but prefers to keep
more dice in play (loose single 5s and 1s are left to roll again when something else scores);
takes over the last player's dice when three or more are left.
"""

from farkle.game import KEEP
from farkle.players.base import Player

BANK_AT = (0, 300, 300, 400, 600)  # by dice left; with 5 or 6 dice it rolls on


def trim(scorer, keep):
    """``keep`` without its loose single 5s, then 1s, while at least one die stays."""
    keep = list(keep)
    points = scorer.score(keep)
    for face in (5, 1):
        single = scorer.singles[face]
        while face in keep and len(keep) > 1:
            trial = list(keep)
            trial.remove(face)
            left = scorer.score(trial)
            if not left or left != points - single:
                break
            keep, points = trial, left
    return keep


class Easy(Player):
    level = "easy"

    def choose_keep(self, game):
        unkept = game.unkept()
        scorer = game.scorer
        if game.phase != KEEP:
            # after its own keep it only ever adds the rest of the roll when that is hot dice
            if unkept and scorer.score(game.kept + unkept) and not game.why_not_keep(unkept):
                return unkept
            return []
        if scorer.score(unkept):
            return unkept  # hot dice
        best, points = game.best_keep()
        return trim(scorer, best) if points else []

    def roll_on(self, game):
        if game.why_not_bank():
            return True
        n = game.in_hand
        return n >= 5 or game.turn_total < BANK_AT[n]

    def piggyback(self, game):
        return game.left_dice >= 3
