"""farkle.players.policy: read the compact max-expected-score tables on the board.

The host solves the turn exactly (``farkle.solve``) and writes two small files per preset in
``farkle/policies/``; the board only reads them. All numbers are little-endian.

``<preset>.bin``, the expected-score policy::

    "FKP1"  fingerprint:u32  step:u16  N:u8  shift:u8  M:u16
    L[1..N]:u16     rolling n dice beats banking exactly for totals below L[n]*step
    PIG[1..N]:u16   piggybacking on n dice beats fresh dice exactly from PIG[n]*step on
    SURV[1..N]:u16  chance that a roll of n dice scores, times 65535 (rounded)
    MEAN[1..N]:u16  mean points of the best keep of a roll of n dice (farkle = 0), rounded
    D[n][k]:i16     for n = 1..N, k = 0..L[n]-1: (expected points of rolling on) - total,
                    times 2**shift (the value of (n, k*step) is k*step + D when positive)
    M sections:     m:u16 (a bank minimum, in steps), then F[n][k]:i16 for n = 1..N,
                    k = 0..m-1: value - total, times 2**shift, where no bank is allowed yet

``<preset>.rch``, for *hard*: the chance of making at least r more points this turn::

    "FKR1"  fingerprint:u32  step:u16  N:u8  0:u8  RK:u16
    C[n][k]:u16     k = 1..RK: round(-log2(chance) * 1024), 65535 = no chance

The fingerprint covers every field that changes the turn (the scoring and the number of
dice), so a table is used only for rules it was solved for.
"""

import struct

POLICY_MAGIC = b"FKP1"
REACH_MAGIC = b"FKR1"
NEVER = 65535
DIR = __file__.rsplit("/", 2)[0] + "/policies" if "/" in __file__ else "farkle/policies"


def turn_fields():
    """Names of the rules fields a turn depends on: the scoring, and the number of dice."""
    from farkle.rules import FIELD_NAMES

    return FIELD_NAMES[:FIELD_NAMES.index("dice") + 1]


def fingerprint(rules):
    """32-bit FNV-1a of the turn fields' values; the same on CPython and MicroPython."""
    text = ",".join([str(getattr(rules, name)) for name in turn_fields()])
    h = 2166136261
    for byte in text.encode():
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h


class Policy:
    """Exact max-expected-score decisions from a ``.bin`` table (values are scaled ints)."""

    def __init__(self, data):
        if data[:4] != POLICY_MAGIC:
            raise ValueError("not a policy table")
        self.data = data
        self.fingerprint, self.step, self.dice, self.shift, sections = struct.unpack_from("<IHBBH", data, 4)
        self.scale = 1 << self.shift
        N = self.dice
        pos = 14
        self.limit = (0,) + struct.unpack_from("<%dH" % N, data, pos)
        pos += 2 * N
        self.pig = (0,) + struct.unpack_from("<%dH" % N, data, pos)
        pos += 2 * N
        self.surv = (0,) + struct.unpack_from("<%dH" % N, data, pos)
        pos += 2 * N
        self.mean = (0,) + struct.unpack_from("<%dH" % N, data, pos)
        pos += 2 * N
        offs = [0]
        for n in range(1, N + 1):
            offs.append(pos)
            pos += 2 * self.limit[n]
        self.offsets = offs
        self.forced = {}  # bank minimum in points -> (steps, offsets per n)
        for _ in range(sections):
            km = struct.unpack_from("<H", data, pos)[0]
            pos += 2
            offs = [0]
            for n in range(1, N + 1):
                offs.append(pos)
                pos += 2 * km
            self.forced[km * self.step] = (km, offs)

    def fits(self, rules):
        return fingerprint(rules) == self.fingerprint

    def has_minimum(self, minimum):
        """True when decisions below the bank minimum ``minimum`` are exact with this table."""
        return minimum <= self.step or minimum in self.forced

    def value(self, n, total, minimum=0):
        """Scaled expected points banked this turn from ``n`` dice in hand at ``total``,
        playing on optimally, when banks below ``minimum`` are not allowed."""
        k = total // self.step
        if total < minimum:
            section = self.forced.get(minimum)
            if section is not None:
                km, offs = section
                return total * self.scale + struct.unpack_from("<h", self.data, offs[n] + 2 * k)[0]
        if k < self.limit[n]:
            return total * self.scale + struct.unpack_from("<h", self.data, self.offsets[n] + 2 * k)[0]
        return total * self.scale

    def rolls(self, n, total):
        """True when rolling ``n`` dice beats banking ``total`` (a bank being allowed)."""
        return total < self.limit[n] * self.step

    def bank_at(self, n, minimum=0):
        """The smallest total at which banking with ``n`` dice left is at least as good."""
        return max(self.limit[n] * self.step, minimum, self.step)

    def piggybacks(self, n, total):
        """True when taking over ``n`` dice with ``total`` beats starting on fresh dice."""
        return self.pig[n] != NEVER and total >= self.pig[n] * self.step

    def roll_once(self, n, total):
        """Points expected from rolling ``n`` dice once more at ``total`` and then banking:
        a lower bound of rolling on, good where banking is the better choice anyway."""
        return total * self.surv[n] // 65535 + self.mean[n]

    def best(self, options, total, minimum=0):
        """The best of ``options`` (a list of ``(points, dice left, anything)``) at ``total``:
        the option whose value is highest (ties: more points, then more dice left)."""
        best = None
        best_key = None
        for opt in options:
            key = (self.value(opt[1], total + opt[0], minimum), opt[0], opt[1])
            if best_key is None or key > best_key:
                best, best_key = opt, key
        return best


class Reach:
    """Chances of making at least r more points this turn, from a ``.rch`` table.

    ``code(n, need)`` is ``-log2(chance) * 1024`` rounded: smaller is likelier, 0 is certain.
    """

    def __init__(self, data, rows=None):
        if data[:4] != REACH_MAGIC:
            raise ValueError("not a reach table")
        self.fingerprint, self.step, self.dice, _, self.top = struct.unpack_from("<IHBBH", data, 4)
        if rows is None:
            size = 2 * self.top
            rows = [data[14 + size * i:14 + size * (i + 1)] for i in range(self.dice)]
        # rows[n - 1]: C[n][1..top]. One small block a row, not one of the whole table: a
        # board's heap, fragmented by the time a game starts, has room for those.
        self.rows = rows

    def fits(self, rules):
        return fingerprint(rules) == self.fingerprint

    def code(self, n, need):
        if need <= 0:
            return 0
        k = -(-need // self.step)
        top = self.top
        row = self.rows[n - 1]
        if k <= top:
            return struct.unpack_from("<H", row, 2 * k - 2)[0]
        # past the table: extend the last stretch on the log scale (the tail is geometric)
        last = struct.unpack_from("<H", row, 2 * top - 2)[0]
        prev = struct.unpack_from("<H", row, 2 * (top - 20) - 2)[0]
        return min(NEVER, last + (last - prev) * (k - top) // 20)

    def chance(self, n, need):
        code = self.code(n, need)
        return 0.0 if code >= NEVER else 2.0 ** (-code / 1024.0)


_LOADED = {}


def _read(path, cls):
    """The table in the file ``path`` (a ``Policy`` or a ``Reach``, read row by row), or None."""
    try:
        with open(path, "rb") as f:
            if cls is Policy:
                return Policy(f.read())
            head = f.read(14)
            if len(head) < 14 or head[:4] != REACH_MAGIC:
                return Reach(head)  # raises: not a reach table
            rows = [f.read(2 * struct.unpack_from("<H", head, 12)[0]) for _ in range(head[10])]
            return Reach(head, rows)
    except OSError:
        return None


def _candidates(rules, ext):
    """The shipped files of this kind, the rules' own preset's first. Listed from the folder,
    not from farkle.presets, so that a game in play on a board need not load the presets."""
    import os

    try:
        names = sorted(f[:-len(ext)] for f in os.listdir(DIR) if f.endswith(ext) and not f.startswith("expert_"))
    except OSError:
        names = []
    if rules.name in names:
        names.remove(rules.name)
        names.insert(0, rules.name)
    return [DIR + "/" + name + ext for name in names]


def load(rules, kind="policy"):
    """The table (``kind`` "policy" or "reach") for ``rules``, or None when there is none.

    Prefers a shipped file solved for the same turn fields (the preset's own first, then any
    other: a custom rules value that only changes the target uses its preset's table) that
    also holds the rules' bank minimums. On the host a rules value with no such file is
    solved on the spot (``farkle.solve``); on the board a file for the same turn fields
    without the bank minimum is still used (rolls below it are then near, not exactly, best).
    """
    fp = fingerprint(rules)
    key = (kind, fp, rules.opening, rules.min_bank)
    if key in _LOADED:
        return _LOADED[key]
    cls, ext = (Policy, ".bin") if kind == "policy" else (Reach, ".rch")
    exact = near = None
    for path in _candidates(rules, ext):
        table = _read(path, cls)
        if table is None:
            continue
        if not table.fits(rules):
            continue
        if kind != "policy" or (table.has_minimum(rules.opening) and table.has_minimum(rules.min_bank)):
            exact = table
            break
        near = near or table
    found = exact or _solve_here(rules, kind) or near
    _LOADED[key] = found
    return found


def _solve_here(rules, kind):
    try:
        from farkle.solve import tables
    except ImportError:  # on the board: no solver, the caller falls back
        return None
    try:
        if kind == "policy":
            return Policy(tables.policy_bytes(rules))
        return Reach(tables.reach_bytes(rules))
    except (ValueError, OverflowError, struct.error):
        # points too far apart to solve in time, or values past the table's 16-bit fields:
        # the caller plays without a table, as on the board
        return None
