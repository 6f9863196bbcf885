"""os as on CircuitPython: no os.path/mount/ilistdir; getenv() and urandom() exist.

getenv() models a board with no settings.toml. urandom() draws from the host's
crypto RNG; run with --hide os.urandom to test a board that lacks it.
"""
__name__ = "os"  # errors and repr() name the module the code imported
__name__ = "os"  # so errors name the module the code imported
import js
from uos import (chdir, getcwd, listdir, mkdir, remove, rename,  # noqa: F401
                 rmdir, sep, stat, statvfs, unlink)


def getenv(key, default=None):
    return default


def urandom(n):
    return bytes(list(js.crypto.getRandomValues(js.Uint8Array.new(n))))
