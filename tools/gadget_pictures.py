"""Pictures of the gadget for the README, made by the simulator: docs/gadget/*.png.

host-only. Usage:  python tools/gadget_pictures.py [--out docs/gadget]

Plays the whole-game test's fixed dice (tests/test_app_game.py) on the simulated MacroPad
and the simulated DIY tower, with the tests' stand-in computer player (so the pictures do not
change when the real computer players get better), and saves the display with the lights
under it ("device" pictures) and the display alone, 4x.
"""

import argparse
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
sys.path.insert(0, os.path.join(REPO, "tests"))

from simrig import Rig  # noqa: E402
from test_app_game import DICE  # noqa: E402

from hardware.sim.ledview import device_image  # noqa: E402


def save(rig, out, name, scale=4):
    rig.app.screens.flush(rig.view)
    device_image(rig.board, scale).save(os.path.join(out, name + ".png"))
    rig.board.display.to_png(os.path.join(out, name + "-display.png"), scale=scale)


def macropad(out):
    rig = Rig(dice=DICE)
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
    save(rig, out, "hint")
    rig.tap("bank")
    rig.run(1400)
    for _ in range(300):
        rig.step()
        if rig.view.status.startswith("C2 keeps"):
            break
    save(rig, out, "computer")
    rig.settle()
    rig.tap("roll")
    rig.run(800)
    save(rig, out, "farkle")
    for _ in range(600):
        rig.step()
        if rig.view.banner == "HOT DICE!":
            break
    save(rig, out, "hot-dice")
    rig.settle()
    rig.tap("roll")
    rig.settle()
    rig.tap("best", "roll")
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
    rig = Rig(dice=DICE, layout="tower")
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
    macropad(args.out)
    tower(args.out)
    print("pictures in", args.out)


if __name__ == "__main__":
    main()
