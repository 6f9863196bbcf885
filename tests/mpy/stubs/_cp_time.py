"""time as on CircuitPython: monotonic()/monotonic_ns(); no ticks_*, sleep_ms, time_ns.

monotonic counts from import (like a board counts from boot). Host clock
resolution is 1 ms. localtime() returns a plain tuple here, not struct_time.
"""
__name__ = "time"  # errors and repr() name the module the code imported
__name__ = "time"  # so errors name the module the code imported
from utime import localtime, mktime, sleep, time, time_ns as _time_ns  # noqa: F401

_BOOT_NS = _time_ns()


def monotonic_ns():
    return _time_ns() - _BOOT_NS


def monotonic():
    return monotonic_ns() / 1e9
