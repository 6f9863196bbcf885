"""app.main: one board object (``hardware/__init__.py``) plus the app, one frame at a time.

    app = App(board)
    app.run()          # on the board: forever
    app.step()         # in the simulator: one frame, when the front end says so

A frame reads the keys, lets the controller act and run its clock, updates the display's
labels and tiles and the lights if the view changed, and starts any sounds. It never waits:
the main loop's frame time is the work done, nothing more. The display redraws itself from
its group tree (``auto_refresh``); in the simulator ``HostDisplay.snapshot()`` does that.
"""

from app.controller import Controller
from app.persist import Keeper
from app.input import Input
from app.leds import Leds
from app.modules import forget
from app.screens import Screens


def computer_players():
    """``(make_player, hint)`` from ``farkle.players``; None for both on a board without it.
    The hints come with the players (``farkle.players.hint``), and are not imported to see:
    that would load the engine at power-up, long before a game needs it."""
    try:
        from farkle.players import make_player
    except ImportError:
        return None, None
    return make_player, hint


def hint(game, **kwargs):
    """``farkle.players.hint.hint``, loaded for each hint and forgotten after: hints are
    rare, and the module's bytecode need not stay in the heap between them."""
    from farkle.players.hint import hint as answer

    try:
        return answer(game, **kwargs)
    finally:
        forget(("farkle.players.hint",))


class App:
    """Ties a board to the controller, the screens and the lights."""

    def __init__(self, board, make_player=None, hint=None, dice=None, setup=None, players=True, notices=()):
        if players and make_player is None:
            make_player, hint = computer_players()
        if setup is None:
            from app.setup import Setup

            setup = Setup()
            if board.sound is not None:
                setup.mute = bool(board.sound.mute)  # FARKLE_MUTED in settings.toml
        self.board = board
        self.input = Input(board)
        # persist hook: saves, resume offer, statistics, dice check (app.persist)
        self.keeper = Keeper(getattr(board, "nvm", None), dice)
        notices = list(notices) + self.keeper.notices
        self.controller = Controller(board.ticks_ms, make_player=make_player, hint=hint, dice=self.keeper.dice,
                                     setup=setup, notices=notices)
        self.keeper.attach(self.controller)
        self.controller.board_keys = board.key_names
        self.view = self.controller.view
        self.screens = Screens(board.display)
        self.leds = Leds(board)
        self.frames = 0

    def step(self):
        """One frame. Returns True if the display changed."""
        board = self.board
        controller = self.controller
        # the last frame ended a turn: the game is captured for its save before a press can
        # move it on, and written in a later frame
        captured = self.keeper.capture_due
        if captured:
            self.keeper.capture()
        for action in self.input.poll():
            controller.press(action)
        version = self.view.version
        controller.update()
        # persist hook: statistics and saves; a save waits for a frame where the screen
        # neither changed nor is still being drawn (a sector rewrite takes a board ~20 ms)
        self.keeper.update(busy=captured or self.view.version != version or self.screens.incomplete)
        now = controller.now
        # The display refreshes itself (auto_refresh, CircuitPython's default): its native
        # background task sends what changed, so the loop never waits for a whole redraw.
        changed = self.screens.render(self.view)
        self.leds.update(self.view, now)
        sound = board.sound
        if sound is not None:
            if sound.mute != self.view.mute:
                sound.mute = self.view.mute
            for name in controller.take_sounds():
                sound.play(name)
            sound.update(now)
        self.frames += 1
        return changed

    def run(self):
        """Frames forever. A board's optional ``idle(app)`` runs after each frame (the
        simulator's front ends draw and read the PC's keyboard there). An exception ends it
        (``code.py`` shows it and restarts), after ``Keeper.fault`` set a resumed save aside."""
        idle = getattr(self.board, "idle", None)
        try:
            while True:
                self.step()
                if idle is not None:
                    idle(self)
        except Exception:
            self.keeper.fault()  # a saved game that fails is set aside before the restart
            raise
