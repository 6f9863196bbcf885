"""hardware.crc32: CRC-32 (the zip/PNG one) in pure Python, for a board without binascii.

Both boards have ``binascii.crc32``; this is the fallback ``hardware.nvm_store`` loads only
where it is missing (and the tests use to check the native one).
"""

_TABLE_LO = None
_TABLE_HI = None


def _tables():
    # CRC-32 (reflected, polynomial 0xEDB88320) kept as two 16-bit halves, so every value
    # stays a small int on a board (CircuitPython's small ints have 31 bits; 32-bit values
    # would allocate). 256 entries each, built on first use.
    global _TABLE_LO, _TABLE_HI
    if _TABLE_LO is None:
        lo_t = [0] * 256
        hi_t = [0] * 256
        for n in range(256):
            lo, hi = n, 0
            for _ in range(8):
                if lo & 1:
                    lo = ((lo >> 1) | ((hi & 1) << 15)) ^ 0x8320
                    hi = (hi >> 1) ^ 0xEDB8
                else:
                    lo = (lo >> 1) | ((hi & 1) << 15)
                    hi >>= 1
            lo_t[n] = lo
            hi_t[n] = hi
        _TABLE_LO, _TABLE_HI = lo_t, hi_t
    return _TABLE_LO, _TABLE_HI


def crc32_halves(data, start=0, end=None, lo=0xFFFF, hi=0xFFFF):
    """Pure-Python CRC-32 of ``data[start:end]`` as a running (lo, hi) state (pre-inverted)."""
    lo_t, hi_t = _tables()
    if end is None:
        end = len(data)
    for i in range(start, end):
        n = (lo ^ data[i]) & 0xFF
        lo = ((lo >> 8) | ((hi & 0xFF) << 8)) ^ lo_t[n]
        hi = (hi >> 8) ^ hi_t[n]
    return lo, hi


def crc32(data, more=None):
    """CRC-32 of ``data`` followed by ``more`` as 4 big-endian bytes."""
    lo, hi = crc32_halves(data)
    if more is not None:
        lo, hi = crc32_halves(more, lo=lo, hi=hi)
    lo ^= 0xFFFF
    hi ^= 0xFFFF
    return bytes((hi >> 8, hi & 0xFF, lo >> 8, lo & 0xFF))
