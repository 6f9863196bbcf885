"""tools.chisquare: Pearson's chi-square test of dice counts, in plain Python.

host-only: used by tests/test_fair_dice.py and tools/bench_dice.py; no SciPy needed.
``p_value(x, df)`` is the chi-square survival function Q(df/2, x/2) (the regularized upper
incomplete gamma function: a series below a + 1, a continued fraction above, as in Numerical
Recipes 6.2), good to ~1e-12, far beyond what a dice test needs.
"""

import math


def _gamma_q(a, x):
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(10000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    tiny = 1e-300  # Lentz's continued fraction for Q
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def p_value(statistic, df):
    """P(chi-square with ``df`` degrees of freedom >= ``statistic``)."""
    return _gamma_q(df / 2.0, statistic / 2.0)


def chi_square(counts, expected=None):
    """(statistic, degrees of freedom, p-value) of ``counts`` against equal (or ``expected``)
    cell probabilities."""
    n = sum(counts)
    k = len(counts)
    if expected is None:
        expected = [n / k] * k
    stat = sum((c - e) ** 2 / e for c, e in zip(counts, expected))
    return stat, k - 1, p_value(stat, k - 1)


def faces_and_pairs(faces):
    """Counts of single faces (6 cells) and of consecutive non-overlapping pairs (36 cells)."""
    singles = [0] * 6
    pairs = [0] * 36
    for f in faces:
        singles[f - 1] += 1
    for i in range(0, len(faces) - 1, 2):
        pairs[(faces[i] - 1) * 6 + faces[i + 1] - 1] += 1
    return singles, pairs


def dice_test(faces):
    """{"faces": (stat, df, p), "pairs": (stat, df, p)} for a sequence of faces 1..6."""
    singles, pairs = faces_and_pairs(faces)
    return {"faces": chi_square(singles), "pairs": chi_square(pairs)}
