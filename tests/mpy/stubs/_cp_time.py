"""time as on a CircuitPython board: monotonic(), monotonic_ns(), sleep(), time(),
localtime(), mktime(); no ticks_*, sleep_ms, sleep_us, time_ns (the Unix port's extras).

monotonic counts from start-up, as a board counts from boot, and is a float32 like the
board's (it loses resolution after hours, as the board's does).
"""
from time import localtime, mktime, sleep, time
from time import time_ns as _time_ns
from time import ticks_diff as _ticks_diff, ticks_us as _ticks_us  # for test machinery only: small ints

__name__ = "time"  # so errors name the module the code imported
_BOOT_NS = _time_ns()


def monotonic_ns():
    return _time_ns() - _BOOT_NS


def monotonic():
    return monotonic_ns() / 1e9
