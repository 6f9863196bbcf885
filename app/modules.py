"""app.modules: give a module's heap back once it is no longer needed.

On a board every imported module's bytecode stays in the heap while ``sys.modules`` (or its
package) refers to it. Code that is needed rarely (a panel, the start-up) is imported when
needed and forgotten after, so the garbage collector can take it back; importing it again
later reads it from the drive again.
"""

import sys


def forget(names):
    """Drop the modules ``names`` from ``sys.modules`` and from their packages."""
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            package, _, leaf = name.rpartition(".")
            if package in sys.modules and hasattr(sys.modules[package], leaf):
                delattr(sys.modules[package], leaf)
