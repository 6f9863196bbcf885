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
    """nvm.ByteArray kept in a file: indexing and slicing like the board's, and costing its
    heap: a slice read is a new ``bytes``, a byte read (an int) and a write make no object
    (the file stays open, its handle made with the fakes). Its names are few and mostly the
    core's own: each new one comes before the firmware's in the pools of names."""

    SIZE = 4096

    def __init__(self, path):
        try:
            with open(path, "rb") as handle:
                if len(handle.read()) != self.SIZE:
                    raise OSError
        except OSError:
            with open(path, "wb") as handle:
                handle.write(b"\xff" * self.SIZE)
        self.file = open(path, "r+b")  # unbuffered: a write is in the file at once (a power cut)
        self.data = bytearray(1)
        self.end = None  # where the slice being read or written ends (None: one byte)

    def __len__(self):
        return self.SIZE

    def _span(self, index):
        """Where ``index`` starts; ``end`` where it ends."""
        if isinstance(index, slice):
            if index.step not in (None, 1):
                raise ValueError("only plain slices")
            start = 0 if index.start is None else index.start
            self.end = self.SIZE if index.stop is None else index.stop
            if not 0 <= start <= self.end <= self.SIZE:
                raise IndexError("nvm index out of range")
            return start
        if index < 0:
            index += self.SIZE
        if not 0 <= index < self.SIZE:
            raise IndexError("nvm index out of range")
        self.end = None
        return index

    @timed
    def __getitem__(self, index):
        start = self._span(index)
        handle = self.file
        handle.seek(start)
        if self.end is None:
            handle.readinto(self.data)
            return self.data[0]
        return handle.read(self.end - start)

    @timed
    def __setitem__(self, index, value):
        start = self._span(index)
        handle = self.file
        handle.seek(start)
        if self.end is None:
            self.data[0] = value
            handle.write(self.data)
            return
        if len(value) != self.end - start:
            raise ValueError("nvm slice and value differ in length")
        handle.write(value)  # as given: the board copies nothing


if sys.implementation.name == "circuitpython":
    nvm = _FileNvm("nvm.bin")
else:
    nvm = bytearray(b"\xff" * 4096)
