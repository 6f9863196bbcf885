"""hardware.nvm_store: saves that survive a power cut, in the board's few KB of NVM.

Pure Python over any bytearray-like store (``microcontroller.nvm`` on a board, a bytearray or
``hardware.sim.nvm.FlashNVM`` on the host). See docs/persistence.md for the reasoning.

Why a journal and not two fixed slots: on the RP2040, ``microcontroller.nvm`` is one 4 KB
flash sector. Writing bytes that are all 0xFF (erased) only programs them; writing anything
else makes CircuitPython erase the whole sector and program it again, so a power cut in that
erase would destroy *both* of two fixed slots. Here the "older slot" is always erased flash:
each save is appended after the newest record, the other records are never touched, and a cut
leaves a torn last record that its CRC rejects. Only when the sector is full (or dirty) is it
erased and rewritten with just the new record at its start (a "compaction").

Record, big-endian::

    magic "FK" (2) | format (1) | sequence (4) | payload length (2) | CRC32 (4) | payload

The CRC (the zip/PNG CRC-32) covers the first 9 header bytes and the payload. The newest
record is the valid one with the highest sequence number; reading stops at the first byte
that does not start a valid record, so a torn or foreign tail is never trusted.
"""

from farkle.varint import put_uint

try:
    from binascii import crc32 as _crc32_native
except ImportError:  # a board built without binascii or without zlib (no crc32 then)
    _crc32_native = None  # type: ignore[assignment]

MAGIC0 = 0x46  # "F"
MAGIC1 = 0x4B  # "K"
FORMAT = 1
HEADER = 13
MAX_PAYLOAD = 0xFFFF
TAIL_PIECE = 256  # bytes of the erased tail read at a time when loading
READ_BACK = 64  # bytes of a written record read back at a time

# what load() found, for a notice on the display (None: nothing worth saying)
EMPTY = "empty"  # erased: the first power-on, or after a reset
OK = "ok"
TORN = "torn"  # the last save was cut short; the one before it was used
FOREIGN = "foreign"  # content this firmware did not write, or damaged: ignored
NEWER = "newer"  # written by a firmware with another format: ignored
FAILED = "failed"  # a save did not read back as written (worn or failing flash)

NOTICES = {
    EMPTY: None,
    OK: None,
    TORN: "The last save was cut short;\nthe one before it is used.",
    FOREIGN: "Saved data was damaged or\nnot ours: it was ignored.",
    NEWER: "Saved data is from another\nfirmware version: ignored.",
    FAILED: "Saving failed: the game\ngoes on, but unsaved.",
}

def crc32_bytes(data, native=True, more=None):
    """CRC-32 of ``data`` followed by ``more`` (no copy of the two together is made) as 4
    big-endian bytes (binascii's crc32 where the board has it)."""
    if native and _crc32_native is not None:
        value = _crc32_native(data)
        if more is not None:
            value = _crc32_native(more, value)
        value &= 0xFFFFFFFF
        return bytes(((value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF))
    from hardware.crc32 import crc32  # a board without binascii only

    return crc32(data, more)


def header(seq, payload):
    """The 13 bytes before ``payload`` in its journal record."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes is too long" % n)
    head = bytes((MAGIC0, MAGIC1, FORMAT, (seq >> 24) & 0xFF, (seq >> 16) & 0xFF,
                  (seq >> 8) & 0xFF, seq & 0xFF, n >> 8, n & 0xFF))
    return head + crc32_bytes(head, more=payload)


class Store:
    """The journal on one NVM. ``load()`` once at power-on, then ``save()`` as often as the
    save policy says; a save whose payload equals the newest record's is skipped.

    ``status`` (one of EMPTY, OK, TORN, FOREIGN, NEWER) and ``notice()`` tell what load found.
    ``writes`` / ``erases`` count this session's writes to the NVM and sector rewrites.
    """

    def __init__(self, nvm, size=None):
        self.nvm = nvm
        self.size = len(nvm) if size is None else min(size, len(nvm))
        self.status = EMPTY
        self.seq = 0  # sequence number of the newest valid record (0: none)
        self.end = 0  # where the valid records end
        self.clean = True  # everything from ``end`` on is erased (0xFF)
        self.last_at = None  # where the newest valid record's payload starts (None: no record)
        self.last_size = 0
        self.writes = 0
        self.erases = 0

    @property
    def last(self):
        """The newest valid payload (bytes, read from the NVM), or None."""
        if self.last_at is None:
            return None
        return bytes(self.nvm[self.last_at:self.last_at + self.last_size])

    def notice(self):
        return NOTICES.get(self.status)

    def capacity(self, payload_size):
        """How many saves of this size fit between two sector rewrites."""
        return self.size // (HEADER + payload_size)

    def load(self):
        """The newest valid payload (bytes), or None. Never raises on any NVM content."""
        from hardware.nvm_load import load  # read once, at power-up: apart, and forgotten after

        return load(self)

    def save(self, payload):
        """Append ``payload`` (bytes or a bytearray: nothing of it is kept, so the caller may
        fill the same bytearray again for the next save) as the newest record (or rewrite the
        sector when it is full).

        :returns: True when written; False when skipped (same payload as the newest record)
            or when the write failed (``status`` is then FAILED; the next save rewrites the
            sector). Never raises for a failing NVM, so a worn board keeps playing.
        """
        if self.last_at is not None and self.last_size == len(payload) and self._reads(self.last_at, payload):
            return False  # the same as the newest record
        seq = self.seq + 1
        n = HEADER + len(payload)
        if n > self.size or len(payload) > MAX_PAYLOAD:  # a board with a tiny NVM: no saves
            self.status = FAILED
            return False
        # The record is never put together in one piece: the heap may have no hole that big.
        head = header(seq, payload)
        start = self.end
        try:
            if self.clean and start + n <= self.size:
                # erased flash: programmed, nothing erased; the header first, so a cut before
                # the payload is in leaves a record its CRC rejects
                self.nvm[start:start + HEADER] = head
                self.nvm[start + HEADER:start + n] = payload
            else:
                # full or dirty: one write of the whole sector, the new record first
                start = 0
                self.erases += 1
                sector = bytearray(b"\xff") * self.size
                sector[0:HEADER] = head
                sector[HEADER:n] = payload
                self.nvm[0:self.size] = sector
                del sector  # its 4 KB back before the read-back
            self.writes += 1
            ok = self.nvm[start:start + HEADER] == head and self._reads(start + HEADER, payload)
        except Exception:  # OSError, MemoryError...: the save is lost, the game goes on
            ok = False
        if not ok:
            self.status, self.clean, self.last_at = FAILED, False, None
            return False
        self.seq, self.end, self.clean = seq, start + n, True
        self.last_at, self.last_size = start + HEADER, len(payload)
        self.status = OK
        return True

    def _reads(self, start, payload):
        """Whether the NVM holds ``payload`` at ``start``, compared a few bytes at a time
        (each read of the NVM is a copy in the heap)."""
        nvm = self.nvm
        view = memoryview(payload)
        for i in range(0, len(payload), READ_BACK):
            j = i + READ_BACK if i + READ_BACK < len(payload) else len(payload)
            if nvm[start + i:start + j] != view[i:j]:
                return False
        return True

    def erase(self):
        """Forget everything (a factory reset): the NVM becomes erased flash."""
        self.nvm[0:self.size] = b"\xff" * self.size
        self.erases += 1
        self.writes += 1
        self.status, self.seq, self.end, self.last_at, self.clean = EMPTY, 0, 0, None, True


# ----- payload: tagged sections -----

GAME = 0x67  # "g": farkle.savegame bytes of the game in progress
SETTINGS = 0x73  # "s": the app's settings
STATS = 0x74  # "t": farkle.stats bytes


def pack_sections(sections, out=None):
    """A payload from ``{tag: bytes}`` (None values are left out); tags in ascending order.
    With ``out`` (a bytearray), written into it, emptied first: its room is kept, so a save
    needs no new block of heap while it fits."""
    fresh = out is None
    if fresh:
        out = bytearray()
    else:
        out[:] = b""
    for tag in sorted(sections):
        body = sections[tag]
        if body is None:
            continue
        out.append(tag)
        put_uint(out, len(body))
        out.extend(body)
    return bytes(out) if fresh else out


def unpack_sections(payload):
    """``{tag: bytes}`` from a payload; raises ValueError when it does not parse."""
    from hardware.nvm_load import unpack_sections as unpack

    return unpack(payload)


# ----- the app's settings: a small dict of name -> int / bool / str -----

def pack_values(values):
    """Bytes for a dict of short names to ints, bools or short strings."""
    out = bytearray()
    for name in sorted(values):
        value = values[name]
        key = name.encode()
        if len(key) > 255:
            raise ValueError("setting name too long")
        if value is True or value is False:
            kind, body = 0x62, bytes((1 if value else 0,))  # "b"
        elif isinstance(value, int):
            kind = 0x69  # "i"
            body = bytearray()  # type: ignore[assignment]
            put_uint(body, value * 2 if value >= 0 else -value * 2 - 1)
        elif isinstance(value, str):
            kind, body = 0x73, value.encode()  # "s"
        else:
            raise ValueError("setting %s: cannot store %r" % (name, value))
        out.append(len(key))
        out.extend(key)
        out.append(kind)
        put_uint(out, len(body))
        out.extend(body)
    return bytes(out)


def unpack_values(data):
    """The dict ``pack_values`` made; raises ValueError when the bytes do not parse."""
    from hardware.nvm_load import unpack_values as unpack

    return unpack(data)
