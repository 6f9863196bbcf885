"""farkle.players.expert_table: the solved game's file, open and read by seek (``Table``);
a turn's table is worked out from it by ``farkle.players.expert_turns``.

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
"""

from array import array

from farkle.players import expert_turns  # loaded before this (``farkle.players.PLAY_CODE``)

try:
    from os import getpid  # host: a forked process must not share the file's position
except ImportError:  # the board has one process
    getpid = None

# Turn tables kept per open file: the board keeps the current one; a host (tournaments) keeps
# every one it built (at most one per pair of scores, about 20 KB each), since the same scores
# come up again and again: long tournaments then run about ten times faster.
TURN_CACHE = 1 if getpid is None else 40000


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
        self.buffers = (array("f", bytearray(4 * expert_turns.SPAN)), array("f", bytearray(4)),
                        array("H", bytearray(4)), bytearray(2))


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
            size = expert_turns.room(self.top(0, 0) + self.maxp + 1)
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
                t = expert_turns.TurnTable(self, rules, a, b)
            self.turns[key] = t
        return t

    def turn_table(self, rules, a, b):
        """The solved turn of a player at ``a`` against ``b``, built."""
        t = self.turn(rules, a, b)
        t.build()
        return t


# the open tables, by path (``expert_files.find_table``): here, so that they outlive the
# opening code a board forgets once the players are made
_TABLES = {}
