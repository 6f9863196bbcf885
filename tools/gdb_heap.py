"""gdb's side of ``tools/board_gdb.py`` (host-only; loaded by gdb, not by Python): at every
allocation the core cannot make (``m_malloc_fail``), what was asked for, by which C calls,
and how broken up the GC heap was. Where an object's attribute table could not grow, the
object's class and its attributes' names too (a table grows in one piece, so an object's
next attribute can need a block no hole has)."""

import os

import gdb  # pylint: disable=import-error

BLOCK = 16  # bytes a GC block (MICROPY_BYTES_PER_GC_BLOCK on a 32-bit core)
FREE, HEAD, TAIL, MARK = 0, 1, 2, 3
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
        if os.environ.get("FARKLE_GDB_MAP") and size >= int(os.environ.get("FARKLE_GDB_MAP_SIZE", "1025")) and "_erased" not in " ".join(python_calls()):
            census()
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


def _symbol(address, cache={}):
    """The static symbol at ``address`` (a built-in type's name), or None."""
    if address not in cache:
        text = gdb.execute("info symbol 0x%x" % address, to_string=True)
        cache[address] = text.split()[0] if " in section " in text and text.split()[1] == "in" else None
    return cache[address]


def _module_name(module, words, object_at):
    """The ``__name__`` of the module object at ``module`` (its globals are a dict's table)."""
    globals_dict = words(module + 4)
    table = words(globals_dict + 12)
    alloc = words(globals_dict + 8)
    key_name = (int(gdb.parse_and_eval("(unsigned int)MP_QSTR___name__")) << 4) | 6
    for i in range(alloc):
        if words(table + 8 * i) == key_name:
            value = words(table + 8 * i + 4)
            if value & 0xF == 6:
                return qstr(value >> 4)
    return "?"


def census(top=400):
    """What the live heap holds, by kind: each typed object with the untyped blocks it alone
    reaches (an instance's attributes, a list's items, a function's bytecode), the interned
    names' pools and text, and the untyped blocks nothing typed reaches (the stack's)."""
    kinds, start = heap_blocks()
    area = gdb.parse_and_eval("mp_state_ctx.mem.area")
    end = int(area["gc_pool_end"])
    pool = bytes(gdb.selected_inferior().read_memory(start, end - start))

    def words(address):
        offset = address - start
        return int.from_bytes(pool[offset:offset + 4], "little")

    heads, owner_of_block = [], [-1] * len(kinds)
    for block, kind in enumerate(kinds):
        if kind == HEAD or kind == MARK:
            heads.append([block, 1])
        elif kind == TAIL and heads:
            heads[-1][1] += 1
        if kind != FREE and heads:
            owner_of_block[block] = len(heads) - 1

    def object_at(address):  # the object whose blocks hold ``address``, or -1
        if start <= address < end:
            return owner_of_block[(address - start) // BLOCK]
        return -1

    type_type = int(gdb.parse_and_eval("(unsigned int)&mp_type_type"))
    module_type = int(gdb.parse_and_eval("(unsigned int)&mp_type_module"))
    fun_bc_type = int(gdb.parse_and_eval("(unsigned int)&mp_type_fun_bc"))
    gen_type = int(gdb.parse_and_eval("(unsigned int)&mp_type_gen_wrap"))
    label = [None] * len(heads)

    def type_name(index):
        first = words(start + heads[index][0] * BLOCK)
        if first == fun_bc_type or first == gen_type:
            context = words(start + heads[index][0] * BLOCK + 4)
            return "code of " + _module_name(context, words, object_at) if object_at(context) >= 0 else "code"
        if first == module_type:
            return "module " + _module_name(start + heads[index][0] * BLOCK, words, object_at)
        holder = object_at(first)
        if holder >= 0 and start + heads[holder][0] * BLOCK == first and words(first) == type_type:
            kind = qstr(int.from_bytes(pool[first - start + 6:first - start + 8], "little"))
            return "class " + kind if index == holder else "instance of " + kind
        name = _symbol(first) if first else None
        if name and ("type" in name):
            return name
        return None

    for index in range(len(heads)):
        label[index] = type_name(index)

    anchors = ("code of", "module ", "class ", "instance of")

    root_of = {}

    def claim(roots, name):  # everything reached from ``roots`` no other anchor holds
        todo = list(roots)
        first = roots[0] if len(roots) == 1 else None
        while todo:
            index = todo.pop()
            block, length = heads[index]
            for at in range(start + block * BLOCK, start + (block + length) * BLOCK, 4):
                child = object_at(words(at))
                if child >= 0 and (label[child] is None or (owner[child] is None and not label[child].startswith(anchors))):
                    label[child], owner[child] = name, name
                    root_of[child] = first
                    todo.append(child)

    owner = [None] * len(heads)
    # the interned names first: their pools and the chunks of text they point into
    pools, address = [], int(gdb.parse_and_eval("(unsigned int)mp_state_ctx.vm.last_pool"))
    while object_at(address) >= 0:
        index = object_at(address)
        label[index] = owner[index] = "interned names"
        pools.append(index)
        address = words(address)
    claim(pools, "interned names")
    for kind in anchors:
        for index in range(len(heads)):
            if label[index] is not None and label[index].startswith(kind) and owner[index] is None:
                owner[index] = label[index]
                claim([index], label[index])
    if os.environ.get("FARKLE_GDB_FUNCTIONS"):
        sizes = {}
        for index, (block, length) in enumerate(heads):
            if label[index] and label[index].startswith("code of") and owner[index] == label[index] and words(start + block * BLOCK) == fun_bc_type:
                name = label[index][8:] + "." + qstr(int(gdb.parse_and_eval("mp_obj_fun_get_name((mp_const_obj_t)%d)" % (start + block * BLOCK))))
                sizes[index] = name
        spent = dict((index, heads[index][1] * BLOCK) for index in sizes)
        for child, root in root_of.items():
            if root in spent:
                spent[root] += heads[child][1] * BLOCK
        with open(os.environ["FARKLE_GDB_FUNCTIONS"], "w") as out:
            for index, name in sizes.items():
                out.write("%d %s\n" % (spent[index], name))
    if os.environ.get("FARKLE_GDB_MAP"):
        marks = ["."] * len(kinds)
        for index, (block, length) in enumerate(heads):
            name = label[index] or "?"
            mark = ("q" if name == "interned names" else "c" if name.startswith("code of") else
                    "m" if name.startswith("module") else "i" if name.startswith("instance") else
                    "t" if name.startswith("class") else name[8] if name.startswith("mp_type_") else "?")
            for b in range(block, block + length):
                marks[b] = mark
        between = {}  # what lies just after each hole: what keeps the holes apart
        for index, (block, length) in enumerate(heads):
            if block > 0 and kinds[block - 1] == FREE:
                name = label[index] or "?"
                between[name] = between.get(name, 0) + 1
        tail_kinds = {}
        for index, (block, length) in enumerate(heads):
            if block > len(kinds) * 3 // 4:
                name = label[index] or "?"
                tail_kinds[name] = tail_kinds.get(name, 0) + length * BLOCK
        with open(os.environ["FARKLE_GDB_MAP"], "a") as out:
            out.write("MAP at %s\n" % " < ".join(python_calls()))
            out.write("last quarter: %r\n" % sorted(tail_kinds.items(), key=lambda item: -item[1]))
            out.write("after a hole: %r\n" % sorted(between.items(), key=lambda item: -item[1]))
            for row in range(0, len(marks), 128):
                out.write("".join(marks[row:row + 128]) + "\n")
    totals = {}
    for index, (block, length) in enumerate(heads):
        name = label[index] or "untyped, unreached"
        count, size = totals.get(name, (0, 0))
        totals[name] = (count + 1, size + length * BLOCK)
    used = sum(size for _, size in totals.values())
    lines = ["CENSUS %d bytes live in %d objects (%d blocks of %d in use)" % (used, len(heads), len(kinds) - kinds.count(FREE), len(kinds))]
    for name, (count, size) in sorted(totals.items(), key=lambda item: -item[1][1])[:top]:
        lines.append("  %7d %5d  %s" % (size, count, name))
    return lines


class Lowest(gdb.Breakpoint):
    """The census at the collection that left the least heap free."""

    least = None
    lines = []

    def stop(self):
        kinds, _ = heap_blocks()
        free = kinds.count(FREE)
        if Lowest.least is None or free < Lowest.least:
            Lowest.least = free
            Lowest.lines = census() + ["  at: " + " < ".join(python_calls())]
            if os.environ.get("FARKLE_GDB_QSTRS"):
                _dump_names(os.environ["FARKLE_GDB_QSTRS"])
        return False


def _dump_names(path):
    """Every interned name made at run time (the pools in the heap), one a line."""
    area = gdb.parse_and_eval("mp_state_ctx.mem.area")
    start, end = int(area["gc_pool_start"]), int(area["gc_pool_end"])
    names, pool = [], gdb.parse_and_eval("mp_state_ctx.vm.last_pool")
    while int(pool) and start <= int(pool) < end:
        for i in range(int(pool["len"])):
            names.append(pool["qstrs"][i].string())
        pool = pool["prev"]
    with open(path, "w") as out:
        out.write("\n".join(reversed(names)) + "\n")


def _print_census(event):
    for line in Lowest.lines:
        print(line)


if os.environ.get("FARKLE_GDB_CENSUS"):
    Lowest("gc.c:%d" % int(os.environ.get("FARKLE_GDB_SWEPT_LINE", "695")))
    gdb.events.exited.connect(_print_census)
