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
GOOD_RUN = 1024  # erased bytes after a compaction's record worth a collection to find (5 saves)
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
        self.erased = self.size  # bytes ``end`` to this are erased (0xFF): room to append
        self.last_at = None  # where the newest valid record's payload starts (None: no record)
        self.last_size = 0
        self.writes = 0
        self.erases = 0
        self.failures = 0  # saves that did not read back as written

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

    def save(self, payload, framed=None, collect=True):
        """Append ``payload`` (bytes or a bytearray: nothing of it is kept, so the caller may
        fill the same bytearray again for the next save) as the newest record (or rewrite the
        sector when it is full).

        :returns: True when written; False when skipped (same payload as the newest record)
            or when the write failed (``status`` is then FAILED; the next save rewrites the
            sector). Never raises for a failing NVM, so a worn board keeps playing; a
            compaction that finds no room for its record (``framed`` spares it that, see
            ``save_framed``) raises MemoryError before it touches the NVM: try again later.
            ``collect``: False where the caller has just collected the garbage (a second
            collection would find the same heap).
        """
        if self.last_at is not None and self.last_size == len(payload) and self._reads(self.last_at, payload):
            return False  # the same as the newest record
        seq = self.seq + 1
        n = HEADER + len(payload)
        if n > self.size or len(payload) > MAX_PAYLOAD:  # a board with a tiny NVM: no saves
            self.status = FAILED
            return False
        # An append never puts the record together in one piece: the heap may have no hole
        # that big. A compaction must: one write is all that keeps a cut from tearing it.
        head = header(seq, payload)
        start = self.end
        if self.fits(n):
            sector = None
        else:
            start = 0
            sector = erased_after((head, payload), self.size, framed, collect)  # MemoryError: nothing touched yet
        try:
            if sector is None:
                # erased flash: programmed, nothing erased; the header first, so a cut before
                # the payload is in leaves a record its CRC rejects
                self.nvm[start:start + HEADER] = head
                self.nvm[start + HEADER:start + n] = payload
            else:
                # full, torn or foreign: the sector erased and programmed in one write, the new
                # record first, then as many erased bytes as the heap held (past them the
                # board keeps the old bytes, which no reading reaches)
                self.erases += 1
                self.nvm[0:len(sector)] = sector
                self.erased = len(sector)
                sector = None  # its heap back before the read-back
            self.writes += 1
            ok = self._reads(start, head) and self._reads(start + HEADER, payload)
        except Exception:  # OSError...: the save is lost, the game goes on
            ok = False
        if not ok:
            self.status, self.erased, self.last_at = FAILED, self.end, None
            self.failures += 1
            return False
        self.seq, self.end = seq, start + n
        self.last_at, self.last_size = start + HEADER, len(payload)
        self.status = OK
        return True

    def save_framed(self, record, length, collect=True):
        """``save`` of the ``length`` bytes of payload framed in ``record`` (``pack_framed``):
        a compaction writes the record from there, its header put in front of the payload
        and the frame's erased bytes after it, unless the heap holds a longer run."""
        return self.save(memoryview(record)[HEADER:HEADER + length], record, collect)

    def fits(self, n):
        """Whether a record of ``n`` bytes can be appended: it must lie in the erased run after
        the records and, unless that run reaches the sector's end, leave a byte of it erased
        (past the run may lie old bytes a compaction kept: the erased byte is what tells the
        loader that the journal ends there, not that its last record was torn)."""
        stop = self.end + n
        return stop < self.erased or stop == self.erased == self.size

    def _reads(self, start, payload):
        """Whether the NVM holds ``payload`` at ``start``, compared a few bytes at a time
        (each read of the NVM is a copy in the heap), or a byte at a time where the heap has
        no room for that copy: late in a game it may have none, and a record that was
        written must not count as a failed save for it (the next save would rewrite the
        sector)."""
        nvm = self.nvm
        n = len(payload)
        try:
            view = memoryview(payload)
            for i in range(0, n, READ_BACK):
                j = i + READ_BACK if i + READ_BACK < n else n
                if nvm[start + i:start + j] != view[i:j]:
                    return False
            return True
        except MemoryError:  # reading a byte of the NVM makes no object
            view = None
        for k in range(n):
            if nvm[start + k] != payload[k]:
                return False
        return True

    def erase(self):
        """Forget everything (a factory reset): the NVM becomes erased flash, as much of it as
        the heap holds a buffer for (past it, old bytes that no reading reaches)."""
        try:
            sector = erased_after((), self.size)
        except MemoryError:  # no hole at all: a few erased bytes are enough to forget the rest
            sector = _ERASED
        self.nvm[0:len(sector)] = sector
        self.erased = len(sector)
        sector = None
        self.erases += 1
        self.writes += 1
        self.status, self.seq, self.end, self.last_at = EMPTY, 0, 0, None


def _erased(n):
    """``n`` erased bytes, in a block of the heap (the tests make it fail as a heap would)."""
    return bytearray(b"\xff") * n


def erased_after(pieces, most, framed=None, collect=True):
    """A bytearray of the ``pieces`` (bytes-like) one after another, then erased bytes
    (0xFF), up to ``most`` bytes in all: as many as the heap has one hole for, and at least
    one (an erased byte after the last record is what tells the loader it was not torn).

    Lengths are tried with the collector off, longest first: where no hole is big enough the
    allocator would collect (tens of ms on a board) and then fail all the same. When not
    even GOOD_RUN bytes after the pieces are had so, the heap is collected once and tried
    again (unless ``collect`` is False: the caller has just collected): a short run brings
    the next compaction, a sector erased and a window for a power cut, sooner. Then
    ``framed`` (``pack_framed``'s bytearray: room for the first piece, the others, erased
    bytes) is filled and given back, unless the heap held a longer run; without it, the
    least length is asked for, and MemoryError raised if even that finds no room."""
    import gc

    used = 0
    for piece in pieces:
        used += len(piece)
    least = used + 1 if used < most else used
    good = used + GOOD_RUN if used + GOOD_RUN < most else most
    if framed is not None and len(framed) > good:
        good = len(framed) + 1 if len(framed) < most else most
    out = _longest(least, good, most)
    if out is None and collect:
        gc.collect()
        out = _longest(least, len(framed) + 1 if framed is not None else least + 1, most)
    if out is None:
        if framed is not None:
            framed[0:len(pieces[0])] = pieces[0]
            return framed if len(framed) <= most else memoryview(framed)[:most]
        out = _erased(least)
    at = 0
    for piece in pieces:
        out[at:at + len(piece)] = piece
        at += len(piece)
    return out


def _longest(least, shortest, most):
    """The longest run of erased bytes, ``most`` to ``shortest`` long (halving the part above
    ``least``), that the heap holds now, with the collector off; or None."""
    import gc

    size = most
    collecting = gc.isenabled()
    gc.disable()
    try:
        while size >= shortest:
            try:
                return _erased(size)
            except MemoryError:
                if size == shortest:
                    return None
                size = max(shortest, least + (size - least) // 2) if size - least > 64 else shortest
    finally:
        if collecting:
            gc.enable()
    return None


# ----- payload: tagged sections -----

_NO_HEADER = bytes(HEADER)
_ERASED = b"\xff" * 16  # a factory reset in a heap with no hole: the first record's header gone
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
    _put_sections(out, sections)
    return bytes(out) if fresh else out


def pack_framed(sections, out, frame):
    """``pack_sections`` into ``out`` as ``Store.save_framed`` takes it: HEADER bytes of room
    for the record's header, the payload, then erased bytes up to ``frame`` bytes in all (at
    least one); returns the payload's length. ``out`` made ``frame`` long at power-up keeps
    its room, so a save, and a compaction, need no new block of heap."""
    out[:] = b""
    out.extend(_NO_HEADER)
    _put_sections(out, sections)
    length = len(out) - HEADER
    out.append(0xFF)
    while len(out) + len(_ERASED) <= frame:
        out.extend(_ERASED)
    while len(out) < frame:
        out.append(0xFF)
    return length


def _put_sections(out, sections):
    for tag in sorted(sections):
        body = sections[tag]
        if body is None:
            continue
        out.append(tag)
        put_uint(out, len(body))
        out.extend(body)


def unpack_sections(payload):
    """``{tag: bytes}`` from a payload; raises ValueError when it does not parse."""
    from hardware.nvm_load import unpack_sections as unpack

    return unpack(payload)


# ----- the app's settings: a small dict of name -> int / bool / str -----

def pack_values(values, out=None):
    """Bytes for a dict of short names to ints, bools or short strings; with ``out`` (a
    bytearray, emptied first, its room kept), written there and ``out`` returned."""
    if out is None:
        return bytes(pack_values(values, bytearray()))
    out[:] = b""
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
    return out


def unpack_values(data):
    """The dict ``pack_values`` made; raises ValueError when the bytes do not parse."""
    from hardware.nvm_load import unpack_values as unpack

    return unpack(data)
