"""farkle.solve.game2: the two-player game solved exactly for the chance of winning.

host-only: numpy. The board never imports this; it reads the policy file that
``tools/make_expert.py`` writes from a solution (``farkle/players/expert.py``).

The model (Neller & Busche, "Optimal Play of the Farkle Dice Game", with the house rules of
the ``Rules`` value): scores are indexed in units of the gcd of every keep's points (50 in
every preset). A state is the mover's banked score ``a``, the other player's ``b`` (both below
the target; with no farkle penalty a score above 0 is exactly "on the board"), the turn total
and the dice in hand. ``u = a + turn total`` is what the mover would have after banking.

* ``W[a, b]``: the chance that the player about to start a turn at ``a`` against ``b`` wins;
* ``Q(u, n)``: rolling ``n`` dice with ``u`` as the would-be score; a farkle is worth
  ``1 - W[b, a]``; else the mover sets aside one of the roll's keeps ``(p, m)`` (``m`` dice
  left, 6 again after hot dice) and is at ``C(u + p, m)``;
* ``C(u, n) = max(bank(u), Q(u, n))`` where banking is allowed (the opening minimum while
  ``a = 0``, else the later minimum); ``bank(u) = 1 - W[b, u]`` below the target;
* at or above the target the final round starts: the other player gets one turn and must
  beat ``u`` (a tie goes to the first to reach it: the mover), so
  ``bank(u) = 1 - reach(max(u - b + 1, their minimum))`` where ``reach(d)`` is the best chance
  of making at least ``d`` in one turn (a small DP of its own). With the final round off,
  reaching the target wins at once: ``bank(u) = 1``.

Every move raises ``u`` or ends the turn, so the equations are acyclic except for the farkle
loop ``(a, b) -> (b, a)``: levels ``s = a + b`` are solved from the top down, and in a level
each pair ``W[a, b]``, ``W[b, a]`` is a fixed point ``x = g(1 - y), y = h(1 - x)`` with ``g``, ``h``
piecewise linear, solved by secant (Newton) iteration until it stops moving (exact once the
policy is settled, typically 3-4 sweeps). Turn totals are cut at a cap: above it the mover
banks. The cut is exact where banking provably wins there, which ``check_cap`` tests (rolling
gains at most ``reach`` of the gap and loses at least ``P(farkle) * W[b, a]``).

All pairs of a level are solved together; one step handles one ``u`` for all of them with a
single gather of the roll options (every roll multiset of n dice grouped by its set of legal
keeps ``(points, dice left)``), a grouped maximum and one small matrix product.

With each level the solver also records what the board's file needs (``_analyse``): per pair
the largest turn total at which the mover rolls on (``top``), and which keeps are ever strictly
best at a roll the mover makes (``used``; the others never change a maximum). ``handicaps``
adds states for a second player with a head start who is not on the board yet (the
compensation points). ``farkle.solve.game2_eval`` evaluates fixed policies exactly.
"""

import math
import time

import numpy as np

from farkle.scorer import Scorer, pack, size

UNIT_ROWS = 7  # rows per u in the value arrays: dice in hand 1..6 (row 0 unused)


def multisets(n, low=1):
    """Every sorted roll of ``n`` dice, as tuples."""
    if n == 0:
        yield ()
        return
    for face in range(low, 7):
        for rest in multisets(n - 1, face):
            yield (face,) + rest


def roll_ways(faces):
    """How many of the 6**n ordered rolls show the multiset ``faces``."""
    ways = math.factorial(len(faces))
    for f in range(1, 7):
        ways //= math.factorial(faces.count(f))
    return ways


class RollTable:
    """Every roll of 1..N dice grouped by its options.

    ``flat``: every group as ``(n, ways, options)``, ``options`` a sorted tuple of distinct
    ``(points in units, dice left)`` (dice left is N after hot dice), ``ways`` of the 6**n
    equally likely ordered rolls; ``farkle[n]``: the chance that nothing scores. For the
    vectorised step (see ``group_max``): ``row_dp``, ``row_m``, the padded option rows;
    ``opt_row[g, j]``, the row of option j of group g; ``gprob`` (N x groups); ``sent_dp``,
    ``sent_m``: the rows with the padding pointing at a sentinel (dice 0).
    """

    def __init__(self, rules, groups=None):
        self.rules = rules
        self.N = N = rules.dice
        if groups is None:
            groups, unit = self._groups(rules)
        else:
            groups, unit = groups
        self.unit = unit
        self.farkle = {}
        for n in range(1, N + 1):
            scoring = sum(w for gn, w, _ in groups if gn == n)
            self.farkle[n] = (6 ** n - scoring) / 6 ** n
        self.max_dp = max(p for _, _, opts in groups for p, _ in opts)
        self._layout(groups)

    @staticmethod
    def _groups(rules):
        N = rules.dice
        scorer = Scorer(rules)
        unit = 0
        raw = {}
        for n in range(1, N + 1):
            for faces in multisets(n):
                keeps = scorer.keeps_key(pack(faces))
                raw[faces] = [(p, (n - size(k)) or N) for k, p in keeps]
                for _, p in keeps:
                    unit = math.gcd(unit, p)
        for value in (rules.target, rules.opening, rules.min_bank):
            unit = math.gcd(unit, value)
        groups = []
        for n in range(1, N + 1):
            grouped = {}
            for faces in multisets(n):
                opts = tuple(sorted(set((p // unit, m) for p, m in raw[faces])))
                if opts:
                    grouped[opts] = grouped.get(opts, 0) + roll_ways(faces)
            groups.extend((n, ways, opts) for opts, ways in sorted(grouped.items()))
        return groups, unit

    def pruned(self, keep):
        """A copy with only the options ``keep[g, j]`` (at least one per group: where none is
        kept, the one with the most points, then the most dice left)."""
        groups = []
        for g, (n, ways, opts) in enumerate(self.flat):
            chosen = tuple(o for j, o in enumerate(opts) if keep[g, j])
            if not chosen:
                chosen = (max(opts),)
            groups.append((n, ways, chosen))
        groups.sort()
        return RollTable(self.rules, (groups, self.unit))

    def _layout(self, flat):
        # groups of similar size form a class, padded to the class's size L (repeating an
        # option), rows option-major within it: a class's maxima are one
        # ``reshape(L, groups, P).max(axis=0)``
        N = self.N
        bounds = (1, 2, 3, 5, 8, 11, 15, 20, 28, 40, 60, 100, 1000)
        classes = []
        ordered = []
        rows = []
        lo = 1
        for hi in bounds:
            members = [g for g in flat if lo <= len(g[2]) <= hi]
            lo = hi + 1
            if not members:
                continue
            L = max(len(g[2]) for g in members)
            classes.append((L, len(ordered), len(members), len(rows)))
            for j in range(L):
                for _, _, opts in members:
                    rows.append(opts[j] if j < len(opts) else opts[0])
            ordered.extend(members)
        self.flat = ordered  # (n, ways, options) per group, in step order
        self.classes = classes  # (L, first group, groups, first row)
        self.row_dp = np.array([p for p, _ in rows], dtype=np.int64)
        self.row_m = np.array([m for _, m in rows], dtype=np.int64)
        G = len(ordered)
        self.gprob = np.zeros((N, G))
        for g, (n, ways, _) in enumerate(ordered):
            self.gprob[n - 1, g] = ways / 6 ** n
        self.group_n = np.array([n for n, _, _ in ordered], dtype=np.int64)
        self.size = np.array([len(o) for _, _, o in ordered])
        width = int(max(self.size))
        # option j of group g is row first_row(g's class) + j * groups_in_class + index in class
        self.opt_row = np.zeros((G, width), dtype=np.int64)
        self.opt_dp = np.zeros((G, width), dtype=np.int64)
        self.opt_m = np.zeros((G, width), dtype=np.int64)
        self.sent_dp = self.row_dp.copy()
        self.sent_m = self.row_m.copy()
        for L, g0, ng, r0 in classes:
            for i in range(ng):
                opts = ordered[g0 + i][2]
                for j in range(width):
                    if j < len(opts):
                        self.opt_row[g0 + i, j] = r0 + j * ng + i
                        self.opt_dp[g0 + i, j], self.opt_m[g0 + i, j] = opts[j]
                    elif j < L:
                        r = r0 + j * ng + i
                        self.opt_row[g0 + i, j] = r
                        self.sent_dp[r] = 0
                        self.sent_m[r] = 0
                    else:
                        self.opt_row[g0 + i, j] = -1
        self.pf = np.array([self.farkle[n] for n in range(1, N + 1)])


def reach_table(rt, dmax):
    """``R[d, n]``: the best chance of adding at least ``d`` units to the turn, rolling ``n``
    dice now (d <= 0: 1). Shape ``(dmax + 1, N + 1)``; column 0 unused."""
    N = rt.N
    top = dmax + rt.max_dp + 1
    R = np.ones((top + 1, N + 1))
    # index d of the flat array is "still need d"; values at d <= 0 live in a padded copy
    pad = rt.max_dp
    Rp = np.ones((top + 1 + pad, N + 1))  # Rp[d + pad] = R[d], d from -pad
    for d in range(1, dmax + 1):
        vals = Rp[d + pad - rt.row_dp, rt.row_m][:, None]
        Rp[d + pad, 1:] = rt.gprob @ group_max(rt, vals)[:, 0]
    R[:dmax + 1] = Rp[pad:dmax + 1 + pad]
    return R[:dmax + 1]


def group_max(rt, vals):
    """``(groups, P)``: each group's best option from ``vals`` (one row per padded row)."""
    P = vals.shape[1]
    out = np.empty((len(rt.flat), P))
    reduce = np.maximum.reduce  # the ufunc itself: np.max's wrappers cost a fifth of a solve
    for L, g0, ng, r0 in rt.classes:
        reduce(vals[r0:r0 + L * ng].reshape(L, ng, P), axis=0, out=out[g0:g0 + ng])
    return out


class GameSolution:
    """The solved game.

    ``W[i, j]``: the chance that the player about to start a turn in state ``i`` wins against
    a player in state ``j``. States ``0..S-1`` are the scores in units (0 = not on the board
    yet when there is an opening minimum); ``S + x`` is a player who has a head start of
    ``extra[x]`` units but is not on the board yet (``solve(handicaps=...)``).
    ``tops[i, j, n - 1]``: the largest turn total (units) at which the mover rolls ``n`` dice
    (above it, banking is best with them), and ``top[i, j]`` the largest of those;
    ``used[g, j]``: option j of roll group g is the strictly best keep somewhere (the others
    never are, so the board may skip them).
    Also ``cap``, ``reach`` (one-turn reach table), ``rolls``, ``rules``, ``seconds``,
    ``sweeps`` (turn DPs per level).
    """

    def __init__(self, rules, rolls, S, cap, reach, extra=()):
        self.rules = rules
        self.rolls = rolls
        self.unit = rolls.unit
        self.S = S
        self.cap = cap
        self.reach = reach
        self.extra = list(extra)
        n = S + len(self.extra)
        self.score = np.array(list(range(S)) + self.extra, dtype=np.int64)
        self.onboard = np.array([x > 0 or not rules.opening for x in range(S)] + [False] * len(self.extra))
        self.W = np.zeros((n, n))
        self.tops = np.zeros((n, n, rolls.N), dtype=np.int64)
        self.top = np.zeros((n, n), dtype=np.int64)
        self.used = np.zeros(rolls.opt_row.shape, dtype=bool)
        self.sweeps = []
        self.seconds = 0.0
        self.last = None  # (2, D, N + 1): last_turn for a player off / on the board
        if rules.final_round and tie_value(rules):
            self.last = np.stack([last_turn(rolls, len(reach) - 1, requirement(rules, self.unit, onb),
                                            tie_value(rules)) for onb in (False, True)])

    def first_player(self):
        """The chance that the first player wins (both start at 0, optimal play)."""
        return float(self.W[0, 0])

    def bonus_state(self, points):
        """The state index of a second player who starts with ``points`` but must still make
        the opening (solved with ``handicaps``)."""
        return self.S + self.extra.index(points // self.unit)


def requirement(rules, unit, onboard):
    """Smallest turn total (units) a player may bank: the opening until on the board."""
    if not onboard and rules.opening:
        return -(-rules.opening // unit)
    return max(1, -(-rules.min_bank // unit))


def _check_rules(rules):
    """The reason the solver cannot solve ``rules``, or None."""
    if rules.penalty:
        return "a farkle penalty makes the state depend on farkles in a row and scores below 0 (the solver needs penalty 0)"
    if rules.piggyback:
        return "piggybacking makes a turn's start depend on the last player's leftover dice (the solver needs piggyback off)"
    if rules.exact_target:
        return "an exact target sends overshooting banks to the other player (the solver needs exact_target off)"
    return None


def check_rules(rules):
    """Raise ``ValueError`` with the reason when the solver cannot solve ``rules``."""
    reason = _check_rules(rules)
    if reason:
        raise ValueError(reason)


def tie_value(rules):
    """What a final-round tie is worth to the last player: nothing under "first" (the player
    who reached the target first wins it) and "roll_on" (a tie cannot be banked: the last
    player must beat the score), half under "draw" and "rolloff" (a fair roll-off between
    two)."""
    return 0.5 if rules.tie in ("draw", "rolloff") else 0.0


def last_turn(rt, dmax, req, tie):
    """``L[d, n]``: the last player's value in the final round rolling ``n`` dice at the start
    of the turn, when a bank of at least ``d`` units wins, one of exactly ``d - 1`` ties (worth
    ``tie``) and banks need ``req`` units, playing for that value. Shape ``(dmax + 1, N + 1)``.
    With ``tie`` 0 this is ``reach[max(d, req)]``."""
    N = rt.N
    D = dmax + 1
    d = np.arange(D)
    top = max(dmax, req) + 1  # from here on every bank allowed wins
    C = np.ones(((top + rt.max_dp + 1) * UNIT_ROWS, D))
    C3 = C.reshape(top + rt.max_dp + 1, UNIT_ROWS, D)
    C3[:, 0, :] = -2.0
    rows0 = rt.row_dp * UNIT_ROWS + rt.row_m
    out = np.empty((D, N + 1))
    for t in range(top - 1, -1, -1):
        vals = np.take(C, t * UNIT_ROWS + rows0, axis=0)
        Q = rt.gprob @ group_max(rt, vals)  # (N, D): a farkle is worth 0
        if t >= req:
            bank = np.where(t >= d, 1.0, np.where(t == d - 1, tie, 0.0))
            Q = np.maximum(Q, bank[None, :])
        C3[t, 1:N + 1] = Q
    out[:, 0] = 0.0
    out[:, 1:] = C3[0, 1:N + 1].T
    return out


class Level:
    """A batch of ``(mover, other)`` state pairs closed under swapping, with every bank value
    ``B[u, p]`` (-1 where the mover may not bank) for would-be scores ``u = 0..top``."""

    def __init__(self, sol, pairs, W=None, reach=None, top=None):
        W = sol.W if W is None else W
        reach = sol.reach if reach is None else reach
        rules, unit, S, cap = sol.rules, sol.unit, sol.S, sol.cap
        self.pairs = pairs
        self.i = np.array([p[0] for p in pairs], dtype=np.int64)
        self.j = np.array([p[1] for p in pairs], dtype=np.int64)
        self.a = sol.score[self.i]
        self.b = sol.score[self.j]
        index = {p: k for k, p in enumerate(pairs)}
        self.partner = np.array([index[(j, i)] for i, j in pairs], dtype=np.int64)
        P = len(pairs)
        top = (cap if top is None else top) + sol.rolls.max_dp + 1
        self.cap = top - sol.rolls.max_dp - 1
        self.top = top
        u = np.arange(top + 1)
        self.req = np.array([requirement(rules, unit, o) for o in sol.onboard[self.i]])
        self.allowed = u[:, None] - self.a[None, :] >= self.req[None, :]
        B = np.empty((top + 1, P))
        below = u < S
        B[below] = 1.0 - W[self.j[None, :], u[below][:, None]]
        above = ~below
        if rules.final_round and sol.last is not None:
            onb = sol.onboard[self.j].astype(np.int64)
            need = np.minimum(u[above][:, None] - self.b[None, :] + 1, sol.last.shape[1] - 1)
            B[above] = 1.0 - sol.last[onb[None, :], need, sol.rolls.N]
        elif rules.final_round:
            oreq = np.array([requirement(rules, unit, o) for o in sol.onboard[self.j]])
            need = np.maximum(u[above][:, None] - self.b[None, :] + 1, oreq[None, :])
            B[above] = 1.0 - reach[np.minimum(need, len(reach) - 1), sol.rolls.N]
        else:
            B[above] = 1.0
        self.bank = B.copy()  # the bank value even where a bank is not allowed
        B[~self.allowed] = -1.0
        self.B = B


def turn_dp(sol, lev, f, top=None, rt=None):
    """One sweep: every pair's turn DP, optimal play, farkle values ``f``.

    Returns ``(y, C, Q)``: ``y[p] = Q(a_p, N)`` (the value of the turn), ``C`` the values
    ``((top+1) * 7, P)`` (row ``u * 7 + n``; row ``u * 7`` is -2, a sentinel), ``Q`` the roll
    values ``(cap+1, N, P)``. ``top`` (optional, units above ``a``, per pair or per pair and
    number of dice): the mover banks above ``a + top`` whatever the values say (the shipped
    policy's cut); ``rt``: the roll groups (default ``sol.rolls``)."""
    rt = sol.rolls if rt is None else rt
    N = rt.N
    P = len(lev.pairs)
    cap = lev.cap
    C = np.empty(((lev.top + 1) * UNIT_ROWS, P))
    C3 = C.reshape(lev.top + 1, UNIT_ROWS, P)
    C3[cap + 1:, :, :] = lev.B[cap + 1:, None, :]
    C3[:, 0, :] = -2.0
    Qall = np.zeros((cap + 1, N, P))
    rows0 = rt.row_dp * UNIT_ROWS + rt.row_m
    gprob = rt.gprob
    pfc = rt.pf[:, None] * f[None, :]
    out = np.empty(P)
    amin = int(lev.a.min())
    forced = None
    if top is not None:
        # bank above this would-be score: (P, N), or (P, 1) for every number of dice
        forced = lev.a[:, None] + (top if top.ndim == 2 else top[:, None])
    for u in range(cap, amin - 1, -1):
        vals = C.take(u * UNIT_ROWS + rows0, axis=0)
        Q = gprob @ group_max(rt, vals)
        Q += pfc
        Qall[u] = Q
        Bu = lev.B[u]
        if forced is not None:
            cut = (u > forced) & (Bu >= 0)[:, None]
            if cut.any():
                Q = Q.copy()
                Q[np.broadcast_to(cut.T, Q.shape)] = -1.0
        np.maximum(Q, Bu[None, :], out=C3[u, 1:N + 1])
        hit = lev.a == u
        if hit.any():
            out[hit] = Qall[u][N - 1, hit]
    return out, C, Qall


def _guess(sol, i, j):
    """A starting value for ``W[i, j]`` from the solved pairs above (linear extrapolation)."""
    W, S = sol.W, sol.S
    if i < S and j < S:
        if i + 1 < S and j + 1 < S:
            return min(1.0, max(0.0, W[i + 1, j] + W[i, j + 1] - W[i + 1, j + 1]))
        if j + 1 < S:
            return W[i, j + 1]
        if i + 1 < S:
            return W[i + 1, j]
        return 0.5
    if j < S and j + 1 < S:
        return W[i, j + 1]
    if i < S and i + 1 < S:
        return W[i + 1, j]
    return 0.5


def solve_level(sol, lev, guess, slope, tol=1e-13, max_sweeps=60):
    """Fixed point of a level: ``W = g(1 - W[partner])`` per pair, by secant steps (``slope``:
    first guesses of ``dg/df``). Returns ``(values, sweeps, slopes, C, Q)`` with the arrays
    of the last sweep, which was made at the fixed point (to ``tol``)."""
    x = guess.copy()
    slope = slope.copy()
    f_prev = y_prev = None
    sweeps = 0
    q = lev.partner
    while True:
        f = 1.0 - x[q]
        y, C, Q = turn_dp(sol, lev, f)
        sweeps += 1
        if f_prev is not None:
            df = f - f_prev
            ok = np.abs(df) > 1e-15
            slope = np.where(ok, (y - y_prev) / np.where(ok, df, 1.0), slope)
            slope = np.clip(slope, 0.0, 1.0)
        f_prev, y_prev = f, y
        # linear model y_p(f') = y + slope (f' - f); fixed point with f' = 1 - x[partner]
        A = y + slope * (1.0 - f)
        den = 1.0 - slope * slope[q]
        new = np.where(den > 1e-12, (A - slope * A[q]) / np.where(den > 1e-12, den, 1.0), y)
        # converged when the point just evaluated is (to tol) its own image
        gap = np.max(np.abs(y - x))
        x = new
        if gap < tol:
            return y, sweeps, slope, C, Q
        if sweeps >= max_sweeps:
            raise RuntimeError("level did not converge: gap %g" % gap)


def roll_mask(sol, lev, Q):
    """``(cap+1, N, P)`` bool: where the mover rolls (rolling beats banking, or no bank is
    allowed), for would-be scores above ``a`` and the turn's first roll at ``(a, N)``."""
    N = sol.rolls.N
    u = np.arange(sol.cap + 1)
    above = u[:, None] > lev.a[None, :]
    B = lev.B[:sol.cap + 1]
    roll = (Q > B[:, None, :]) & above[:, None, :]
    first = u[:, None] == lev.a[None, :]
    roll[:, N - 1, :] |= first
    return roll


def _analyse(sol, lev, C, Q, eps=1e-12, record_used=True):
    """The shipped policy's facts of a solved level: ``tops`` and ``top`` per pair, and
    (``record_used``) the options that are ever strictly best (by more than ``eps``) at a
    roll the mover makes."""
    rt = sol.rolls
    roll = roll_mask(sol, lev, Q)
    on = roll.copy()
    on[lev.a, :, np.arange(len(lev.pairs))] = False  # the first roll is not "rolling on"
    u = np.arange(sol.cap + 1)
    last = np.where(on, u[:, None, None], -1).max(axis=0)  # (N, P)
    tops = np.maximum(last - lev.a[None, :], 0).T
    sol.tops[lev.i, lev.j] = tops
    sol.top[lev.i, lev.j] = tops.max(axis=1)
    if not record_used:
        return
    rows0 = rt.sent_dp * UNIT_ROWS + rt.sent_m
    gn = rt.group_n - 1
    used = np.zeros(rt.opt_row.shape, dtype=bool)
    U = np.nonzero(roll.any(axis=(1, 2)))[0]
    P = len(lev.pairs)
    for c0 in range(0, len(U), 32):
        us = U[c0:c0 + 32]
        mask = roll[us][:, gn, :].transpose(1, 0, 2).reshape(len(gn), -1)  # (G, us * P)
        vals = np.take(C, (us[None, :] * UNIT_ROWS + rows0[:, None]).ravel(), axis=0)
        vals = vals.reshape(len(rows0), len(us) * P)
        for L, g0, ng, r0 in rt.classes:
            if L == 1:
                used[g0:g0 + ng, 0] |= mask[g0:g0 + ng].any(axis=1)
                continue
            v = vals[r0:r0 + L * ng].reshape(L, ng, -1)
            m1 = v.max(axis=0)
            eq = v == m1
            second = np.where(eq, -3.0, v).max(axis=0)
            strict = eq & (eq.sum(axis=0) == 1) & (m1 - second > eps) & mask[g0:g0 + ng][None]
            used[g0:g0 + ng, :L] |= strict.any(axis=2).T
    sol.used |= used


def solve(rules, cap=None, progress=None, handicaps=(), keep_q=False):
    """Solve the two-player game of ``rules``.

    ``cap``: would-be score in points above which the mover always banks (default: target +
    14,000, where ``check_cap`` proves that banking is best: then the cut is exact).
    ``handicaps``: head starts in points for a second player who must still make the opening
    (for the compensation points; ``add_head_starts`` adds more later). ``progress(done,
    levels)`` is called per level. ``keep_q``: keep every level's ``(pairs, Q)`` in ``sol.Q``
    (big; for analysis).
    """
    check_rules(rules)
    t0 = time.time()
    rt = RollTable(rules)
    unit = rt.unit
    S = rules.target // unit
    if cap is None:
        cap = rules.target + 14000 if rules.final_round else rules.target
    capu = max(-(-cap // unit), S)
    reach = reach_table(rt, capu + rt.max_dp + 2 + requirement(rules, unit, False))
    extra = sorted(set(-(-h // unit) for h in handicaps))
    sol = GameSolution(rules, rt, S, capu, reach, extra)
    sol.Q = {} if keep_q else None
    batches = [[(a, s - a) for a in range(max(0, s - S + 1), min(s, S - 1) + 1)]
               for s in range(2 * S - 2, -1, -1)]
    batches += _head_start_batches(sol, range(len(extra)))
    _run(sol, batches, progress, keep_q)
    sol.seconds = time.time() - t0
    return sol


def _head_start_batches(sol, xs):
    """Levels for head-start states ``S + x``: against every score, from the top down (they
    depend only on the game proper and on themselves)."""
    S = sol.S
    batches = []
    for y in range(S - 1, -1, -1):
        batch = []
        for x in xs:
            batch += [(S + x, y), (y, S + x)]
        if batch:
            batches.append(batch)
    return batches


def _run(sol, batches, progress, keep_q=False):
    S = sol.S
    slopes = {}
    for done, pairs in enumerate(batches):
        lev = Level(sol, pairs)
        guess = np.array([_guess(sol, i, j) for i, j in pairs])
        slope = np.array([slopes.get((i, j + 1), slopes.get((i + 1, j), 0.3)) for i, j in pairs])
        y, sweeps, slope, C, Q = solve_level(sol, lev, guess, slope)
        sol.W[lev.i, lev.j] = y
        slopes = dict(zip(pairs, slope))
        sol.sweeps.append(sweeps)
        # the file covers the game proper: head-start states do not choose its keeps
        _analyse(sol, lev, C, Q, record_used=bool((lev.i < S).all() and (lev.j < S).all()))
        if keep_q:
            sol.Q[done] = (pairs, Q)
        if progress:
            progress(done + 1, len(batches))


def add_head_starts(sol, handicaps, progress=None):
    """Solve more head-start states (points for a second player who must still make the
    opening) on top of a solution; returns their state indices."""
    t0 = time.time()
    units = sorted(set(-(-h // sol.unit) for h in handicaps) - set(sol.extra))
    if units:
        old = len(sol.score)
        sol.extra += units
        n = old + len(units)
        W = np.zeros((n, n))
        W[:old, :old] = sol.W
        top = np.zeros((n, n), dtype=np.int64)
        top[:old, :old] = sol.top
        tops = np.zeros((n, n, sol.rolls.N), dtype=np.int64)
        tops[:old, :old] = sol.tops
        sol.W, sol.top, sol.tops = W, top, tops
        sol.score = np.concatenate([sol.score, np.array(units, dtype=np.int64)])
        sol.onboard = np.concatenate([sol.onboard, np.zeros(len(units), dtype=bool)])
        first = len(sol.extra) - len(units)
        _run(sol, _head_start_batches(sol, range(first, len(sol.extra))), progress)
    sol.seconds += time.time() - t0
    return [sol.bonus_state(h) for h in handicaps]


def save(sol, path):
    """Keep a solution (numpy ``.npz``) to write files or evaluate later without solving."""
    np.savez_compressed(path, W=sol.W, top=sol.top, tops=sol.tops, used=sol.used, extra=np.array(sol.extra),
                        cap=sol.cap, seconds=sol.seconds, sweeps=np.array(sol.sweeps),
                        fingerprint=np.array(rules_key(sol.rules)))


def load(rules, path):
    """A solution saved by ``save`` for the same ``rules``."""
    data = np.load(path)
    if str(data["fingerprint"]) != rules_key(rules):
        raise ValueError("%s was solved for other rules" % path)
    rt = RollTable(rules)
    unit = rt.unit
    cap = int(data["cap"])
    reach = reach_table(rt, cap + rt.max_dp + 2 + requirement(rules, unit, False))
    sol = GameSolution(rules, rt, rules.target // unit, cap, reach, [int(x) for x in data["extra"]])
    sol.W[:] = data["W"]
    sol.top[:] = data["top"]
    sol.tops[:] = data["tops"]
    sol.used[:] = data["used"]
    sol.seconds = float(data["seconds"])
    sol.sweeps = [int(x) for x in data["sweeps"]]
    return sol


def rules_key(rules):
    return ",".join(str(v) for v in rules.as_tuple())


def check_cap(sol):
    """The smallest margin, over every pair, by which banking provably beats rolling just
    above the cap: ``P(farkle with N dice) * W[other, mover] - reach(need)`` (rolling gains
    at most the other's last-turn chance and loses everything on a farkle). Positive: the
    cut at the cap changes nothing, the solution is exact."""
    rules, rt = sol.rules, sol.rolls
    if not rules.final_round:
        return 1.0
    pf = min(rt.farkle.values())
    n = len(sol.score)
    worst = None
    for i in range(n):
        for j in range(n):
            if i >= sol.S and j >= sol.S:
                continue
            if (i >= sol.S or j >= sol.S) and not sol.extra:
                continue
            need = max(sol.cap + 1 - int(sol.score[j]) + 1, requirement(rules, sol.unit, sol.onboard[j]))
            margin = pf * sol.W[j, i] - sol.reach[min(need, len(sol.reach) - 1), rt.N]
            if worst is None or margin < worst:
                worst = margin
    return float(worst)
