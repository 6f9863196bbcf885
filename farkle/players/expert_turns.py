"""farkle.players.expert_turns: a turn's table (``TurnTable``), worked out a row at a time
from the solved game's file (``farkle.players.expert_table`` reads it; its docstring gives the
file's layout).

Apart from the file's reader and from the player (``farkle.players.expert``): a board loads a
module a frame, and a module's load (with the collection CircuitPython runs after it) is one
call: the reader and this in one module took a board's frame past 50 ms.

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

# A fragmented heap has small holes: a turn reads SPAN values from the file at a time
SPAN = 32
ROOM = 64  # a turn's rows are made this many values at a time (see ``room``)


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
