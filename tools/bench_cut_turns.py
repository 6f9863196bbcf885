"""What a turn worked out short costs the expert: the win chance it gives up.

    python tools/bench_cut_turns.py                  # classic, 250 positions, prints JSON
    python tools/bench_cut_turns.py --preset farkel --positions 100

A board's expert whose turn finds no heap for its rows works it out only up to a lower turn
total and banks above it (``farkle.players.expert_turns.TurnTable._shrink``): first to the length
of the game's first rows, then a ROOM shorter at a time. For positions (my score, their
score) drawn at random from those whose whole turn is longer than the cut, this compares the
win chance of the turn's first roll played whole and played cut (the cut table's values are
those of the cut play, the rest of the game as solved). Host-only, CPython.
"""

import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from farkle.players import expert_files, expert_turns  # noqa: E402
from farkle.presets import preset  # noqa: E402
from tools.report import emit  # noqa: E402


def losses(table, rules, length, positions, seed=1):
    """Win chance given up at the turn's first roll, cut to rows of ``length``, for up to
    ``positions`` positions whose whole turn is longer."""
    top = length - table.maxp - 1
    cells = [(a, b) for a in range(table.S) for b in range(table.S)]
    random.Random(seed).shuffle(cells)
    out = []
    for a, b in cells:
        if len(out) >= positions:
            break
        whole = expert_turns.TurnTable(table, rules, a, b)
        if whole.size() <= length:
            continue
        whole.build()
        cut = expert_turns.TurnTable(table, rules, a, b)
        cut.top = cut.k = top  # the rows then end at length (``size``)
        cut.low = min(cut.low, top)
        cut.build()
        out.append(whole.roll_value(0, table.N) - cut.roll_value(0, table.N))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--positions", type=int, default=250)
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    table = expert_files.open_table(os.path.join(ROOT, "farkle", "policies", "expert_%s.bin" % args.preset))
    first = expert_turns.room(table.top(0, 0) + table.maxp + 1)
    rows = {}
    for length in (first, first - expert_turns.ROOM):
        if length - table.maxp - 1 < expert_turns.ROOM:
            continue
        lost = losses(table, rules, length, args.positions)
        rows["rows of %d (bank above %d points)" % (length, (length - table.maxp - 1) * table.unit)] = {
            "positions": len(lost), "mean_loss": sum(lost) / len(lost) if lost else None,
            "worst_loss": max(lost) if lost else None}
    emit({"preset": args.preset, "cuts": rows})


if __name__ == "__main__":
    main()
