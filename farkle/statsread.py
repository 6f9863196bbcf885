"""farkle.statsread: ``farkle.stats.Stats.to_bytes``'s bytes back into statistics.

Apart from the counting because a board reads its statistics only at power-up: the reading
code, with its checks of every field, is then forgotten (as ``farkle.saveread`` is).
"""

from farkle.stats import VERSION
from farkle.varint import get_uint


def read(cls, data):
    """A ``cls`` (``Stats``) from ``data``; raises ValueError for anything else."""
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
