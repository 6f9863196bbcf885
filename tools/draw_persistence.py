"""tools/draw_persistence.py: the pictures in docs/persistence/, drawn by the simulator.

host-only. ``python tools/draw_persistence.py`` rewrites them; tests/test_persistence_pictures.py
checks that the committed ones are what the code draws today. A fixed game (seeded dice, a
human against a "normal" computer) is played a few turns, then the board is powered off and
on: the resume offer, the statistics after a finished game, the dice check, the error screen.
"""

import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

OUT = REPO / "docs" / "persistence"


def _rig(nvm, dice_seed):
    from app.main import App
    from app.setup import Setup
    from farkle.dice import RandomDice
    from hardware.sim.board import ManualClock, SimBoard

    clock = ManualClock(1000)
    board = SimBoard("macropad", clock)
    board.nvm = nvm
    setup = Setup()
    from farkle.players import make_player
    from farkle.players.hint import hint

    # the real computer player and hints: what the pictures show is what the gadget does
    app = App(board, make_player=make_player, hint=hint, dice=RandomDice(dice_seed), setup=setup)
    return app, board, clock


def _run(app, clock, frames=1, ms=20):
    """``frames`` frames, then those of a job still running (a step a frame)."""
    for _ in range(frames):
        clock.advance(ms)
        app.step()
    while app.controller.job is not None:
        clock.advance(ms)
        app.step()


def _play(app, board, clock, until):
    """Human: best keep, bank at 350; the computer plays itself; until ``until()``."""
    c = app.controller
    for _ in range(100000):
        if until():
            return
        game = c.game
        if game is not None and c.step == 0 and c.view.screen == 3 and c.seats[game.current] is None \
                and game.current == c.player and not game.is_over():
            if game.phase == 2:
                board.keys.tap("best")
                _run(app, clock)
                board.keys.tap("bank" if game.turn_total + game.best_keep()[1] >= 350 else "roll")
            elif game.phase == 3:
                board.keys.tap("bank" if game.why_not_bank() is None else "roll")
            else:
                board.keys.tap("roll")
        _run(app, clock, 1, 50)
    raise RuntimeError("the game did not get there")


def pictures():
    """{file name: image} of the display for each picture."""
    from hardware import faults
    from hardware.sim.nvm import FlashNVM
    from hardware.sim.screen import HostDisplay

    out = {}
    nvm = FlashNVM()
    app, board, clock = _rig(nvm, 5)
    _run(app, clock, 200)
    board.keys.tap("roll")  # start
    _run(app, clock, 5)
    board.keys.tap("roll")  # roll-off
    _play(app, board, clock, lambda: app.controller.game.turns >= 5 and not app.keeper.capture_due and not app.keeper.dirty)
    # power off and on: the offer
    app, board, clock = _rig(FlashNVM(data=bytes(nvm.data)), 6)
    _run(app, clock, 230)
    out["resume.png"] = board.display.snapshot(2)
    board.keys.tap("roll")  # Resume
    _run(app, clock, 5)
    _play(app, board, clock, lambda: app.controller.view.screen == 5)  # the end screen
    _run(app, clock, 5)
    board.keys.tap("menu")  # to the set-up menu
    _run(app, clock, 5)
    board.keys.tap("menu")  # More
    _run(app, clock, 2)
    board.keys.tap("roll")  # Statistics
    _run(app, clock, 30)  # the screens are redrawn over a few frames
    out["statistics.png"] = board.display.snapshot(2)
    board.keys.tap("menu")  # back
    _run(app, clock, 2)
    board.keys.tap("menu")  # More
    _run(app, clock, 2)
    board.encoder.position += 1
    _run(app, clock, 2)
    board.keys.tap("roll")  # Dice check
    _run(app, clock, 30)
    out["dice-check.png"] = board.display.snapshot(2)
    display = HostDisplay()
    try:
        raise ValueError("a die rolled off the table")
    except ValueError as error:
        text = 'Traceback (most recent call last):\n  File "app/controller.py", line 321, in _roll\n'
        faults.show(display, faults.screen_lines(error, text))
    out["error.png"] = display.snapshot(2)
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, image in pictures().items():
        image.save(OUT / name)
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
