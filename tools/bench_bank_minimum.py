"""How often one turn makes a bank minimum: the figures behind the bounds on ``opening`` and
``min_bank`` (README, "Rules that always finish").

For each minimum, the exact chance that a turn from fresh dice makes at least that many points
under the play that maximises that chance (``farkle.solve.turn.reach_table``), and one in how
many turns that is.

    .venv/bin/python tools/bench_bank_minimum.py [--rules classic]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from farkle.cli import rules_from_spec  # noqa: E402
from farkle.solve.turn import reach_table, solve  # noqa: E402
from tools.report import emit  # noqa: E402

MINIMUMS = (350, 500, 1000, 2500, 5000, 10000)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rules = rules_from_spec(args.rules)
    step = solve(rules).step
    Q = reach_table(rules, max(MINIMUMS))
    rows = []
    for m in MINIMUMS:
        chance = float(Q[rules.dice][-(-m // step)])
        rows.append({"minimum": m, "chance": round(chance, 6),
                     "one_turn_in": round(1 / chance) if chance else None})
    emit({"rules": args.rules, "turn_makes_at_least": rows})


if __name__ == "__main__":
    main()
