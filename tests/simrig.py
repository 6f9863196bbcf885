"""A test rig for the app on the simulated board: a manual clock, fixed dice, pictures.

    rig = Rig(dice=[...])
    rig.tap("roll"); rig.run(500); rig.settle()
    rig.check("play-start")      # the display == tests/golden/app/play-start.png

Golden pictures: ``FARKLE_REGOLD=1 python3 -m pytest tests/test_app_sim.py`` rewrites them
(look at the changes with ``git diff --stat`` and an image viewer before committing).
"""

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from PIL import Image, ImageChops  # noqa: E402

from app.main import App  # noqa: E402
from app.setup import Setup  # noqa: E402
from app.view import SCREEN_NAMES  # noqa: E402
from farkle.dice import FixedDice  # noqa: E402
from hardware.sim.board import ManualClock, SimBoard  # noqa: E402
from hardware.sim.ledview import led_image  # noqa: E402

GOLDEN = REPO / "tests" / "golden" / "app"
FRAME = 20
REGOLD = bool(os.environ.get("FARKLE_REGOLD"))


class StandIn:
    """A trivial computer player for tests: keeps the best, banks at 300 once allowed."""

    level = "stand-in"

    def __init__(self, rules, players=2, seat=0, bank_at=300):
        self.bank_at = bank_at
        self.asked = []

    def choose_keep(self, game):
        self.asked.append("keep")
        if game.phase == 3:  # CHOOSE: nothing more from this roll
            return []
        return game.best_keep()[0]

    def roll_on(self, game):
        self.asked.append("roll_on")
        return game.turn_total < self.bank_at or game.why_not_bank() is not None

    def piggyback(self, game):
        self.asked.append("piggyback")
        return True


def stand_in(level, rules, players=2, seat=0):
    return StandIn(rules, players, seat)


def stand_in_hint(game, player=None):
    """Answers like farkle.players.hint.hint (a dict), without its mathematics."""
    faces, _ = game.best_keep()
    left = game.in_hand - len(faces) or game.rules.dice
    return {"keep": faces or None, "roll": game.turn_total < 300, "dice": left, "farkle": 0.31, "win": 0.54,
            "piggyback": None}


class Rig:
    """The app on a simulated board with a manual clock."""

    def __init__(self, dice=(), layout="macropad", players=2, seats=("human", "normal"), preset=0,
                 options=None, make_player=stand_in, hint=stand_in_hint, setup=None):
        self.clock = ManualClock(1000)
        self.board = SimBoard(layout, self.clock)
        self.dice = FixedDice(list(dice))
        if setup is None:
            setup = Setup()
            setup.players = players
            for i, level in enumerate(seats):
                setup.seats[i] = level
            setup.preset = preset
            setup.options = dict(options or {})
        self.app = App(self.board, make_player=make_player, hint=hint, dice=self.dice, setup=setup)
        self.controller = self.app.controller
        self.view = self.app.view
        self.frames = []  # worst frame times could be read here by benches
        self.step()

    # ----- driving -----

    def step(self):
        self.clock.advance(FRAME)
        self.app.step()

    def run(self, ms):
        for _ in range(max(1, ms // FRAME)):
            self.step()

    def tap(self, *names):
        """Press and release keys ("up"/"down" turn the knob), one frame each."""
        for name in names:
            if name in ("up", "down"):
                self.board.encoder.position += 1 if name == "down" else -1
            else:
                self.board.keys.tap(name)
            self.step()
            while self.controller.job is not None:  # a job it started: a step a frame
                self.step()

    def settle(self, limit_ms=60000):
        """Run until nothing is animating or waiting on the clock."""
        for _ in range(limit_ms // FRAME):
            if self.controller.idle():
                self.step()
                return
            self.step()
        raise AssertionError("the app did not settle within %d ms (screen %s)" % (limit_ms, self.screen))

    def until(self, screen, limit_ms=120000):
        for _ in range(limit_ms // FRAME):
            if self.screen == screen:
                return
            self.step()
        raise AssertionError("never reached %s (at %s)" % (screen, self.screen))

    def to_a_humans_keep(self):
        """Roll on (ROLL each time the app waits) until a human seat has dice to keep."""
        from farkle.game import KEEP

        c = self.controller
        for _ in range(3000):
            if c.idle() and self.screen == "play" and c.seats[c.player] is None and self.game.phase == KEEP:
                break
            if c.idle():
                self.board.keys.tap("roll")
            self.step()
        assert self.game.phase == KEEP and c.seats[c.player] is None

    # ----- looking -----

    @property
    def screen(self):
        return SCREEN_NAMES[self.view.screen]

    @property
    def game(self):
        return self.controller.game

    def text(self):
        """Every text the play screen shows now, in one string."""
        v = self.view
        parts = [v.header, v.header_right, v.status, v.banner, v.title]
        parts += list(v.message) + [c[0] for c in v.cells] + list(v.lines)
        parts += [r[0] + " " + r[1] for r in v.rows]
        return " | ".join(p for p in parts if p)

    def said(self):
        """The whole message under the dice (all its lines, also those scrolled away)."""
        return " ".join(self.controller.message_lines)

    def leds(self):
        return list(self.board.pixels.shown)

    def sounds(self):
        return [name for _, name in self.board.sound.played]

    def check(self, name):
        """Compare the display (and for ``-leds`` names, the lights) with the golden PNG."""
        GOLDEN.mkdir(parents=True, exist_ok=True)
        # what the display shows, as a person sees it (nothing drawn first): when this frame
        # left text (or a new screen's labels) for the next ones, the picture is taken when
        # they have drawn it
        for _ in range(8):
            if not self.app.screens.incomplete:
                break
            self.step()
        assert not self.app.screens.incomplete, "%s: the display is still drawing its text" % name
        image = self.board.display.snapshot(2)
        _compare(image, GOLDEN / (name + ".png"))

    def check_leds(self, name):
        image = led_image(self.board, scale=2, labels=False)
        _compare(image, GOLDEN / (name + "-leds.png"))


def _compare(image, path):
    if REGOLD or not path.exists():
        image.save(path)
        if not REGOLD:
            raise AssertionError("no golden picture %s yet: written now, check it and commit it" % path)
        return
    golden = Image.open(path)
    golden.load()
    same = golden.size == image.size and not ImageChops.difference(
        golden.convert("RGB"), image.convert("RGB")).getbbox()
    if not same:
        failed = path.with_name(path.stem + ".actual.png")
        image.save(failed)
        raise AssertionError("%s differs from the golden picture; see %s (FARKLE_REGOLD=1 to accept)"
                             % (path.name, failed))
