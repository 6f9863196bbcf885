"""code.py: the Farkle dice tower. CircuitPython runs this file at power-up.

It picks the board module (``hardware/<name>.py``) from ``board.board_id``, or from
``FARKLE_BOARD`` in settings.toml, builds the board object that ``hardware/__init__.py``
describes, and runs the app on it (``app.main``). On a PC, ``python code.py`` runs the very
same code on the simulated board ``hardware/sim`` (``python code.py --help`` for its
front ends).
"""

import sys

RESTART_S = 5  # after an unexpected error: show it, then restart


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


def main():
    module, settings = board_module()
    made = module.make_board(settings)
    from app.main import App

    App(made, dice=getattr(made, "dice", None), notices=list(getattr(made, "problems", ()))).run()


def fail(error):
    """On the board: say what went wrong (serial console, log file) and restart."""
    import supervisor
    import time

    sys.print_exception(error)
    try:
        from hardware.parts import log_path

        path = log_path()
        if path:
            with open(path, "a") as log:
                sys.print_exception(error, log)
    except Exception:  # the log is a nicety: never let it stop the restart
        pass
    time.sleep(RESTART_S)
    supervisor.reload()


if sys.implementation.name == "circuitpython":
    try:
        main()
    except Exception as error:  # pylint: disable=broad-except
        fail(error)
elif __name__ == "__main__":
    main()
