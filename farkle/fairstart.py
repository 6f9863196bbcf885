"""farkle.fairstart: the solved head start that makes a two-player game fair.

``python -m farkle solve`` finds, for a rules value, the head start for the second player (a
multiple of the score step; under an opening they must still open) that brings the first
player's chance of winning, both playing optimally, closest to one half. The figures for the
presets as shipped (every field as the preset has it) are kept here, so that the set-up menu
offers a fair start exactly where it is solved; ``tests/test_fairstart.py`` checks them
against the solver's output in ``docs/solve-<preset>.json``.
"""

from farkle.presets import preset

# preset -> (head start in points, first player's chance with it, without)
SOLVED = {
    "classic": (300, 0.500232, 0.5316771097),
    "duel": (300, 0.4994873265, 0.5323865348),
    "scorecard": (300, 0.4992023338, 0.5327748951),
    "doubling": (300, 0.4997063863, 0.5284882166),
}


def head_start(rules, players=2):
    """``(points, first player's chance with them, without)`` for a two-player game of
    ``rules``, or None where it is not solved."""
    if players != 2 or rules.name not in SOLVED:
        return None
    if rules != preset(rules.name):
        return None  # an option changed: not solved
    return SOLVED[rules.name]


def apply(game, points):
    """Give the player who moves second ``points`` before the first turn (they still need the
    opening to bank)."""
    second = (game.current + 1) % game.players
    game.scores[second] += points
    game.changes += 1  # a score change like any other: the clock says when it was set
    game.reached[second] = game.changes
