"""farkle.stats: what the tower remembers across games, counted from the game's events.

The app tells ``Stats`` each action's new log events (``mark`` before the action, ``since``
after it: works with a bounded ``log_size`` too) and which kind each seat is ("human",
"cpu1"...). The counts are stored as a few bytes (``to_bytes`` / ``from_bytes``).

>>> s = Stats()
>>> s.record([("bank", 0, (), 750), ("win", -1, (0,), 10250)], ("human", "cpu2"))
>>> s.played, s.best_turn, s.seats["human"], s.seats["cpu2"]
(1, 750, [1, 1], [1, 0])
"""

from farkle.varint import put_uint

VERSION = 1


class Stats:
    """Counts since the last reset.

    ``played`` games finished (``draws`` of them drawn), ``farkles``, ``best_turn`` (most
    points banked in one turn), ``hot_chain`` (most hot dice in one turn), and ``seats``:
    seat kind -> [games played in that kind of seat, games won].
    """

    def __init__(self):
        self.played = 0
        self.draws = 0
        self.farkles = 0
        self.best_turn = 0
        self.hot_chain = 0
        self.seats = {}
        self.chain = 0  # hot dice so far in the turn being played (not stored)

    def reset(self):
        self.__init__()

    def record(self, events, seats=()):
        """Count ``events`` (log tuples, oldest first); ``seats`` names each seat's kind."""
        for kind, _, data, points in events:
            if kind == "hot":
                self.chain += 1
                if self.chain > self.hot_chain:
                    self.hot_chain = self.chain
            elif kind == "farkle":
                self.farkles += 1
                self.chain = 0
            elif kind == "bank":
                if points > self.best_turn:
                    self.best_turn = points
                self.chain = 0
            elif kind == "first" or kind == "piggyback":
                self.chain = 0
            elif kind == "win" or kind == "draw":
                self.played += 1
                if kind == "draw":
                    self.draws += 1
                for seat, name in enumerate(seats):
                    counts = self.seats.get(name)
                    if counts is None:
                        counts = self.seats[name] = [0, 0]
                    counts[0] += 1
                    if kind == "win" and seat in data:
                        counts[1] += 1

    def to_bytes(self):
        return bytes(self.write_to(bytearray()))

    def write_to(self, out):
        """``to_bytes()`` written into the bytearray ``out`` instead (emptied first, its room
        kept: a board's one buffer for it), which is returned."""
        out[:] = b""
        for n in (VERSION, self.played, self.draws, self.farkles, self.best_turn,
                  self.hot_chain, len(self.seats)):
            put_uint(out, n)
        for name in sorted(self.seats):
            key = name.encode()
            put_uint(out, len(key))
            out.extend(key)
            put_uint(out, self.seats[name][0])
            put_uint(out, self.seats[name][1])
        return out

    @classmethod
    def from_bytes(cls, data):
        """Stats from ``to_bytes``; raises ValueError for anything else. (The reader is
        ``farkle.statsread``: a board reads its statistics once, at power-up.)"""
        from farkle.statsread import read

        return read(cls, data)


def mark(game):
    """Where the game's log is now; give it to ``since`` after the next action."""
    return game.log[-1] if game.log else None


def since(game, marker):
    """The events logged after ``mark`` returned ``marker`` (all kept ones if it is gone)."""
    log = game.log
    if marker is None:
        return list(log)
    i = len(log) - 1
    while i >= 0:
        if log[i] is marker:
            return log[i + 1:]
        i -= 1
    return list(log)


