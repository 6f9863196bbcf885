"""farkle.solve.expert_table: the expert's policy file, written from a solved game.

host-only: numpy. The layout is documented in ``farkle/players/expert_table.py`` (the reader).
``tools/make_expert.py`` solves a preset and writes ``farkle/policies/expert_<preset>.bin``.
"""

import struct

import numpy as np

from farkle.players.expert_headers import HEADER, HEADER_SIZE, MAGIC, fingerprint


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


def shipped_tops(sol):
    """``(S, S, N)``: the turn total (units above the mover's score) above which the board
    banks with ``n`` dice, ``[i, j, n - 1]``: the file's ``low`` (the largest top of fewer
    than N dice) for every number below N, its ``top`` (the largest of all) for N."""
    S, N = sol.S, sol.rolls.N
    out = np.repeat(sol.tops[:S, :S, :N - 1].max(axis=2)[:, :, None], N, axis=2)
    out[:, :, N - 1] = sol.top[:S, :S]
    return out


def file_groups(rt):
    """``(groups, high)``: the roll groups as the file lists them, ``(n, ways, options)``.
    Groups whose options are the same are one (their ways added): a turn reads each once.
    ``high``: the groups of N dice for the rows above ``low``, where every keep of fewer
    dice left banks: those keeps are one, the one of the most points, read from the bank
    row (left 0); a keep of all the dice (N left) stays as it is."""
    N = rt.N
    groups = {}
    for n, ways, opts in rt.flat:
        key = (n, tuple(sorted(set(opts))))
        groups[key] = groups.get(key, 0) + ways
    high = {}
    for (n, opts), ways in groups.items():
        if n != N:
            continue
        low = [p for p, m in opts if m != N]
        reduced = ((max(low), 0),) if low else ()
        key = (n, tuple(sorted(set(reduced + tuple(o for o in opts if o[1] == N)))))
        high[key] = high.get(key, 0) + ways
    return ([(n, ways, opts) for (n, opts), ways in sorted(groups.items())],
            [(n, ways, opts) for (n, opts), ways in sorted(high.items())])


def table_bytes(sol, rules=None):
    """The policy file of a solution, as bytes; ``rules`` (default the solution's): the rules
    the file is for, when the solution approximates them (see ``tools/make_expert.py``)."""
    rules, rt = rules or sol.rules, shipped_rolls(sol)
    S, N = sol.S, rt.N
    cut = shipped_tops(sol)
    tops = np.stack([cut[:, :, N - 1], cut[:, :, 0]], axis=2)  # (top, low) a pair
    if tops.max() > 65535:
        raise ValueError("a roll region is longer than 65,535 units")
    if max(p for _, _, opts in rt.flat for p, _ in opts) > 255:
        raise ValueError("a keep is worth more than 255 units")
    full, high = file_groups(rt)
    groups = b""
    for n, ways, opts in full + high:
        groups += struct.pack("<BBH", n, len(opts), ways)
        for p, m in opts:
            groups += struct.pack("<BB", p, m)
    W = sol.W[:S, :S].astype("<f4").tobytes()
    tops = tops.astype(np.uint8 if tops.max() <= 255 else "<u2").tobytes()  # the reader sees which
    reach = sol.reach[:, 1:N + 1].T.astype("<f4")  # (N, RD)
    RD = reach.shape[1]
    off_groups = HEADER_SIZE
    off_W = off_groups + len(groups)
    off_top = off_W + len(W)
    off_reach = off_top + len(tops)
    head = struct.pack(HEADER, MAGIC, fingerprint(rules), sol.unit, S, sol.cap, N, 2,
                       len(full), len(high), RD, off_groups, off_W, off_top, off_reach)
    assert len(head) == HEADER_SIZE
    last = last_section(sol)
    return head + groups + W + tops + reach.tobytes() + (last.tobytes() if last is not None else b"")


def shipped_values(sol):
    """What the board reads, back as float64: ``(W, reach)`` rounded through float32."""
    S = sol.S
    W = sol.W[:S, :S].astype(np.float32).astype(np.float64)
    reach = sol.reach.astype(np.float32).astype(np.float64)
    return W, reach
