"""Host simulator of the dice tower's hardware; host-only, never copied to the board.

``make_board(settings)`` is this "board module": a simulated board (``hardware.sim.board``)
with a front end attached as its ``idle(app)`` hook, which ``app.main.App.run`` calls once a
frame. The front end comes from the command line of ``python code.py`` (or ``FARKLE_SIM``):
``terminal`` (default), ``--window`` (pygame) or ``--headless SCRIPT``; any of them runs a
script with ``--script SCRIPT``. The board's flash is kept in a per-user cache file and
settings.toml is read as the board reads it (see ``hardware.sim.frontends``;
``python code.py --help`` lists the options).

Needs the packages pinned in requirements-sim.txt (Blinka displayio, Pillow, pygame).
"""

import os
import sys


def make_board(settings=None):
    """The simulated board with the front end chosen by ``sys.argv`` and the environment."""
    from hardware.sim.frontends import build

    return build(sys.argv[1:], os.environ)
