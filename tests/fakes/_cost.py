"""Time the fakes spend in work a board does in C (drawing bitmaps, filling pixel buffers,
reading the key queue): ``spent[0]`` us so far. tools/board_time.py takes it off each frame
before scaling host time to board time, so Python stand-ins do not count as the firmware's.
Nested timed calls count once. Off unless a test sets ``ON`` before importing the fakes:
the wrapper makes garbage on every call (its arguments), which the board's C does not; the
clock it reads is the core's small-int one (``time._ticks_us``, test machinery only), so
that the clock's readings make none. ``calls[0]`` counts the timed calls: what the wrapper
itself costs around each (``tools/board_time.py``'s ``wrap_ns``) is the machinery's too,
where a board makes one C call."""

import time

ON = False
spent = [0]
calls = [0]
_depth = [0]


def timed(function):
    if not ON:
        return function
    def wrapper(*args, **kwargs):
        if _depth[0]:
            return function(*args, **kwargs)
        _depth[0] = 1
        calls[0] += 1
        began = time._ticks_us()
        try:
            return function(*args, **kwargs)
        finally:
            spent[0] += time._ticks_diff(time._ticks_us(), began)
            _depth[0] = 0
    return wrapper
