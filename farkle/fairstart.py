"""farkle.fairstart: the solved head start that makes a two-player game fair, per preset."""

# ``python -m farkle solve`` (or tools/make_expert.py --head-start) finds, for a rules value,
# the head start for the second player (a multiple of the score step; under an opening they
# must still open) that brings the first player's chance, both playing to win, closest to one
# half. The presets as shipped (every field as the preset has it) are kept here, so the set-up
# offers a fair start exactly where it is solved; tests/test_fairstart.py checks them against
# the solver's output in docs/solve-<preset>.json. Farkel is left out: its solution ignores
# piggybacking.

from farkle.presets import preset

# preset -> (head start in points, first player's chance with it, without)
SOLVED = {
    "classic": (300, 0.500231643, 0.5316771097),
    "duel": (300, 0.4994873265, 0.5323865348),
    "scorecard": (300, 0.4992023338, 0.5327748951),
    "doubling": (300, 0.4997063863, 0.5284882166),
}


def head_start(rules, players=2):
    # (points, first player's chance with them, without), or None where not solved
    if players != 2 or rules.name not in SOLVED or rules != preset(rules.name):
        return None
    return SOLVED[rules.name]


def apply(game, points):
    # the player who moves second starts with ``points`` (and must still open to bank); a
    # score change like any other, so the clock says when it was set
    second = (game.current + 1) % game.players
    game.scores[second] += points
    game.changes += 1
    game.reached[second] = game.changes
