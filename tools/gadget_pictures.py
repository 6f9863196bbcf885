"""Pictures of the gadget for the README, made by the simulator: docs/gadget/*.png.

host-only. Usage:  python tools/gadget_pictures.py [--out docs/gadget]

Plays a game with fixed dice (``DICE``) on the simulated MacroPad and the simulated DIY
tower, a human against the real *normal* computer player, with the real hints (so every
number in a picture is what the gadget says), and saves the display with the lights under
it ("device" pictures) and the display alone, 4x. tests/test_docs_pictures.py checks that
the committed pictures are what this draws today.
"""

import argparse
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
sys.path.insert(0, os.path.join(REPO, "tests"))

from simrig import Rig  # noqa: E402

from farkle.players import make_player  # noqa: E402
from farkle.players.hint import hint  # noqa: E402
from hardware.sim.ledview import device_image  # noqa: E402

# the dice in the order they are rolled
DICE = [
    6, 2,  # roll-off: P1 6, C2 2
    1, 5, 2, 2, 3, 4,  # P1: refusals, the 1 and the 5
    5, 5, 5, 2,  # P1, four dice: a hint, then bank 650
    1, 1, 1, 2, 3, 4,  # C2 keeps three 1s and banks 1000
    2, 2, 3, 3, 4, 6,  # P1 farkles
    2, 3, 4, 6, 2, 3,  # C2 farkles
    1, 2, 3, 4, 5, 6,  # P1: a straight, hot dice
    6, 6, 6, 6, 6, 6,  # hot dice again
    1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1,  # P1 banks 10500: the final round
    2, 3, 4, 6, 2, 3,  # C2's last turn farkles
]


def real_rig(**kwargs):
    """The app with the real computer players and hints (stand-ins stay in the tests)."""
    return Rig(dice=DICE, make_player=make_player, hint=hint, **kwargs)


def save(rig, out, name, scale=4):
    for _ in range(8):  # as a person sees it: text (or a new screen) a frame left for the next is drawn by then
        if not rig.app.screens.incomplete:
            break
        rig.step()
    device_image(rig.board, scale).save(os.path.join(out, name + ".png"))
    rig.board.display.to_png(os.path.join(out, name + "-display.png"), scale=scale)


def macropad(out):
    rig = real_rig()
    save(rig, out, "splash")
    rig.tap("roll")
    save(rig, out, "setup")
    rig.tap("roll")
    rig.tap("roll")
    rig.run(800)
    save(rig, out, "rolloff")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("die0")
    rig.run(300)
    save(rig, out, "selected")
    rig.tap("die0", "die2")
    save(rig, out, "refused")
    rig.tap("die2", "best", "bank")
    save(rig, out, "bank-refused")
    rig.tap("roll")
    rig.settle()
    rig.tap("hint")
    rig.settle()
    save(rig, out, "hint")
    rig.tap("bank")
    rig.run(1400)
    for _ in range(300):
        rig.step()
        if rig.view.status.startswith("C2 keeps"):
            break
    save(rig, out, "computer")
    rig.settle()
    rig.until("play")
    rig.settle()
    rig.tap("roll")
    rig.run(800)
    save(rig, out, "farkle")
    rig.settle()
    for _ in range(3000):  # C2's turn, then P1's
        if rig.view.header.startswith("P1") and rig.controller.idle():
            break
        rig.step()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "roll")
    rig.run(200)
    save(rig, out, "hot-dice")
    rig.settle()
    for _ in range(2):
        rig.tap("best", "roll")
        rig.settle()
    rig.tap("best", "bank")
    rig.run(1400)
    save(rig, out, "final-round")
    rig.until("end")
    save(rig, out, "end")


def tower(out):
    rig = real_rig(layout="tower")
    rig.tap("roll", "roll", "roll")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("die0", "die1")
    rig.run(300)
    save(rig, out, "tower-selected")
    rig.tap("bank")
    save(rig, out, "tower-aside")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(REPO, "docs", "gadget"))
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    # as at a board's power-up, no expert file is open yet: opening one takes a game's
    # start some frames (a step a frame), so the shots' lights are at the same phase
    # whatever this process opened before (the tests run this after others)
    from farkle.players import expert_table

    expert_table._TABLES.clear()
    macropad(args.out)
    tower(args.out)
    print("pictures in", args.out)


if __name__ == "__main__":
    main()
