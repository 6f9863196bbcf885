"""The fakes' timing wrappers for a timed game: the driver puts ``timed`` in ``_cost``'s
place before the fakes are imported. ``_cost``'s own wrapper takes ``*args, **kwargs``:
a tuple and a dict a call, garbage the board's C does not make, which would bring a timed
game collections a board does not have. Loaded only for a timed game, so that every other
game's machinery stays as small as it is."""

import time

from _cost import _depth, calls, spent
from _cost import timed as timed_keywords  # _cost's own, taken before the driver replaces it

KEYWORD_CALLS = ("blit",)  # called with keyword arguments: the few calls keep _cost's wrapper

_NO = object()  # an argument not passed


def _call(function, a, b, c, d, e, f, g):
    if a is _NO:
        return function()
    if b is _NO:
        return function(a)
    if c is _NO:
        return function(a, b)
    if d is _NO:
        return function(a, b, c)
    if e is _NO:
        return function(a, b, c, d)
    if f is _NO:
        return function(a, b, c, d, e)
    if g is _NO:
        return function(a, b, c, d, e, f)
    return function(a, b, c, d, e, f, g)


def timed(function):
    """``function`` (up to seven arguments, by position) with its time added to ``spent``;
    its arguments are plain parameters, so a call allocates nothing."""
    if function.__name__ in KEYWORD_CALLS:
        return timed_keywords(function)

    def wrapper(a=_NO, b=_NO, c=_NO, d=_NO, e=_NO, f=_NO, g=_NO):
        if _depth[0]:
            return _call(function, a, b, c, d, e, f, g)
        _depth[0] = 1
        calls[0] += 1
        began = time._ticks_us()
        try:
            return _call(function, a, b, c, d, e, f, g)
        finally:
            spent[0] += time._ticks_diff(time._ticks_us(), began)
            _depth[0] = 0
    return wrapper
