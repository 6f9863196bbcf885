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


def read_at(f, pos, size):
    f.seek(pos)
    return f.read(size)


class Policy:
    """Exact max-expected-score decisions from a ``.bin`` table (values are scaled ints),
    read by seek from ``f`` (an open file, or a ``BytesIO`` on the host): a board keeps only
    the header in its heap, not the table's 1 to 1.5 KB in one block."""

    def __init__(self, f):
        self.f = f  # ``policy_files.read_policy`` reads the header and the rows' offsets

    def has_minimum(self, minimum):
        """True when decisions below the bank minimum ``minimum`` are exact with this table."""
        return minimum <= self.step or minimum in self.forced

    def _diff(self, pos):
        return struct.unpack("<h", read_at(self.f, pos, 2))[0]

    def value(self, n, total, minimum=0):
        """Scaled expected points banked this turn from ``n`` dice in hand at ``total``,
        playing on optimally, when banks below ``minimum`` are not allowed."""
        k = total // self.step
        if total < minimum:
            section = self.forced.get(minimum)
            if section is not None:
                return total * self.scale + self._diff(section[1][n] + 2 * k)
        if k < self.limit[n]:
            return total * self.scale + self._diff(self.offsets[n] + 2 * k)
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
    """Chances of making at least r more points this turn, from a ``.rch`` table read by seek
    from ``f`` (as ``Policy``).

    ``code(n, need)`` is ``-log2(chance) * 1024`` rounded: smaller is likelier, 0 is certain.
    """

    def __init__(self, f):
        self.f = f  # ``policy_files.read_reach`` reads the header

    def _at(self, n, k):
        return struct.unpack("<H", read_at(self.f, 12 + 2 * (self.top * (n - 1) + k), 2))[0]

    def code(self, n, need):
        if need <= 0:
            return 0
        k = -(-need // self.step)
        top = self.top
        if k <= top:
            return self._at(n, k)
        # past the table: extend the last stretch on the log scale (the tail is geometric)
        last = self._at(n, top)
        prev = self._at(n, top - 20)
        return min(NEVER, last + (last - prev) * (k - top) // 20)

    def chance(self, n, need):
        code = self.code(n, need)
        return 0.0 if code >= NEVER else 2.0 ** (-code / 1024.0)


# the tables read, by rules (``policy_files.load``): here, so that they outlive the opening
# code a board forgets once the players are made
_LOADED = {}


def turn_fields():
    """Names of the rules fields a turn depends on: the scoring, and the number of dice."""
    from farkle.rules import FIELD_NAMES

    return FIELD_NAMES[:FIELD_NAMES.index("dice") + 1]


def fingerprint(rules):
    """The turn fields' fingerprint (``Rules.fingerprint``)."""
    return rules.fingerprint(turn_fields())


def key(rules, kind):
    """Where ``_LOADED`` keeps the table of ``kind`` ("policy" or "reach") for ``rules``."""
    return (kind, fingerprint(rules), rules.opening, rules.min_bank)


def opened(rules, kind="policy"):
    """The table of ``kind`` for ``rules`` (``policy_files.load``), or None. One another
    player opened is taken as it is: the code that finds and opens the files loads only for
    a table not yet open, so a player made in play (a demoted expert's *hard*) does not bring
    that code back into a game's broken-up heap."""
    found = key(rules, kind)
    if found in _LOADED:
        return _LOADED[found]
    from farkle.players.policy_files import load  # opening code: a board forgets it in play

    return load(rules, kind)
