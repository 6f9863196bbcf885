"""farkle.rules: one value that holds every house rule.

Everything a house can disagree about is a field here, so a rule variant is data, not code:
the scorer derives its tables from these fields and the game reads the play options.
A ``Rules`` is checked when it is made; a bad one raises ``RulesError`` naming the field.
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
        self._check()

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

    def _check(self):
        for key, _, kind in FIELDS:
            value = getattr(self, key)
            if kind == "bool":
                if value is not True and value is not False:
                    raise RulesError("%s must be true or false, not %r" % (key, value))
            elif kind == "int":
                if type(value) is not int:
                    raise RulesError("%s must be a whole number, not %r" % (key, value))
                if value < 0:
                    raise RulesError("%s must not be negative (got %d)" % (key, value))
                if value > MAX_POINTS:
                    raise RulesError("%s is too large (at most %d)" % (key, MAX_POINTS))
            elif value not in kind:
                raise RulesError("%s must be one of %s, not %r" % (key, ", ".join(kind), value))
        if self.dice not in (5, 6):
            raise RulesError("dice must be 5 or 6 (got %d)" % self.dice)
        if self.dice == 5:
            for key in SIX_DICE_ONLY:
                if getattr(self, key):
                    label = key.replace("_", " ")
                    raise RulesError("%s needs six dice: set %s to 0 with 5 dice" % (label, key))
        if self.target == 0:
            raise RulesError("target must be above 0")
        if self.opening > self.target:
            raise RulesError("opening minimum (%d) is above the target (%d)" % (self.opening, self.target))
        if self.min_bank > self.target:
            raise RulesError("minimum bank (%d) is above the target (%d)" % (self.min_bank, self.target))
        if self.four_pair_is_pairs and not self.three_pairs:
            raise RulesError("four_pair_is_pairs needs three_pairs above 0")
        if self.full_house_bonus and not self.full_house:
            raise RulesError("full_house_bonus needs a full_house bonus above 0")
        if self.kinds in ("fixed", "times"):
            for count in (4, 5, 6):
                if self.kinds == "times" and getattr(self, "kind%d" % count) > 64:
                    raise RulesError("kind%d is a multiple of the triple: at most 64" % count)
        if not (self.single1 or self.single5 or self.triple1 or self.triple_n):
            raise RulesError("nothing scores: singles and triples are all 0")
        # a bank minimum a turn seldom makes, or a penalty that outweighs what banks bring in,
        # leaves a game that need never end: bounds in units of a single 1 (or a tenth of three 1s)
        unit = max(self.single1, self.single5, self.triple_n, self.triple1 // 10)
        for key, most in (("opening", 25 * unit), ("min_bank", 25 * unit if not self.penalty else 5 * unit),
                          ("penalty", min(self.target // 4, 25 * unit))):
            if getattr(self, key) > most:
                raise RulesError("%s must be at most %d with these points and target%s, or a game "
                                 "might never end" % (key, most, " and a penalty" if key == "min_bank" else ""))
        if self.exact_target or not (self.single1 and self.single5):
            from farkle.rare_rules import check  # rare rules: the module costs no heap otherwise

            check(self)
