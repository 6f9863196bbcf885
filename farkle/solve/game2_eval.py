"""farkle.solve.game2_eval: exact win rates of fixed policies against each other.

host-only: numpy. Two policies A and B play the two-player game (``farkle.solve.game2``'s
model); with both fixed, every value is linear in the farkle value, so each level is two
sweeps (farkle worth 0, then 1) and a 2 x 2 solve per pair. No sampling: the figure is exact
up to floating point.

* ``VA[i, j]``: the chance that A wins when A is about to start a turn at i against B at j;
* ``VB[i, j]``: the chance that A wins when B is about to start a turn at i against A at j.

Policies: ``ExpertPolicy`` replays exactly what ``farkle/players/expert.py`` decides from the
shipped file (or, ``shipped=False``, the unrounded optimal policy); ``NormalPolicy`` asks
``farkle/players/normal.py`` itself, through game positions, for every decision it can meet.
"""

import numpy as np

from farkle.game import CHOOSE, KEEP, Game
from farkle.solve import expert_table, game2
from farkle.solve.game2 import UNIT_ROWS, requirement


class EvalLevel:
    """Pairs ``(mover, other)`` (score units) with the mover's bank values ``B[u, p]``."""

    def __init__(self, sol, pairs, cap, bank_value):
        self.pairs = pairs
        self.i = np.array([p[0] for p in pairs], dtype=np.int64)
        self.j = np.array([p[1] for p in pairs], dtype=np.int64)
        self.a = self.i
        self.b = self.j
        self.cap = cap
        self.top = cap + sol.rolls.max_dp + 1
        u = np.arange(self.top + 1)
        self.B = bank_value(u, self)


def policy_sweep(rt, lev, f, bank, choose):
    """The values ``V(a, N)`` of a fixed policy's turn for farkle values ``f`` (``(K, P)``:
    K sets at once, the policy looked up once for all), as ``(K, P)``: ``bank(u)`` is
    ``(N, P)`` bool (bank here), ``choose(u)`` ``(G, P)``: the option taken after each roll."""
    N = rt.N
    K, P = f.shape
    cap = lev.cap
    V = np.empty(((lev.top + 1) * UNIT_ROWS, K, P))
    V4 = V.reshape(lev.top + 1, UNIT_ROWS, K, P)
    V4[cap + 1:] = lev.B[cap + 1:, None, None, :]
    flat = V.ravel()
    cols = np.arange(K * P).reshape(K, P)
    pfc = rt.pf[:, None] * f.reshape(1, K * P)
    out = np.empty((K, P))
    G = len(rt.flat)
    gidx = np.arange(G)[:, None]
    code = rt.opt_dp * UNIT_ROWS + rt.opt_m  # (G, width): the value row an option leads to
    pcols = np.arange(P)[None, :]
    for u in range(cap, int(lev.a.min()) - 1, -1):
        rows = u * UNIT_ROWS + code[gidx, choose(u)]  # (G, P)
        vals = flat[(rows * (K * P) + pcols)[:, None, :] + (np.arange(K) * P)[None, :, None]]
        Q = rt.gprob @ vals.reshape(G, K * P)
        Q += pfc
        Q = Q.reshape(N, K, P)
        V4[u, 1:N + 1] = np.where(bank(u)[:, None, :], lev.B[u][None, None, :], Q)
        hit = lev.a == u
        if hit.any():
            out[:, hit] = Q[N - 1][:, hit]
    return out


class ExpertPolicy:
    """The expert's decisions, replayed from what the board reads (``shipped=True``: float32
    values, the pruned roll groups and the roll-region tops) or from the exact solution."""

    name = "expert"

    def __init__(self, sol, shipped=True):
        self.sol = sol
        self.shipped = shipped
        S = sol.S
        if shipped:
            self.W, self.reach = expert_table.shipped_values(sol)
            self.rt = expert_table.shipped_rolls(sol)
        else:
            self.W, self.reach = sol.W[:S, :S], sol.reach
            self.rt = sol.rolls
        # (S, S, N): the mover banks above these (the optimum: where rolling stops paying)
        self.tops = expert_table.shipped_tops(sol) if shipped else sol.tops[:S, :S]
        self.last_turn = sol.top.max()

    def final(self, need, onboard):
        """The value of the last turn in the final round when ``need`` units win (played for
        that value: ``game2.last_turn``; without tie credit the chance of making ``need``)."""
        sol = self.sol
        if sol.last is not None:
            onb = np.asarray(onboard).astype(np.int64)
            return sol.last[onb, np.minimum(need, sol.last.shape[1] - 1), sol.rolls.N]
        req = np.array([requirement(sol.rules, sol.unit, o) for o in onboard])
        d = np.maximum(need, req)
        return self.sol.reach[np.minimum(d, len(self.sol.reach) - 1), sol.rolls.N]

    def prepare(self, sol, pairs, cap):
        """Decisions for the pairs where the expert moves: ``(bank(u), choose(u))``."""
        rt_full = sol.rolls
        N = rt_full.N
        lev = game2.Level(sol, pairs, W=self.W, reach=self.reach, top=cap)
        top = self.tops[lev.i, lev.j]  # (P, N)
        f = 1.0 - self.W[lev.j, lev.i]
        _, C, _ = game2.turn_dp(sol, lev, f, top=top, rt=self.rt)
        P = len(pairs)
        C3 = C.reshape(lev.top + 1, UNIT_ROWS, P)
        u = np.arange(cap + 1)
        k = u[:, None] - lev.a[None, :]
        B = lev.B[:cap + 1]
        rolls = (C3[:cap + 1, 1:N + 1, :] > B[:, None, :]) & (k[:, None, :] <= top.T[None, :, :])
        rolls |= ~lev.allowed[:cap + 1, None, :]
        bank = ~rolls
        bank &= (k > 0)[:, None, :]  # no bank before the first roll
        choice = np.zeros((cap + 1, len(rt_full.flat), P), dtype=np.int8)
        rows = rt_full.sent_dp * UNIT_ROWS + rt_full.sent_m
        code = rt_full.sent_dp * 8 + rt_full.sent_m
        last = min(int((lev.a + top.max(axis=1)).max()), cap)
        chunk = 16
        for c0 in range(int(lev.a.min()), last + 1, chunk):
            us = np.arange(c0, min(c0 + chunk, last + 1))
            vals = np.take(C, (us[None, :] * UNIT_ROWS + rows[:, None]).ravel(), axis=0)
            vals = vals.reshape(len(rows), len(us) * P)
            for L, g0, ng, r0 in rt_full.classes:
                if L == 1:
                    continue
                v = vals[r0:r0 + L * ng].reshape(L, ng, len(us) * P)
                best = v.max(axis=0)
                key = np.where(v == best, code[r0:r0 + L * ng].reshape(L, ng)[:, :, None], -1)
                ch = key.argmax(axis=0).reshape(ng, len(us), P)
                choice[us, g0:g0 + ng, :] = ch.transpose(1, 0, 2)
        return (lambda u: bank[u]), (lambda u: choice[u])


class NormalPolicy:
    """*normal* (``farkle/players/normal.py``), asked for every keep and bank it can meet:
    ``keep[on board, t, group]`` (the option index) and ``bank[on board, t, n]``."""

    name = "normal"

    def __init__(self, rules, rt, tmax, player=None):
        from farkle.players.normal import Normal

        self.rules = rules
        self.rt = rt
        unit, N = rt.unit, rt.N
        self.player = player = player or Normal(rules, 2, 0)
        G = len(rt.flat)
        self.tmax = tmax
        self.keep = np.zeros((2, tmax + 1, G), dtype=np.int8)
        self.bank = np.zeros((2, tmax + 1, N), dtype=bool)
        reps = _representatives(rt)
        game = Game(rules, players=2, first=0)
        for onb in (0, 1):
            for t in range(tmax + 1):
                for n in range(1, N + 1):
                    _set(game, onb, t * unit, n, CHOOSE, [])
                    self.bank[onb, t, n - 1] = t > 0 and not player.roll_on(game)
                for g, (n, _, opts) in enumerate(rt.flat):
                    _set(game, onb, t * unit, n, KEEP, reps[g])
                    game.keep(player.choose_keep(game))
                    while game.unkept():
                        more = player.choose_keep(game)
                        if not more:
                            break
                        game.keep(more)
                    option = ((game.turn_total - t * unit) // unit, game.in_hand)
                    self.keep[onb, t, g] = opts.index(option)
        self.final_table = None

    def final_reach(self, dmax):
        """``F[on board, d]``: normal's value of its last turn in the final round when a bank
        of at least ``d`` units wins (it banks at once there: the bank wins outright) and one
        of exactly ``d - 1`` ties (worth ``tie_value``; under "roll_on" a tie cannot be banked)."""
        rt, N = self.rt, self.rt.N
        rules = self.rules
        tmax = self.tmax
        top = max(tmax, dmax) + rt.max_dp + 1
        d = np.arange(dmax + 1)
        tie = game2.tie_value(rules)
        no_tie_bank = rules.tie == "roll_on"
        F = np.zeros((2, dmax + 1))
        G = len(rt.flat)
        for onb in (0, 1):
            req = requirement(rules, rt.unit, bool(onb))
            X = np.zeros((top + 1, N + 1, dmax + 1))
            sure = max(dmax + 1, req)  # from here every bank wins, and normal banks
            X[sure:] = 1.0
            for t in range(sure - 1, -1, -1):
                wins = (t >= d) & (t >= req)
                tt = min(t, tmax)  # normal's table banks above tmax with any dice
                ch = self.keep[onb, tt]
                dp = rt.opt_dp[np.arange(G), ch]
                m = rt.opt_m[np.arange(G), ch]
                vals = X[np.minimum(t + dp, top), m]  # (G, D)
                Q = rt.gprob @ vals  # farkle: 0
                if t == 0:
                    F[onb] = Q[N - 1]
                    continue
                bank = self.bank[onb, tt][:, None] & (t >= req)
                if no_tie_bank:
                    bank = bank & (t != d - 1)[None, :]
                bank = bank | wins[None, :]
                value = 1.0 * wins + tie * (t == d - 1)
                X[t, 1:] = np.where(bank, value[None, :], Q)
        self.final_table = F
        return F

    def final(self, need, onboard):
        F = self.final_table
        return F[onboard.astype(np.int64), np.minimum(need, F.shape[1] - 1)]

    def prepare(self, sol, pairs, cap):
        a = np.array([p[0] for p in pairs], dtype=np.int64)
        onb = (a > 0) | (not sol.rules.opening)
        onb = onb.astype(np.int64)
        tmax = self.tmax

        def bank(u):
            t = np.clip(u - a, 0, tmax)
            out = self.bank[onb, t].T.copy()
            out[:, u - a > tmax] = True
            if not sol.rules.final_round and u >= sol.S:
                out[:] = True  # a bank that reaches the target wins: normal takes it
            out[:, u - a <= 0] = False
            return out

        def choose(u):
            t = np.clip(u - a, 0, tmax)
            return self.keep[onb, t].T

        return bank, choose


def normal_opponent(sol):
    """``(policy, cap)``: *normal* for ``sol``'s rules, with its final-round chances, and the
    would-be score up to which a duel against it must be evaluated (normal rolls on past the
    solver's cap when its table says so)."""
    from farkle.players import policy_files

    tmax = max(policy_files.load(sol.rules).limit) + 1  # normal banks with any dice from here on
    normal = NormalPolicy(sol.rules, sol.rolls, tmax)
    cap = max(sol.cap, sol.S - 1 + tmax)
    normal.final_reach(cap + sol.rolls.max_dp + 2)
    return normal, cap


def _representatives(rt):
    """One roll (sorted faces) for every group of ``rt``."""
    from farkle.solve.game2 import multisets
    from farkle.scorer import Scorer, pack, size

    scorer = Scorer(rt.rules)
    index = {(n, opts): g for g, (n, _, opts) in enumerate(rt.flat)}
    reps = [None] * len(rt.flat)
    for n in range(1, rt.N + 1):
        for faces in multisets(n):
            opts = set()
            for sub, p in scorer.keeps_key(pack(faces)):
                opts.add((p // rt.unit, (n - size(sub)) or rt.N))
            g = index.get((n, tuple(sorted(opts))))
            if g is not None and reps[g] is None:
                reps[g] = list(faces)
    return reps


def _set(game, onb, total, n, phase, shown):
    """Put ``game`` in a position of player 0: on the board or not, ``total`` this turn,
    ``n`` dice in hand, ``phase`` with ``shown`` faces (all set aside already in CHOOSE)."""
    game.scores = [0, 0]  # normal looks at its bank minimum only, not at the scores
    game.opened = [bool(onb), False]
    game.current = 0
    game.final_by = -1
    game.phase = phase
    game.turn_total = total
    game.in_hand = n
    game.shown = list(shown)
    game.kept = list(shown) if phase == CHOOSE else []
    game.piggybacked = False
    game.log = []


def duel(sol, A, B, cap=None, progress=None):
    """``(VA, VB)``: exact values of policy A against policy B (see the module docstring).
    A's win rate when it starts is ``VA[0, 0]``, when B starts ``VB[0, 0]``."""
    rules, rt = sol.rules, sol.rolls
    S, unit = sol.S, sol.unit
    if cap is None:
        cap = sol.cap
    onboard = np.array([x > 0 or not rules.opening for x in range(S)])
    VA = np.zeros((S, S))
    VB = np.zeros((S, S))
    final = rules.final_round

    def bank_A(u, lev):  # A banks at would-be u: B to move, or B's last turn
        out = np.empty((len(u), len(lev.pairs)))
        below = u < S
        out[below] = VB[lev.j[None, :], u[below][:, None]]
        if final:
            need = u[~below][:, None] - lev.b[None, :] + 1
            fin = np.stack([B.final(need[r], onboard[lev.j]) for r in range(len(need))]) if len(need) else 0
            out[~below] = 1.0 - fin
        else:
            out[~below] = 1.0
        return out

    def bank_B(u, lev):  # B banks at would-be u: A to move, or A's last turn
        out = np.empty((len(u), len(lev.pairs)))
        below = u < S
        out[below] = VA[lev.j[None, :], u[below][:, None]]
        if final:
            need = u[~below][:, None] - lev.b[None, :] + 1
            fin = np.stack([A.final(need[r], onboard[lev.j]) for r in range(len(need))]) if len(need) else 0
            out[~below] = fin
        else:
            out[~below] = 0.0
        return out

    levels = 2 * S - 1
    for done, s in enumerate(range(2 * S - 2, -1, -1)):
        pairs = [(a, s - a) for a in range(max(0, s - S + 1), min(s, S - 1) + 1)]
        index = {p: k for k, p in enumerate(pairs)}
        partner = np.array([index[(j, i)] for i, j in pairs])
        levA = EvalLevel(sol, pairs, cap, bank_A)
        levB = EvalLevel(sol, pairs, cap, bank_B)
        bankA, chooseA = A.prepare(sol, pairs, cap)
        bankB, chooseB = B.prepare(sol, pairs, cap)
        f = np.stack([np.zeros(len(pairs)), np.ones(len(pairs))])  # farkle worth 0, then 1
        a0, a1 = policy_sweep(rt, levA, f, bankA, chooseA)
        a1 = a1 - a0
        b0, b1 = policy_sweep(rt, levB, f, bankB, chooseB)
        b1 = b1 - b0
        # VA(i,j) = a0 + a1 * VB(j,i);  VB(j,i) = b0' + b1' * VA(i,j)
        b0p, b1p = b0[partner], b1[partner]
        va = (a0 + a1 * b0p) / (1.0 - a1 * b1p)
        vb = b0 + b1 * va[partner]
        i = np.array([p[0] for p in pairs])
        j = np.array([p[1] for p in pairs])
        VA[i, j] = va
        VB[i, j] = vb
        if progress:
            progress(done + 1, levels)
    return VA, VB
