"""host-only: a plain value iteration of the two-player game, the yardstick for farkle/solve/game2.

Written from the rules, not from the solver: every roll multiset of 1..N dice with its
probability and every legal keep (from the engine's scorer), a turn played backwards from the
cap, and the whole game iterated Gauss-Seidel style until nothing moves. Slow (pure Python):
only for small targets.
"""

import math

from farkle.scorer import Scorer, pack, size


def _rolls(rules, unit):
    scorer = Scorer(rules)
    N = rules.dice
    out = {}
    for n in range(1, N + 1):
        found = {}

        def walk(faces, low):
            if len(faces) == n:
                ways = math.factorial(n)
                for f in range(1, 7):
                    ways //= math.factorial(faces.count(f))
                opts = set()
                for sub, points in scorer.keeps_key(pack(faces)):
                    assert points % unit == 0
                    opts.add((points // unit, (n - size(sub)) or N))
                key = tuple(sorted(opts))
                found[key] = found.get(key, 0) + ways
                return
            for face in range(low, 7):
                walk(faces + [face], face)

        walk([], 1)
        out[n] = [(ways / 6 ** n, list(key)) for key, ways in found.items()]
    return out


def brute_solve(rules, cap, unit=50, tol=1e-13, max_iter=500):
    """``W[a][b]`` (lists, scores in units) for ``rules`` with the mover banking above ``cap``."""
    N = rules.dice
    S = rules.target // unit
    capu = -(-cap // unit)
    rolls = _rolls(rules, unit)

    def req(score):
        if score == 0 and rules.opening:
            return -(-rules.opening // unit)
        return max(1, -(-rules.min_bank // unit))

    memo = {}

    def reach(d, n):
        if d <= 0:
            return 1.0
        if (d, n) not in memo:
            total = 0.0
            for prob, opts in rolls[n]:
                if opts:
                    total += prob * max(reach(d - p, m) for p, m in opts)
            memo[(d, n)] = total
        return memo[(d, n)]

    for d in range(1, capu + 80):  # fill bottom-up: no deep recursion
        for n in range(1, N + 1):
            reach(d, n)

    W = [[0.5] * S for _ in range(S)]
    tie = 0.5 if rules.tie in ("draw", "rolloff") else 0.0  # a tie shared (roll-off of two)
    lasts = {}

    def last(gap, need):
        """The last player's best value, from fresh dice, behind by ``gap`` with banks from
        ``need`` on: above the gap wins, level with it ties."""
        if (gap, need) not in lasts:
            V = {}
            for t in range(max(gap, need) + 1 + 80, -1, -1):
                for n in range(1, N + 1):
                    if t > gap and t >= need:
                        V[(t, n)] = 1.0
                        continue
                    roll = sum(prob * max(V[(t + p, m)] for p, m in opts) for prob, opts in rolls[n] if opts)
                    if t >= need and t > 0:
                        roll = max(roll, tie if t == gap else 0.0)
                    V[(t, n)] = roll
            lasts[(gap, need)] = V[(0, N)]
        return lasts[(gap, need)]

    def bank(a, b, u):
        if u < S:
            return 1.0 - W[b][u]
        if not rules.final_round:
            return 1.0
        if tie:
            return 1.0 - last(u - b, req(b))
        return 1.0 - reach(max(u - b + 1, req(b)), N)

    def turn(a, b):
        f = 1.0 - W[b][a]
        top = max(capu, a) + 80
        V = {}
        for u in range(top, a - 1, -1):
            for n in range(1, N + 1):
                if u > capu:
                    V[(u, n)] = bank(a, b, u)
                    continue
                roll = 0.0
                far = 1.0
                for prob, opts in rolls[n]:
                    if opts:
                        far -= prob
                        roll += prob * max(V[(u + p, m)] for p, m in opts)
                roll += far * f
                if u == a:
                    V[(u, n)] = roll
                elif u - a >= req(a):
                    V[(u, n)] = max(roll, bank(a, b, u))
                else:
                    V[(u, n)] = roll
        return V[(a, N)]

    order = sorted(((a, b) for a in range(S) for b in range(S)), key=lambda p: -(p[0] + p[1]))
    for _ in range(max_iter):
        change = 0.0
        for a, b in order:
            new = turn(a, b)
            change = max(change, abs(new - W[a][b]))
            W[a][b] = new
        if change < tol:
            return W
    raise RuntimeError("no convergence")
