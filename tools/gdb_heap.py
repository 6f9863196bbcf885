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


def _address(expression):
    return int(gdb.parse_and_eval("(unsigned int)" + expression))


ANCHORS = ("code of", "module ", "class ", "instance of")  # the kinds that own what they reach


class Census:
    """The live heap read in one piece, each object labelled by kind: a function's code by
    its module, a module (its globals, its constants), a class, an instance by its class, a
    built-in type; each untyped block (a bytecode, a list's items, an attribute table) goes
    to the first of those that reaches it (modules first, then classes, code, instances), and
    the interned names' pools to the names. What nothing typed reaches is the stack's."""

    def __init__(self):
        self.kinds, self.start = heap_blocks()
        self.end = int(gdb.parse_and_eval("mp_state_ctx.mem.area")["gc_pool_end"])
        self.pool = bytes(gdb.selected_inferior().read_memory(self.start, self.end - self.start))
        self.heads, self.block_owner = [], [-1] * len(self.kinds)
        for block, kind in enumerate(self.kinds):
            if kind in (HEAD, MARK):
                self.heads.append([block, 1])
            elif kind == TAIL and self.heads:
                self.heads[-1][1] += 1
            if kind != FREE and self.heads:
                self.block_owner[block] = len(self.heads) - 1
        self.fun_bc, self.gen = _address("&mp_type_fun_bc"), _address("&mp_type_gen_wrap")
        self.module, self.type = _address("&mp_type_module"), _address("&mp_type_type")
        self.name_key = (_address("MP_QSTR___name__") << 4) | 6  # an interned name, REPR_C
        self.label = [self._kind(i) for i in range(len(self.heads))]
        self.owned = [False] * len(self.heads)
        self.root = {}  # untyped object -> the anchor that reached it
        pools, address = [], _address("mp_state_ctx.vm.last_pool")
        while self.object_at(address) >= 0:  # the names' pools, newest first
            index = self.object_at(address)
            self.label[index], self.owned[index] = "interned names", True
            pools.append(index)
            address = self.word(address)
        self._claim(pools, "interned names")
        for kind in ANCHORS:
            for index, name in enumerate(self.label):
                if name is not None and name.startswith(kind) and not self.owned[index]:
                    self.owned[index] = True
                    self._claim([index], name)

    def word(self, address):
        offset = address - self.start
        return int.from_bytes(self.pool[offset:offset + 4], "little")

    def object_at(self, address):
        """The object whose blocks hold ``address``, or -1."""
        if self.start <= address < self.end:
            return self.block_owner[(address - self.start) // BLOCK]
        return -1

    def address(self, index):
        return self.start + self.heads[index][0] * BLOCK

    def size(self, index):
        return self.heads[index][1] * BLOCK

    def module_name(self, module):
        """The ``__name__`` of the module object at ``module`` (its globals' table)."""
        globals_dict = self.word(module + 4)
        table, alloc = self.word(globals_dict + 12), self.word(globals_dict + 8)
        for i in range(alloc):
            if self.word(table + 8 * i) == self.name_key:
                value = self.word(table + 8 * i + 4)
                return qstr(value >> 4) if value & 0xF == 6 else "?"
        return "?"

    def _kind(self, index):
        at = self.address(index)
        first = self.word(at)
        if first in (self.fun_bc, self.gen):
            context = self.word(at + 4)
            return "code of " + self.module_name(context) if self.object_at(context) >= 0 else "code"
        if first == self.module:
            return "module " + self.module_name(at)
        holder = self.object_at(first)
        if holder >= 0 and self.address(holder) == first and self.word(first) == self.type:
            name = qstr(int.from_bytes(self.pool[first - self.start + 6:first - self.start + 8], "little"))
            return ("class " if index == holder else "instance of ") + name
        name = _symbol(first) if first else None
        return name if name and "type" in name else None

    def _claim(self, roots, name):
        """Everything ``roots`` reach that no anchor owns is ``name``'s."""
        todo = list(roots)
        root = roots[0] if len(roots) == 1 else None
        while todo:
            block, length = self.heads[todo.pop()]
            for at in range(self.start + block * BLOCK, self.start + (block + length) * BLOCK, 4):
                child = self.object_at(self.word(at))
                if child >= 0 and not self.owned[child] and (self.label[child] is None or not self.label[child].startswith(ANCHORS)):
                    self.label[child], self.owned[child] = name, True
                    self.root[child] = root
                    todo.append(child)

    def totals(self):
        """name -> (objects, bytes)."""
        out = {}
        for index, name in enumerate(self.label):
            count, size = out.get(name or "untyped, unreached", (0, 0))
            out[name or "untyped, unreached"] = (count + 1, size + self.size(index))
        return out

    def lines(self, top=60):
        totals = self.totals()
        used = sum(size for _, size in totals.values())
        lines = ["CENSUS %d bytes live in %d objects (%d of %d blocks)"
                 % (used, len(self.heads), len(self.kinds) - self.kinds.count(FREE), len(self.kinds))]
        for name, (count, size) in sorted(totals.items(), key=lambda item: -item[1][1])[:top]:
            lines.append("  %7d %5d  %s" % (size, count, name))
        return lines

    def functions(self):
        """(bytes, module.function) of each function object with the code it alone reaches."""
        spent = {}
        for index, name in enumerate(self.label):
            if name and name.startswith("code of") and self.word(self.address(index)) == self.fun_bc:
                spent[index] = self.size(index)
        for child, root in self.root.items():
            if root in spent:
                spent[root] += self.size(child)
        out = []
        for index, size in spent.items():
            function = qstr(int(gdb.parse_and_eval("mp_obj_fun_get_name((mp_const_obj_t)%d)" % self.address(index))))
            out.append((size, self.label[index][8:] + "." + function))
        return sorted(out, reverse=True)

    def neighbours(self):
        """name -> how many holes end at an object of it: what keeps the free heap in pieces."""
        out = {}
        for index, (block, _) in enumerate(self.heads):
            if block > 0 and self.kinds[block - 1] == FREE:
                name = self.label[index] or "?"
                out[name] = out.get(name, 0) + 1
        return out

    def map_lines(self, width=128):
        """The heap a block a character: . free, q names, c code, m module, t class,
        i instance, the built-in type's first letter after ``mp_type_``, ? untyped."""
        marks = ["."] * len(self.kinds)
        for index, (block, length) in enumerate(self.heads):
            name = self.label[index] or "?"
            mark = ("q" if name == "interned names" else "c" if name.startswith("code of") else
                    "m" if name.startswith("module") else "t" if name.startswith("class") else
                    "i" if name.startswith("instance") else name[8] if name.startswith("mp_type_") else "?")
            marks[block:block + length] = [mark] * length
        return ["".join(marks[row:row + width]) for row in range(0, len(marks), width)]


def interned_names():
    """Every name interned at run time (the pools in the heap), oldest first."""
    area = gdb.parse_and_eval("mp_state_ctx.mem.area")
    start, end = int(area["gc_pool_start"]), int(area["gc_pool_end"])
    pools, pool = [], gdb.parse_and_eval("mp_state_ctx.vm.last_pool")
    while int(pool) and start <= int(pool) < end:
        pools.append([pool["qstrs"][i].string() for i in range(int(pool["len"]))])
        pool = pool["prev"]
    return [name for names in reversed(pools) for name in names]


# The line of gc_collect_end (py/gc.c of the pinned core) after its sweep: a line breakpoint
# costs little a collection; a FinishBreakpoint on each made a game ten times slower.
SWEPT_AT = "gc.c:695"


class Swept(gdb.Breakpoint):
    """A collection's end (its sweep done): the census where the least is free so far."""

    least = None
    lines = []

    def stop(self):
        kinds, _ = heap_blocks()
        free = kinds.count(FREE)
        if Swept.least is None or free < Swept.least:
            Swept.least = free
            census = Census()
            Swept.lines = census.lines() + ["  at: " + " < ".join(python_calls())]
            folder = os.environ["FARKLE_GDB_CENSUS"]
            with open(os.path.join(folder, "functions.txt"), "w") as out:
                out.writelines("%d %s\n" % row for row in census.functions())
            with open(os.path.join(folder, "names.txt"), "w") as out:
                out.writelines(name + "\n" for name in interned_names())
            with open(os.path.join(folder, "map.txt"), "w") as out:
                holes = sorted(census.neighbours().items(), key=lambda item: -item[1])
                out.write("what ends a hole: %s\n" % ", ".join("%s %d" % hole for hole in holes))
                out.writelines(line + "\n" for line in census.map_lines())
        return False


def _print_census(event):
    for line in Swept.lines:
        print(line)


if os.environ.get("FARKLE_GDB_CENSUS"):
    Swept(SWEPT_AT)
    gdb.events.exited.connect(_print_census)
