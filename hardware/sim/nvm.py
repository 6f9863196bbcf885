"""hardware.sim.nvm: a host model of the RP2040's ``microcontroller.nvm`` that can lose power.

host-only: the simulator's board and the power-cut tests use it; never copied to a board.

What it models (CircuitPython 10, ports/raspberrypi/common-hal/nvm/ByteArray.c):

* The NVM is one 4 KB flash sector (16 pages of 256 bytes); erased flash reads 0xFF.
* ``nvm[a:b] = data`` where every byte of ``nvm[a:b]`` is 0xFF: the touched pages are
  *programmed* (no erase). Programming can only clear bits (1 -> 0); the other bytes of each
  page are programmed with the value they already hold, which changes nothing.
* Any other write: the whole sector is read into RAM, the slice replaced, the sector
  *erased* (every byte 0xFF), then *programmed* from byte 0 to byte 4095.
* Writing bytes identical to the old ones is no shortcut: CircuitPython erases anyway.

A power cut is ``cut_after = k``: the writes stop after k more steps (a save may write more
than once: the cut falls in whichever write its k-th step is), where the steps are: for a programming write, one step per byte of the slice, in address order; for an erase
write, one step for the erase, then one per byte of the sector. The byte being programmed when
the power goes is left half-programmed (only some of its 0 bits cleared), and a cut during the
erase leaves every byte somewhere between its old value and 0xFF (a pseudo-random subset of
its bits set). With ``scatter=True`` a cut while programming a page programs a pseudo-random
subset of that page's bytes instead of a prefix (a flash chip programs a page in parallel).
Then ``PowerCut`` is raised, like a board that stops running. Reading back a cut byte
always gives the same value here (real weakly-programmed cells may not; the CRC covers both).

``erases`` and ``page_programs`` count the wear so tests and docs can report it.
"""

import os
import random

SECTOR = 4096
PAGE = 256


class PowerCut(BaseException):
    """The power went during an NVM write; the board stops here. A BaseException, so no
    ``except Exception`` in board code can carry on as if the write had merely failed."""


class FlashNVM:
    """``microcontroller.nvm`` of an RP2040 board, in RAM, with power cuts on demand."""

    def __init__(self, size=SECTOR, page=PAGE, data=None):
        self.size = size
        self.page = page
        self.data = bytearray(b"\xff" * size) if data is None else bytearray(data)
        if len(self.data) != size:
            raise ValueError("data must be %d bytes" % size)
        self.cut_after = None  # steps the next write may take before the power goes
        self.scatter = False
        self.seed = 0
        self.erases = 0
        self.page_programs = 0
        self.writes = 0
        self.steps_taken = 0  # steps of the writes the power did not cut

    # ----- bytearray-like face -----

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1:
                raise ValueError("only contiguous slices")
            value = bytes(value)
            if len(value) != stop - start:
                raise ValueError("nvm slice assignment cannot change the size")
        else:
            if index < 0:
                index += self.size
            if not 0 <= index < self.size:
                raise IndexError("nvm index out of range")
            start, stop, value = index, index + 1, bytes((value,))
        self._write(start, stop, value)

    # ----- the physics -----

    def steps(self, start, stop):
        """How many steps a write of ``nvm[start:stop]`` takes (the cut offsets it has)."""
        if self.data[start:stop].count(0xFF) == stop - start:
            return stop - start
        return 1 + self.size

    def _write(self, start, stop, value):
        self.writes += 1
        budget = self.cut_after
        erase = self.data[start:stop].count(0xFF) != stop - start
        if erase:
            source = bytearray(self.data)  # read, change in RAM, erase, program it all
            source[start:stop] = value
            start, stop = 0, self.size
        else:
            source = bytearray(value)  # every target byte is 0xFF: program, no erase
        pages = (stop - 1) // self.page - start // self.page + 1
        steps = (stop - start) + erase
        if budget is None or budget >= steps:
            if erase:
                self.erases += 1
                self.data[:] = source
            else:
                self.data[start:stop] = bytes(a & b for a, b in zip(self.data[start:stop], source))
            self.page_programs += pages
            self.steps_taken += steps
            if budget is not None:  # the power goes later, in a write that follows
                self.cut_after = budget - steps
            return
        self.cut_after = None
        rng = random.Random(self.seed * 1000003 + budget)
        if erase:
            if budget == 0:  # cut during the erase: every byte partly erased
                self.data[:] = bytes(b | rng.getrandbits(8) for b in self.data)
                raise PowerCut("power cut during the sector erase")
            self.erases += 1
            self.data[:] = b"\xff" * self.size
            budget -= 1
        # programming: the target bytes are all 0xFF now, so programming byte i leaves
        # 0xFF & source[i] == source[i]; the byte in flight keeps some of its 1 bits
        cut = start + budget
        if self.scatter:  # the page in flight: a random subset of its bytes, some partly
            page0 = max(start, cut - cut % self.page)
            self.data[start:page0] = source[:page0 - start]
            for i in range(page0, min(stop, page0 + self.page)):
                if rng.getrandbits(1):
                    self.data[i] = source[i - start] | rng.getrandbits(8)
        else:
            self.data[start:cut] = source[:cut - start]
            self.data[cut] = source[cut - start] | rng.getrandbits(8)
        raise PowerCut("power cut while programming byte %d" % cut)


class FileNVM(FlashNVM):
    """A FlashNVM kept in a file, so the simulator remembers the game between runs (by
    default in a per-user cache file, see ``hardware.sim.frontends``). A missing or
    wrong-sized file, or ``fresh``, starts erased; the folder is made at the first write."""

    def __init__(self, path, size=SECTOR, fresh=False):
        data = None
        if not fresh:
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                pass
        super().__init__(size, data=data if data is not None and len(data) == size else None)
        self.path = path

    def _write(self, start, stop, value):
        try:
            super()._write(start, stop, value)
        finally:  # a power cut leaves what the flash held at that moment
            folder = os.path.dirname(self.path)
            if folder:
                os.makedirs(folder, exist_ok=True)
            with open(self.path, "wb") as f:
                f.write(self.data)
