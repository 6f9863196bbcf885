"""farkle.rules: one value that holds every house rule.

Everything a house can disagree about is a field here, so a rule variant is data, not code:
the scorer derives its tables from these fields and the game reads the play options.
A ``Rules`` is checked when it is made (``farkle.rules_check``); a bad one raises
``RulesError`` naming the field.
"""

# Ways four, five and six of a kind can score.
KIND_MODES = ("fixed", "times", "double", "add")
# How a tie with the leader at the end of the final round is settled.
TIE_RULES = ("first", "roll_on", "draw", "rolloff")

# (name, default, kind). kind: "int" (>= 0), "bool", or a tuple of allowed strings.
# The order is part of the save format: add new fields at the end only.
FIELDS = (
    # scoring
    ("single1", 100, "int"),
    ("single5", 50, "int"),
    ("triple1", 1000, "int"),
    ("triple_n", 100, "int"),  # three n = n x triple_n (n = 2..6)
    ("kinds", "fixed", KIND_MODES),
    ("kind4", 1000, "int"),  # fixed: points; times: multiple of the triple
    ("kind5", 2000, "int"),
    ("kind6", 3000, "int"),
    ("straight", 1500, "int"),  # 1-2-3-4-5-6
    ("straight_low", 0, "int"),  # 1-2-3-4-5
    ("straight_high", 0, "int"),  # 2-3-4-5-6
    ("three_pairs", 1500, "int"),
    ("four_pair_is_pairs", False, "bool"),  # four of a kind + a pair counts as three pairs
    ("four_and_pair", 0, "int"),
    ("two_triplets", 0, "int"),
    ("full_house", 0, "int"),
    ("full_house_bonus", False, "bool"),  # full house = the triple + full_house points
    # play
    ("dice", 6, "int"),
    ("target", 10000, "int"),
    ("opening", 500, "int"),
    ("min_bank", 0, "int"),
    ("final_round", True, "bool"),
    ("tie", "first", TIE_RULES),
    ("penalty", 0, "int"),
    ("piggyback", False, "bool"),
    ("exact_target", False, "bool"),
)
FIELD_NAMES = tuple(f[0] for f in FIELDS)
PLAY_FIELDS = FIELD_NAMES[FIELD_NAMES.index("dice"):]
SIX_DICE_ONLY = ("straight", "three_pairs", "four_and_pair", "two_triplets")
MAX_POINTS = 1000000


class RulesError(ValueError):
    """A rules value that cannot be played, with the reason."""


class Rules:
    """A set of house rules; treat it as immutable (``replace`` makes a changed copy).

    >>> Rules(opening=0).opening
    0
    """

    def __init__(self, name="custom", description="", offers=None, **fields):
        for key in fields:
            if key not in FIELD_NAMES:
                raise RulesError("unknown rule: " + str(key))
        for key, default, _ in FIELDS:
            setattr(self, key, fields.get(key, default))
        self.name = name
        self.description = description
        self.offers = offers or {}  # field -> values the set-up menu offers
        from farkle.rules_check import check  # its own module: a board forgets it once set up

        check(self)

    def replace(self, **changes):
        """A copy with some fields changed (keeps the preset's name while the
        changes are among the options it offers), validated."""
        for key in changes:
            if key not in FIELD_NAMES:
                raise RulesError("unknown rule: " + str(key))
        values = self.as_dict()
        values.update(changes)
        offered = all(v in self.offers.get(k, (getattr(self, k),)) for k, v in changes.items())
        name = self.name if offered else "custom"
        return Rules(name, self.description if offered else "", self.offers if offered else None, **values)

    def as_dict(self):
        return {key: getattr(self, key) for key in FIELD_NAMES}

    def as_tuple(self):
        return tuple(getattr(self, key) for key in FIELD_NAMES)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.as_tuple() == other.as_tuple()

    def __hash__(self):
        return hash(self.as_tuple())

    def __repr__(self):
        return "Rules(%r)" % self.name

    def fingerprint(self, names=FIELD_NAMES):
        """32-bit FNV-1a of the fields ``names`` written out, the same on every interpreter:
        a solved file is used only for exactly the rules it was made for. Worked in 16-bit
        halves (16777619 = 2**24 + 403): the whole hash would be a board's long int, one
        made per character."""
        text = ",".join([str(getattr(self, name)) for name in names])
        hi, lo = 0x811C, 0x9DC5  # 2166136261, FNV's offset basis
        for byte in text.encode():
            lo ^= byte
            low = lo * 403
            hi = (hi * 403 + (low >> 16) + ((lo & 0xFF) << 8)) & 0xFFFF
            lo = low & 0xFFFF
        return (hi << 16) | lo

    def triple(self, face):
        """Points for three dice showing ``face``."""
        return self.triple1 if face == 1 else face * self.triple_n

    def kind(self, face, count):
        """Points for ``count`` (3 to 6) dice showing ``face``; 0 where that set is off."""
        three = self.triple(face)
        if count == 3:
            return three
        mode = self.kinds
        if mode == "fixed":
            return getattr(self, "kind%d" % count)
        if mode == "times":
            return three * getattr(self, "kind%d" % count)
        if mode == "double":
            return three << (count - 3)
        return three * (count - 2)  # "add": the triple's value again per extra die
