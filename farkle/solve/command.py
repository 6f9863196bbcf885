"""farkle.solve.command: ``python -m farkle solve``, the two-player game of any house rules.

host-only: numpy. Solves the game (``farkle.solve.game2``) and answers what a house wants to
know about its rules: the first player's chance when both play to win, the head start for the
second player that makes the game fairest, and how much better the optimal player is than
the max-expected-score player (*normal*), all exact (no sampling).
"""

import sys
import time

from farkle.solve import expert_table, game2
from farkle.solve import game2_eval as ge

BAR = 30  # characters of the progress bar


class Progress:
    """A progress bar on standard error: one line per stage, redrawn in place."""

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.t0 = time.time()

    def stage(self, label):
        last = [-1]

        def show(done, total):
            percent = 100 * done // total
            if percent == last[0]:
                return
            last[0] = percent
            filled = BAR * done // total
            self.stream.write("\r%-22s [%s%s] %3d%% %5.0f s" % (
                label, "#" * filled, "." * (BAR - filled), 100 * done // total, time.time() - self.t0))
            if done == total:
                self.stream.write("\n")
            self.stream.flush()
        return show


def head_start_candidates(sol):
    """Head starts (units) worth solving for a second player who must still open: from the
    fair head start of a player already on the board, up by the opening and a little."""
    W, S = sol.W, sol.S
    onboard = min(range(1, S), key=lambda k: abs(W[0, k] - 0.5))
    opening = -(-sol.rules.opening // sol.unit)
    low = max(1, onboard - 2)
    return list(range(low, min(onboard + opening + 4, S)))


def fair_head_start(sol, progress=None):
    """``(points, first player's chance)``: the head start for the second player, a multiple
    of the score unit, that brings the first player's chance closest to one half. Under an
    opening minimum the second player must still open (head-start states are solved for it)."""
    unit, S = sol.unit, sol.S
    if not sol.rules.opening:
        chances = [(k * unit, float(sol.W[0, k])) for k in range(S)]
    else:
        units = head_start_candidates(sol)
        states = game2.add_head_starts(sol, [k * unit for k in units], progress)
        chances = [(0, float(sol.W[0, 0]))] + [(k * unit, float(sol.W[0, s])) for k, s in zip(units, states)]
        best = min(chances, key=lambda c: abs(c[1] - 0.5))
        if best[0] == units[-1] * unit and units[-1] < S - 1:
            raise RuntimeError("the fair head start lies above the head starts solved")
    return min(chances, key=lambda c: (abs(c[1] - 0.5), c[0]))


def normal_vs_optimal(sol, progress=None):
    """The exact win chance of *normal* against the optimal player, averaged over who starts
    (a draw counts half)."""
    normal, cap = ge.normal_opponent(sol)
    optimal = ge.ExpertPolicy(sol, shipped=False)
    VA, VB = ge.duel(sol, normal, optimal, cap=cap, progress=progress)
    return float((VA[0, 0] + VB[0, 0]) / 2)


def solve_rules(rules, progress=None, table=None, save=None):
    """Everything ``solve`` prints for ``rules``; ``table``: also write the expert's file
    there; ``save``: keep the solution (``.npz``). Raises ``ValueError`` with the reason for
    rules the solver cannot solve."""
    game2.check_rules(rules)
    progress = progress or Progress(open_null())
    t0 = time.time()
    sol = game2.solve(rules, progress=progress.stage("solving the game"))
    fair, with_fair = fair_head_start(sol, progress.stage("head starts"))
    if save:
        game2.save(sol, save)
    if table:
        with open(table, "wb") as f:
            f.write(expert_table.table_bytes(sol))
    normal = normal_vs_optimal(sol, progress.stage("normal vs optimal"))
    return {
        "rules": rules.as_dict(),
        "first_player": round(sol.first_player(), 10),
        "fair_head_start": fair,
        "first_player_with_head_start": round(with_fair, 10),
        "normal_vs_optimal": round(normal, 10),
        # the expert is the optimal player: over both seats the two chances add up to 1
        "expert_vs_normal": round(1.0 - normal, 10),
        "seconds": round(time.time() - t0, 1),
        "states": int(len(sol.score) ** 2 - len(sol.extra) ** 2),
    }


class _Null:
    def write(self, text):
        pass

    def flush(self):
        pass


def open_null():
    return _Null()


def text(out):
    """The result for people."""
    lines = [
        "first player wins (both playing to win): %.4f%%" % (100 * out["first_player"]),
        "fair head start for the second player: %d points (first player then %.4f%%)" % (
            out["fair_head_start"], 100 * out["first_player_with_head_start"]),
        "normal (max expected score) against the optimal player: %.4f%%" % (100 * out["normal_vs_optimal"]),
        "expert against normal: %.4f%%" % (100 * out["expert_vs_normal"]),
        "%d score pairs solved in %.0f s" % (out["states"], out["seconds"]),
    ]
    return "\n".join(lines)


def cmd_solve(args):
    """The ``solve`` verb: ``(JSON-ready result or None, exit status)``; refusals raise
    ``farkle.cli.UsageError``."""
    from farkle.cli import UsageError, rules_from_spec

    rules = rules_from_spec(args.rules)
    try:
        game2.check_rules(rules)
    except ValueError as error:
        raise UsageError("cannot solve these rules: %s" % error)
    out = solve_rules(rules, Progress(), table=getattr(args, "table", None), save=getattr(args, "save", None))
    if args.json:
        return out, 0
    sys.stdout.write(text(out) + "\n")
    return None, 0
