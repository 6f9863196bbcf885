"""app.setup: the set-up menu's choices and the rules and seats they make.

Pure data: players (2-8), each seat human or a computer level, a rule preset, and the options
that preset offers (``rules.offers``), plus sound. ``rows()`` lists what the menu shows;
``change(row, step)`` moves one value. The game is built from ``rules()`` and ``levels()``.
"""

import sys

from farkle.fairstart import head_start
from farkle.presets import NAMES, preset
from farkle.rules import FIELD_NAMES

from app.modules import forget

LEVELS = ("human", "easy", "normal", "hard", "expert")
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

    Whether an expert has a table is asked once per rules and players, and the expert's
    module (with the table it opened to see) is forgotten after if no expert had loaded it:
    the set-up menu asks on every key, and a game without an expert need not keep it."""
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
        loaded = "farkle.players.expert" in sys.modules
        if len(_EXPERT) >= 8:
            _EXPERT.clear()
        _EXPERT[key] = real(level, rules, players)
        if not loaded:
            forget(("farkle.players.expert",))
    return _EXPERT[key]


def show(value):
    """A rule value as the menu shows it."""
    if value is True:
        return "on"
    if value is False or value == 0:
        return "off"
    return str(value)


class Setup:
    """The set-up choices. ``seats`` holds a level for all eight seats so that lowering
    and raising the player count keeps them."""

    def __init__(self):
        self.players = 2
        self.seats = ["human", "normal", "human", "normal", "human", "normal", "human", "normal"]
        self.preset = 0  # index into farkle.presets.NAMES
        self.options = {}  # field -> chosen value, only for fields the preset offers
        self.mute = False
        self.fair = False  # "fair start": the second player gets the solved head start
        self.meter = False  # two players: show each one's solved chance of winning

    def offers(self):
        """(field, label, values) for each option the preset offers, in menu order."""
        offers = preset(NAMES[self.preset]).offers
        out = []
        for field, label in OPTION_LABELS:
            if field in offers:
                out.append((field, label, offers[field]))
        for field in sorted(offers):  # any option without a label here
            if field not in [f for f, _ in OPTION_LABELS]:
                out.append((field, field, offers[field]))
        return out

    def rules(self):
        """The rules value chosen (a preset with its offered options applied)."""
        return preset(NAMES[self.preset], **self.options)

    def head_start(self):
        """The head start in points the game gives the second player (0: none)."""
        solved = head_start(self.rules(), self.players)
        return solved[0] if solved and self.fair else 0

    def levels(self):
        return self.seats[:self.players]

    def rows(self):
        """What the menu shows: a list of (kind, index, label, value text)."""
        rules = self.rules()
        out = [(R_PLAYERS, 0, "Players", str(self.players))]
        for seat in range(self.players):
            level = self.seats[seat]
            real = plays_as(level, rules, self.players)
            if level == "human":
                value = level
            elif real != level:  # set-up offers only what will happen
                value = "%s=%s" % (level, real)
            else:
                value = "cpu " + level
            out.append((R_SEAT, seat, "Seat %d" % (seat + 1), value))
        out.append((R_RULES, 0, "Rules", rules.name))
        offered = self.offers()
        if "target" not in [f for f, _, _ in offered]:
            out.append((R_OPTION, -1, "Target", str(rules.target)))  # fixed by the preset
        for i in range(len(offered)):
            field, label, _ = offered[i]
            out.append((R_OPTION, i, label, show(getattr(rules, field))))
        out.append((R_SOUND, 0, "Sound", "off" if self.mute else "on"))
        solved = head_start(rules, self.players)
        if solved:
            out.append((R_FAIR, 0, "Fair start", "2nd +%d" % solved[0] if self.fair else "off"))
        if self.players == 2:
            out.append((R_METER, 0, "Win meter", "on" if self.meter else "off"))
        out.append((R_START, 0, "Start game", ""))
        return out

    def change(self, row, step):
        """Move the value of ``row`` (from ``rows()``) by ``step`` (+1 or -1), wrapping.
        Returns False for rows without a value (Start) and fixed values."""
        kind, index = row[0], row[1]
        if kind == R_PLAYERS:
            self.players = 2 + (self.players - 2 + step) % 7
        elif kind == R_SEAT:
            self.seats[index] = LEVELS[(LEVELS.index(self.seats[index]) + step) % len(LEVELS)]
        elif kind == R_RULES:
            self.preset = (self.preset + step) % len(NAMES)
            self.options = {}
        elif kind == R_OPTION:
            if index < 0:
                return False
            field, _, values = self.offers()[index]
            current = getattr(self.rules(), field)
            at = values.index(current) if current in values else 0
            self.options[field] = values[(at + step) % len(values)]
        elif kind == R_SOUND:
            self.mute = not self.mute
        elif kind == R_FAIR:
            self.fair = not self.fair
        elif kind == R_METER:
            self.meter = not self.meter
        else:
            return False
        return True

    def description(self):
        return preset(NAMES[self.preset]).description
