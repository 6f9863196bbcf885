"""Rules as data: validation with clear errors, the presets exactly as the README's table, replace()."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from farkle.presets import DEFAULT, NAMES, PRESETS, preset, preset_index
from farkle.rules import FIELD_NAMES, PLAY_FIELDS, Rules, RulesError
from farkle.scorer import Scorer

# ----- validation: every bad value is refused, naming the field and the problem -----

BAD = [
    (dict(opening=20000), "opening minimum (20000) is above the target (10000)"),
    (dict(opening=600, target=500), "opening minimum (600) is above the target (500)"),
    (dict(min_bank=20000), "minimum bank (20000) is above the target (10000)"),
    (dict(dice=5, straight=0), "three pairs needs six dice: set three_pairs to 0 with 5 dice"),
    (dict(dice=5), "straight needs six dice: set straight to 0 with 5 dice"),
    (dict(dice=5, straight=0, three_pairs=0, four_and_pair=1500),
     "four and pair needs six dice: set four_and_pair to 0 with 5 dice"),
    (dict(dice=5, straight=0, three_pairs=0, two_triplets=2500),
     "two triplets needs six dice: set two_triplets to 0 with 5 dice"),
    (dict(dice=4), "dice must be 5 or 6 (got 4)"),
    (dict(dice=7), "dice must be 5 or 6 (got 7)"),
    (dict(single1=-1), "single1 must not be negative (got -1)"),
    (dict(penalty=-500), "penalty must not be negative (got -500)"),
    (dict(opening=-1), "opening must not be negative (got -1)"),
    (dict(target=-10000), "target must not be negative (got -10000)"),
    (dict(target=0), "target must be above 0"),
    (dict(target=10 ** 7), "target is too large (at most 1000000)"),
    (dict(tie="coin"), "tie must be one of first, roll_on, draw, rolloff, not 'coin'"),
    (dict(kinds="triple"), "kinds must be one of fixed, times, double, add, not 'triple'"),
    (dict(final_round=1), "final_round must be true or false, not 1"),
    (dict(piggyback="yes"), "piggyback must be true or false, not 'yes'"),
    (dict(target=10000.0), "target must be a whole number, not 10000.0"),
    (dict(target="10000"), "target must be a whole number, not '10000'"),
    (dict(target=True), "target must be a whole number, not True"),
    (dict(foo=1), "unknown rule: foo"),
    (dict(three_pairs=0, four_pair_is_pairs=True), "four_pair_is_pairs needs three_pairs above 0"),
    (dict(full_house_bonus=True), "full_house_bonus needs a full_house bonus above 0"),
    (dict(kinds="times", kind4=2, kind5=100, kind6=4), "kind5 is a multiple of the triple: at most 64"),
    (dict(single1=0, single5=0, triple1=0, triple_n=0), "nothing scores: singles and triples are all 0"),
]


@pytest.mark.parametrize("fields, message", BAD, ids=[m for _, m in BAD])
def test_a_bad_rule_is_refused_with_a_specific_reason(fields, message):
    with pytest.raises(RulesError) as error:
        Rules(**fields)
    assert str(error.value) == message
    assert isinstance(error.value, ValueError)


def test_five_dice_without_the_six_dice_combinations_is_fine():
    rules = Rules(dice=5, straight=0, three_pairs=0)
    assert rules.dice == 5
    assert Rules(dice=5, straight=0, three_pairs=0, straight_low=1000, full_house=1000).full_house == 1000


def test_opening_equal_to_the_target_is_allowed():
    assert Rules(opening=2000, target=2000).opening == 2000


def test_unknown_preset_names_the_known_ones():
    with pytest.raises(RulesError, match=r"unknown rules preset 'nope' \(known: classic, scorecard, duel, doubling, farkel\)"):
        preset("nope")


def test_preset_overrides_are_validated():
    with pytest.raises(RulesError, match=r"opening minimum \(20000\) is above the target"):
        preset("classic", opening=20000)
    with pytest.raises(RulesError, match="three pairs needs six dice"):
        preset("scorecard", dice=5, straight=0)


def test_an_unknown_override_is_a_rules_error():
    # replace() used to look the field up first and crash with AttributeError
    with pytest.raises(RulesError, match="unknown rule: bogus"):
        preset("classic", bogus=1)
    with pytest.raises(RulesError, match="unknown rule: nmae"):
        preset("classic").replace(nmae="x")


# ----- the presets, field by field, as the README's table (written out again here) -----

# scoring per preset: the points of a typical roll of each combination, "-" = the combination
# does not exist (those dice score only as their parts)
TABLE = {
    #            3x1   3n    4/5/6 of a kind (for 3s)   straight small 3pairs 4+2=3p  4+2   2x3   full   open  min  target  tie         pig    penalty offers
    "classic":   (1000, 100, ("set", 1000, 2000, 3000), 1500, "-", 1500, False, 1500, 2500, "-", 500, 0, 10000, "first", False, (500, 1000)),
    "scorecard": (1000, 100, ("set", 1000, 2000, 3000), 1500, "-", 1500, False, "-", "-", "-", 500, 0, 10000, "roll_on", False, (1000,)),
    "duel":      (1000, 100, ("x", 2, 3, 4), 1500, "-", 1500, True, "-", "-", "-", 0, 0, 10000, "draw", False, ()),
    "doubling":  (1000, 100, ("x", 2, 4, 8), 1500, "-", 1500, False, "-", 2500, "-", 1000, 350, 10000, "draw", False, ()),
    "farkel":    (1000, 100, ("x", 2, 4, 8), 2000, 1000, 2500, False, "-", 3500, 1000, 500, 0, 10000, "first", True, ()),
}
TARGETS_OFFERED = {"duel": (5000, 15000), "farkel": (50000,)}


def _kind_points(spec, face, n):
    three = 1000 if face == 1 else 100 * face
    if spec[0] == "set":
        return spec[n - 3]
    return three * spec[n - 3]


@pytest.mark.parametrize("name", NAMES)
def test_preset_matches_the_issue_table(name):
    (t1, tn, kinds, straight, small, pairs, four_pair_pairs, four_pair, triplets, full,
     opening, min_bank, target, tie, piggyback, penalties) = TABLE[name]
    rules = preset(name)
    s = Scorer(rules)
    # singles everywhere
    assert s.score([1]) == 100 and s.score([5]) == 50
    # three of a kind
    assert s.score([1, 1, 1]) == t1
    for face in (2, 3, 4, 5, 6):
        assert s.score([face] * 3) == face * tn
    # 4, 5, 6 of a kind, for faces that have no singles to add (for 1s and 5s a triple plus
    # singles may be worth more and wins)
    for face in (2, 3, 4, 6):
        for n in (4, 5, 6):
            assert s.score([face] * n) == _kind_points(kinds, face, n), (face, n)
    for face in (1, 5):
        for n in (4, 5, 6):
            single = 100 if face == 1 else 50
            triple = 1000 if face == 1 else 500
            as_parts = triple + single * (n - 3)
            assert s.score([face] * n) == max(_kind_points(kinds, face, n), as_parts)
    # straight 1-6 and the small straights
    assert s.score([1, 2, 3, 4, 5, 6]) == straight
    assert s.score([1, 2, 3, 4, 5]) == (0 if small == "-" else small)
    assert s.score([2, 3, 4, 5, 6]) == (0 if small == "-" else small)
    # three pairs
    assert s.score([2, 2, 4, 4, 6, 6]) == pairs
    # four of a kind + a pair: its own combination, or three pairs, or only parts
    # (four 3s and two 2s: the 2s do not score as parts)
    if four_pair != "-":
        expected = four_pair
    elif four_pair_pairs:
        expected = pairs
    else:
        expected = 0
    assert s.score([3, 3, 3, 3, 2, 2]) == expected
    # two triplets (2s and 3s as parts would be 500)
    assert s.score([2, 2, 2, 3, 3, 3]) == (500 if triplets == "-" else triplets)
    # full house (three 2s and two 3s: no parts score for the 3s)
    assert s.score([2, 2, 2, 3, 3]) == (0 if full == "-" else full)
    # play options, by their stable names
    assert rules.dice == 6
    assert rules.opening == opening
    assert rules.min_bank == min_bank
    assert rules.target == target
    assert rules.final_round is True
    assert rules.tie == tie
    assert rules.piggyback is piggyback
    assert rules.penalty == 0
    assert rules.exact_target is False
    # the options the documents offer
    for amount in penalties:
        assert rules.replace(penalty=amount).name == name
    for other in TARGETS_OFFERED.get(name, ()):
        assert rules.replace(target=other).name == name
    assert rules.replace(target=12345).name == "custom"


def test_preset_names_descriptions_and_default():
    assert NAMES == ("classic", "scorecard", "duel", "doubling", "farkel")
    assert DEFAULT == "classic"
    assert preset() == preset("classic")
    for name, description, _, _ in PRESETS:
        assert preset(name).name == name
        assert preset(name).description == description
        assert 10 < len(description) <= 120 and "\n" not in description
        assert preset_index(name) == NAMES.index(name)
    assert preset_index("custom") == -1
    assert len(set(preset(n) for n in NAMES)) == 5  # five different rule sets


def test_play_field_names_are_the_stable_json_names():
    assert PLAY_FIELDS == ("dice", "target", "opening", "min_bank", "final_round", "tie", "penalty",
                           "piggyback", "exact_target")
    assert set(PLAY_FIELDS) <= set(FIELD_NAMES)
    assert set(preset("classic").as_dict()) == set(FIELD_NAMES)


# ----- replace() -----


def test_replace_makes_a_changed_copy_and_leaves_the_original():
    classic = preset("classic")
    changed = classic.replace(penalty=500)
    assert changed.penalty == 500 and classic.penalty == 0
    assert changed is not classic
    assert changed.as_dict() == dict(classic.as_dict(), penalty=500)


def test_replace_keeps_the_preset_name_only_for_offered_options():
    classic = preset("classic")
    assert classic.replace(penalty=1000).name == "classic"
    assert classic.replace(penalty=1000).description == classic.description
    assert classic.replace(final_round=False).name == "classic"
    assert classic.replace(penalty=1000, opening=1000).name == "classic"
    assert classic.replace().name == "classic"
    assert classic.replace(opening=500).name == "classic"  # unchanged value
    custom = classic.replace(penalty=300)
    assert custom.name == "custom" and custom.description == ""
    assert classic.replace(penalty=500, straight=2500).name == "custom"  # one unoffered change
    assert preset("duel").replace(target=5000).name == "duel"
    assert preset("duel").replace(penalty=500).name == "custom"
    assert preset("farkel").replace(target=50000).name == "farkel"


def test_replace_is_validated():
    with pytest.raises(RulesError, match="opening minimum"):
        preset("classic").replace(target=400)
    with pytest.raises(RulesError, match="tie must be one of"):
        preset("classic").replace(tie="coin")


def test_rules_compare_by_value():
    assert Rules(**preset("duel").as_dict()) == preset("duel")
    assert hash(Rules(**preset("duel").as_dict())) == hash(preset("duel"))
    assert preset("duel") != preset("doubling")
    assert preset("classic").replace(penalty=300).replace(penalty=0) == preset("classic")
    assert Rules().as_tuple() == tuple(Rules().as_dict()[k] for k in FIELD_NAMES)


def test_exact_target_must_be_reachable_by_a_single_die():
    with pytest.raises(RulesError, match="target must be a multiple of 50"):
        preset("classic", exact_target=True, target=10020)
    with pytest.raises(RulesError, match=r"min_bank \(350\) must be at most 50"):
        preset("doubling", exact_target=True)
    with pytest.raises(RulesError, match="needs a single 1 or 5 that scores"):
        preset("classic", exact_target=True, single1=0, single5=0)
    assert preset("classic", exact_target=True).exact_target is True


def _fnv1a(text):
    h = 2166136261
    for byte in text.encode():
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h


@pytest.mark.parametrize("name", NAMES)
def test_a_fingerprint_is_the_fnv1a_hash_of_the_fields_written_out(name):
    rules = preset(name)
    text = ",".join(str(getattr(rules, field)) for field in FIELD_NAMES)
    assert rules.fingerprint() == _fnv1a(text)
    assert rules.fingerprint(PLAY_FIELDS) == _fnv1a(",".join(str(getattr(rules, f)) for f in PLAY_FIELDS))


class _Fields:
    """Any values under field names, for ``Rules.fingerprint`` to write out."""


@given(st.lists(st.integers(0, 10 ** 6), max_size=40))
def test_the_fingerprints_halves_agree_with_the_whole_hash_on_any_values(values):
    fields = _Fields()
    for i, value in enumerate(values):
        setattr(fields, "f%d" % i, value)
    names = ["f%d" % i for i in range(len(values))]
    assert Rules.fingerprint(fields, names) == _fnv1a(",".join(str(v) for v in values))
