"""app.main: one board object (``hardware/__init__.py``) plus the app, one frame at a time.

    app = App(board)
    app.run()          # on the board: forever
    app.step()         # in the simulator: one frame, when the front end says so

A frame reads the keys, lets the controller act and run its clock, updates the display's
labels and tiles and the lights if the view changed, and starts any sounds. It never waits:
the main loop's frame time is the work done, nothing more. The display redraws itself from
its group tree (``auto_refresh``); in the simulator ``HostDisplay.snapshot()`` does that.
"""

import gc

# The app's parts, which app.powerup makes, read with this module, before the app is made:
# read by app.powerup instead, once it was read, the tower's game ran 16.5 frames over 50 ms
# a game on the board-time estimate against 1.0 (tools/board_time.py, one sitting)
from app.controller import Controller  # noqa: F401
from app.input import Input  # noqa: F401
from app.leds import Leds  # noqa: F401
from app.modules import MEM_FREE, forget
from app.persist import Keeper  # noqa: F401
from app.screens import Screens  # noqa: F401
from app.pace import (COLLECT_MS, DRAW_BY_MS, GC_EVERY, GC_GAIN, GC_ROOM, LIGHTS_LATE, PRESS_ROOM, SPARE_MS,
                      ticks_diff)

# A frame whose drawing runs out of heap starts the screen again from nothing; when that
# keeps failing, the heap is not coming back and the error path's restart is the way out.
REDRAWS = 8


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
        from app import powerup  # run once: forgotten once the app is made, on a board

        powerup.app(self, board, make_player, hint, dice, setup, players, notices)
        if MEM_FREE is not None:
            forget(("app.powerup",))

    def step(self):
        """One frame. Returns True if the display changed."""
        board = self.board
        controller = self.controller
        began = controller.work_clock()
        # nothing worked ahead in a frame for the collector, nor in one that owes the display
        # or the lights a drawing left by the last frame (it draws it, whatever its work); one
        # that owes the display runs no job's step either (a module read and its collection
        # on top of a drawing made a board's frame of 50 ms). The display is owed at most
        # every other frame, so a job still steps; the lights, owed up to LIGHTS_LATE frames
        # in a row, could together with it hold a job back for good.
        controller.resting = self.draw_due or (controller.job is None and (self.gc_due or self.lights_late > 0))
        # the last frame ended a turn: the game is captured for its save before a press can
        # move it on, and written in a later frame
        captured = self.keeper.capture_due
        if captured:
            self.keeper.capture()
        waiting = len(controller.queue)  # presses the last frame left (keys pressed together)
        for action in self.input.poll():
            controller.press(action)
        # Keys pressed together are handled a frame each (PRESS_MS), with no quiet frame
        # between them for the collector, and each press makes a few KB of garbage: where
        # presses the last frame left find the room short, this frame collects and they wait
        # for the next. Not while a job runs (presses wait for it anyway, and its frames are
        # full), and never two frames in a row for a collection, whatever it left. A frame that
        # owes the display the last one's drawing leaves them waiting too (two frames at most,
        # with a collection after it), and does not collect: the drawing and a collection
        # together made a board's frame of 45 ms.
        queue = controller.queue
        held = waiting > 0 and controller.job is None and (self.draw_due or (
            MEM_FREE is not None and self.frames - self.collected > 1 and MEM_FREE() < PRESS_ROOM))
        if held:
            if not self.draw_due:
                self.gc_due = True
                self._collect(0)  # due, and nothing spent yet: it collects
            controller.resting = True  # the frame is the collector's or the display's alone
            controller.queue = ()  # and the presses wait for the next
        version = self.view.version
        controller.update()
        controller.queue = queue
        # persist hook: statistics and saves; a save waits for a frame where the screen
        # neither changed nor is still being drawn (a sector rewrite takes a board ~20 ms)
        self.keeper.update(busy=captured or self.view.version != version or self.screens.incomplete or self.draw_due)
        now = controller.now
        screens = self.screens
        behind = self.view.version != screens.version or screens.incomplete  # the display has more to draw
        if controller.job is not None and not behind and ticks_diff(controller.work_clock(), began) >= DRAW_BY_MS:
            # a job's step (most often a module read, with the collection after it) took
            # the frame and left nothing new to draw: the lights' and the sounds' checks,
            # a few ms on a board, wait for the next frame
            return False
        # The display refreshes itself (auto_refresh, CircuitPython's default): its native
        # background task sends what changed, so the loop never waits for a whole redraw.
        changed = False
        drawn = controller.work_clock()
        self.draw_due = not self.draw_due and behind and ticks_diff(drawn, began) + self.draw_ms > DRAW_BY_MS
        if not self.draw_due:
            try:
                changed = screens.render(self.view)
                self.redraws = 0
            except MemoryError:  # out of heap halfway through drawing: the game itself is intact
                self.redraws += 1
                if self.redraws > REDRAWS:
                    raise  # the error screen, a restart and the save offered again
                screens.lost()
                gc.collect()
                changed = True
            if changed:
                self.draw_ms = ticks_diff(controller.work_clock(), drawn)
        drawn = controller.work_clock()
        # the lights may wait a second frame: where a frame left both the display and the
        # lights to the next, that one draws the display and the one after it the lights
        late = self.lights_late
        owed = (late < LIGHTS_LATE and ticks_diff(drawn, began) + self.lights_ms > DRAW_BY_MS
                and self.leds.due(self.view, now))
        self.lights_late = late + 1 if owed else 0
        if not self.lights_late and self.leds.update(self.view, now):
            self.lights_ms = ticks_diff(controller.work_clock(), drawn)
        sound = board.sound
        if sound is not None:
            if sound.mute != self.view.mute:
                sound.mute = self.view.mute
            for name in controller.take_sounds():
                sound.play(name)
            sound.update(now)
        self.frames += 1
        if MEM_FREE is not None and not changed and controller.job is None and not self.draw_due:
            self._collect(ticks_diff(controller.work_clock(), began))
        return changed

    def _collect(self, spent):
        """The garbage collected in a quiet frame, before the heap runs out in a busy one
        (where the collector, about 10 ms on a board, would stall the lights). A frame with
        time to spare (``spent`` ms of work) asks for the free room every GC_EVERY frames
        (that walks the heap's table: a few ms). The quiet frames after it work nothing
        ahead, and the first whose own work was light collects, when the room is short and
        GC_GAIN of garbage has been made since the last collection, or half the room that
        left where that is less (a long game against the expert leaves little: waiting for
        GC_GAIN there let the allocator run out in a busy frame); or when a save that
        rewrites the sector asks for it (``Keeper.collect_due``). ``step`` calls it with
        a collection due and nothing spent, to collect before presses left waiting."""
        if self.gc_due or self.keeper.collect_due:
            self.gc_due = True
            if spent < COLLECT_MS:
                gc.collect()
                self.keeper.collect_due = False
                self.gc_due = False
                self.collected = self.frames
                self.free_after = MEM_FREE()  # the garbage made from now on is counted from it
        elif self.frames % GC_EVERY == 0 and spent < SPARE_MS and self.frames - self.collected >= GC_EVERY:
            free = MEM_FREE()
            if free > self.free_after:  # collected since (here, by the allocator or a job)
                self.free_after = free
            elif free < GC_ROOM and self.free_after - free >= min(GC_GAIN, self.free_after // 2):
                self.gc_due = True

    def run(self):
        """Frames forever. A board's optional ``idle(app)`` runs after each frame (the
        simulator's front ends draw and read the PC's keyboard there). An exception ends it
        (``code.py`` shows it and restarts), after ``Keeper.fault`` set a resumed save aside.

        Out of heap while a game is made or played, the tower restarts at once instead, with
        no error screen: the heap the menus and games have broken up into small holes comes
        back in one piece, and the game is made again or goes on from its last turn's end
        (``app.storage.restart_for_heap``)."""
        idle = getattr(self.board, "idle", None)
        try:
            while True:
                self.step()
                if idle is not None:
                    idle(self)
        except Exception as error:
            if isinstance(error, MemoryError):
                self.controller.job = None  # what the failed work held goes, and the screens
                self.screens.lost()  # and players: the code that restarts must find room to load
                gc.collect()
                try:
                    self.controller._let_players_go()
                    gc.collect()
                    from app import storage

                    storage.restart_for_heap(self.keeper)  # returns where nothing is made again
                except MemoryError:  # no room even for that: the error screen
                    pass
            self.keeper.fault(error)  # a saved game that fails is set aside before the restart
            raise
