"""One game of a board check, told where each allocation its heap could not make came from.

host-only. Usage:
    make circuitpython-oom                        # the core that tells (once, about a minute)
    python tools/board_oom.py --scenario expert-three --seed 2
    python tools/board_oom.py --scenario resume --seed 6 --heap 124K

Plays the game ``tools/board_check.py`` plays for that scenario and seed (the same deploy,
drive and driver) on a core built with ``tools/core-oom.patch``, which prints to stderr,
for every allocation the fixed heap could not make, the bytes asked for, the free heap and
its largest hole, then each Python function the ``MemoryError`` left, innermost first, up
to the one that caught it. The firmware catches most of them (a save that waits, a turn
worked out shorter, a screen drawn again), and the core has no traceback to show for
those; a line of Python added to find out would move every block after it. The core's C
prints from its own stack and allocates nothing, so the heap and every game are the same
as on the check's core. (``tools/board_gdb.py`` reads more, a census of the live heap, but
needs a gdb that can drive the core: on some machines gdb stops at its first breakpoint
with "Couldn't write extended state status".)
"""

import os
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_check  # noqa: E402

OOM_CORE = REPO / "build" / "circuitpython-oom" / "bin"
# Where running out is how the firmware asks: a sector rewrite tries the longest run of
# erased bytes the heap holds, longest first (``hardware.nvm_store._longest``)
PROBES = ("hardware.nvm_store._longest",)


def failures(stderr, spelt):
    """The failed allocations in a run's ``stderr``: (what was asked for, [function, ...]),
    each function as ``module.function`` with the firmware's names as its sources spell them."""
    found = []
    for line in stderr.splitlines():
        if line.startswith("OOM in "):
            if found:
                path, _, function = line[len("OOM in "):].partition(" ")
                module = path.rsplit(".", 1)[0].replace("/", ".")
                found[-1][1].append("%s.%s" % (module, spelt.get(function, function)))
        elif line.startswith("OOM "):
            found.append((line[len("OOM "):], []))
    return found


def main(argv=None):
    parser = board_check.one_game_tool(__doc__.split("\n\n")[0], OOM_CORE, "folder of a core built with OOM_TRACE=1")
    parser.add_argument("--all", action="store_true",
                        help="also list the allocations the firmware tries knowing they may fail "
                        "(a sector rewrite's longest run); else only counted")
    args = parser.parse_args(argv)
    core = pathlib.Path(args.core).resolve()
    if not (core / "circuitpython").exists():
        sys.exit("no core that tells in %s: build one with `make circuitpython-oom`" % core)
    os.environ["CIRCUITPYTHON_BIN"] = str(core)
    runs = []
    run = board_check.harness.run_circuitpython

    def told(*call, **kwargs):
        result = run(*call, **kwargs)
        runs.append(result.stderr or "")
        return result

    board_check.harness.run_circuitpython = told
    row = board_check.run(args.scenario, board_check.parse_heap(args.heap), seed=args.seed)
    spelt = board_check.source_names(args.scenario)
    probes = 0
    for stderr in runs:
        for asked, functions in failures(stderr, spelt):
            if not args.all and functions and functions[-1] in PROBES:
                probes += 1
                continue
            print("%s\n  in: %s" % (asked, " < ".join(functions) or "(no Python function)"))
    if probes:
        print("(and %d tries of a sector rewrite for the longest run of erased bytes: --all lists them)" % probes)
    print(board_check.report(dict(row, seed=args.seed)))


if __name__ == "__main__":
    main()
