"""farkle.solve.tables: write the compact policy tables the board plays from.

host-only. ``policy_bytes(rules)`` and ``reach_bytes(rules)`` build the two files whose format
``farkle.players.policy`` documents and reads; ``write_presets()`` (run by
``python tools/make_policies.py``) regenerates every shipped preset's files, and
``check_policy`` proves a table plays exactly like the solution it came from.
"""

import math
import os
import struct
from io import BytesIO

from farkle.players.policy import NEVER, POLICY_MAGIC, REACH_MAGIC
from farkle.players.policy import fingerprint
from farkle.players.policy_files import read_policy
from farkle.presets import NAMES, preset
from farkle.solve.turn import EPS, reach_table, solve
from farkle.scorer import pack, size

REACH_TOP = 10000  # the reach table covers needs up to this many points
HERE = os.path.dirname(os.path.abspath(__file__))
POLICY_DIR = os.path.join(os.path.dirname(HERE), "policies")


def minimums(rules):
    """The bank minimums a table for ``rules`` must know: its opening and later minimum and,
    for a preset, every opening its set-up menu offers."""
    values = {rules.opening, rules.min_bank}
    values.update(rules.offers.get("opening", ()))
    return sorted(m for m in values if m > 0)


def _grid_minimum(s, m):
    return -(-m // s.step) * s.step


def policy_bytes(rules, bank_minimums=None):
    """The ``.bin`` expected-score policy of ``rules`` (see farkle.players.policy)."""
    s = solve(rules)
    N, step = s.dice, s.step
    if bank_minimums is None:
        bank_minimums = minimums(rules)
    sections = []
    for m in sorted({_grid_minimum(s, m) for m in bank_minimums if m > step}):
        km, Wm, _ = s._forced_table(m)
        sections.append((km, [[float(Wm[n, k]) - k * step for k in range(km)] for n in range(N + 1)]))
    limits = [0] * (N + 1)
    gains = [[] for _ in range(N + 1)]
    for n in range(1, N + 1):
        limits[n] = s.bank_at(0)[n] // step
        gains[n] = [float(s.R[n, k]) - k * step for k in range(limits[n])]
    biggest = max([abs(v) for row in gains for v in row] +
                  [abs(v) for _, rows in sections for row in rows for v in row] + [1.0])
    shift = 0
    while biggest * (1 << (shift + 1)) < 32000 and shift < 15:
        shift += 1
    scale = 1 << shift
    pig = [0] * (N + 1)
    fresh = s.expected_turn(rules.min_bank)
    for n in range(1, N + 1):
        k = 1
        while s.roll_value(n, k * step, rules.min_bank) <= fresh + EPS:
            k += 1
            if k >= NEVER:
                break
        pig[n] = min(k, NEVER)
    out = bytearray(POLICY_MAGIC)
    out += struct.pack("<IHBBH", fingerprint(rules), step, N, shift, len(sections))
    out += struct.pack("<%dH" % N, *limits[1:])
    out += struct.pack("<%dH" % N, *pig[1:])
    out += struct.pack("<%dH" % N, *[round((1 - s.farkle[n]) * 65535) for n in range(1, N + 1)])
    out += struct.pack("<%dH" % N, *[round(s.expected_points[n]) for n in range(1, N + 1)])
    for n in range(1, N + 1):
        out += struct.pack("<%dh" % limits[n], *[round(v * scale) for v in gains[n]])
    for km, rows in sections:
        out += struct.pack("<H", km)
        for n in range(1, N + 1):
            out += struct.pack("<%dh" % km, *[round(v * scale) for v in rows[n]])
    return bytes(out)


def reach_bytes(rules, top=REACH_TOP):
    """The ``.rch`` table of ``rules``: chances of making at least r more points."""
    s = solve(rules)
    N, step = s.dice, s.step
    Q = reach_table(rules, top)
    rk = top // step
    out = bytearray(REACH_MAGIC)
    out += struct.pack("<IHBBH", fingerprint(rules), step, N, 0, rk)
    for n in range(1, N + 1):
        codes = []
        for k in range(1, rk + 1):
            q = float(Q[n, k])
            codes.append(NEVER if q <= 0 else min(NEVER - 1, round(-math.log2(q) * 1024)))
        out += struct.pack("<%dH" % rk, *codes)
    return bytes(out)


def check_policy(rules, data=None, bank_minimums=None, t_step=1):
    """Compare the table's choices with the exact solution on every state.

    For every bank minimum in the table (and 0), every number of dice, every roll and every
    turn total on the grid below the cap: the keep the table picks must be worth as much as
    the best keep (within ``EPS``), and its roll-or-bank choice must be the exact one.
    Returns ``{"states": n, "worst_loss": points, "wrong_bank": n}``.
    """
    s = solve(rules)
    policy = read_policy(BytesIO(data if data is not None else policy_bytes(rules, bank_minimums)))
    N, step = s.dice, s.step
    mins = [0] + sorted(policy.forced)
    states = 0
    worst = 0.0
    wrong_bank = 0
    opts_by_n = {}
    for n in range(1, N + 1):
        from farkle.solve.turn import rolls
        table = []
        for faces, _ in rolls(n):
            best = {}
            for sub, points in s.scorer.keeps_key(pack(faces)):
                left = n - size(sub) or N
                best[left] = max(best.get(left, 0), points)
            if best:
                table.append([(p, left, None) for left, p in best.items()])
        opts_by_n[n] = table
    for m in mins:
        # exact values as python lists for speed
        top = s.cap // step
        exact = {}
        for n in range(1, N + 1):
            exact[n] = [s.value(n, k * step, m) for k in range(top + 1)]

        def value(n, t):
            k = t // step
            return exact[n][k] if k <= top else float(t)

        for n in range(1, N + 1):
            for k in range(0 if n == N else 1, top, t_step):
                t = k * step
                if t >= max(m, 1):
                    if policy.rolls(n, t) != s.should_roll(n, t, m):
                        wrong_bank += 1
                for opts in opts_by_n[n]:
                    states += 1
                    vals = [value(nl, t + p) for p, nl, _ in opts]
                    pick = policy.best(opts, t, m)
                    got = value(pick[1], t + pick[0])
                    worst = max(worst, max(vals) - got)
    return {"states": states, "worst_loss": worst, "wrong_bank": wrong_bank}


def write_presets(directory=POLICY_DIR, names=NAMES):
    """(Re)write ``<name>.bin`` and ``<name>.rch`` for every preset; returns their sizes."""
    sizes = {}
    for name in names:
        rules = preset(name)
        blobs = {".bin": policy_bytes(rules), ".rch": reach_bytes(rules)}
        for ext, blob in blobs.items():
            with open(os.path.join(directory, name + ext), "wb") as f:
                f.write(blob)
        sizes[name] = {"policy": len(blobs[".bin"]), "reach": len(blobs[".rch"])}
    return sizes
