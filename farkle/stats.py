"""farkle.stats: what the tower remembers across games, counted from the game's events.

The app tells ``Stats`` each action's new log events (``mark`` before the action, ``since``
after it: works with a bounded ``log_size`` too) and which kind each seat is ("human",
"cpu1"...). The counts are stored as a few bytes (``to_bytes`` / ``from_bytes``).

>>> s = Stats()
>>> s.record([("bank", 0, (), 750), ("win", -1, (0,), 10250)], ("human", "cpu2"))
>>> s.played, s.best_turn, s.seats["human"], s.seats["cpu2"]
(1, 750, [1, 1], [1, 0])
"""

from farkle.varint import get_uint, put_uint

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
        out = bytearray()
        for n in (VERSION, self.played, self.draws, self.farkles, self.best_turn,
                  self.hot_chain, len(self.seats)):
            put_uint(out, n)
        for name in sorted(self.seats):
            key = name.encode()
            put_uint(out, len(key))
            out.extend(key)
            put_uint(out, self.seats[name][0])
            put_uint(out, self.seats[name][1])
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Stats from ``to_bytes``; raises ValueError for anything else."""
        s = cls()
        pos = 0
        values = []
        for _ in range(7):
            n, pos = get_uint(data, pos, 35)
            values.append(n)
        if values[0] != VERSION:
            raise ValueError("statistics version %d, this firmware reads %d" % (values[0], VERSION))
        s.played, s.draws, s.farkles, s.best_turn, s.hot_chain, count = values[1:]
        if count > 64 or s.draws > s.played:
            raise ValueError("statistics are not valid")
        for _ in range(count):
            size, pos = get_uint(data, pos, 35)
            if size > 32 or pos + size > len(data):
                raise ValueError("statistics cut short")
            name = bytes(data[pos:pos + size]).decode()
            pos += size
            played, pos = get_uint(data, pos, 35)
            won, pos = get_uint(data, pos, 35)
            if won > played or name in s.seats:
                raise ValueError("statistics are not valid")
            s.seats[name] = [played, won]
        if pos != len(data):
            raise ValueError("statistics have stray bytes")
        return s

    def lines(self, labels=None):
        """Short text lines for a 21-column stats screen; ``labels`` names seat kinds."""
        out = ["Games %d" % self.played + ("  draws %d" % self.draws if self.draws else ""),
               "Best turn %d" % self.best_turn,
               "Hot dice chain %d" % self.hot_chain,
               "Farkles %d" % self.farkles]
        for name in sorted(self.seats):
            played, won = self.seats[name]
            label = labels.get(name, name) if labels else name
            out.append("%s %d/%d won" % (label, won, played))
        return out


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


