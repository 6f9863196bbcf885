"""Fake microcontroller: Pin, cpu, reset(), watchdog and a 4 KB nvm like the RP2040's.

On the core (``sys.implementation.name == "circuitpython"``) the nvm lives in the file
``nvm.bin`` of the drive folder, so it costs no heap (the board's is a window on flash)
and survives a power cut (the next run finds it); on CPython it is a plain bytearray.
"""

import sys

from _cost import timed


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class ResetReason:
    POWER_ON = "power_on"
    WATCHDOG = "watchdog"
    SOFTWARE = "software"


class _Cpu:
    frequency = 125000000
    temperature = 27.0
    voltage = 3.3
    reset_reason = ResetReason.POWER_ON


cpu = _Cpu()
resets = 0


def reset():
    global resets
    resets += 1
    raise SystemExit("microcontroller.reset()")


class _WatchDogTimer:
    """microcontroller.watchdog: ``feeds`` counts feed() calls."""

    def __init__(self):
        self.timeout = None
        self.mode = None
        self.feeds = 0

    def feed(self):
        if self.mode is None:
            raise RuntimeError("watchdog not running")
        self.feeds += 1

    def deinit(self):
        self.mode = None


watchdog = _WatchDogTimer()


class _FileNvm:
    """nvm.ByteArray kept in a file: indexing and slicing like the board's."""

    SIZE = 4096

    def __init__(self, path):
        self._path = path
        try:
            with open(path, "rb") as handle:
                if len(handle.read()) == self.SIZE:
                    return
        except OSError:
            pass
        with open(path, "wb") as handle:
            handle.write(b"\xff" * self.SIZE)

    def __len__(self):
        return self.SIZE

    def _span(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.SIZE)
            if step != 1:
                raise ValueError("only plain slices")
            return start, stop
        if index < 0:
            index += self.SIZE
        if not 0 <= index < self.SIZE:
            raise IndexError("nvm index out of range")
        return index, None

    @timed
    def __getitem__(self, index):
        start, stop = self._span(index)
        with open(self._path, "rb") as handle:
            handle.seek(start)
            if stop is None:
                return handle.read(1)[0]
            return handle.read(stop - start)

    @timed
    def __setitem__(self, index, value):
        start, stop = self._span(index)
        data = bytes([value]) if stop is None else value  # as given: the board copies nothing
        if stop is not None and len(data) != stop - start:
            raise ValueError("nvm slice and value differ in length")
        with open(self._path, "r+b") as handle:
            handle.seek(start)
            handle.write(data)


if sys.implementation.name == "circuitpython":
    nvm = _FileNvm("nvm.bin")
else:
    nvm = bytearray(b"\xff" * 4096)
