"""code.py: the Farkle dice tower. CircuitPython runs this file at power-up.

It picks the board module (``hardware/<name>.py``) from ``board.board_id``, or from
``FARKLE_BOARD`` in settings.toml, builds the board object that ``hardware/__init__.py``
describes, and runs the app on it (``app.main``). On a PC, ``python code.py`` runs the very
same code on the simulated board ``hardware/sim`` (``python code.py --help`` for its
front ends).
"""

import sys

RESTART_S = 5  # after an unexpected error: show it, then restart
# modules only the start uses: the settings reader and the board modules that build the parts
BOOT_ONLY = ("hardware.settings", "hardware.macropad", "hardware.pico_tower", "hardware.parts")


def board_module():
    """The board module: ``hardware.sim`` on a PC, else the one for this board."""
    from hardware import module_for
    from hardware.settings import Settings

    settings = Settings()
    if sys.implementation.name == "circuitpython":
        import board

        board_id = board.board_id
    else:
        board_id = "host"
    name = module_for(board_id, settings.board())
    if name is None:
        if board_id != "host":
            raise RuntimeError("no board module for %r: set FARKLE_BOARD in settings.toml" % board_id)
        name = "sim"
    __import__("hardware." + name)
    return sys.modules["hardware." + name], settings


def build():
    """The app on its board, watchdog armed."""
    module, settings = board_module()
    made = module.make_board(settings)
    from hardware import alive

    alive.arm(made, settings, watchdog=False)  # the board for the error screen
    from app.main import App

    app = App(made, dice=getattr(made, "dice", None), notices=list(getattr(made, "problems", ())))
    alive.arm(made, settings)  # the watchdog, fed after every frame from now on
    return app


def main():
    app = build()
    if sys.implementation.name == "circuitpython":
        from app.modules import forget

        forget(BOOT_ONLY)  # their bytecode goes back to the heap
    app.run()


def fail(error):
    """On the board: show what went wrong (display, serial console, log file) and restart."""
    from hardware import faults  # error screen, log, restart (hardware/faults.py)

    faults.handle(error, seconds=RESTART_S)


if sys.implementation.name == "circuitpython":
    try:
        main()
    except KeyboardInterrupt:  # Ctrl-C: to the REPL, with the watchdog off
        from hardware import alive

        alive.stop()
        raise
    except Exception as error:  # pylint: disable=broad-except
        fail(error)
elif __name__ == "__main__":
    main()
