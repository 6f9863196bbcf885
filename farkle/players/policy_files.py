"""farkle.players.policy_files: *normal*'s and *hard*'s tables found, checked and opened.

Game-start code, apart from the look-ups a game makes (``farkle.players.policy``, whose
docstring gives the files' layout): a board loads it to make the players, then forgets it,
so the game's heap holds only the code that plays.
"""

import struct

from farkle.players import policy
from farkle.players.policy import POLICY_MAGIC, REACH_MAGIC, Policy, Reach, read_at

try:
    from os import getpid  # the host: the tables are read whole (see ``_read``)
except ImportError:  # a board reads them by seek
    getpid = None

DIR = __file__.rsplit("/", 2)[0] + "/policies" if "/" in __file__ else "farkle/policies"


def _open(f, magic, cls):
    """``cls(f)`` and the five fields of the file's header after ``magic`` (ValueError for a
    file of another kind)."""
    head = read_at(f, 0, 14)
    if head[:4] != magic:
        raise ValueError("not a %s table" % cls.__name__.lower())
    return cls(f), struct.unpack_from("<IHBBH", head, 4)


def read_policy(f):
    """The ``Policy`` in the open ``.bin`` file ``f``: its header and where its rows are."""
    p, head = _open(f, POLICY_MAGIC, Policy)
    p.fingerprint, p.step, p.dice, p.shift, sections = head
    p.scale = 1 << p.shift
    N = p.dice
    fields = struct.unpack("<%dH" % (4 * N), read_at(f, 14, 8 * N))
    p.limit = (0,) + fields[:N]
    p.pig = (0,) + fields[N:2 * N]
    p.surv = (0,) + fields[2 * N:3 * N]
    p.mean = (0,) + fields[3 * N:]
    pos = 14 + 8 * N
    offs = [0]
    for n in range(1, N + 1):
        offs.append(pos)
        pos += 2 * p.limit[n]
    p.offsets = offs
    p.forced = {}  # bank minimum in points -> (steps, offsets per n)
    for _ in range(sections):
        km = struct.unpack("<H", read_at(f, pos, 2))[0]
        pos += 2
        offs = [0]
        for n in range(1, N + 1):
            offs.append(pos)
            pos += 2 * km
        p.forced[km * p.step] = (km, offs)
    return p


def read_reach(f):
    """The ``Reach`` in the open ``.rch`` file ``f``."""
    r, head = _open(f, REACH_MAGIC, Reach)
    r.fingerprint, r.step, r.dice, _, r.top = head
    return r


def _read(path, reader):
    """The table in the file ``path`` (``reader``: ``read_policy`` or ``read_reach``), or
    None. A board keeps the file open and reads it by seek; the host reads it whole, since
    forked tournament workers would share an open file's position."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    if getpid is not None:
        from io import BytesIO

        data = f.read()
        f.close()
        f = BytesIO(data)
    try:
        return reader(f)
    except ValueError:
        f.close()
        raise


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
    key = policy.key(rules, kind)
    fp = key[1]  # the turn fields' fingerprint
    loaded = policy._LOADED
    if key in loaded:
        return loaded[key]
    reader, ext = (read_policy, ".bin") if kind == "policy" else (read_reach, ".rch")
    exact = near = None
    for path in _candidates(rules, ext):
        table = _read(path, reader)
        if table is None:
            continue
        if table.fingerprint != fp:
            table.f.close()  # a board keeps only the files it plays open
            continue
        if kind != "policy" or (table.has_minimum(rules.opening) and table.has_minimum(rules.min_bank)):
            exact = table
            break
        near = near or table
    found = exact or _solve_here(rules, kind) or near
    loaded[key] = found
    return found


def _solve_here(rules, kind):
    try:
        from farkle.solve import tables
    except ImportError:  # on the board: no solver, the caller falls back
        return None
    from io import BytesIO

    try:
        if kind == "policy":
            return read_policy(BytesIO(tables.policy_bytes(rules)))
        return read_reach(BytesIO(tables.reach_bytes(rules)))
    except (ValueError, OverflowError, struct.error):
        # points too far apart to solve in time, or values past the table's 16-bit fields:
        # the caller plays without a table, as on the board
        return None
