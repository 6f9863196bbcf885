"""The timing half of a board-check game (tools/board_scenario.py loads it in a timed
game only: a game checked for heap then holds none of its names). Runs ON the core.

What a frame's host time is corrected by (the time another program had the CPU, file reads
charged as a board's), and the logs through which a game is played again on one path.
"""

import gc
import sys
import time

# The firmware's own collections told from the allocator's: the firmware imports ``gc``
# after this, so it gets this stand-in from sys.modules, whose ``collect`` counts its calls
# (a collection the allocator starts when no hole holds a block never passes through it).
explicit = [0]


def _collect():
    explicit[0] += 1
    gc.collect()


class counting_gc:  # pylint: disable=invalid-name
    """``gc`` as the firmware sees it in a timed game (a class, not an instance: its
    functions are read off it unbound)."""

    collect = _collect
    mem_free = gc.mem_free
    mem_alloc = gc.mem_alloc
    enable = gc.enable
    disable = gc.disable
    isenabled = gc.isenabled
    threshold = gc.threshold


sys.modules["gc"] = counting_gc

# /proc files kept open, each with a buffer to read it into: small ints parsed from bytes, no
# garbage a frame
SCHEDSTAT = ["/proc/self/schedstat", None, bytearray(64)]
PROC_IO = ["/proc/self/io", None, bytearray(256)]


def proc_number(slot, token, drop=0):
    """Field ``token`` (counted from 0, split at spaces and newlines) of the /proc file in
    ``slot``, its last ``drop`` digits dropped, modulo 10**8; 0 where there is no such file.
    Read into a buffer and parsed a digit at a time: small ints, no garbage."""
    try:
        if slot[1] is None:
            slot[1] = open(slot[0], "rb")
        slot[1].seek(0)
        size = slot[1].readinto(slot[2])
    except OSError:
        return 0
    buf = slot[2]
    at = 0
    for _ in range(token):  # past the fields before it
        while at < size and buf[at] != 32 and buf[at] != 10:
            at += 1
        while at < size and (buf[at] == 32 or buf[at] == 10):
            at += 1
    end = at
    while end < size and 48 <= buf[end] <= 57:
        end += 1
    value = 0
    for i in range(at, end - drop):
        value = (value * 10 + buf[i] - 48) % 100000000
    return value


def waited():
    """Microseconds (modulo 10**8) this process has so far spent ready to run while another
    had the CPU (Linux's /proc/self/schedstat, second field in ns; 0 where there is none).
    Taken off each frame: on a shared machine a frame is often preempted, a board's never is."""
    return proc_number(SCHEDSTAT, 1, 3)


def file_reads():
    """The read system calls this process has made so far (modulo 10**8; /proc/self/io's
    syscr, 0 where there is none). Importing a module reads its .mpy a few bytes at a time
    (the core's reader keeps about 22 bytes), the expert's table is read by seek: here each
    read is a system call, on a board a copy out of flash, so a frame is charged for each
    read what an in-memory stream's costs, not what the system call cost (``read_ns``)."""
    return proc_number(PROC_IO, 5)


READ_CHUNK = 22  # what the core's reader asks a file for at a time (extmod/vfs_reader.c)
# the read system calls the driver's own readings make around a frame, and the ns a read
# costs here beyond an in-memory stream's (both measured by ``measure_reads``)
reads = [0, 0]


def measure_reads():
    """``reads``: the driver's own read calls around a frame (the frame's readings with
    nothing between them), and what a read of READ_CHUNK bytes from a file costs beyond
    one from an in-memory stream, the least of a few runs over the largest module's .mpy."""
    import io
    import os

    least = None
    for _ in range(5):
        first = file_reads()
        waited()
        waited()
        own = (file_reads() - first) % 100000000
        least = own if least is None or own < least else least
    reads[0] = least
    sizes = [(os.stat("app/" + name)[6], name) for name in os.listdir("app")]
    with open("app/" + max(sizes)[1], "rb") as handle:
        data = handle.read()
        count = len(data) // READ_CHUNK
        buf = bytearray(READ_CHUNK)
        best = None
        for _ in range(7):
            handle.seek(0)
            memory = io.BytesIO(data)
            began = time.monotonic_ns()
            for _ in range(count):
                handle.readinto(buf)
            middle = time.monotonic_ns()
            for _ in range(count):
                memory.readinto(buf)
            cost = (2 * middle - began - time.monotonic_ns()) // count
            best = cost if best is None or cost < best else best
    reads[1] = best if best > 0 else 0


def read_ns(first, then, own=0):
    """Host ns the firmware's file reads between two ``file_reads()`` readings a frame
    apart cost beyond a board's (``own``: reads of the driver's logs between them)."""
    made = (then - first) % 100000000 - reads[0] - own
    return made * reads[1] if made > 0 else 0


def us_between(first, then):
    """``then - first`` for two ``waited()`` readings."""
    return (then - first) % 100000000


# The names the core walks. Each name a module's import brings, and each short string the
# firmware makes, is looked up among the names made at run time one by one (newest first),
# then among the built-in names by halving. Here the fakes' and the driver's names are among
# those made at run time; on a board they are C modules' built-in names, which that walk
# never passes. A core that counts the names it walks (``make circuitpython-timing``:
# ``micropython.qstr_walked``) marks where the firmware's names begin as the logs open, and
# each frame's record carries the names walked in it, all of them and the firmware's own:
# tools/board_time.py takes the walk here off the frame and charges the walk over the
# firmware's names at what an RP2040 pays.
try:
    from micropython import qstr_walked
except ImportError:  # a core without the count: the records say 0
    qstr_walked = None
WALK_UNIT = 16  # names walked, in the records' units (two bytes: up to a million a frame)
walk_seen = [0, 0]  # the counts at the last record: every name walked, the firmware's


def walk_mark():
    """Names made from now on are the firmware's (the machinery's are all made)."""
    if qstr_walked is not None:
        qstr_walked(2)
        walk_seen[0], walk_seen[1] = qstr_walked(0), qstr_walked(1)


def walked(which):
    """Names walked since the last record (``which``: 0 every one, 1 the firmware's), in
    WALK_UNITs, at most two bytes' worth; the counters wrap at 2**29."""
    if qstr_walked is None:
        return 0
    now = qstr_walked(which)
    units = ((now - walk_seen[which]) & 0x1FFFFFFF) // WALK_UNIT
    walk_seen[which] = now
    return units if units < 0xFFFF else 0xFFFF


# The collector's work. Its C runs at a board/host ratio of its own (a loop of loads, compares
# and branches: a host's branch predictor misses what costs an M0+ two cycles), so a core that
# counts it (``make circuitpython-timing``: ``micropython.gc_work``) lets a frame that collected
# carry the host time its collections took, to be taken off, and their work, which
# tools/board_time.py charges at an RP2040's cycles. The machinery's objects are marked too,
# which a board's heap does not hold: a collection of the machinery alone, as the logs open,
# gives the work and the time taken off each collection (the driver already took off its own
# measure of that time from a frame it saw the heap fall in).
try:
    from micropython import gc_work
except ImportError:  # a core without the count: no gc blocks in the records
    gc_work = None
GC_COUNTS = 9  # gc_work(0) to gc_work(8): words, hits, ... collections (py/gc.c's comment)
GC_MARKING = (1, 2, 3, 4, 5)  # the counts of marking the machinery's objects adds
GC_NS = 9  # gc_work(9): the CPU ns the collections took
gc_seen = [0] * (GC_COUNTS + 1)  # the counts at the last record
gc_machinery = [0] * (GC_COUNTS + 1)  # one collection of the machinery alone: its counts, its ns


def gc_mark():
    """The counts from now on are the firmware's game; ``gc_machinery`` from the least of a
    few collections of the machinery alone."""
    if gc_work is None:
        return
    for _ in range(3):
        for i in range(GC_COUNTS + 1):
            gc_seen[i] = gc_work(i)
        gc.collect()
        ns = (gc_work(GC_NS) - gc_seen[GC_NS]) & 0x1FFFFFFF
        if not gc_machinery[GC_NS] or ns < gc_machinery[GC_NS]:
            for i in range(GC_COUNTS + 1):
                gc_machinery[i] = (gc_work(i) - gc_seen[i]) & 0x1FFFFFFF
    for i in range(GC_COUNTS + 1):
        gc_seen[i] = gc_work(i)


def put_gc(log, ran):
    """A frame's gc block, if a collection ran since the last record (flag bit 7): the host us
    to take off the frame (its collections' CPU time, at the calibration's speed, less the
    machinery's share the driver already took off where ``ran``), then the counts of the
    firmware's work (the machinery's marking taken off each collection), three bytes each."""
    if gc_work is None or gc_work(8) == gc_seen[8]:
        return 0
    if log is None:
        return 128
    now = gc_work(8)
    runs = (now - gc_seen[8]) & 0x1FFFFFFF
    ns = (gc_work(GC_NS) - gc_seen[GC_NS]) & 0x1FFFFFFF
    us = at_speed(ns // 1000) - (at_speed(gc_machinery[GC_NS] // 1000) if ran else 0)
    log.put(us if us > 0 else 0, 3)
    for i in range(GC_COUNTS):
        count = now if i == 8 else gc_work(i)
        made = (count - gc_seen[i]) & 0x1FFFFFFF
        gc_seen[i] = count
        if i in GC_MARKING:
            made -= runs * gc_machinery[i]
        made = made if made > 0 else 0
        log.put(made if made < 0xFFFFFF else 0xFFFFFF, 3)
    gc_seen[GC_NS] = gc_work(GC_NS)
    return 128


# The machine's own speed, followed through a game: a fixed piece of work (``reference``)
# timed every SPEED_EVERY frames, between frames; the least of the last few samples against
# the least at calibration (CFG "ref_us", tools/board_time.py) gives ``speed[0]``, 1024 at the
# calibration's speed, less when the machine runs slower (another tenant on the core, a lower
# clock), by which the frames and the work clock are scaled back to the calibration's speed.
SPEED_EVERY = 16
speed = [1024, 0, 0, 0, 0, 0]  # the scale, the next sample's slot, the last four samples


def reference():
    """Integer work that makes no garbage (no range, no call: a while loop of small ints),
    about 300 us on the core here."""
    i = 0
    x = 0
    while i < 6000:
        x = (x * 7 + i) % 1009
        i += 1
    return x


def sample_speed(calibrated):
    """Time ``reference`` once and set ``speed[0]`` from the least of the last four samples."""
    began = time._ticks_us()
    reference()
    took = time._ticks_diff(time._ticks_us(), began)
    speed[2 + speed[1]] = took
    speed[1] = (speed[1] + 1) % 4
    least = took
    for k in range(2, 6):
        if 0 < speed[k] < least:
            least = speed[k]
    if calibrated and least:
        speed[0] = calibrated * 1024 // least


def at_speed(us):
    """``us`` of host time as they would have been at the calibration's speed (small ints:
    the product stays under 2**30)."""
    if us < 1000000:
        return (us * speed[0]) >> 10
    return (us >> 10) * speed[0]


LOG_IO = [0, 0]  # host us the logs' system calls took so far, and the reads they made


class Log:
    """A file of 4-byte records written or read through one buffer (allocated once: no
    garbage a record, written or read whole). The host us its system calls take and its
    reads add up in ``LOG_IO``, taken off the frame they fell in."""

    def __init__(self, path, write, size=1024):
        self.handle = open(path, "wb" if write else "rb")
        self.write = write
        self.buf = bytearray(size)
        self.at = 0
        self.end = 0 if not write else size

    def put(self, value, size):
        if self.at + size > self.end:
            self.flush()
        buf, at = self.buf, self.at
        for i in range(size):
            buf[at + i] = (value >> (8 * i)) & 0xFF
        self.at = at + size

    def take(self, size):
        """The next record, or None at the file's end. Records fill the buffer exactly, so
        it is read whole: no slice (garbage a replay would make and its first play not)."""
        if self.at + size > self.end:
            began = time._ticks_us()
            got = self.handle.readinto(self.buf)
            LOG_IO[1] += 1
            self.end, self.at = got or 0, 0
            LOG_IO[0] += time._ticks_diff(time._ticks_us(), began)
            if size > self.end:
                return None
        buf, at = self.buf, self.at
        self.at = at + size
        value = 0
        while size:  # not a range with a negative step, which may make a range object
            size -= 1
            value = (value << 8) | buf[at + size]
        return value

    def flush(self):
        began = time._ticks_us()
        self.handle.write(self.buf if self.at == len(self.buf) else memoryview(self.buf)[:self.at])
        self.at = 0
        LOG_IO[0] += time._ticks_diff(time._ticks_us(), began)

    def close(self):
        if self.write:
            self.flush()
        self.handle.close()


# A timed game played again takes the same path: its first play logs every reading of the
# board's clock (CFG "clock_log"), a replay (CFG "replay") hands the firmware those readings
# back, so frame k of one play is frame k of every play (the dice, the keys and the heap are
# the same already) and tools/board_time.py takes each frame's least time over the plays
# from their frame logs (CFG "frame_log"): the machine's speed wanders by tens of per cent
# from one millisecond to the next, a frame's least time over a few plays does not.
logs = {"clock": None, "frames": None}
diverged = [False]  # a replay whose firmware asked the clock more often than the first play


def log_frame(spent, screen, ran, cpu, hint):
    """One frame's record for tools/board_time.py (11 bytes, and a gc block after them where
    bit 7 says so): host us (after what is taken off), then a byte of its screen (bits 0-2),
    whether the driver saw a collection in it (bits 3-4: 0 none, 1 where the heap ran out, 2
    planned), a computer was playing (bit 5), a hint was awaited (bit 6) and a collection ran
    (bit 7: ``put_gc``); then the names walked since the last record, every one and the
    firmware's (two bytes each, in WALK_UNITs), the clock's readings (two bytes) and the
    modules read (a byte: ``modules_read``)."""
    log = logs["frames"]
    if log is not None:
        us = spent // 1000 if spent > 0 else 0
        log.put(us if us < 0xFFFFFF else 0xFFFFFF, 3)
        log.put(screen | ran << 3 | cpu << 5 | hint << 6 | put_gc(None, ran), 1)
        log.put(walked(0), 2)
        log.put(walked(1), 2)
        log.put(clock_read(), 2)
        log.put(modules_read(), 1)
        put_gc(log, ran)


# The modules imported at the last record. A frame that reads a module pays a board its load,
# its body and the whole collection CircuitPython runs after every import: the records say
# which frames did, by the count of ``sys.modules`` (a number, no garbage), so a module read
# and another forgotten in one frame count as none.
modules_seen = [0]


def modules_read():
    """Modules imported since the last record, at most 255."""
    now = len(sys.modules)
    grown = now - modules_seen[0]
    modules_seen[0] = now
    return 0 if grown < 0 else grown if grown < 255 else 255



def open_logs(clock_path, frame_path, replay):
    logs["clock"] = Log(clock_path, not replay)
    logs["frames"] = Log(frame_path, True)
    clock_reads[1] = clock_reads[0]
    gc_mark()
    modules_seen[0] = len(sys.modules)
    walk_mark()  # the firmware's code.py runs next


# Each reading of the board's clock (the driver's ``board_clock``, which calls ``replayed``
# first) costs a few us of Python here, where a board's is one C call: counted, each frame's
# record carries its readings, and tools/board_time.py takes off what they cost beyond a C
# call (``clock_read_ns``, measured on the driver's own function).
clock_reads = [0, 0]  # readings so far, and at the last record


def clock_read():
    """Readings of the clock since the last record, at most two bytes' worth."""
    made = clock_reads[0] - clock_reads[1]
    clock_reads[1] = clock_reads[0]
    return made if made < 0xFFFF else 0xFFFF


def replayed():
    """The next reading of the clock in a replay; None in a first play, or where the first
    play's readings ran out (``diverged``)."""
    clock_reads[0] += 1
    log = logs["clock"]
    if log is None or log.write:
        return None
    value = log.take(4)
    if value is None:
        diverged[0] = True
    return value


def recorded(value):
    """A first play's reading of the clock, logged."""
    log = logs["clock"]
    if log is not None and log.write:
        log.put(value, 4)


def went_astray():
    """A replay whose firmware read the clock more often, or less often, than its first play."""
    log = logs["clock"]
    return diverged[0] or (log is not None and not log.write and log.take(4) is not None)


def close_logs():
    for key in ("clock", "frames"):
        if logs[key] is not None:
            logs[key].close()
            logs[key] = None


