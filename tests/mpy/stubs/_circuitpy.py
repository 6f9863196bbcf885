"""Make MicroPython 1.27 (webassembly/pyscript build) import like CircuitPython 10.

run.mjs calls install() before the test script, so an import that would fail on
the board fails in the test too. Two mechanisms, because files on sys.path cannot
shadow MicroPython's non-extensible builtin modules (cmath, uctypes, ...):

* a builtins.__import__ hook raises ImportError for every name in HIDDEN
  imported by the script, mounted packages or /lib (absolute imports only;
  frozen library modules still get the u-modules and js they are built on);
* modules CircuitPython has in a smaller form are swapped in sys.modules for the
  wrappers next to this file (named _cp_* so they never shadow CPython's own):
  collections -> namedtuple, OrderedDict, deque only (no defaultdict, Counter)
  os          -> no os.path, mount, ilistdir; adds getenv() and urandom()
  time        -> monotonic()/monotonic_ns() instead of ticks_*/sleep_ms/time_ns

Not touched, because this build already matches CircuitPython: random has only
seed, getrandbits (<= 32 bits), randrange, randint, choice, random, uniform;
typing, dataclasses and enum are simply not built into this MicroPython.
"""
import builtins
import sys

import uos

HIDDEN = {
    # micropython-lib modules frozen into this build, absent on CircuitPython
    "abc", "base64", "copy", "datetime", "fnmatch", "functools", "gzip",
    "heapq", "hmac", "html", "inspect", "itertools", "locale", "logging",
    "operator", "pathlib", "stat", "string", "tarfile", "types", "unittest",
    "uu",
    # MicroPython / webassembly builtins absent on CircuitPython
    "cmath", "deflate", "framebuf", "js", "jsffi", "platform", "uctypes", "vfs",
}
# MicroPython's u-prefixed aliases ("import utime"); CircuitPython has none.
HIDDEN.update("u" + n for n in (
    "array", "asyncio", "binascii", "collections", "errno", "hashlib", "heapq",
    "io", "json", "os", "platform", "random", "re", "select", "socket", "ssl",
    "struct", "sys", "time", "zlib"))

WRAPPED = ("collections", "os", "time")

_import = builtins.__import__
_frozen = {}  # importer's __file__ -> is it frozen library code?


def _is_frozen(path):
    # Frozen modules have a relative __file__ ("io.py") that is not in the
    # VFS; mounted ones found via "" are relative too ("farkle/x.py") but exist.
    if path not in _frozen:
        frozen = path[:1] != "/"
        if frozen:
            try:
                uos.stat(path)
                frozen = False
            except OSError:
                pass
        _frozen[path] = frozen
    return _frozen[path]


def _circuitpython_import(name, globals=None, locals=None, fromlist=(), level=0):
    # Frozen library code gets what it is built on (uio, js, full time, ...);
    # only code loaded from the filesystem (script, mounts, /lib) is policed.
    if level == 0 and _is_frozen((globals or {}).get("__file__", "/")):
        if name in WRAPPED:
            name = "u" + name
    elif level == 0 and name.split(".")[0] in HIDDEN:
        raise ImportError("no module named '%s' (not on CircuitPython; "
                          "hidden by tests/mpy/stubs/_circuitpy.py)" % name)
    return _import(name, globals, locals, fromlist, level)


def install(hide=()):
    """Swap in the wrappers, then hook imports. hide: extra "mod" / "mod.attr"."""
    for name in WRAPPED:
        sys.modules[name] = _import("_cp_" + name)
    for name in hide:
        mod, _, attr = name.partition(".")
        if attr:
            delattr(sys.modules.get(mod) or _import(mod), attr)
        else:
            HIDDEN.add(mod)
    builtins.__import__ = _circuitpython_import
