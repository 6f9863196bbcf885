"""gdb's side of ``tools/board_gdb.py`` (host-only; loaded by gdb, not by Python): at every
allocation the core cannot make (``m_malloc_fail``), what was asked for, by which C calls,
and how broken up the GC heap was. Where an object's attribute table could not grow, the
object's class and its attributes' names too (a table grows in one piece, so an object's
next attribute can need a block no hole has)."""

import os

import gdb  # pylint: disable=import-error

BLOCK = 16  # bytes a GC block (MICROPY_BYTES_PER_GC_BLOCK on a 32-bit core)
FREE, HEAD, TAIL = 0, 1, 2
CALLERS = 7  # C frames shown above m_malloc_fail


def qstr(number):
    """The text of the interned name ``number`` (the pools are a chain from the newest)."""
    pool = gdb.parse_and_eval("mp_state_ctx.vm.last_pool")
    while int(pool):
        first = int(pool["total_prev_len"])
        if number >= first:
            return pool["qstrs"][number - first].string()
        pool = pool["prev"]
    return "?"


def heap_blocks():
    """(kinds of every block, pool start): the allocation table read in one piece."""
    area = gdb.parse_and_eval("mp_state_ctx.mem.area")
    memory = gdb.selected_inferior()
    table = bytes(memory.read_memory(int(area["gc_alloc_table_start"]), int(area["gc_alloc_table_byte_len"])))
    start, end = int(area["gc_pool_start"]), int(area["gc_pool_end"])
    count = (end - start) // BLOCK
    return [(table[b // 4] >> (2 * (b % 4))) & 3 for b in range(count)], start


def holes(kinds):
    """Lengths, in blocks, of the runs of free blocks."""
    runs, run = [], 0
    for kind in kinds:
        if kind == FREE:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return runs


def largest_holes():
    """Lengths, in blocks, of the free heap's runs, longest first."""
    kinds, _ = heap_blocks()
    return sorted(holes(kinds), reverse=True)


def grown_table():
    """(type, names) of the object whose table of names (an instance's attributes, a dict's
    keys, a module's globals) failed to grow, or None."""
    frame = gdb.newest_frame()
    while frame is not None and frame.name() != "mp_map_rehash":
        frame = frame.older()
    if frame is None:
        return None
    table = frame.read_var("map")
    # an instance's, a dict's and so a module's table follow the object's type pointer
    owner = gdb.parse_and_eval("(mp_obj_base_t *)((char *)%d - 4)" % int(table))
    kind = owner["type"].cast(gdb.lookup_type("mp_obj_type_t").pointer())
    names = []
    for i in range(int(table["alloc"])):
        key = int(table["table"][i]["key"])
        if key & 0xF == 6:  # an interned name (REPR_C: the name's number << 4 | 6)
            names.append(qstr(key >> 4))
    return qstr(int(kind["name"])), names


class Failed(gdb.Breakpoint):
    def stop(self):
        size = int(gdb.parse_and_eval("num_bytes"))
        callers, frame = [], gdb.newest_frame().older()
        while frame is not None and len(callers) < CALLERS:
            callers.append(frame.name() or "?")
            frame = frame.older()
        runs = largest_holes()
        print("FAILED %d bytes: %s" % (size, " < ".join(callers)))
        print("  in: %s" % " < ".join(python_calls()))
        print("  free %d bytes in %d holes; largest %s bytes"
              % (sum(runs) * BLOCK, len(runs), ", ".join(str(n * BLOCK) for n in runs[:6])))
        grown = grown_table()
        if grown is not None:
            print("  the table of names of a %s grew (%d names): %s" % (grown[0], len(grown[1]), " ".join(grown[1])))
        return False  # the core goes on: the firmware handles or reports the MemoryError



def _function(frame):
    """The bytecode function a C frame runs, or None: a call's ``fun_bc_call`` holds its state, a
    generator's ``mp_obj_gen_resume`` its state (``mp_execute_bytecode``'s own argument is
    often optimised out)."""
    name = frame.name()
    try:
        if name == "fun_bc_call":
            return int(frame.read_var("code_state")["fun_bc"])
        if name == "mp_obj_gen_resume":
            return int(frame.read_var("self")["code_state"]["fun_bc"])
    except (ValueError, gdb.error):
        return -1
    return None


def python_calls(limit=6):
    """The innermost Python functions running (their names as the bytecode spells them)."""
    names, frame = [], gdb.newest_frame()
    while frame is not None and len(names) < limit:
        fun = _function(frame)
        if fun == -1:
            names.append("?")
        elif fun is not None:
            names.append(qstr(int(gdb.parse_and_eval("mp_obj_fun_get_name((mp_const_obj_t)%d)" % fun))))
        frame = frame.older()
    return names


def asked(frame):
    """Bytes the allocation asked for, from the first caller that still holds the figure
    (the optimised core keeps it in a register gdb may not see), or -1."""
    while frame is not None:
        for name in ("n_bytes", "num_bytes", "size"):
            try:
                value = frame.read_var(name)
                if not value.is_optimized_out:
                    return int(value)
            except (ValueError, gdb.error):
                pass
        frame = frame.older()
    return -1


class RanOut(gdb.Breakpoint):
    """A collection the allocator started because no hole held what was asked for (not one
    the firmware asked for with ``gc.collect()``)."""

    def stop(self):
        caller = gdb.newest_frame().older()
        if caller is None or caller.name() != "gc_alloc":
            return False
        size = asked(caller)
        runs = largest_holes()
        print("RANOUT %d bytes: free %d bytes in %d holes, largest %d: %s"
              % (size, sum(runs) * BLOCK, len(runs), runs[0] * BLOCK if runs else 0, " < ".join(python_calls())))
        return False


Failed("m_malloc_fail")
if os.environ.get("FARKLE_GDB_COLLECTIONS"):
    RanOut("gc_collect")
