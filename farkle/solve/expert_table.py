"""farkle.solve.expert_table: the expert's policy file, written from a solved game.

host-only: numpy. The layout is documented in ``farkle/players/expert.py`` (the reader).
``tools/make_expert.py`` solves a preset and writes ``farkle/policies/expert_<preset>.bin``.
"""

import struct

import numpy as np

from farkle.players.expert_files import HEADER, HEADER_SIZE, MAGIC, fingerprint


def shipped_rolls(sol):
    """The roll groups as the file lists them: only the keeps that are ever strictly best."""
    return sol.rolls.pruned(sol.used)


def last_section(sol):
    """``(N, RD)`` float32 for rules where a final-round tie counts half: the last player's
    value needing ``d`` units to win (``d - 1`` ties), banks allowed from one unit on; else
    None."""
    from farkle.solve.game2 import last_turn, tie_value

    tie = tie_value(sol.rules)
    if not (sol.rules.final_round and tie):
        return None
    return last_turn(sol.rolls, len(sol.reach) - 1, 1, tie)[:, 1:].T.astype("<f4")


def table_bytes(sol, rules=None):
    """The policy file of a solution, as bytes; ``rules`` (default the solution's): the rules
    the file is for, when the solution approximates them (see ``tools/make_expert.py``)."""
    rules, rt = rules or sol.rules, shipped_rolls(sol)
    S, N = sol.S, rt.N
    top = sol.top[:S, :S]
    if top.max() > 65535:
        raise ValueError("a roll region is longer than 65,535 units")
    if max(p for _, _, opts in rt.flat for p, _ in opts) > 255:
        raise ValueError("a keep is worth more than 255 units")
    groups = b""
    for n, ways, opts in sorted(rt.flat):
        groups += struct.pack("<BBH", n, len(opts), ways)
        for p, m in opts:
            groups += struct.pack("<BB", p, m)
    W = sol.W[:S, :S].astype("<f4").tobytes()
    tops = top.astype(np.uint8 if top.max() <= 255 else "<u2").tobytes()  # the reader sees which
    reach = sol.reach[:, 1:N + 1].T.astype("<f4")  # (N, RD)
    RD = reach.shape[1]
    off_groups = HEADER_SIZE
    off_W = off_groups + len(groups)
    off_top = off_W + len(W)
    off_reach = off_top + len(tops)
    head = struct.pack(HEADER, MAGIC, fingerprint(rules), sol.unit, S, sol.cap, N, 2,
                       len(rt.flat), RD, off_groups, off_W, off_top, off_reach)
    assert len(head) == HEADER_SIZE
    last = last_section(sol)
    return head + groups + W + tops + reach.tobytes() + (last.tobytes() if last is not None else b"")


def shipped_values(sol):
    """What the board reads, back as float64: ``(W, reach)`` rounded through float32."""
    S = sol.S
    W = sol.W[:S, :S].astype(np.float32).astype(np.float64)
    reach = sol.reach.astype(np.float32).astype(np.float64)
    return W, reach
