#!/bin/sh
# Build CircuitPython's core for this PC into build/circuitpython/bin (what `make circuitpython`
# runs): `circuitpython`, the unix port made like an RP2040's interpreter, and `mpy-cross`.
#   CIRCUITPYTHON_SRC   a checkout of adafruit/circuitpython (at the commit in CP_VERSION,
#                       submodules fetched) or a source tarball of it
#   UNSTRIPPED=1        keep the core's symbols (for gdb: tools/board_gdb.py); the same heap
#   QSTR_WALK=1         the core for timing (tools/board_time.py): it counts the names it
#                       compares one by one when it looks a name up (micropython.qstr_walked)
#                       and the collector's work (micropython.gc_work), both from
#                       tools/core-timing.patch, and is built without threads or -fPIE
#   PYSTACK=BYTES       the Python call stack's size (default 2048, CircuitPython 10's
#                       CIRCUITPY_PYSTACK_SIZE): see below
#   OOM_TRACE=1         the core for tools/board_oom.py: at each allocation the heap cannot
#                       make it prints to stderr the size asked for, the free heap and its
#                       largest hole, then each Python function the MemoryError leaves
#                       (tools/core-oom.patch); nothing else differs, its heap included
# Needs a C compiler, make, python3 and gcc-multilib (Debian: apt-get install build-essential
# gcc-multilib; installed here through apt-get where it is missing); about two minutes on two
# cores.
set -eu
src=${CIRCUITPYTHON_SRC:?set CIRCUITPYTHON_SRC to a CircuitPython source folder or tarball}
out=${1:-build/circuitpython/bin}
version=${CP_VERSION:-10.3.0-alpha.4-53-gcd3da4a5d8}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$src" ]; then
    cp -a "$src"/. "$work"/
else
    tar -xzf "$src" -C "$work"
fi
export CP_VERSION="$version"
# The core is 32-bit like a board, so it needs the C library's 32-bit half, which a fresh
# Debian machine lacks: without it the build stops at the first header, far from the cause.
needs_multilib() {
    ! printf 'int main(void){return 0;}\n' | ${CC:-cc} -m32 -static -x c - -o "$work/m32" 2>/dev/null
}
if needs_multilib; then
    if command -v apt-get >/dev/null 2>&1; then
        root=; [ "$(id -u)" = 0 ] || root=sudo
        echo "installing gcc-multilib (32-bit C library) for the core's build" >&2
        $root apt-get install -y -q build-essential gcc-multilib >&2 \
            || { $root apt-get update -q >&2 && $root apt-get install -y -q build-essential gcc-multilib >&2; }
    fi
    if needs_multilib; then
        echo "cannot build 32-bit programs: install gcc-multilib (Debian: apt-get install build-essential gcc-multilib)" >&2
        exit 1
    fi
fi
timing_cflags=
threads=
if [ -n "${QSTR_WALK:-}" ]; then
    patch -d "$work" -p1 < "$(dirname "$0")/core-timing.patch"
    # timed like a board: no threads (the unix port's heap lock is a pthread mutex taken at
    # every allocation, which a board never takes) and position-dependent code (a board's is:
    # -fPIE's thunks are a few per cent of every call here)
    timing_cflags="-DMICROPY_QSTR_WALK_COUNT -DMICROPY_GC_WORK_COUNT -fno-pie"
    threads="MICROPY_PY_THREAD=0"
fi
if [ -n "${OOM_TRACE:-}" ]; then
    patch -d "$work" -p1 < "$(dirname "$0")/core-oom.patch"
fi
# A board runs each Python call's frame on its pystack, a fixed block beside the heap
# (CircuitPython turns MICROPY_ENABLE_PYSTACK on for every board; a call past its end is
# "RuntimeError: pystack exhausted"). The unix port has it off: there a call whose frame is
# over 44 bytes takes it from the heap, and where the heap is full the allocator collects
# first, which a board never does. So the core gets a pystack of a board's size, PYSTACK
# bytes, or $CIRCUITPY_PYSTACK_SIZE where it runs (tools/core-pystack.patch: the board
# check adds what its driver's own calls take).
pystack=${PYSTACK:-2048}
patch -d "$work" -p1 < "$(dirname "$0")/core-pystack.patch"
make -C "$work/mpy-cross" -j2 LDFLAGS_EXTRA=-static
# Like the board: 32-bit words, objects in the compact REPR_C form (30-bit small ints,
# floats inside the object word, so single precision), a fixed heap (-X heapsize=), no FFI,
# nothing frozen, and a board's pystack.
make -C "$work/ports/unix" -j2 ${UNSTRIPPED:+STRIP=} $threads VARIANT=standard BUILD=build-board32 MICROPY_FORCE_32BIT=1 \
    MICROPY_PY_FFI=0 FROZEN_MANIFEST= LDFLAGS_EXTRA=-static \
    CFLAGS_EXTRA="-DMICROPY_PY_MICROPYTHON_RINGIO=0 -DMICROPY_OBJ_REPR=MICROPY_OBJ_REPR_C -DMICROPY_FLOAT_IMPL=MICROPY_FLOAT_IMPL_FLOAT -DMICROPY_ENABLE_PYSTACK=1 -DCIRCUITPY_PYSTACK_SIZE=$pystack $timing_cflags"
mkdir -p "$out"
cp "$work/mpy-cross/build/mpy-cross" "$out/mpy-cross"
cp "$work/ports/unix/build-board32/micropython" "$out/circuitpython"
"$out/circuitpython" -c 'import sys; print(sys.implementation)'
