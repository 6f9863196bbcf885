"""app.setup: the set-up menu's rows and changes, and the rules and seats they make.

The choices themselves are ``app.choices.Setup`` (plain values kept through a game); this
module works on them and is loaded only while the set-up menu runs or a game is being made:
the rule presets, the fair-start table and the question "does an expert have a table here"
need not stay in a game's heap. ``rows(choices)`` lists what the menu shows,
``change(choices, row, step)`` moves one value, ``rules(choices)`` makes the rules value.
"""

import sys

from farkle.fairstart import head_start as solved_head_start
from farkle.presets import NAMES, preset
from farkle.rules import FIELD_NAMES

from app.choices import LEVELS, Setup, parse_levels  # noqa: F401  (Setup: the choices, by their old name)
from app.modules import forget
# offered rule options, in menu order, with their menu labels
OPTION_LABELS = (
    ("target", "Target"),
    ("opening", "Opening"),
    ("min_bank", "Min bank"),
    ("penalty", "3 farkles"),
    ("final_round", "Last round"),
    ("tie", "Tie"),
    ("piggyback", "Piggyback"),
    ("exact_target", "Exact"),
    ("dice", "Dice"),
)

# row kinds
R_PLAYERS = 0
R_SEAT = 1
R_RULES = 2
R_OPTION = 3
R_SOUND = 4
R_START = 5
R_FAIR = 6  # two players, solved rules: the second player's head start
R_METER = 7  # two players: the win-chance meter


_EXPERT = {}  # (rules' fields, players) -> what an expert seat plays as


def plays_as(level, rules, players):
    """The level a seat really plays: "human", or what ``farkle.players`` makes of ``level``
    for these rules and players (the expert falls back to hard where it has no table).

    Whether an expert has a table is asked once per rules and players, and the modules that
    asking loaded (the expert's, the engine's it imports) are forgotten after: the set-up
    menu asks on every key, and it does not need the play code."""
    if level == "human":
        return level
    try:
        from farkle.players import plays_as as real
    except ImportError:  # a board without computer players
        return level
    if level != "expert":
        return real(level, rules, players)
    key = (tuple([getattr(rules, name) for name in FIELD_NAMES]), players)
    if key not in _EXPERT:
        loaded = list(sys.modules)
        if len(_EXPERT) >= 8:
            _EXPERT.clear()
        _EXPERT[key] = real(level, rules, players)
        forget([name for name in sys.modules if name not in loaded])
    return _EXPERT[key]


def show(value):
    """A rule value as the menu shows it."""
    if value is True:
        return "on"
    if value is False or value == 0:
        return "off"
    return str(value)


def offers(choices):
    """(field, label, values) for each option the preset offers, in menu order."""
    offered = preset(NAMES[choices.preset]).offers
    out = []
    for field, label in OPTION_LABELS:
        if field in offered:
            out.append((field, label, offered[field]))
    for field in sorted(offered):  # any option without a label here
        if field not in [f for f, _ in OPTION_LABELS]:
            out.append((field, field, offered[field]))
    return out


def rules(choices):
    """The rules value chosen (a preset with its offered options applied)."""
    return preset(NAMES[choices.preset], **choices.options)


def head_start(choices):
    """The head start in points the game gives the second player (0: none)."""
    solved = solved_head_start(rules(choices), choices.players)
    return solved[0] if solved and choices.fair else 0


def rows(choices):
    """What the menu shows: a list of (kind, index, label, value text)."""
    made = rules(choices)
    out = [(R_PLAYERS, 0, "Players", str(choices.players))]
    for seat in range(choices.players):
        level = choices.seats[seat]
        real = plays_as(level, made, choices.players)
        if level == "human":
            value = level
        elif real != level:  # set-up offers only what will happen
            value = "%s=%s" % (level, real)
        else:
            value = "cpu " + level
        out.append((R_SEAT, seat, "Seat %d" % (seat + 1), value))
    out.append((R_RULES, 0, "Rules", made.name))
    offered = offers(choices)
    if "target" not in [f for f, _, _ in offered]:
        out.append((R_OPTION, -1, "Target", str(made.target)))  # fixed by the preset
    for i in range(len(offered)):
        field, label, _ = offered[i]
        out.append((R_OPTION, i, label, show(getattr(made, field))))
    out.append((R_SOUND, 0, "Sound", "off" if choices.mute else "on"))
    solved = solved_head_start(made, choices.players)
    if solved:
        out.append((R_FAIR, 0, "Fair start", "2nd +%d" % solved[0] if choices.fair else "off"))
    if choices.players == 2:
        out.append((R_METER, 0, "Win meter", "on" if choices.meter else "off"))
    out.append((R_START, 0, "Start game", ""))
    return out


def change(choices, row, step):
    """Move the value of ``row`` (from ``rows()``) by ``step`` (+1 or -1), wrapping.
    Returns False for rows without a value (Start) and fixed values."""
    kind, index = row[0], row[1]
    if kind == R_PLAYERS:
        choices.players = 2 + (choices.players - 2 + step) % 7
    elif kind == R_SEAT:
        choices.seats[index] = LEVELS[(LEVELS.index(choices.seats[index]) + step) % len(LEVELS)]
    elif kind == R_RULES:
        choices.preset = (choices.preset + step) % len(NAMES)
        choices.options = {}
    elif kind == R_OPTION:
        if index < 0:
            return False
        field, _, values = offers(choices)[index]
        current = getattr(rules(choices), field)
        at = values.index(current) if current in values else 0
        choices.options[field] = values[(at + step) % len(values)]
    elif kind == R_SOUND:
        choices.mute = not choices.mute
    elif kind == R_FAIR:
        choices.fair = not choices.fair
    elif kind == R_METER:
        choices.meter = not choices.meter
    else:
        return False
    return True


def description(choices):
    return preset(NAMES[choices.preset]).description


def apply_settings(choices, values):
    """Saved set-up choices (``app.persist``'s settings) into ``choices``; anything invalid
    is skipped."""
    players = values.get("players")
    if isinstance(players, int) and 2 <= players <= 8:
        choices.players = players
    seats = parse_levels(values.get("seats", ""))
    if len(seats) == 8:
        choices.seats = seats
    index = values.get("preset")
    if isinstance(index, int) and 0 <= index < len(NAMES):
        before = (choices.preset, choices.options)
        choices.preset = index
        choices.options = {}
        for name in values:
            if name.startswith("o.") and name[2:]:
                choices.options[name[2:]] = values[name]
        try:
            offered = offers(choices)
            allowed = [f for f, _, _ in offered]
            for field in choices.options:
                if field not in allowed:
                    raise ValueError(field)
                if choices.options[field] not in dict((f, vals) for f, _, vals in offered)[field]:
                    raise ValueError(field)
            rules(choices)
        except Exception:  # RulesError, a stale option: back to what it was
            choices.preset, choices.options = before
    mute = values.get("mute")
    if mute is True or mute is False:
        choices.mute = mute
