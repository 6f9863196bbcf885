"""farkle.players.expert_turns: the solved game's file, read by seek, and a turn's table
worked out from it (``TurnTable``), a row at a time.

Apart from the player (``farkle.players.expert``): a board loads a module a frame, and the
two together took longer to load than a frame has.

The file (little-endian; every score and turn total in units of ``unit`` points)::

    header  "FKX2" fingerprint:u32 unit:u16 S:u16 cap:u16 N:u8 players:u8 G:u16 H:u16
            RD:u16 off_groups:u32 off_W:u32 off_top:u32 off_reach:u32            (38 bytes)
    groups  G x (n:u8 k:u8 ways:u16, k x (points:u8 left:u8))
            the rolls of n dice grouped by their keeps: ``ways`` of the 6**n ordered rolls
            show one of them, each can be kept as (points, dice left after); only the keeps
            that are ever strictly best are listed (the others never change a maximum), and
            rolls with the same keeps are one group
    high    H groups of N dice, as above, for the turn totals above ``low``: the keeps of
            fewer dice left are one, the one of the most points, with left 0 (it banks)
    W       S x S float32: W[i][j], the chance that the player about to start a turn with
            score i wins against score j (score 0 = not on the board yet)
    top     S x S x 2 u8 (u16 where a roll region is longer than 255 units: the section is
            then twice as long): ``top``, the largest turn total at which the mover at (i, j)
            rolls on with any number of dice, and ``low``, the largest at which it rolls on
            with fewer than N; above them, banking is best
    reach   N x RD float32: reach[n][d], the best chance to make at least d more points this
            turn rolling n dice now (the final round)
    last    N x RD float32, only where a final-round tie counts half (tie "draw" or "rolloff"):
            last[n][d], the last player's value rolling n dice now when d more units win and
            d - 1 tie (banks allowed from one unit on)

A turn of the player at ``a`` against ``b`` (``u = a + turn total``): banking is worth
``1 - W[b][u]`` below the target and ``1 - reach[N][max(u - b + 1, their minimum)]`` at or
above it (the other player's last turn must beat ``u``; where a tie counts half and the other can bank
one, ``1 - last[N][u - b + 1]``); a farkle is worth ``1 - W[b][a]``.
Rolling ``n`` dice at ``u`` is worth ``P(farkle) * (1 - W[b][a]) + sum over groups of
P(group) * max over its keeps of C(u + points, left)``, and ``C = max(bank, roll)`` where a
bank is allowed. At the start of each turn this is computed for ``u`` from ``a + top`` down
(``TurnTable``; above ``a + low`` only for N dice, the others bank there); then a keep is
the option with the highest ``C`` (ties: more points, then more dice) and rolling on is
``roll > bank``. In the final round the trailing player keeps
for the best chance to get past the leader (``reach``; ``last`` where a tie is worth half)
and banks as soon as it has.
"""

import gc
from array import array

try:
    from os import getpid  # host: a forked process must not share the file's position
except ImportError:  # the board has one process
    getpid = None

# Turn tables kept per open file: the board keeps the current one; a host (tournaments) keeps
# every one it built (at most one per pair of scores, about 20 KB each), since the same scores
# come up again and again: long tournaments then run about ten times faster.
TURN_CACHE = 1 if getpid is None else 40000

# A fragmented heap has small holes: a turn reads SPAN values from the file at a time
SPAN = 32
ROOM = 64  # a turn's rows are made this many values at a time (see ``room``)


class Table:
    """An open policy file: the header and the roll groups, packed (about 2 KB), in RAM
    (``expert_files.open_table`` reads them); the rest read by seek when a turn needs it."""

    capped = 0  # turns worked out shorter than the solution's, for want of heap (``TurnTable._shrink``)

    def __init__(self, path, f):
        self.path = path
        self.pid = getpid() if getpid else None
        self._file = f
        self.turns = {}  # (a, b) -> TurnTable, at most TURN_CACHE of them
        self.spare = None  # the value rows of the last turn let go, for the next one
        # What the reads land in (``readinto``): SPAN values, one value, a u16 and a u8 pair
        # of tops, made once. A turn reads hundreds of times, and in a heap broken up into
        # holes of a hundred bytes even a read's bytes and the tuple they unpack to may find
        # no room.
        # (One attribute: the table's names fill its table of attributes as made.) The
        # file's float32 and u16 are little-endian, as an RP2040's and a PC's are.
        self.buffers = (array("f", bytearray(4 * SPAN)), array("f", bytearray(4)), array("H", bytearray(4)),
                        bytearray(2))


    @property
    def file(self):
        if getpid is not None and getpid() != self.pid:
            self.pid = getpid()
            self._file = open(self.path, "rb")
        return self._file


    def reserve(self):
        """A board's rows for its turns, made while the game starts (``Expert.reserve``): the
        last game's turn's, or new ones of the first turn's size (``room``), which most later
        turns fill again. Made later, in a game's fragmented heap, the first turn's seven
        blocks of 0.7 KB may find no room; made with the player, while the code that opened
        the file still held 3 KB, they found none in half the games of three seats. A host
        makes them per turn. False where the heap had no room for them."""
        if getpid is not None:
            return True
        if self.spare is None:
            for old in self.turns.values():  # a board keeps one turn
                self.spare = old.let_go()
            self.turns = {}
        if self.spare is None:
            size = room(self.top(0, 0) + self.maxp + 1)
            try:
                self.spare = [[1.0] * size, [None] + [[1.0] * size for _ in range(self.N)]]
            except MemoryError:  # the first turn makes them: by then the heap may have room
                self.spare = None
        return self.spare is not None

    def let_turns_go(self):
        """Every turn kept and the spare lists go: their heap goes back."""
        self.turns = {}
        self.spare = None

    def read_into(self, pos, buf):
        f = self.file
        f.seek(pos)
        f.readinto(buf)
        return buf

    def value_at(self, pos):
        """The float32 at ``pos``."""
        return self.read_into(pos, self.buffers[1])[0]

    def floats(self, pos):
        """A buffer holding the SPAN float32 from ``pos`` (fewer where the file ends: the
        callers read no further than their section), until the next ``floats``."""
        return self.read_into(pos, self.buffers[0])

    def w(self, i, j):
        """W[i][j]: the win chance of the player about to start a turn at i against j."""
        return self.value_at(self.off_W + 4 * (i * self.S + j))

    def tops(self, i, j):
        """``(top, low)`` of the mover at ``i`` against ``j``, until the next ``tops``."""
        if self.top_size == 2:
            return self.read_into(self.off_top + 4 * (i * self.S + j), self.buffers[2])
        return self.read_into(self.off_top + 2 * (i * self.S + j), self.buffers[3])

    def top(self, i, j):
        return self.tops(i, j)[0]

    def reach(self, n, d):
        """The best chance to make at least ``d`` more units this turn rolling ``n`` dice."""
        if d <= 0:
            return 1.0
        if d >= self.RD:
            d = self.RD - 1
        return self.value_at(self.off_reach + 4 * (self.RD * (n - 1) + d))

    def last(self, n, d):
        """The last player's value rolling ``n`` dice when ``d`` more units win and ``d - 1``
        tie (files for rules where a tie counts half)."""
        if d >= self.RD:
            d = self.RD - 1
        return self.value_at(self.off_last + 4 * (self.RD * (n - 1) + d))

    def reach_span(self, n, d0, count, off=None):
        """``reach(n, d)`` for ``d = d0 .. d0 + count - 1`` (d0 >= 1, count at most SPAN),
        one read, at the start of ``floats``' buffer."""
        RD = self.RD
        last = d0 + count - 1
        end = last if last < RD else RD - 1
        if d0 >= RD:
            d0 = RD - 1
        off = self.off_reach if off is None else off
        vals = self.floats(off + 4 * (RD * (n - 1) + d0))
        for i in range(end - d0 + 1, count):  # past the table: its last value
            vals[i] = vals[end - d0]
        return vals

    def other_last(self, rules, gap, req):
        """The chance that the last player, behind by ``gap`` units with banks from ``req``
        units on, beats the score (a tie counting as the rules say)."""
        if self.has_last and gap >= req:
            return self.last(self.N, gap + 1)
        d = gap + 1
        return self.reach(self.N, d if d > req else req)

    def turn(self, rules, a, b):
        """The turn of a player at ``a`` against ``b`` (units), cached, maybe not built yet."""
        key = a * 65536 + b
        t = self.turns.get(key)
        if t is None:
            if len(self.turns) >= TURN_CACHE:
                while self.turns:
                    t = self.turns.popitem()[1]
                    self.spare = t.let_go()
            if t is not None and TURN_CACHE == 1:  # a board's one turn: its object is set again,
                t.start(self, rules, a, b)  # as its lists are filled again (none made a turn)
            else:
                t = TurnTable(self, rules, a, b)
            self.turns[key] = t
        return t

    def turn_table(self, rules, a, b):
        """The solved turn of a player at ``a`` against ``b``, built."""
        t = self.turn(rules, a, b)
        t.build()
        return t


def room(size):
    """The length of a new row for ``size`` values: a little longer, so that the next turns'
    rows, mostly no longer, fill it again instead of taking new heap."""
    return (size + ROOM - 1) // ROOM * ROOM


def requirement(rules, unit, on_board):
    """The smallest bank in units: the opening until on the board, then the later minimum."""
    if not on_board and rules.opening:
        return -(-rules.opening // unit)
    return max(1, -(-rules.min_bank // unit))


class TurnTable:
    """``value(k, n)``: the win chance with ``n`` dice in hand at turn total ``k`` units,
    playing on exactly as the solution says; ``rolls(k, n)``: rolling on beats banking.

    ``C[n][k]`` for the turn totals ``k`` below ``size`` (above ``top`` they are the bank
    values) and ``bank[k]``: a turn allocates these lists, none per roll group (it reads the
    table's packed groups: a keep's value is ``C[left][k + q]``, looked up as it is used;
    a list of the row each keep reads took a quarter off the time but 2.5 KB a turn,
    which a board's heap lacks at the expert's first turn), and where one turn is kept (a
    board) the next turn fills the same lists again, made at the game's start
    (``Table.reserve``). The rows stay a list per number of dice rather than one block: a
    fragmented heap has room for 1 KB far more often than for 7 KB in one piece."""

    collect = 0  # longer rows to make: 1 collects before they are made, 2 has collected (``build``)

    def __init__(self, table, rules, a, b):
        self.start(table, rules, a, b)

    def start(self, table, rules, a, b):
        """The turn of a player at ``a`` against ``b``, not built yet."""
        self.table = table
        self.a, self.b = a, b
        tops = table.tops(a, b)
        # above top every number of dice banks, above low every number but N
        self.top, self.low = tops[0], tops[1]
        self.req = requirement(rules, table.unit, a > 0)
        self.oreq = requirement(rules, table.unit, b > 0)
        self.final = rules.final_round
        self.k = self.top  # the next turn total to work out; rows above it are done
        self.n = 1  # the next number of dice to work out in row k (a row may pause part-way)
        # build() sets up the bank row and the value rows first, a step each (a board's
        # frame has room for little more)
        self.bank = self.C = None

    def let_go(self):
        """This turn's lists, for the next turn to fill (this one is then unbuilt)."""
        lists = [self.bank, self.C]
        self.bank = self.C = None
        self.k, self.n = self.top, 1
        return lists

    def _take(self, i):
        """The spare ``i`` (0 the bank row, 1 the value rows), or None; it is no longer spare."""
        spare = self.table.spare
        if spare is None:
            return None
        lists = spare[i]
        spare[i] = None
        return lists

    def _give_back(self, i, lists):
        """The spare ``i`` that a turn out of heap took (see ``_take``) is spare again."""
        if lists is None:
            return
        if self.table.spare is None:
            self.table.spare = [None, None]
        self.table.spare[i] = lists

    def size(self):
        """The turn totals with a value in the rows: up to ``top`` and a keep past it."""
        return self.top + self.table.maxp + 1

    def _bank_row(self):
        table, a, b = self.table, self.a, self.b
        S, N = table.S, table.N
        size = self.size()
        bank = self._take(0)  # bank[k]: the value of banking at turn total k
        if bank is None or len(bank) < size:
            try:
                longer = [1.0] * room(size)
            except MemoryError:  # the spare stays spare: a shorter turn fills it (_shrink)
                self._give_back(0, bank)
                raise
            bank = longer
        below = S - a if S - a < size else size
        for k0 in range(0, below, SPAN):  # W[b][a + k], a few values a read
            m = below - k0 if below - k0 < SPAN else SPAN
            row = table.floats(table.off_W + 4 * (b * S + a + k0))
            for i in range(m):
                bank[k0 + i] = 1.0 - row[i]
        row = None
        for k in range(below, size):
            bank[k] = 1.0
        oreq = self.oreq
        if below < size and self.final:
            # their last turn must beat a + k: at least a + k - b + 1, and their minimum
            # (where a tie counts half and they can bank one: the last-player values)
            # (SPAN values a read, as for W)
            last = table.has_last and a + below - b >= oreq
            for k0 in range(below, size, SPAN):
                m = size - k0 if size - k0 < SPAN else SPAN
                d0 = a + k0 - b + 1
                if last:
                    span = table.reach_span(N, d0, m, table.off_last)
                    for i in range(m):
                        bank[k0 + i] = 1.0 - span[i]
                    continue
                if d0 < oreq:
                    d0 = oreq
                span = table.reach_span(N, d0, m)
                for k in range(k0, k0 + m):
                    d = a + k - b + 1
                    if table.has_last and d - 1 >= oreq:
                        bank[k] = 1.0 - table.last(N, d)
                    else:
                        bank[k] = 1.0 - span[(d if d > oreq else oreq) - d0]
            span = None
        self.bank = bank

    def _rows(self):
        """The value rows, where nothing is worked out: the bank values at 0, above ``low``
        for fewer than N dice and above ``top`` for N. ``C[0]`` is the bank row where the
        high groups may read it (see ``build``), else None."""
        bank, size, table = self.bank, self.size(), self.table
        C = self._take(1)
        if C is None:
            C = [None] * (table.N + 1)
        N = len(C) - 1
        for n in range(1, N + 1):
            row = C[n]
            if row is None or len(row) < size:
                try:
                    C[n] = row = [1.0] * room(size)
                except MemoryError:
                    self._give_back(1, C)
                    raise
            row[0] = bank[0]
            for k in range((self.top if n == N else self.low) + 1, size):
                row[k] = bank[k]
        C[0] = None
        for k in range(self.low + 2, size):
            if bank[k] < bank[k - 1]:
                break
        else:
            C[0] = bank
        self.C = C


    def _shrink(self):
        """Out of heap for this turn's rows: it is worked out only up to a lower turn total,
        and banks above it. First the length of the game's first rows (``Table.reserve``),
        then a ROOM shorter each time; never below a top of ROOM units (3,200 points in
        classic). A broken-up heap may have no block for a long row, turn totals that high
        are rare, and the other way out, *hard* for the rest of the game, plays far worse.
        False once it cannot be cut further: the turn is then whole again (the caller gives
        up; a later try starts from the start)."""
        t = self.table
        whole = t.top(self.a, self.b)
        size = room(t.top(0, 0) + t.maxp + 1)
        if self.size() <= size:
            size = (self.size() - 1) // ROOM * ROOM
        if size - t.maxp - 1 < ROOM:
            if self.top < whole:
                t.capped -= 1
            tops = t.tops(self.a, self.b)
            self.top, self.low = tops[0], tops[1]
            self.k = self.top
            self.n = 1
            return False
        if self.top == whole:
            t.capped += 1  # a turn counts once, however often it is cut
        self.top = self.k = size - t.maxp - 1
        if self.low > self.top:
            self.low = self.top
        self.n = 1
        return True

    def _set_up(self, stop):
        """The steps before the first row; True once done (each step checks ``stop`` after)."""
        if self.bank is None:
            self._bank_row()
            if stop is not None and stop():
                return False
        self._rows()
        return True

    def build(self, stop=None):
        """Work out the rows from the turn total ``self.k`` down to 1; with ``stop``, pause
        after a step of the set-up, or a number of dice of a row, once ``stop()`` is true (a
        board spreads a turn over frames this way: a whole row takes a board about 20 ms, its
        six dice about 12). True once the table is complete."""
        cut = False
        while self.C is None:
            # On a board, a set-up that needs longer rows than the spare ones collects first,
            # at a step of its own, then tries with the collector off: in a heap with no room
            # for them the allocator would collect at each list that did not fit and fail all
            # the same (a long game against the expert had a frame of four collections, about
            # 100 ms on a board). A shorter turn's try runs with the collector off too: the
            # failed try's allocation has just collected, and what it made is spare, not
            # garbage, so another collection would find the same heap.
            if not self.collect and getattr(gc, "mem_free", None) is not None:
                spare, size = self.table.spare, self.size()
                C = None if spare is None else spare[1]
                if C is None or (self.bank is None and (spare[0] is None or len(spare[0]) < size)):
                    self.collect = 1
                else:
                    for n in range(1, len(C)):
                        if C[n] is None or len(C[n]) < size:
                            self.collect = 1
                spare = C = None
            if self.collect == 1:
                gc.collect()
                self.collect = 2
                if stop is not None and stop():
                    return False
            collecting = (cut or self.collect == 2) and gc.isenabled()
            if collecting:
                gc.disable()
            try:
                done = self._set_up(stop)
            except MemoryError:  # what was set up is spare again, for the shorter turn to fill
                self._give_back(0, self.let_go()[0])
                if not self._shrink():
                    self.collect = 0
                    raise
                cut = True
                continue
            finally:
                if collecting:
                    gc.enable()
            if not done:
                return False
            self.collect = 0
            if self.k > 0 and stop is not None and stop():
                return False
            break
        k = self.k
        if k <= 0:
            return True
        t = self.table
        one_p, one_q, one_l, one_from = t.one_p, t.one_q, t.one_l, t.one_from
        many_p, many_q, many_l, many_end = t.many_p, t.many_q, t.many_l, t.many_end
        many_from, keeps_from = t.many_from, t.keeps_from
        C, bank, req = self.C, self.bank, self.req
        pf = t.farkle
        f = bank[0]  # a farkle: as banking nothing
        N = len(C) - 1
        low = self.low
        # Above low only N dice roll on, and every keep of fewer dice left reads a bank
        # value: where the bank row rises (C[0], see _rows), N dice read the file's high
        # groups, whose keeps of fewer dice are one (the most points, from the bank row).
        high = N + 1 if C[0] is not None else 0
        first = self.n
        while k > 0:
            bk = bank[k]
            can = k >= req
            m = 0  # where the groups this row reads start in the from-lists
            if k > low:
                first, m = N, high
            for n in range(first, N + 1):
                acc = pf[n] * f
                g = n + m
                for i in range(one_from[g], one_from[g + 1]):
                    acc += one_p[i] * C[one_l[i]][k + one_q[i]]
                i = many_from[g]
                best = -1.0
                for j in range(keeps_from[g], keeps_from[g + 1]):
                    v = C[many_l[j]][k + many_q[j]]
                    if v > best:
                        best = v
                    if many_end[j]:  # the group's last keep
                        acc += many_p[i] * best
                        best = -1.0
                        i += 1
                C[n][k] = acc if (acc > bk or not can) else bk
                if n < N and stop is not None and stop():
                    self.k, self.n = k, n + 1
                    return False
            first = 1
            k -= 1
            if stop is not None and k > 0 and stop():
                break
        self.k, self.n = k, 1
        return k <= 0

    def bank_value(self, k):
        if k < self.size():
            return self.bank[k]
        return self.far_bank(k)

    def far_bank(self, k):
        """Banking far above the table (only after play the solution would not make)."""
        table = self.table
        u = self.a + k
        if u < table.S:
            return 1.0 - table.w(self.b, u)
        if not self.final:
            return 1.0
        return 1.0 - table.other_last(None, u - self.b, self.oreq)

    def value(self, k, n):
        """The best of banking (where allowed) and rolling on, as the solution plays."""
        if k <= self.top:
            return self.C[n][k]
        return self.bank_value(k)

    def roll_value(self, k, n):
        """Rolling ``n`` dice at turn total ``k`` and playing on as the solution does (a
        taken-over set of dice must be rolled first)."""
        t = self.table
        acc = t.farkle[n] * (1.0 - t.w(self.b, self.a))
        for i in range(t.one_from[n], t.one_from[n + 1]):
            acc += t.one_p[i] * self.value(k + t.one_q[i], t.one_l[i])
        i = t.many_from[n]
        best = -1.0
        for j in range(t.keeps_from[n], t.keeps_from[n + 1]):
            v = self.value(k + t.many_q[j], t.many_l[j])
            if v > best:
                best = v
            if t.many_end[j]:
                acc += t.many_p[i] * best
                best = -1.0
                i += 1
        return acc

    def rolls(self, k, n):
        if k < self.req:
            return True
        if k > self.top:
            return False
        return self.C[n][k] > self.bank[k]


# the open tables, by path (``expert_files.find_table``): here, so that they outlive the
# opening code a board forgets once the players are made
_TABLES = {}
