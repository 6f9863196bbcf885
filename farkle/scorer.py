"""farkle.scorer: table-driven scoring of dice selections.

At game start the rules are turned into a small table, so scoring is a handful of look-ups:
``face[f][c]``, the best points for ``c`` dice all showing ``f``, counted as singles and
n-of-a-kind sets (-1 where some of them cannot score). The whole-roll combinations
(straights, three pairs, two triplets, four of a kind + a pair, full house) are read off the
shape of five or six dice's counts, each worth what the rules say.

A selection scores either as the sum of its faces, or as one pattern plus (with six dice in
a five-dice pattern) one single die. Counts are packed three bits per face in one small int.
"""

SHIFT = (0, 0, 3, 6, 9, 12, 15)  # bit offset of each face's count; index 0 unused
ONE = (0, 1, 8, 64, 512, 4096, 32768)  # one die of each face, packed


def pack(dice):
    """The packed face counts of an iterable of faces."""
    key = 0
    for face in dice:
        key += ONE[face]
    return key


def unpack(key):
    """Sorted faces of a packed key."""
    out = []
    face = 1
    while key:
        c = key & 7
        if c:
            out.extend([face] * c)
        key >>= 3
        face += 1
    return out


def count(key, face):
    return (key >> SHIFT[face]) & 7


def contains(key, sub):
    """True when the packed ``sub`` is part of the packed ``key`` (no face more often)."""
    for shift in SHIFT[1:]:
        if (sub >> shift) & 7 > (key >> shift) & 7:
            return False
    return True


def size(key):
    n = 0
    while key:
        n += key & 7
        key >>= 3
    return n


class Scorer:
    """Scores selections and lists keeps under one set of rules.

    >>> from farkle.presets import preset
    >>> s = Scorer(preset("classic"))
    >>> s.score([1, 1, 1, 5])
    1050
    >>> s.score([2, 5])
    0
    """

    def __init__(self, rules):
        self.rules = rules
        self.singles = (0, rules.single1, 0, 0, 0, rules.single5, 0)
        self.face = [self._face_row(rules, f) for f in range(7)]
        # whether any whole-roll pattern scores under these rules
        self.has_patterns = max(rules.straight, rules.straight_low, rules.straight_high, rules.three_pairs,
                                rules.four_and_pair, rules.two_triplets, rules.full_house) > 0
        # n -> (ways n dice score nothing, 6**n), and the counts under way: filled by
        # farkle.players.base, kept here so that they live and die with these tables
        self.farkles = {}
        self.counting = {}

    def _face_row(self, rules, face):
        # best[c] = best points splitting c dice of one face into singles and sets
        best = [0] + [-1] * rules.dice
        if face == 0:
            return best
        parts = [(1, self.singles[face])] + [(n, rules.kind(face, n)) for n in range(3, rules.dice + 1)]
        for c in range(1, rules.dice + 1):
            for n, points in parts:
                if points > 0 and n <= c and best[c - n] >= 0:
                    best[c] = max(best[c], best[c - n] + points)
        return best

    def _pattern(self, key):
        """Points of the packed dice ``key`` as one whole-roll pattern, 0 if they are none.

        Read off the counts' shape (no table: a table of every pattern is a block of about
        1 KB that a board's broken-up heap may not have as a game starts)."""
        rules = self.rules
        shape = 0  # how many faces show 1, 2, 3 and 4 dice: an octal digit each
        triple = 0  # the face shown three times (a full house's bonus is its set's points)
        missing = 0  # a face shown by no die (five in a row miss the 1 or the 6)
        for f in range(1, 7):
            c = (key >> SHIFT[f]) & 7
            if not c:
                missing = f
            elif c > 4:
                return 0
            else:
                shape += 1 << (3 * (c - 1))
                if c == 3:
                    triple = f
        if shape == 6:  # six faces once: 1-2-3-4-5-6
            return rules.straight
        if shape == 5:  # five faces once
            if missing == 6:
                return rules.straight_low
            return rules.straight_high if missing == 1 else 0
        if shape == 3 << 3:  # three pairs
            return rules.three_pairs
        if shape == 2 << 6:  # two triplets
            return rules.two_triplets
        if shape == (1 << 9) + (1 << 3):  # four of a kind and a pair
            return max(rules.four_and_pair, rules.three_pairs if rules.four_pair_is_pairs else 0)
        if shape == (1 << 6) + (1 << 3) and rules.full_house:  # a full house: a triple and a pair
            return rules.full_house + (rules.triple(triple) if rules.full_house_bonus else 0)
        return 0

    def score_key(self, key):
        """Points of a packed selection, 0 unless every die in it scores."""
        face = self.face
        total = 0
        n = 0
        parts_score = True
        for f in range(1, 7):
            c = (key >> SHIFT[f]) & 7
            if c:
                n += c
                points = face[f][c]
                if points < 0:
                    parts_score = False  # a pattern may still cover these dice
                total += points
        if not parts_score:
            total = 0
        if n >= 5:
            total = max(total, self._pattern_points(key, n))
        return total if total > 0 else 0

    def _pattern_points(self, key, n):
        """Best points of ``n`` packed dice as one pattern (plus one single with six dice)."""
        total = self._pattern(key)
        if n == 6:
            for f in (1, 5):
                if key & (7 << SHIFT[f]) and self.singles[f]:
                    extra = self._pattern(key - ONE[f])
                    if extra:
                        total = max(total, extra + self.singles[f])
        return total

    def score(self, dice):
        """Points of setting aside exactly ``dice``; 0 unless every die scores."""
        return self.score_key(pack(dice))

    def keeps_key(self, key):
        """Every legal keep of a packed roll as ``(packed keep, points)``, highest key first.

        A keep that is not a whole-roll pattern scores only if each face's count scores by
        itself, so the keeps are built face by face from the counts that score (no search);
        only the roll itself and the roll less one die can hold a pattern.
        """
        face = self.face
        out = [(0, 0)]
        n = 0
        for f in range(1, 7):
            c = (key >> SHIFT[f]) & 7
            if c:
                n += c
                row = face[f]
                one = ONE[f]
                grown = []
                for k in range(1, c + 1):
                    points = row[k]
                    if points > 0:
                        add = k * one
                        for sub, total in out:
                            grown.append((sub + add, total + points))
                out.extend(grown)
        out.pop(0)  # the empty keep
        if n >= 5 and self.has_patterns:
            # only the roll itself and the roll less one die are big enough for a pattern
            wholes = [(key, n)]
            if n == 6:
                for f in range(1, 7):
                    if key & (7 << SHIFT[f]):
                        wholes.append((key - ONE[f], 5))
            for whole, size_ in wholes:
                points = self._pattern_points(whole, size_)
                if points:
                    for i in range(len(out)):
                        if out[i][0] == whole:
                            if points > out[i][1]:
                                out[i] = (whole, points)
                            break
                    else:
                        out.append((whole, points))
        out.sort(reverse=True)
        return out

    def keeps(self, dice):
        """Every legal keep of a roll as ``(sorted faces, points)``, once per multiset."""
        return [(unpack(k), p) for k, p in self.keeps_key(pack(dice))]

    def best_key(self, key):
        """The highest-scoring keep of a packed roll (ties: fewer dice), or ``(0, 0)``."""
        best = 0
        best_points = 0
        for sub, points in self.keeps_key(key):
            if points > best_points or (points == best_points and size(sub) < size(best)):
                best, best_points = sub, points
        return best, best_points

    def best(self, dice):
        """``(sorted faces, points)`` of the best keep; ``([], 0)`` for a farkle."""
        key, points = self.best_key(pack(dice))
        return unpack(key), points

    def is_farkle(self, dice):
        """True when nothing in the roll scores."""
        return self.is_farkle_key(pack(dice))

    def is_farkle_key(self, key):
        """``is_farkle`` of a packed roll, making no list where it can: a count of one face
        that scores on its own is a keep; only five or six dice can hold a pattern, which
        ``keeps_key`` looks for (counting the odds asks this of every roll)."""
        face = self.face
        n = 0
        for f in range(1, 7):
            c = (key >> SHIFT[f]) & 7
            n += c
            row = face[f]
            for k in range(1, c + 1):
                if row[k] > 0:
                    return False
        return n < 5 or not self.has_patterns or not self.keeps_key(key)

    def why_not(self, dice):
        """A human-readable reason why ``dice`` cannot be set aside, or None if they can."""
        if not dice:
            return "choose at least one die to set aside"
        key = pack(dice)
        if self.score_key(key):
            return None
        bad = []
        for f in range(1, 7):
            c = count(key, f)
            if c and self.face[f][c] < 0:
                bad.extend([str(f)] * c)
        what = " ".join(bad)
        if len(bad) == 1:
            return "a %s does not score on its own" % what
        return "%s do not score: set aside only 1s, 5s and scoring combinations" % what
