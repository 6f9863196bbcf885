"""farkle.solve.turn: exact odds and the max-expected-score turn, for any rules value.

host-only (numpy, fractions, itertools). The turn is a small Markov decision process:

* state ``(n, t)``: ``n`` dice in hand (about to be rolled, or after a keep), turn total ``t``;
* rolling ``n`` dice shows a multiset ``r`` with probability ``P(r)``; nothing scores: the turn
  is lost (0 points); else the player sets aside a scoring keep ``K`` (``p`` points) and is at
  ``(n - |K|, t + p)``, with all ``N`` dice back when ``|K| = n`` (hot dice);
* there the player banks (``t``, when the rules allow a bank of ``t``) or rolls on.

``W(n, t) = max(t if bankable, R(n, t))`` and ``R(n, t) = sum_r P(r) max_K W(n', t + p)``.
Every keep scores ``p > 0``, so every move raises ``t``: the equations are acyclic in ``t``
although hot dice return to ``N`` dice. Above a cap ``C`` rolling provably loses for every
``n`` (see ``_cap``), so ``W(n, t) = t`` there, and backward induction from ``C`` down to 0
gives the exact values (in floating point) on the grid of reachable totals (multiples of the
gcd of all keep values). A bank minimum ``m`` (the opening, or the later minimum) only changes
states with ``t < m``: banking is not allowed there, and those few values are solved on top.

>>> from farkle.presets import preset
>>> s = solve(preset("classic"))
>>> s.farkle[6], s.farkle[2]
(Fraction(5, 216), Fraction(4, 9))
"""

import math
from fractions import Fraction
from itertools import combinations_with_replacement

import numpy as np

from farkle.scorer import Scorer, pack, size

EPS = 1e-9  # values closer than this count as equal (banking wins such ties)
MAX_GRID = 50000  # turn totals solved at most (the presets need about 500): seconds, not hours


def rolls(n):
    """Every roll of ``n`` dice as ``(sorted faces, Fraction probability)``."""
    out = []
    total = 6 ** n
    fact = math.factorial(n)
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = fact
        for f in range(1, 7):
            ways //= math.factorial(faces.count(f))
        out.append((faces, Fraction(ways, total)))
    return out


def _expect(probs, values):
    """Sum of ``probs * values``, correctly rounded (math.fsum), so the tables come out
    bit-identical whatever BLAS or CPU computes them."""
    return math.fsum((probs * values).tolist())


def _best(vals, group):
    """The best value of each roll's keeps (``vals`` grouped from the ``group`` offsets); empty
    for a number of dice that can never score."""
    return np.maximum.reduceat(vals, group) if len(group) else vals


class TurnSolution:
    """The solved turn for one rules value. Build with :func:`solve` (cached).

    Attributes: ``rules``, ``dice`` (N), ``step`` (the grid: every turn total is a multiple),
    ``cap`` (above it banking is optimal with any number of dice), ``farkle[n]`` (Fraction),
    ``expected_points[n]`` (Fraction: the best keep's points on average, farkles count 0).
    """

    def __init__(self, rules):
        self.rules = rules
        self.dice = N = rules.dice
        self.scorer = scorer = Scorer(rules)
        self.farkle = {}
        self.expected_points = {}
        self.options = {}  # n -> list of (prob, [(points, dice left), ...] not dominated)
        step = 0
        for n in range(1, N + 1):
            farkle = Fraction(0)
            mean = Fraction(0)
            opts = []
            for faces, prob in rolls(n):
                best = {}  # dice left -> most points
                for sub, points in scorer.keeps_key(pack(faces)):
                    left = n - size(sub) or N
                    if points > best.get(left, 0):
                        best[left] = points
                    step = math.gcd(step, points)
                if not best:
                    farkle += prob
                    continue
                mean += prob * max(best.values())
                opts.append((prob, sorted((p, left) for left, p in best.items())))
            self.farkle[n] = farkle
            self.expected_points[n] = mean
            self.options[n] = opts
        self.step = step
        self.cap = self._cap()
        if self.cap // step > MAX_GRID:
            raise ValueError("these rules would need %d turn totals solved (at most %d): the points "
                             "are too far apart (step %d, up to %d)" % (self.cap // step, MAX_GRID, step, self.cap))
        self._solve()
        self._forced = {}

    # ----- the cap -----

    def _cap(self):
        """A turn total from which banking is at least as good as rolling for every ``n``.

        Let ``D(n, t) = W(n, t) - t`` (what playing on can add to banking now; banking is
        allowed). ``D`` never grows with ``t``: a policy that is optimal from ``t + d`` used
        from ``t`` adds the same points in every outcome that banks and loses ``d`` less in
        every farkle. Let ``b = max_n D(n, t)``. Rolling ``n`` dice at ``t`` adds at most
        ``e_n + (1 - f_n) b - f_n t`` (``e_n`` the mean best points of the roll, ``f_n`` the
        farkle chance; the next state has ``D <= b`` by monotonicity). If ``b > 0`` some ``n``
        attains it, so ``b <= e_n + (1 - f_n) b - f_n t``, i.e. ``t <= e_n / f_n``. Hence for
        ``t > max_n e_n / f_n`` banking is optimal with any number of dice, exactly, and
        backward induction can start there (hot dice cannot loop: every keep raises ``t``).
        """
        if min(self.farkle.values()) == 0:
            raise ValueError("some number of dice always scores: a turn could never end")
        bound = max(self.expected_points[n] / self.farkle[n] for n in range(1, self.dice + 1))
        return (math.floor(bound / self.step) + 1) * self.step

    # ----- backward induction -----

    def _arrays(self, n):
        probs, left, dk, group = [], [], [], []
        for prob, opts in self.options[n]:
            group.append(len(left))
            probs.append(float(prob))
            for points, nl in opts:
                left.append(nl)
                dk.append(points // self.step)
        return (np.array(probs), np.array(left, dtype=int), np.array(dk, dtype=int), np.array(group, dtype=int))

    def _solve(self):
        N, step = self.dice, self.step
        K = self.cap // step  # grid index of the cap
        top = K + max(p for n in range(1, N + 1) for _, opts in self.options[n] for p, _ in opts) // step
        # W[n, k]: value with n dice in hand at total k*step, banking allowed (k > 0)
        W = np.zeros((N + 1, top + 1))
        R = np.zeros((N + 1, top + 1))
        totals = np.arange(top + 1, dtype=float) * step
        W[:, :] = totals  # at and above the cap: bank
        R[:, :] = np.nan
        arrays = {n: self._arrays(n) for n in range(1, N + 1)}
        for k in range(K - 1, -1, -1):
            for n in range(1, N + 1):
                probs, left, dk, group = arrays[n]
                vals = W[left, k + dk]
                r = _expect(probs, _best(vals, group))
                R[n, k] = r
                W[n, k] = max(r, totals[k]) if k else r
        self._arr = arrays
        self.W = W[:, :K + 1]
        self.R = R[:, :K + 1]
        self.K = K

    def _forced_table(self, minimum):
        """Values W_m(n, k) for k*step < minimum (no bank allowed), as an array."""
        if minimum in self._forced:
            return self._forced[minimum]
        step, N = self.step, self.dice
        km = -(-minimum // step)  # first grid index where a bank is allowed
        Wm = np.zeros((N + 1, km))
        Rm = np.zeros((N + 1, km))
        for k in range(km - 1, -1, -1):
            for n in range(1, N + 1):
                probs, left, dk, group = self._arr[n]
                idx = k + dk
                vals = np.where(idx < km, Wm[left, np.minimum(idx, km - 1)] if km else 0.0,
                                self.W[left, np.minimum(idx, self.K)])
                vals = np.where(idx > self.K, idx * float(step), vals)
                r = _expect(probs, _best(vals, group))
                Rm[n, k] = Wm[n, k] = r
        self._forced[minimum] = (km, Wm, Rm)
        return self._forced[minimum]

    # ----- reading the solution -----

    def _index(self, t):
        if t % self.step:
            raise ValueError("turn total %d is not a multiple of %d" % (t, self.step))
        return t // self.step

    def roll_value(self, n, t, minimum=0):
        """Expected points banked this turn if the player rolls ``n`` dice now at total ``t``
        and plays on optimally (banking allowed from ``minimum`` on)."""
        k = self._index(t)
        km, Wm, Rm = self._forced_table(minimum)
        if k < km:
            return float(Rm[n, k])
        if k >= self.K:
            return self._roll_above(n, t)
        return float(self.R[n, k])

    def _roll_above(self, n, t):
        probs, left, dk, group = self._arr[n]
        vals = t + dk * float(self.step)  # past the cap the next state banks
        return _expect(probs, _best(vals, group))

    def value(self, n, t, minimum=0):
        """``W``: expected points banked from ``n`` dice in hand at total ``t`` under best play."""
        roll = self.roll_value(n, t, minimum)
        if t >= max(minimum, 1):
            return max(float(t), roll)
        return roll

    def gain(self, n, t, minimum=0):
        """How much rolling on beats banking at ``(n, t)``, in expected points (negative:
        banking is better); None where banking is not allowed."""
        if t < max(minimum, 1):
            return None
        return self.roll_value(n, t, minimum) - t

    def should_roll(self, n, t, minimum=0):
        """True when rolling on is strictly better than banking (or banking is not allowed)."""
        g = self.gain(n, t, minimum)
        return g is None or g > EPS

    def bank_at(self, minimum=None):
        """``{n: smallest bankable total at which banking is at least as good as rolling}``."""
        if minimum is None:
            minimum = self.rules.min_bank
        out = {}
        for n in range(1, self.dice + 1):
            t = max(self.step, -(-minimum // self.step) * self.step)
            while self.should_roll(n, t, minimum):
                t += self.step
            out[n] = t
        return out

    def roll_region_end(self, n, minimum=0):
        """The largest total at which rolling ``n`` dice beats banking (0 if none)."""
        row = self.R[n, 1:] - np.arange(1, self.K + 1) * float(self.step)
        hits = np.nonzero(row > EPS)[0]
        end = int(hits[-1] + 1) * self.step if len(hits) else 0
        return end

    def expected_turn(self, minimum=None):
        """Expected points of a whole turn (six fresh dice) under max-expected-score play."""
        if minimum is None:
            minimum = self.rules.min_bank
        return self.roll_value(self.dice, 0, minimum)

    def keep_options(self, faces, t, minimum=0):
        """Every legal keep of the roll ``faces`` at total ``t`` (before the roll's points)
        as ``(value, points, dice left, keep key)``, best first."""
        out = []
        n = len(faces)
        for sub, points in self.scorer.keeps_key(pack(faces)):
            left = n - size(sub) or self.dice
            out.append((self.value(left, t + points, minimum), points, left, sub))
        out.sort(key=lambda o: (-o[0], -o[1]))
        return out


_CACHE = {}


def solve(rules):
    """The :class:`TurnSolution` of ``rules`` (cached per rules value)."""
    key = rules.as_tuple()
    if key not in _CACHE:
        _CACHE[key] = TurnSolution(rules)
    return _CACHE[key]


def reach_table(rules, top):
    """``Q[n][k]``: the chance that a player with ``n`` dice in hand still makes at least
    ``k * step`` more points this turn (rolling until they have them, then banking), for
    ``k = 0 .. top // step``, under the keeps that maximise that chance. ``Q[n][0] = 1``.

    This is the final-round problem (beat the leader) and, from six fresh dice, the chance a
    player makes a given total in one turn. Exact up to floating point: every keep lowers the
    points still needed, so the table fills from small needs up.
    """
    s = solve(rules)
    step, N = s.step, s.dice
    kmax = top // step
    Q = np.zeros((N + 1, kmax + 1))
    Q[:, 0] = 1.0
    for k in range(1, kmax + 1):
        for n in range(1, N + 1):
            probs, left, dk, group = s._arr[n]
            rest = np.maximum(k - dk, 0)
            vals = Q[left, rest]
            Q[n, k] = _expect(probs, _best(vals, group))
    return Q


def odds(rules):
    """The exact odds of a turn under ``rules`` (a Rules value or a preset name), JSON-ready.

    ``farkle``: chance that a roll of n dice scores nothing (n = 1..N); ``expected_turn``:
    expected points of a turn for a player on the board under max-expected-score play;
    ``bank_at``: for n dice left, the smallest turn total at which banking is at least as good
    as rolling (on the board). Also: ``farkle_exact`` (fractions as strings),
    ``expected_opening_turn`` (a player not yet on the board, who may not bank below the
    opening), ``opening_bank_at``, ``step`` and ``cap``.

    >>> from farkle.presets import preset
    >>> o = odds(preset("classic"))
    >>> o["farkle"]["6"] == 5 / 216, o["bank_at"]["2"]
    (True, 300)
    """
    if isinstance(rules, str):
        from farkle.presets import preset

        rules = preset(rules)
    s = solve(rules)
    N = s.dice
    opening = max(rules.opening, rules.min_bank)  # what the game asks of the first bank
    return {
        "rules": rules.name,
        "farkle": {str(n): float(s.farkle[n]) for n in range(1, N + 1)},
        "farkle_exact": {str(n): str(s.farkle[n]) for n in range(1, N + 1)},
        "expected_turn": round(s.expected_turn(), 4),
        "expected_opening_turn": round(s.expected_turn(opening), 4),
        "bank_at": {str(n): t for n, t in sorted(s.bank_at().items())},
        "opening_bank_at": {str(n): t for n, t in sorted(s.bank_at(opening).items())},
        "step": s.step,
        "cap": s.cap,
    }


def decision_rows(rules, minimum=None, top=None):
    """One row per (dice left, turn total) on the grid up to ``top`` (default: the cap):
    ``{"dice": n, "total": t, "roll": expected points if rolling on, "bank": t or None,
    "gain": roll - bank or None, "decision": "roll"|"bank"}``."""
    s = solve(rules)
    if minimum is None:
        minimum = rules.min_bank
    top = s.cap if top is None else top
    rows = []
    for n in range(1, s.dice + 1):
        for t in range(s.step, top + 1, s.step):
            roll = s.roll_value(n, t, minimum)
            gain = s.gain(n, t, minimum)
            rows.append({
                "dice": n, "total": t, "roll": round(roll, 4),
                "bank": t if gain is not None else None,
                "gain": None if gain is None else round(gain, 4),
                "decision": "roll" if s.should_roll(n, t, minimum) else "bank",
            })
    return rows
