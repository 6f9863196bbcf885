"""hardware.nvm_load: finding the newest valid record of the NVM journal, and unpacking it.

A board reads the journal once, at power-up, and then only appends to it
(``hardware.nvm_store``): the reading code is apart so that it can be forgotten after.
"""

from farkle.varint import get_uint
from hardware.nvm_store import (EMPTY, FORMAT, FOREIGN, HEADER, MAGIC0, MAGIC1, NEWER, OK, TAIL_PIECE, TORN,
                                crc32_bytes)


def load(store):
    """The newest valid payload (bytes), or None. Never raises on any NVM content."""
    store.status, store.seq, store.end, store.last_at = EMPTY, 0, 0, None
    last = None
    # Read a record at a time and the erased tail in small pieces, never the whole 4 KB
    # at once: at power-up the heap already holds the firmware, and two 4 KB blocks (the
    # slice and its copy) were what it could not find.
    nvm, size = store.nvm, store.size
    try:
        pos = 0
        while pos + HEADER <= size:
            head = bytes(nvm[pos:pos + HEADER])
            if head[0] != MAGIC0 or head[1] != MAGIC1:
                break
            if head[2] != FORMAT:
                store.status = NEWER if store.seq == 0 else TORN
                break
            n = (head[7] << 8) | head[8]
            stop = pos + HEADER + n
            if stop > size:
                break
            payload = bytes(nvm[pos + HEADER:stop])
            if crc32_bytes(head[:9], more=payload) != head[9:13]:
                break
            seq = (head[3] << 24) | (head[4] << 16) | (head[5] << 8) | head[6]
            if seq <= store.seq:  # records only ever grow: an old one here is not ours
                break
            store.seq, store.end, store.last_at, store.last_size = seq, stop, pos + HEADER, n
            store.status = OK
            last = payload
            pos = stop
        # the erased run after the records (appends go there), and whether all is zeros
        erased, zeros = store.end, True
        for at in range(store.end, size, TAIL_PIECE):
            piece = bytes(nvm[at:min(at + TAIL_PIECE, size)])
            if erased == at:
                if piece.count(b"\xff") == len(piece):
                    erased += len(piece)
                else:
                    for byte in piece:
                        if byte != 0xFF:
                            break
                        erased += 1
            zeros = zeros and piece.count(b"\x00") == len(piece)
            if erased < at + len(piece) and (erased > store.end or not zeros):
                break  # the run has ended, and only a run of none needs the rest (zeros?)
    except Exception:  # a store that cannot even be read: behave as empty, never crash
        store.status, store.seq, store.end, store.last_at = FOREIGN, 0, 0, None
        store.erased = 0
        return None
    store.erased = erased
    if store.status == NEWER:
        store.erased = store.end
    elif erased == store.end < size:  # not a byte erased after the records
        if store.seq:
            store.status = TORN  # a record begun there that its CRC rejects
        elif not zeros:
            store.status = FOREIGN  # (all zeros: never written on some boards; no notice)
    return last


def unpack_sections(payload):
    """``{tag: bytes}`` from a payload; raises ValueError when it does not parse."""
    out = {}
    pos = 0
    n = len(payload)
    while pos < n:
        tag = payload[pos]
        size, pos = get_uint(payload, pos + 1, 28)
        if pos + size > n:
            raise ValueError("section cut short")
        out[tag] = bytes(payload[pos:pos + size])
        pos += size
    return out


def unpack_values(data):
    """The dict ``pack_values`` made; raises ValueError when the bytes do not parse."""
    out = {}
    pos = 0
    n = len(data)
    while pos < n:
        size = data[pos]
        pos += 1
        if pos + size + 1 > n:
            raise ValueError("settings cut short")
        name = bytes(data[pos:pos + size]).decode()
        pos += size
        kind = data[pos]
        blen, pos = get_uint(data, pos + 1, 28)
        if pos + blen > n:
            raise ValueError("settings cut short")
        body = data[pos:pos + blen]
        pos += blen
        if kind == 0x62 and blen == 1 and body[0] < 2:
            out[name] = body[0] == 1
        elif kind == 0x69:
            v, used = get_uint(body, 0, 28)
            if used != blen:
                raise ValueError("setting %s is not a number" % name)
            out[name] = v >> 1 if not v & 1 else -((v + 1) >> 1)
        elif kind == 0x73:
            out[name] = bytes(body).decode()
        else:
            raise ValueError("setting %s has an unknown kind" % name)
    return out
