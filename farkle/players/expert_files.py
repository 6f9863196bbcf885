"""farkle.players.expert_files: the expert's solved file opened for a game, and the expert made.

Game-start code, apart from the play (``farkle.players.expert``), the table it reads
(``farkle.players.expert_table``, whose docstring gives the file's layout) and the files'
headers (``farkle.players.expert_headers``, which the set-up menu asks): a board loads it to
make the expert, then forgets it, so the game's heap holds only the code that plays.
"""

import struct

from farkle.players import expert_headers  # loaded before this (``farkle.players.OPENING_CODE``)
from farkle.players.expert_headers import HEADER, HEADER_SIZE, MAGIC, fits, paths

GROUPS_READ = 256  # bytes of roll groups read at a time when a file is opened
# Roll groups packed a step when a file is opened in steps (``opening``): the whole file
# takes a board about 150 ms, a job's frame should take a tenth of that.
GROUPS_STEP = 48


def open_table(path):
    """The ``Table`` of the file at ``path``: its header read and its roll groups packed.

    :raises OSError: no such file; ValueError: not an expert file."""
    return _run(_opening(path))


def _run(steps):
    """What the generator ``steps`` returns, run to its end in one go."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def _opening(path, rules=None, players=2):
    """``open_table``'s work, a step at a time (a generator that returns the table); with
    ``rules``, None (the file closed) once its header shows it does not fit them, before
    its roll groups are read."""
    from farkle.players.expert_table import Table

    f = open(path, "rb")
    table = Table(path, f)
    head = f.read(HEADER_SIZE)
    if len(head) < HEADER_SIZE:
        raise ValueError("not an expert table: " + path)
    (magic, table.fingerprint, table.unit, table.S, table.cap, table.N, table.players, table.G, high,
     table.RD, off_groups, table.off_W, table.off_top, table.off_reach) = struct.unpack(HEADER, head)
    if magic != MAGIC:
        raise ValueError("not an expert table: " + path)
    if rules is not None and not fits(table, rules, players):
        f.close()  # a board keeps only the file it plays open
        return None
    yield  # the file opened and its header checked, then its groups: a frame would not hold both
    yield from _pack(table, f, off_groups, high)
    table.top_size = (table.off_reach - table.off_top) // (2 * table.S * table.S)  # 1 or 2 bytes
    table.off_last = table.off_reach + 4 * table.N * table.RD
    f.seek(0, 2)
    table.has_last = f.tell() >= table.off_last + 4 * table.N * table.RD
    return table


def _groups(count, f, start):
    """``(data, pos)`` for each of ``count`` roll groups in the file's order: the group is
    ``data[pos:pos + 4 + 2 * keeps]``. Read GROUPS_READ bytes at a time into one buffer: the
    block of every group (about 1.8 KB) need not find room in one piece."""
    data = bytearray(GROUPS_READ)
    at, pos, got = start, 0, 0
    for _ in range(count):
        if pos + 4 > got or pos + 4 + 2 * data[pos + 1] > got:
            at += pos
            f.seek(at)
            got = f.readinto(data) or 0
            pos = 0
            if got < 4 or 4 + 2 * data[1] > got:
                raise ValueError("roll groups cut short")
        yield data, pos
        pos += 4 + 2 * data[pos + 1]


def _pack(table, f, start, high):  # a generator: a step every GROUPS_STEP groups
    """Pack the roll groups once for every turn the table builds: per number of dice, the
    groups with one keep (``one_p`` their chances, ``one_q`` the units the keep adds,
    ``one_l`` the dice in hand after it) and those with several (``many_p``; for each keep
    ``many_q``, ``many_l`` and ``many_end``, 1 at a group's last keep), in the file's order
    within each kind: a turn reads a keep's value as ``C[left][k + q]``, so it binds nothing
    of its own to the groups. The ``high`` groups that follow the file's G (those of the
    rows where fewer dice bank, ``TurnTable.build``) are packed after them: ``one_from[n]``,
    ``many_from[n]`` and ``keeps_from[n]`` start the groups of n dice, at ``n + N + 1`` the
    high ones. About 2 KB, like the file's groups."""
    N = table.N
    counts = [0, 0, 0]  # groups with one keep, with several, and their keeps
    maxp = 0
    for data, pos in _groups(table.G + high, f, start):  # counted (a light pass: a step), then packed
        n, cnt = data[pos], data[pos + 1]
        if n > N:
            raise ValueError("roll groups out of order")
        for i in range(pos + 4, pos + 4 + 2 * cnt, 2):
            if data[i] < 1:
                raise ValueError("a keep that adds no points")  # a row would read itself
            if data[i] > maxp:
                maxp = data[i]
        if cnt == 1:
            counts[0] += 1
        else:
            counts[1] += 1
            counts[2] += cnt
    table.maxp = maxp  # the most points (units) one keep adds
    table.one_p, table.many_p = [0.0] * counts[0], [0.0] * counts[1]
    table.one_q, table.one_l = bytearray(counts[0]), bytearray(counts[0])
    table.many_q, table.many_l = bytearray(counts[2]), bytearray(counts[2])
    table.many_end = bytearray(counts[2])
    one_from, many_from, keeps_from = table.one_from, table.many_from, table.keeps_from = \
        [0] * (2 * N + 3), [0] * (2 * N + 3), [0] * (2 * N + 3)
    table.farkle = pf = [1.0] * (N + 1)  # farkle[n]: the chance that n dice score nothing
    yield  # the lists made
    one = many = keeps = seen = 0
    base = 0  # N + 1 for the high groups
    last = 1
    for data, pos in _groups(table.G + high, f, start):
        if seen == table.G:  # the high groups from here
            base, last = _high_from(table, last, one, many, keeps)
        seen += 1
        if seen % GROUPS_STEP == 0:
            yield
        n, cnt = data[pos], data[pos + 1]
        if n < last:
            raise ValueError("roll groups out of order")
        while last < n:
            last += 1
            one_from[base + last], many_from[base + last], keeps_from[base + last] = one, many, keeps
        prob = (data[pos + 2] | data[pos + 3] << 8) / 6 ** n
        if not base:
            pf[n] -= prob
        pos += 4
        if cnt == 1:
            table.one_p[one] = prob
            table.one_q[one], table.one_l[one] = data[pos], data[pos + 1]
            one += 1
        else:
            table.many_p[many] = prob
            many += 1
            for i in range(pos, pos + 2 * cnt, 2):
                table.many_q[keeps], table.many_l[keeps] = data[i], data[i + 1]
                keeps += 1
            table.many_end[keeps - 1] = 1
    if not base:  # no high groups
        base, last = _high_from(table, last, one, many, keeps)
    while last <= N:
        last += 1
        one_from[base + last], many_from[base + last], keeps_from[base + last] = one, many, keeps


def _high_from(table, last, one, many, keeps):
    """The full groups end where the packing stands (the starts of ``last + 1`` dice to the
    end), and the high groups begin there: returns their ``(base, last)``."""
    base = table.N + 1
    for n in range(last + 1, base + 2):
        table.one_from[n], table.many_from[n], table.keeps_from[n] = one, many, keeps
    return base, 1


def find_table(rules, players=2):
    """The open table that fits ``rules`` and ``players``, or None. A preset's own file is
    tried first, so a board opens only the one it plays."""
    return _run(_finding(rules, players))


def _finding(rules, players):
    """``find_table``'s work, a step at a time (a generator that returns the table)."""
    from farkle.players import expert_table

    tables = expert_table._TABLES
    for path in paths(rules):
        table = tables.get(path)
        if table is None:
            try:
                table = yield from _opening(path, rules, players)
            except (OSError, ValueError):
                continue
            if table is None:
                continue
            if expert_table.getpid is None:
                # a board keeps one table, the one it plays now: another preset's (a game
                # before) would hold its roll groups and a turn table of about 27 KB for ever
                for old in tables.values():
                    old.let_turns_go()
                tables.clear()
            tables[path] = table
        if fits(table, rules, players):
            return table
    return None


def table_for(rules, players=2):
    """The solved two-player table the expert plays ``rules`` and ``players`` from, or None
    (then it plays as *hard*; ``farkle.players.plays_as`` says so)."""
    if players != 2 and not expert_headers.MULTI:
        return None
    return find_table(rules, 2)


def opening(rules, players=2):
    """``table_for``'s work ahead, a step at a time (an iterable: a job's frame a step), so
    that making the expert then finds its table open and no frame opens it whole."""
    if players != 2 and not expert_headers.MULTI:
        return ()
    return _finding(rules, 2)


def make(rules, players=2, seat=0):
    """The expert for ``rules`` and ``players``, or None (then the caller uses *hard*)."""
    from farkle.players import expert

    table = table_for(rules, players)
    if table is None:
        return None
    if players == 2:
        from farkle.players.expert_duel import Expert
    else:
        Expert = expert.MultiExpert
    player = Expert(rules, players, seat, table)
    if player.leans_on_hard():
        # made with the expert, while the game starts: made in play (a board's final round),
        # hard would load the code that opens its files into a broken-up heap
        player.hard()
    return player
