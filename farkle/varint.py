# farkle.varint: unsigned LEB128 numbers, the building block of every compact record the tower
# stores (saved games, statistics, the NVM journal): small numbers take one byte.
# (Comments, not docstrings: the engine's heap budget on the board is tight.)


def put_uint(out, n):
    # append n (>= 0) to the bytearray out
    if n < 0:
        raise ValueError("cannot store a negative number here")
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def get_uint(data, pos, max_bits=63):
    # (number, next position) from data at pos; ValueError if the bytes end inside the
    # number or it is longer than max_bits
    n = shift = 0
    while True:
        if pos >= len(data) or shift > max_bits:
            raise ValueError("a stored number is cut short")
        byte = data[pos]
        pos += 1
        n |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return n, pos
        shift += 7
