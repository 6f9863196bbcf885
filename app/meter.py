"""app.meter: the win-chance meter (a set-up option for two players), loaded only when on.

Each player's solved chance of winning (the expert's table: ``Player.win_chance``) as it
stands at the start of every turn, i.e. after each bank or farkle: a bar under the scores,
and between turns on the dice lights.
"""

from app import view as v

BAR = 13  # bar characters between the two percentages (21 columns in all)
COLOURS = ((0, 0, 120), (120, 40, 0))  # seat 1's lights, seat 2's


class Meter:
    """Reads the chances from ``judge``, a solved player for the rules."""

    def __init__(self, judge):
        self.judge = judge

    def update(self, view, game):
        """``view.meter``: seat 1's chance, or None where the table does not know it."""
        chance = None
        try:
            chance = self.judge.win_chance(game)
        except Exception:  # the meter must never stop the game
            chance = None
        if chance is not None and game.current == 1:
            chance = 1.0 - chance
        view.meter = chance


def make(make_player, rules):
    """A meter for ``rules``, or None where no solved table fits."""
    judge = make_player("expert", rules, 2, 0)
    return Meter(judge) if judge.level == "expert" else None


def text(chance):
    """``62% ########----- 38%``: seat 1's chance on the left, seat 2's on the right."""
    left = int(chance * 100 + 0.5)
    filled = int(chance * BAR + 0.5)
    a = str(left) + "%"
    b = str(100 - left) + "%"
    return v.pad(a, 4) + "#" * filled + "-" * (BAR - filled) + " " * (4 - len(b)) + b


def lights(leds, view):
    """Between turns (no die showing) the dice lights show the meter; True when drawn."""
    for i in range(v.NDICE):
        if view.faces[i]:
            return False
    if view.tumbling:
        return False
    lit = int(view.meter * v.NDICE + 0.5)
    for die in range(min(v.NDICE, len(leds.die_pixels))):
        indices = leds.die_pixels[die]
        if isinstance(indices, int):
            indices = (indices,)
        for index in indices:
            leds.pixels[index] = COLOURS[0] if die < lit else COLOURS[1]
    return True
