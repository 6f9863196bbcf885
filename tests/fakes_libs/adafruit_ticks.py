"""Fake adafruit_ticks: a clock the test sets (``now``), wrapping like the real one."""

now = 0


def ticks_ms():
    return now & ((1 << 29) - 1)


def ticks_diff(later, earlier):
    half = 1 << 28
    return ((later - earlier + half) & ((1 << 29) - 1)) - half
