# farkle.rare_rules: the checks only unusual rules need (an exact target, a single 1 or 5
# that scores nothing), kept out of farkle.rules_check so the usual rules cost the board no heap
# for them. Each refuses a rules value with which a game might never end.

from farkle.rules import FIELDS, MAX_POINTS, RulesError
from farkle.scorer import ONE, Scorer


def check(rules):
    if rules.exact_target:
        _exact_target(rules)
    if not (rules.single1 or rules.single5):
        # without singles, a turn carries on only through hot dice: without them the most a
        # turn can make is a few sets, and an opening above that could never be banked
        rolls, scorer = [0], Scorer(rules)
        for _ in range(rules.dice):
            rolls = set(k + ONE[f] for k in rolls for f in range(1, 7))
        if not [k for k in rolls if scorer.score_key(k)]:
            raise RulesError("with single 1s and 5s at 0, some roll of all %d dice must score, or "
                             "a turn could never carry on past a few sets" % rules.dice)


def _exact_target(rules):
    # a player a single die short of the target must be able to bank exactly that, so every
    # score stays on the grid of the smallest single and a bank of one single is allowed
    unit = min(v for v in (rules.single1, rules.single5, MAX_POINTS + 1) if v)
    if unit > MAX_POINTS:
        raise RulesError("exact target needs a single 1 or 5 that scores")
    names = [f[0] for f in FIELDS if f[2] == "int" and f[0] not in ("dice", "opening", "min_bank")]
    for key in names:
        if key[:4] == "kind" and rules.kinds != "fixed":
            continue  # multiples of the triple, which is checked
        if getattr(rules, key) % unit:
            raise RulesError("with an exact target, %s must be a multiple of %d (a single), or a "
                             "score could end where no bank lands exactly on the target" % (key, unit))
    if rules.min_bank > unit:
        raise RulesError(
            "with an exact target, min_bank (%d) must be at most %d, or a player just short "
            "of the target could never bank" % (rules.min_bank, unit))
    if rules.final_round and rules.tie == "roll_on":
        raise RulesError("with an exact target nobody can pass the first to reach it, so tie "
                         "roll_on (a tie may not be banked) would leave the others no way to win")
