"""Time the fakes spend in work a board does in C (drawing bitmaps, filling pixel buffers,
reading the key queue): ``spent[0]`` ns so far. tools/board_time.py takes it off each frame
before scaling host time to board time, so Python stand-ins do not count as the firmware's.
Nested timed calls count once. Off unless a test sets ``ON`` before importing the fakes:
the wrapper makes garbage on every call, which the board's C does not."""

import time

ON = False
spent = [0]
_depth = [0]
# Calls too many a frame to time one by one (a pixel set: the clock's long ints would be
# garbage the board's C does not make, and bring collections it does not have) are counted
# in sets[0]; whoever reads ``faked()`` measures what one costs beyond a C store (sets[1] ns).
sets = [0, 0]


def faked():
    """Host ns of the board's C work done by fakes so far: the timed calls', and the counted
    ones' at their measured cost."""
    return spent[0] + sets[0] * sets[1]


def timed(function):
    if not ON:
        return function
    def wrapper(*args, **kwargs):
        if _depth[0]:
            return function(*args, **kwargs)
        _depth[0] = 1
        began = time.monotonic_ns()
        try:
            return function(*args, **kwargs)
        finally:
            spent[0] += time.monotonic_ns() - began
            _depth[0] = 0
    return wrapper

