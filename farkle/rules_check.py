"""farkle.rules_check: whether a ``Rules`` value can be played, or the reason it cannot.

Apart from ``farkle.rules`` because rules are made only in the set-up menu and when a save
is read: a board forgets this module then, and a game in play carries none of it.
"""

from farkle.rules import FIELDS, MAX_POINTS, SIX_DICE_ONLY, RulesError


def check(rules):
    """Raise ``RulesError`` naming the field when ``rules`` cannot be played."""
    for key, _, kind in FIELDS:
        value = getattr(rules, key)
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
    if rules.dice not in (5, 6):
        raise RulesError("dice must be 5 or 6 (got %d)" % rules.dice)
    if rules.dice == 5:
        for key in SIX_DICE_ONLY:
            if getattr(rules, key):
                label = key.replace("_", " ")
                raise RulesError("%s needs six dice: set %s to 0 with 5 dice" % (label, key))
    if rules.target == 0:
        raise RulesError("target must be above 0")
    if rules.opening > rules.target:
        raise RulesError("opening minimum (%d) is above the target (%d)" % (rules.opening, rules.target))
    if rules.min_bank > rules.target:
        raise RulesError("minimum bank (%d) is above the target (%d)" % (rules.min_bank, rules.target))
    if rules.four_pair_is_pairs and not rules.three_pairs:
        raise RulesError("four_pair_is_pairs needs three_pairs above 0")
    if rules.full_house_bonus and not rules.full_house:
        raise RulesError("full_house_bonus needs a full_house bonus above 0")
    if rules.kinds in ("fixed", "times"):
        for count in (4, 5, 6):
            if rules.kinds == "times" and getattr(rules, "kind%d" % count) > 64:
                raise RulesError("kind%d is a multiple of the triple: at most 64" % count)
    if not (rules.single1 or rules.single5 or rules.triple1 or rules.triple_n):
        raise RulesError("nothing scores: singles and triples are all 0")
    # a bank minimum a turn seldom makes, or a penalty that outweighs what banks bring in,
    # leaves a game that need never end: bounds in units of a single 1 (or a tenth of three 1s)
    unit = max(rules.single1, rules.single5, rules.triple_n, rules.triple1 // 10)
    for key, most in (("opening", 25 * unit), ("min_bank", 25 * unit if not rules.penalty else 5 * unit),
                      ("penalty", min(rules.target // 4, 25 * unit))):
        if getattr(rules, key) > most:
            raise RulesError("%s must be at most %d with these points and target%s, or a game "
                             "might never end" % (key, most, " and a penalty" if key == "min_bank" else ""))
    if rules.exact_target or not (rules.single1 and rules.single5):
        from farkle.rare_rules import check as check_rare  # the module costs no heap otherwise

        check_rare(rules)
