"""host-only: an independent brute-force Farkle scorer, the yardstick for farkle/scorer.py.

Written from the rules text (the README and the seed documents), not from farkle/scorer.py: a
selection of dice scores the maximum, over every way of splitting it into scoring combinations,
of the sum of the combinations' points; 0 when some die is left over. Combinations:

* a single 1 or a single 5;
* n of a kind, n = 3..6 (three 1s / three n; 4-6 of a kind by the rules' ``kinds`` mode);
* the straight 1-6; the small straights 1-5 and 2-6;
* three pairs (three different faces twice each), optionally a four of a kind plus a pair of
  another face counted as three pairs; never six of a kind;
* four of a kind plus a pair (another face) as its own combination;
* two triplets (two different faces three times each);
* a full house (three of one face, two of another): fixed points, or the triple plus a bonus.

A combination worth 0 points does not exist. The search reads only ``Rules`` fields (never its
helper methods) and is a plain recursion: the die with the lowest face must belong to some
combination, so try each combination containing it and recurse on what is left.
"""

FACES = (1, 2, 3, 4, 5, 6)


def counts_of(dice):
    """Dice as a tuple of 6 counts (index 0 = face 1)."""
    c = [0] * 6
    for d in dice:
        c[d - 1] += 1
    return tuple(c)


def dice_of(counts):
    out = []
    for i, n in enumerate(counts):
        out.extend([i + 1] * n)
    return out


def _vec(pairs):
    c = [0] * 6
    for face, n in pairs:
        c[face - 1] += n
    return tuple(c)


def triple_points(rules, face):
    return rules.triple1 if face == 1 else face * rules.triple_n


def kind_points(rules, face, n):
    """Points of n (3..6) dice of one face, written from the table's wording."""
    three = triple_points(rules, face)
    if n == 3:
        return three
    mode = rules.kinds
    if mode == "fixed":  # set values
        return {4: rules.kind4, 5: rules.kind5, 6: rules.kind6}[n]
    if mode == "times":  # 2x / 3x / 4x the triple
        return three * {4: rules.kind4, 5: rules.kind5, 6: rules.kind6}[n]
    if mode == "double":  # each die past three doubles
        return three * 2 ** (n - 3)
    if mode == "add":  # the triple's value again per extra die
        return three + three * (n - 3)
    raise AssertionError("unknown kinds mode %r" % mode)


def combinations(rules):
    """Every scoring combination under ``rules`` as (counts, points, name), points > 0."""
    out = []

    def add(pairs, points, name):
        if points > 0 and sum(n for _, n in pairs) <= rules.dice:
            out.append((_vec(pairs), points, name))

    add([(1, 1)], rules.single1, "single 1")
    add([(5, 1)], rules.single5, "single 5")
    for face in FACES:
        for n in range(3, 7):
            add([(face, n)], kind_points(rules, face, n), "%d x %d" % (n, face))
    add([(f, 1) for f in FACES], rules.straight, "straight")
    add([(f, 1) for f in (1, 2, 3, 4, 5)], rules.straight_low, "straight 1-5")
    add([(f, 1) for f in (2, 3, 4, 5, 6)], rules.straight_high, "straight 2-6")
    for a in FACES:
        for b in FACES:
            for c in FACES:
                if a < b < c:
                    add([(a, 2), (b, 2), (c, 2)], rules.three_pairs, "three pairs")
    for a in FACES:
        for b in FACES:
            if a == b:
                continue
            if rules.four_pair_is_pairs:
                add([(a, 4), (b, 2)], rules.three_pairs, "four + pair as three pairs")
            add([(a, 4), (b, 2)], rules.four_and_pair, "four + pair")
            if a < b:
                add([(a, 3), (b, 3)], rules.two_triplets, "two triplets")
            if rules.full_house:
                points = rules.full_house
                if rules.full_house_bonus:
                    points += triple_points(rules, a)
                add([(a, 3), (b, 2)], points, "full house")
    return out


class BruteScorer:
    """Max over all partitions into combinations; memoised per counts vector."""

    def __init__(self, rules, memo=True):
        self.rules = rules
        self.combos = combinations(rules)
        # combinations by the lowest face they use
        self.by_low = [[] for _ in FACES]
        for vec, points, name in self.combos:
            low = min(i for i in range(6) if vec[i])
            self.by_low[low].append((vec, points))
        self.memo = {} if memo else None

    def score_counts(self, counts):
        if self.memo is not None and counts in self.memo:
            return self.memo[counts]
        result = self._search(counts)
        if self.memo is not None:
            self.memo[counts] = result
        return result

    def _search(self, counts):
        """Best total for using every die in ``counts``; -1 if impossible; 0 for no dice."""
        low = 0
        while low < 6 and not counts[low]:
            low += 1
        if low == 6:
            return 0
        best = -1
        for vec, points in self.by_low[low]:
            rest = tuple(counts[i] - vec[i] for i in range(6))
            if min(rest) < 0:
                continue
            sub = self.score_counts(rest) if self.memo is not None else self._search(rest)
            if sub >= 0 and sub + points > best:
                best = sub + points
        return best

    def score(self, dice):
        """Points of setting aside exactly ``dice``: 0 if they cannot all be used."""
        if not dice:
            return 0
        s = self.score_counts(counts_of(dice))
        return s if s > 0 else 0

    def keeps(self, dice):
        """Every legal keep of a roll once per multiset: {sorted faces tuple: points}."""
        out = {}
        for sub in sub_multisets(counts_of(dice)):
            if any(sub):
                points = self.score(dice_of(sub))
                if points:
                    out[tuple(dice_of(sub))] = points
        return out

    def best(self, dice):
        """(points, fewest dice) of the best keep, and every keep that achieves it."""
        keeps = self.keeps(dice)
        if not keeps:
            return 0, []
        top = max(keeps.values())
        fewest = min(len(k) for k, p in keeps.items() if p == top)
        return top, sorted(k for k, p in keeps.items() if p == top and len(k) == fewest)


def sub_multisets(counts):
    """Every sub-multiset of a counts vector (including the empty one)."""
    subs = [()]
    for n in counts:
        subs = [s + (k,) for s in subs for k in range(n + 1)]
    return subs


def multisets(n_min, n_max):
    """Every sorted multiset of n_min..n_max dice, as lists of faces."""
    out = []

    def rec(prefix, low, left):
        if n_min <= len(prefix):
            out.append(list(prefix))
        if left == 0:
            return
        for f in range(low, 7):
            rec(prefix + [f], f, left - 1)

    rec([], 1, n_max)
    return [m for m in out if len(m) >= max(n_min, 1)]
