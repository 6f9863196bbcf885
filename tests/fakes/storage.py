"""Fake storage: one mount, read-only to the firmware until remount() (like the board)."""


class _Mount:
    def __init__(self):
        self.readonly = True


_root = _Mount()
remounts = []


def getmount(path):
    return _root


def remount(path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((path, readonly))
    _root.readonly = readonly
