"""One game of a board check under gdb: every allocation the firmware's heap could not make.

host-only. Usage:
    make circuitpython-debug                      # the same core, its symbols kept (once)
    python tools/board_gdb.py --scenario expert-three --seed 1
    python tools/board_gdb.py --scenario menus --heap 124K --core build/circuitpython-debug/bin

Plays the game ``tools/board_check.py`` plays for that scenario and seed (the same deploy,
drive and driver, so the same heap), with the core run by gdb, which stops at each
``m_malloc_fail`` (``tools/gdb_heap.py``) and prints what was asked for, the C calls that
asked, the free heap and its largest holes, and, where an object's table of names could not
grow, whose it was. The core has no Python traceback to offer for a ``MemoryError`` the
firmware catches or reports, and a line of Python added to find it moves every block after
it: gdb reads the heap without changing it. Needs gdb and a core built with its symbols
(``make circuitpython-debug``; the heap is the same as the stripped core's).
"""

import os
import pathlib
import stat
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_check  # noqa: E402
import board_time  # noqa: E402

DEBUG_CORE = REPO / "build" / "circuitpython-debug" / "bin"
GDB_SCRIPT = REPO / "tools" / "gdb_heap.py"
# Only the driver's run goes through gdb: the deploy and the check's other runs of the
# core (its modules, its names) run it as they are.
WRAPPER = """#!/bin/sh
case "$*" in
  *_driver.py*) exec %(gdb)s -q -batch -ex "set libthread-db-search-path /nonexistent" \\
      -ex "set auto-load off" -ex "set pagination off" -ex "handle SIGPIPE nostop noprint pass" \\
      -ex "set logging file %(log)s" -ex "set logging overwrite on" -ex "set logging redirect on" \\
      -ex "set logging enabled on" -x %(script)s -ex run --args %(core)s "$@" ;;
  *) exec %(core)s "$@" ;;
esac
"""


def wrap(core, folder, log, gdb="/usr/bin/gdb"):
    """A folder that looks like a core's (``circuitpython``, ``mpy-cross``) to the check."""
    wrapper = folder / "circuitpython"
    wrapper.write_text(WRAPPER % {"gdb": gdb, "log": log, "script": GDB_SCRIPT, "core": core / "circuitpython"})
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    (folder / "mpy-cross").symlink_to(core / "mpy-cross")


def main(argv=None):
    parser = board_check.one_game_tool(__doc__.split("\n\n")[0], DEBUG_CORE, "folder of a core built with symbols")
    parser.add_argument("--collections", type=float, metavar="FACTOR",
                        help="play the game as tools/board_time.py times it at this factor and also "
                        "list each collection the allocator started (no hole held what was asked "
                        "for): its size, the heap's holes and the Python calls that asked")
    parser.add_argument("--census", metavar="FOLDER",
                        help="also print what the live heap held, by kind, after the collection "
                        "that left the least free, and write into FOLDER the bytes of each "
                        "function's code (functions.txt), the names interned (names.txt) and a map "
                        "of the heap a block a character with what ends each hole (map.txt)")
    args = parser.parse_args(argv)
    if args.census:
        census = pathlib.Path(args.census).resolve()
        census.mkdir(parents=True, exist_ok=True)
        os.environ["FARKLE_GDB_CENSUS"] = str(census)
    core = pathlib.Path(args.core).resolve()
    if not (core / "circuitpython").exists():
        sys.exit("no core with symbols in %s: build one with `make circuitpython-debug`" % core)
    with tempfile.TemporaryDirectory(prefix="core-gdb-") as temp:
        folder = pathlib.Path(temp)
        log = folder / "gdb.log"
        wrap(core, folder, log)
        os.environ["CIRCUITPYTHON_BIN"] = str(folder)
        extra = None
        if args.collections:
            os.environ["FARKLE_GDB_COLLECTIONS"] = "1"
            extra = board_time.timing_extra(args.collections)
        row = board_check.run(args.scenario, board_check.parse_heap(args.heap), extra, seed=args.seed)
        failures = log.read_text() if log.exists() else ""
    spelt = board_check.source_names(args.scenario)

    def respelt(names, between):  # the firmware's names as its sources spell them
        return between.join(spelt.get(name, name) for name in names.split(between))

    for line in failures.splitlines():
        if line.startswith(("  the table of names", "  in: ", "  at: ", "RANOUT")):  # names after the last ": "
            head, _, names = line.rpartition(": ")
            line = head + ": " + respelt(names, " " if line.startswith("  the") else " < ")
        if line.startswith(("FAILED", "RANOUT", "CENSUS", "  ")):
            print(line)
    functions = census / "functions.txt" if args.census else None
    if functions is not None and functions.exists():  # module.function, as the sources spell it
        rows = []
        for line in functions.read_text().splitlines():
            size, name = line.split(" ", 1)
            module, _, function = name.rpartition(".")
            rows.append("%s %s.%s\n" % (size, module, spelt.get(function, function)))
        functions.write_text("".join(rows))
    print(board_check.report(dict(row, seed=args.seed)))


if __name__ == "__main__":
    main()
