"""farkle.presets: the house rules the tower ships with, as data.

Each preset is the rules of one of the rule documents the project started from; where a
document is silent the common value is used. ``offers`` lists the alternatives that document
names, so the set-up menu can offer exactly those.
"""

from farkle.rules import Rules, RulesError

_SETS_FIXED = {"kinds": "fixed", "kind4": 1000, "kind5": 2000, "kind6": 3000}

# (name, one-line description, fields, offers); the first one is the default.
PRESETS = (
    (
        "classic",
        "Set values for 4-6 of a kind, 500 to open, last round; the first to reach the total wins a tie.",
        dict(_SETS_FIXED, four_and_pair=1500, two_triplets=2500, opening=500, tie="first"),
        {"penalty": (0, 500, 1000), "final_round": (True, False), "opening": (500, 1000, 0)},
    ),
    (
        "scorecard",
        "Scorecard rules: no four-plus-pair or two triplets; a tie must roll on, then a roll-off.",
        dict(_SETS_FIXED, opening=500, tie="roll_on"),
        {"penalty": (0, 1000), "opening": (500, 0)},
    ),
    (
        "duel",
        "Two-player app rules: 4-6 of a kind are 2x-4x the triple, a four and a pair are three pairs, no opening, ties draw.",
        dict(kinds="times", kind4=2, kind5=3, kind6=4, four_pair_is_pairs=True, opening=0, tie="draw"),
        {"target": (10000, 5000, 15000)},
    ),
    (
        "doubling",
        "Each die past three doubles the set; 1000 to open, then 350 a bank; ties draw.",
        dict(kinds="double", two_triplets=2500, opening=1000, min_bank=350, tie="draw"),
        {},
    ),
    (
        "farkel",
        "The Texas family game: doubling sets, small straights, full house, piggybacking on the last player's dice.",
        dict(
            kinds="double", straight=2000, straight_low=1000, straight_high=1000,
            three_pairs=2500, two_triplets=3500, full_house=1000, opening=500,
            tie="first", piggyback=True,
        ),
        {"target": (10000, 50000)},
    ),
)

NAMES = tuple(p[0] for p in PRESETS)
DEFAULT = NAMES[0]


def preset(name=DEFAULT, **overrides):
    """The rules of preset ``name``, with optional field ``overrides``.

    :raises RulesError: unknown name, unknown field or a value that cannot be played.
    """
    for pname, description, fields, offers in PRESETS:
        if pname == name:
            base = Rules(pname, description, offers, **fields)
            return base.replace(**overrides) if overrides else base
    raise RulesError("unknown rules preset %r (known: %s)" % (name, ", ".join(NAMES)))


def preset_index(name):
    """Position of a preset in ``PRESETS`` (-1 for custom rules); used by compact saves."""
    return NAMES.index(name) if name in NAMES else -1
