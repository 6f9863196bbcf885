"""host-only: hypothesis strategies for the engine tests: random valid custom rules."""
from hypothesis import strategies as st

from farkle.presets import NAMES, preset
from farkle.rules import KIND_MODES, TIE_RULES, Rules, RulesError

POINTS = st.one_of(
    st.just(0),
    st.sampled_from([50, 100, 150, 200, 250, 300, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000]),
    st.integers(0, 5000),
)


@st.composite
def scoring_fields(draw, dice=None):
    """Random scoring fields that make a valid ``Rules`` with ``dice`` (5 or 6) dice."""
    dice = dice or draw(st.sampled_from([5, 6]))
    f = {"dice": dice}
    f["single1"] = draw(POINTS)
    f["single5"] = draw(POINTS)
    f["triple1"] = draw(POINTS)
    f["triple_n"] = draw(st.one_of(st.just(100), st.integers(0, 1000)))
    f["kinds"] = kinds = draw(st.sampled_from(KIND_MODES))
    for key in ("kind4", "kind5", "kind6"):
        f[key] = draw(st.integers(0, 64)) if kinds == "times" else draw(POINTS)
    six = dice == 6
    for key in ("straight", "three_pairs", "four_and_pair", "two_triplets"):
        f[key] = draw(POINTS) if six else 0
    for key in ("straight_low", "straight_high", "full_house"):
        f[key] = draw(POINTS)
    f["four_pair_is_pairs"] = draw(st.booleans()) if f["three_pairs"] else False
    f["full_house_bonus"] = draw(st.booleans()) if f["full_house"] else False
    if not (f["single1"] or f["single5"] or f["triple1"] or f["triple_n"]):
        f["single1"] = 100
    return f


@st.composite
def play_fields(draw):
    target = draw(st.one_of(st.sampled_from([500, 1000, 2000, 3000, 10000]), st.integers(1, 20000)))
    return {
        "target": target,
        "opening": draw(st.one_of(st.just(0), st.sampled_from([50, 300, 500, 1000]), st.integers(0, target))
                        .filter(lambda v: v <= target)),
        "min_bank": draw(st.one_of(st.just(0), st.sampled_from([100, 350]), st.integers(0, target))
                         .filter(lambda v: v <= target)),
        "final_round": draw(st.booleans()),
        "tie": draw(st.sampled_from(TIE_RULES)),
        "penalty": draw(st.sampled_from([0, 0, 500, 1000, 50])),
        "piggyback": draw(st.booleans()),
        "exact_target": draw(st.booleans()),
    }


@st.composite
def custom_rules(draw, dice=None):
    """A random valid custom ``Rules`` (every field random)."""
    fields = draw(scoring_fields(dice))
    fields.update(draw(play_fields()))
    return _valid(Rules, fields)


def _valid(make, fields):
    """``make(**fields)``, mended until the rules accept it: an exact target that cannot be
    reached exactly is switched off, then a penalty, then bank minimums that could stop a game
    (and without singles, when no roll of every die scores, a single 1 is worth 100)."""
    first = {}
    if "single1" in fields and not (fields["single1"] or fields["single5"]):
        first = {"single1": 100}
    for mend in ({}, first, {"exact_target": False}, {"penalty": 0}, {"opening": 0, "min_bank": 0}):
        fields.update(mend)
        try:
            return make(**fields)
        except RulesError:
            if "opening" in mend:
                raise


@st.composite
def any_rules(draw):
    """A preset (possibly with play options changed) or random custom rules."""
    kind = draw(st.sampled_from(["preset", "preset+", "custom"]))
    if kind == "preset":
        return preset(draw(st.sampled_from(NAMES)))
    if kind == "preset+":
        base = preset(draw(st.sampled_from(NAMES)))
        return _valid(base.replace, draw(play_fields()))
    return draw(custom_rules())
