"""app.modules: give a module's heap back once it is no longer needed.

On a board every imported module's bytecode stays in the heap while ``sys.modules`` (or its
package) refers to it. Code that is needed rarely (a panel, the start-up) is imported when
needed and forgotten after, so the garbage collector can take it back; importing it again
later reads it from the drive again. ``load`` imports modules a step at a time, so that
no frame of the main loop reads several (a board takes tens of ms a module).
"""

import gc
import sys

MEM_FREE = getattr(gc, "mem_free", None)  # a board's (CPython's heap has no fixed room)
# Free heap work that makes many objects may need (``make_room``): the largest module (the
# expert's play code) takes 7 KB and leaves garbage while it loads. With less, the collector
# would run inside the work's frame (about 10 ms on a board, on top of tens of ms of work),
# so it runs in one before.
LOAD_ROOM = 24 * 1024


def forget(names):
    """Drop the modules ``names`` from ``sys.modules`` and from their packages."""
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            package, _, leaf = name.rpartition(".")
            if package in sys.modules and hasattr(sys.modules[package], leaf):
                delattr(sys.modules[package], leaf)


def load(names):
    """Import ``names`` not yet loaded, a module a step (a job's generator ``yield from``
    it): each imports only what the ones before it loaded. A module missing on a board
    (a player left out) is skipped: whoever uses it falls back. A module already loaded
    takes no step (on a board an import takes two: the collector's, then the import's)."""
    for name in names:
        if name not in sys.modules:
            # On a board, the collector runs first in a frame of its own, whatever the free
            # room: a module's bytecode needs one block of up to 9 KB, and in a broken-up heap
            # even 24 KB free (LOAD_ROOM) often held no hole that big, so the allocator
            # collected inside the import's frame (a game's start: most of its eight imports)
            if MEM_FREE is not None:
                gc.collect()
                yield
            try:
                __import__(name)
            except ImportError:
                pass
            yield


def make_room(room=LOAD_ROOM):
    """A step of a job that collects the garbage where less than ``room`` bytes are free (a
    job's generator ``yield from`` it before work that makes many objects): the collector
    in a frame of its own, not inside the work's. A job's frames are never the quiet ones
    where the main loop collects (``app.main.App._collect``)."""
    if MEM_FREE is not None and MEM_FREE() < room:
        gc.collect()
        yield
