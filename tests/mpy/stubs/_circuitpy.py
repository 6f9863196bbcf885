"""Make the CircuitPython core built for the host import like a CircuitPython board.

The harness runs this before the test script. The core is CircuitPython itself, so most of
the module set already matches; it differs from a board in two ways:

* it has modules a board does not (the harness passes them in: the core's built-in
  modules minus the board's "Included modules" from circuitpython-stubs). An
  ``builtins.__import__`` hook raises ImportError for those and for ``hide``;
* ``time`` and ``os`` have the Unix port's extras (``ticks_*``, ``sleep_ms``, ``time_ns``,
  ``os.system``, ``putenv``, ``mount``...) and lack ``time.monotonic``: the hook answers
  ``import time`` / ``import os`` with the board-shaped ``_cp_time`` / ``_cp_os`` beside
  this file.
"""
import builtins
import sys

HIDDEN = set()
_import = builtins.__import__
_wrapped = {}


def _circuitpython_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0:
        if name in _wrapped:
            return _wrapped[name]
        if name.split(".")[0] in HIDDEN:
            raise ImportError("no module named '%s' (not on this board; "
                              "hidden by tests/mpy/stubs/_circuitpy.py)" % name)
    return _import(name, globals, locals, fromlist, level)


def install(hidden=(), hide=()):
    """hidden: modules the board lacks; hide: more "mod" or "mod.attr" to take away."""
    import _cp_os
    import _cp_time

    _wrapped["os"] = _cp_os
    _wrapped["time"] = _cp_time
    HIDDEN.update(hidden)
    for name in hide:
        mod, _, attr = name.partition(".")
        if attr:
            delattr(_wrapped.get(mod) or _import(mod), attr)
        else:
            HIDDEN.add(mod)
    for name in ("os", "time"):
        sys.modules[name] = _wrapped[name]
    builtins.__import__ = _circuitpython_import
