"""tools/bench_dice.py: the fair-dice test of tests/test_fair_dice.py on fresh random seeds.

host-only. Usage: ``python tools/bench_dice.py [--seeds 20] [--rolls 600000]``

Each run seeds farkle.dice.RandomDice from os.urandom (as the board does), draws the faces,
and prints the chi-square p-values of single faces (5 degrees of freedom) and of consecutive
non-overlapping pairs (35). For fair dice the p-values are uniform on 0..1: about 5% of them
fall under 0.05, and their mean is near 0.5. The summary ends with a Kolmogorov-Smirnov check
of that uniformity over all runs.
"""

import argparse
import math
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from farkle.dice import RandomDice  # noqa: E402
from tools.chisquare import dice_test  # noqa: E402


def ks_uniform(values):
    """Kolmogorov-Smirnov statistic D and its asymptotic p-value against uniform 0..1."""
    values = sorted(values)
    n = len(values)
    d = max(max((i + 1) / n - v, v - i / n) for i, v in enumerate(values))
    lam = (math.sqrt(n) + 0.12 + 0.11 / math.sqrt(n)) * d
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))
    return d, min(1.0, max(0.0, p))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--rolls", type=int, default=600_000)
    args = parser.parse_args(argv)
    print("%d runs of %d faces, each seeded from os.urandom" % (args.seeds, args.rolls))
    print("%4s %10s %9s %9s %9s %9s" % ("run", "seed", "chi2 1", "p faces", "chi2 2", "p pairs"))
    singles, pairs = [], []
    start = time.perf_counter()
    for run in range(args.seeds):
        seed = int.from_bytes(os.urandom(4), "big")
        dice = RandomDice(seed)
        faces = [dice.face() for _ in range(args.rolls)]
        result = dice_test(faces)
        singles.append(result["faces"][2])
        pairs.append(result["pairs"][2])
        print("%4d %10d %9.2f %9.4f %9.2f %9.4f" % (run + 1, seed, result["faces"][0], singles[-1],
                                                   result["pairs"][0], pairs[-1]))
    took = time.perf_counter() - start
    for name, ps in (("faces", singles), ("pairs", pairs)):
        d, p = ks_uniform(ps)
        low = sum(1 for x in ps if x < 0.05)
        print("%s: min p %.4f, mean p %.3f, %d of %d under 0.05; KS uniformity D=%.3f p=%.3f"
              % (name, min(ps), sum(ps) / len(ps), low, len(ps), d, p))
    print("%.1f s (%.2f us a face)" % (took, took / (args.seeds * args.rolls) * 1e6))


if __name__ == "__main__":
    main()
