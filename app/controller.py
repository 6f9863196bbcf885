"""app.controller: the dice tower's UI state machine.

Logical actions (``app.input``) go in with ``press()``; ``update()`` runs once a frame, reads
the injected millisecond clock, moves animations and computer turns on, and rewrites the
``View``. Nothing here sleeps or waits, so a frame stays short; presses made while the dice
tumble or a banner shows are queued, finish that animation at once and then act. During a
computer turn a press hurries it (the menu key pauses it). The ``farkle`` engine decides
every rule; this module only asks it (``why_not_*``) and shows its answers.

The computer's turn is in ``app.computer``, the play screen's texts in ``app.playview``
(mixed into ``Controller``); the timings and tick arithmetic in ``app.pace``.

The code is loaded in phases, since a board's heap holds every loaded module's bytecode:
the parts that come and go are loaded only while they run (``app.setupmenu`` with
``app.setup``, ``app.gamestart``, ``app.rolloff``, ``app.pausemenu``, ``app.endscreen``,
``app.advice``, as ``app.panels`` for the keeper), and the engine (``farkle.game`` and what it imports) only
once a game is made, after the set-up code is forgotten. ``tests/test_app_phases.py``
checks which modules each phase has loaded. Loading them (and making the players, and a
hint) is a job, a step a frame (``_start_job``), so that no frame reads several modules.
"""

import gc
import sys

from app import input as act
from app import view as v
from app.computer import Computer
from app.modules import forget, load
from app.pace import (BANNER_MS, BIG_BANNER_MS, C_START, CPU_SHOW_MS, CPU_THINK_MS, HURRY,
                      MESSAGE_PAGE_MS, N_CPU, N_HUMAN, N_ROLL, N_TURN, P_CHOOSE as CHOOSE,
                      P_KEEP as KEEP, P_OVER as OVER, P_ROLLOFF as G_ROLLOFF, P_START as START, PRESS_MS,
                      STRIP_PAGE_MS, T_BANNER, T_CPU, T_NONE, T_ROLLOFF, T_ROLLOFF_SHOW, T_SPLASH, T_TUMBLE,
                      TUMBLE_FRAME_MS, TUMBLE_MS, ticks_add, ticks_diff)
from app.playview import PlayView

# the set-up menu's code, forgotten once a game is made (the game needs none of it: a save
# numbers its preset by the save format's own table, and the rules are checked once, here)
SETUP_CODE = ("app.setupmenu", "app.setup", "farkle.fairstart", "farkle.presets", "farkle.rules_check")
# the set-up menu's code in the order each imports the ones before: loaded a module a frame
SETUP_LOAD = ("farkle.rules", "farkle.rules_check", "farkle.presets", "farkle.fairstart", "app.setup", "app.setupmenu")


class Controller(Computer, PlayView):
    """The UI. ``clock()`` returns milliseconds. ``make_player(level, rules, players, seat)``
    and ``hint(game)`` come from ``farkle.players`` (None: no computer seats / no hints).
    ``dice`` is the engine's dice source (None: fair random dice)."""

    def __init__(self, clock, make_player=None, hint=None, dice=None, setup=None, seed=12345, notices=()):
        from app import powerup  # run once: a board forgets it once the app is made

        powerup.controller(self, clock, make_player, hint, dice, setup, seed, notices)

    # ----- the main loop's two calls -----

    def press(self, action):
        """Queue a logical action (``app.input``); it is handled in ``update()``."""
        self.queue.append(action)

    def update(self):
        """One frame: handle queued actions, then whatever the clock says is due."""
        self.now = self.clock()
        version = self.view.version
        guard = 0
        began = self.work_clock()
        while self.queue and guard < 64 and self.job is None:  # presses wait for a job
            if guard and ticks_diff(self.work_clock(), began) >= PRESS_MS:
                break  # the rest in the next frame
            guard += 1
            action = self.queue[0]
            if action == act.MUTE:  # anywhere, at any time, without disturbing anything
                self.queue.pop(0)
                self._toggle_mute()
                continue
            if self.view.screen in (v.PLAY, v.ROLLOFF) and self.step != T_NONE:
                if action == act.MENU:
                    self.queue.pop(0)
                    self._pause()
                elif self.step == T_CPU or (self._cpu_turn() and self.step in (T_TUMBLE, T_BANNER)):
                    self.queue.pop(0)
                    self._hurry()
                else:
                    # the press ends the animation, then acts, unless the turn (or the
                    # roll-off) is over or another animation began: then it only hurried
                    over = self.then == N_TURN or self.view.screen == v.ROLLOFF
                    self._finish()
                    if self.step != T_NONE or over:
                        self.queue.pop(0)
                continue
            self.queue.pop(0)
            self._handle(action)
        self._tick()
        if self.view.version == version and self.job is None and not self.resting:
            # only in a frame with nothing to draw: its work and a redraw would not fit in one
            self._work_ahead(began)

    def idle(self):
        """True when nothing runs on the clock, no press waits and no hint is being worked
        out (tests, scripts)."""
        return self.settled() and self.hint_wait is None

    def settled(self):
        """True when nothing runs on the clock and no press waits."""
        return self.step == T_NONE and not self.queue and self.job is None

    def take_sounds(self):
        out = self.sounds
        if not out:
            return ()  # the usual frame: no new list
        self.sounds = []
        return out

    # ----- small helpers -----

    def _toggle_mute(self):
        self.setup.mute = not self.setup.mute
        self.view.mute = self.setup.mute
        if self.extra is not None and self.extra.panel:  # persist hook: keep its panel
            pass
        elif self.view.screen == v.SETUP:
            self._setup_rows()
        elif self.view.screen == v.PAUSE:
            self._pause_rows()
        self._changed()

    def _changed(self):
        self.view.changed()

    def _sound(self, name):
        if not self.setup.mute:
            self.sounds.append(name)

    def _after(self, step, ms):
        if self.hurry:
            ms //= HURRY
        self.step = step
        self.due = ticks_add(self.now, ms)

    def _due(self):
        return ticks_diff(self.now, self.due) >= 0

    def _random_face(self, old):
        self.rand = (self.rand * 75 + 74) % 65537
        face = 1 + self.rand * 5 // 65537
        return face + 1 if face >= old else face  # never the face it shows now

    def _cpu_turn(self):
        return (self.view.screen == v.PLAY and self.game is not None
                and self.seats[self.player] is not None and self.then != N_TURN)

    def _label(self, seat):
        return v.seat_label(seat, "human" if self.seats[seat] is None else "cpu", True)

    def _act(self, method, *args):
        """Run an engine action; return the log events it added."""
        log = self.game.log
        last = log[-1] if log else None
        method(*args)
        new = []
        i = len(log) - 1
        while i >= 0 and log[i] is not last:
            new.append(log[i])
            i -= 1
        new.reverse()
        return new

    def _go(self, screen):
        self.view.screen = screen
        self._changed()

    # ----- the clock -----

    def _tick(self):
        self._page_strip()
        if self.job is not None:
            # not in the frame that started it, nor in one that owes the display (``resting``)
            if self.due != self.now and not self.resting:
                job = self.job
                try:
                    next(job)
                except StopIteration:
                    if self.job is job:  # its last step may have started the next job
                        self.job = None
            return
        step = self.step
        if step == T_NONE:
            self._tick_message()
            return
        if step == T_TUMBLE or step == T_ROLLOFF:
            if self._due():
                self._settle()
            elif ticks_diff(self.now, self.frame_due) >= 0:
                self._tumble_frame()
            return
        if not self._due():
            return
        if step == T_SPLASH:
            self.step = T_NONE
            self._after_splash()
        elif step == T_BANNER:
            self._next_banner()
        elif step == T_CPU:
            self.step = T_NONE
            self._cpu()
        elif step == T_ROLLOFF_SHOW:
            self.step = T_NONE
            self._after_rolloff()

    def _start_job(self, steps):
        """Run the generator ``steps`` a step (up to its next ``yield``) a frame, from the next
        frame on: imports and players made one at a time, so that no frame does them all
        (a board takes tens of ms a module). Presses wait; the job sets what follows."""
        self.job = steps
        self.due = self.now  # this frame did the work that started it (no step runs meanwhile)

    def _finish(self):
        """End the running animation or banner now (a key was pressed)."""
        step = self.step
        if step == T_TUMBLE or step == T_ROLLOFF:
            self._settle()
        elif step == T_BANNER:
            self.banners = []
            self._next_banner()
        elif step == T_ROLLOFF_SHOW:
            self.step = T_NONE
            self._after_rolloff()
        else:
            self.step = T_NONE

    def _hurry(self):
        if not self.hurry:
            self.hurry = True
            left = ticks_diff(self.due, self.now)
            if left > 0:
                self.due = ticks_add(self.now, left // HURRY)

    def _tick_message(self):
        if self.view.screen == v.SPLASH and len(self.notice_lines) > 2:
            if ticks_diff(self.now, self.next_page) >= 0:  # page through the notices
                self.next_page = ticks_add(self.now, MESSAGE_PAGE_MS)
                self.message_at = (self.message_at + 1) % (len(self.notice_lines) - 1)
                self.view.lines = self.notice_lines[self.message_at:self.message_at + 2]
                self._changed()
            return
        if not self.message_lines:
            return
        if not self.message_stays and ticks_diff(self.now, self.message_until) >= 0:
            self._clear_message()
            self._refresh()
        elif len(self.message_lines) > v.MESSAGE_LINES and ticks_diff(self.now, self.next_page) >= 0:
            self.next_page = ticks_add(self.now, MESSAGE_PAGE_MS)
            self.message_at += 1
            if self.message_at > len(self.message_lines) - v.MESSAGE_LINES:
                self.message_at = 0
            self._refresh()

    # ----- actions by screen -----

    def _handle(self, action):
        if self.extra is not None and self.extra.panel:  # persist hook: a Keeper panel is open
            self.extra.key(action)
            return
        screen = self.view.screen
        if screen == v.SPLASH:
            self.step = T_NONE
            self._sound("click")
            self._after_splash()
        elif screen == v.SETUP:
            from app import setupmenu

            setupmenu.key(self, action)
        elif screen == v.ROLLOFF:
            from app import rolloff

            rolloff.key(self, action)
        elif screen == v.PLAY:
            self._play_key(action)
        elif screen == v.PAUSE:
            from app import pausemenu

            pausemenu.key(self, action)
        elif screen == v.END:
            from app import endscreen

            endscreen.key(self, action)

    def _after_splash(self):
        if self.extra is not None and self.extra.offer():  # persist hook: resume a saved game
            return
        self._open_setup()

    # ----- the menu screens: parts loaded while they show -----

    def _open_setup(self):
        """The set-up menu, as a job: its code a module a frame (SETUP_LOAD), then the
        screen; the screen before it shows meanwhile."""
        self._drop_game()
        self._forget_game_code()
        if self.setup_modules is None:
            self.setup_modules = tuple(sys.modules)
        self._start_job(self._opening_setup())

    def _opening_setup(self):
        yield from load(SETUP_LOAD)
        # whether an expert has a table for these rules: the code that reads the tables'
        # headers in a frame, the question in the next, that code forgotten if it was not
        # loaded before; the menu's rows then find the answer kept
        opening = "farkle.players.expert_headers"
        loaded = opening in sys.modules
        yield from load((opening,))
        from app import setup

        rules = setup.rules(self.setup)
        yield  # the rules made and checked, then the files' headers read: a frame each
        setup.plays_as("expert", rules, self.setup.players)
        setup = rules = None
        if not loaded:
            forget((opening,))
        yield
        from app import setupmenu

        setupmenu.open(self)

    def _setup_rows(self):
        from app import setupmenu

        setupmenu.rows(self)

    def _pause(self):
        """The pause menu, as a job: its code read in a frame of its own (with the heap
        full, the read and its collection in MENU's frame made a board's frame of 47 ms);
        what was due then waits as long after."""
        self._let_advisers_go()  # nothing works ahead while paused: the menu's code takes their heap
        self._start_job(self._pausing(ticks_diff(self.due, self.now)))

    def _pausing(self, left):
        try:
            yield from load(("app.pausemenu",))
            from app import pausemenu
        except MemoryError:  # the menu must not end the game: it goes on and says so
            pausemenu = None
            forget(("app.pausemenu",))
            self._say(v.NO_ROOM)
            self._refresh()
        self.due = ticks_add(self.now, left)  # as if the job's frames had not been
        if pausemenu is not None:
            pausemenu.open(self)

    def _pause_rows(self):
        from app import pausemenu

        pausemenu.rows(self)

    def _resume(self):
        from app import pausemenu

        forget(("app.pausemenu",))
        pausemenu.resume(self)

    def _open_end(self):
        forget(("app.rolloff",))  # a final tie's roll-off may end the game
        from app import endscreen

        endscreen.open(self)

    def _ending(self):
        """The end screen as a job: its code in a frame of its own, then the screen. The
        players keep nothing for turns to come: a board needs that heap for the screen."""
        for player in self.seats:
            over = getattr(player, "game_over", None)  # optional in the decision interface
            if over is not None:
                over()
        gc.collect()
        yield  # a collection takes a board's frame; the screen's code comes in the next
        yield from load(("app.endscreen",))
        self._open_end()

    def _open_menu(self, screen, title):
        """A menu screen (set-up or pause) from its first row."""
        view = self.view
        view.title = title
        view.cursor = 0
        view.top = 0
        self._go(screen)

    def _scroll_menu(self):
        view = self.view
        if view.cursor < view.top:
            view.top = view.cursor
        elif view.cursor >= view.top + v.MENU_ROWS:
            view.top = view.cursor - v.MENU_ROWS + 1

    def _move(self, step):
        view = self.view
        view.cursor = (view.cursor + step) % len(view.rows)
        self._scroll_menu()
        self._changed()

    # ----- starting a game and the roll-off -----

    def _drop_game(self):
        """No game any more: its players, advisers, meter and counted odds go with it (any
        of them left would keep the old game and its code in the heap the next one needs)."""
        self.game = None
        self.odds_game = None
        self.seats = []
        self.advisers = {}
        self.meter = None
        self.view.meter = None

    def _forget_game_code(self):
        """Back in the set-up menu after a game: the modules loaded since the set-up menu
        first opened (the engine, the players, the menu parts) are forgotten, so the set-up
        runs in the heap it had before the first game."""
        kept = self.setup_modules
        if kept is not None:
            forget([name for name in sys.modules if name not in kept])
            gc.collect()

    def _leave_setup(self):
        """A game is being made: the set-up code and the screen parts go first, so the game
        and the engine's code take their heap (and not heap beside them)."""
        forget(SETUP_CODE)
        forget(("app.pausemenu", "app.endscreen"))
        self.rows = []  # the set-up menu's rows, and the menu's texts of them
        self.view.rows = []
        gc.collect()

    def _start_game(self):
        if self.extra is not None:  # out of heap while it is made, it is made again
            self.extra.starting = "new"  # app.storage.NEW
        self._start_job(self._making())

    def _making(self):
        """The game's start as a job: the set-up's plan, the set-up code forgotten, the
        code that makes a game, then ``gamestart.start`` (the engine's code a module a
        frame, a player a frame, then the roll-off); the screen it started from shows until
        the roll-off does."""
        yield from load(SETUP_LOAD)  # a rematch from the end screen: forgotten in play
        from app import setupmenu

        rules, chosen, self.levels, head_start = setupmenu.plan(self.setup)
        setupmenu = None  # nothing here may keep the set-up code alive once it is forgotten
        self._drop_game()
        yield
        self._leave_setup()
        # the splash while the game is made: the menu's labels go before the game's objects
        # come, and leave no holes among them
        self.view.lines = ["", "a new game..."]
        self._go(v.SPLASH)
        yield
        from app import gamestart

        yield
        yield from gamestart.start(self, rules, chosen, head_start)

    def _open_rolloff(self, tied_faces=None):
        from app import rolloff

        rolloff.open(self, tied_faces)

    def _after_rolloff(self):
        from app import rolloff

        rolloff.after(self)

    # ----- play: the turn -----

    def _begin_turn(self):
        forget(("app.rolloff",))  # the game's start is over (or a final tie's roll-off)
        self._let_advisers_go()
        game = self.game
        self.player = game.current
        self.total = 0
        self.then = N_HUMAN
        self.selected = [False] * v.NDICE
        view = self.view
        for i in range(v.NDICE):
            view.faces[i] = 0
            view.states[i] = v.FREE if i < game.rules.dice else v.EMPTY
        self._clear_message()
        # keep the player in the score strip
        row = self.player // 2
        if not self.score_top <= row < self.score_top + 2:
            self.score_top = row if row < self.score_top else row - 1
        self.strip_due = ticks_add(self.now, STRIP_PAGE_MS)
        self._go(v.PLAY)
        if self.meter is not None:
            self.meter.update(view, game)
        if self.seats[self.player] is not None:
            self.then = N_CPU
            self.cpu_step = C_START
            self._after(T_CPU, CPU_THINK_MS)
        else:
            self.hurry = False
            self.step = T_NONE
        self._refresh()

    def _roll(self):
        """Roll the dice in hand (the caller checked ``why_not_roll``)."""
        game = self.game
        if game.phase == START and not game.piggybacked:
            for i in range(v.NDICE):  # fresh dice
                if self.view.states[i] != v.EMPTY:
                    self.view.states[i] = v.FREE
        new = self._act(game.roll)
        faces = ()
        for kind, _, data, _ in new:
            if kind == "roll":
                faces = data
        states = self.view.states
        slots = [i for i in range(v.NDICE) if states[i] == v.FREE]
        if len(slots) != len(faces):  # hot dice: all of them again
            slots = [i for i in range(v.NDICE) if states[i] != v.EMPTY]
        self.settle_faces = list(self.view.faces)
        for slot, face in zip(slots, faces):
            states[slot] = v.FREE
            self.settle_faces[slot] = face
        self.selected = [False] * v.NDICE
        self.tumbling = slots
        self._clear_message()
        self._sound("roll")
        self.view.tumbling = True
        self.view.status = ""
        self._after(T_TUMBLE, TUMBLE_MS)
        self._tumble_frame()
        self._queue_events(new)

    def _tumble_frame(self):
        self.frame_due = ticks_add(self.now, TUMBLE_FRAME_MS)
        if self.step == T_ROLLOFF:
            from app import rolloff

            rolloff.tumble(self)
        else:
            faces = self.view.faces
            for slot in self.tumbling:
                faces[slot] = self._random_face(faces[slot])
        self._changed()

    def _settle(self):
        if self.step == T_ROLLOFF:
            from app import rolloff

            rolloff.settle(self)
            return
        self.view.faces = self.settle_faces
        self.view.tumbling = False
        self.tumbling = ()
        self._changed()
        self.step = T_NONE
        self._next_banner()

    def _queue_events(self, new):
        """Banners and sounds for what the engine logged; set what comes after them."""
        game = self.game
        for kind, seat, data, points in new:
            if kind == "farkle":
                self.banners.append(("FARKLE!", BANNER_MS, "farkle"))
                self.then = N_TURN
                self.total = 0
            elif kind == "penalty":
                self.banners.append(("%s loses %d\nfor 3 farkles" % (self._label(seat), points), BANNER_MS, None))
            elif kind == "hot":
                self.banners.append(("HOT DICE!", BANNER_MS, "hot"))
            elif kind == "bank":
                self.banners.append(("%s banks\n%d" % (self._label(seat), points), BANNER_MS, "click"))
                self.then = N_TURN
                self.total = 0
            elif kind == "welfare":
                if seat < 0:
                    text = "Over the target:\n%d lost" % points
                else:
                    text = "Over the target:\n%d to %s" % (points, self._label(seat))
                self.banners.append((text, BIG_BANNER_MS, None))
            elif kind == "final":
                self.banners.append(("FINAL\nROUND", BIG_BANNER_MS, "hot"))
        if game.phase == OVER:
            self.then = N_TURN

    def _next_banner(self):
        """Show the next queued banner, or go on with what follows."""
        view = self.view
        if self.banners:
            text, ms, sound = self.banners.pop(0)
            view.banner = text
            if sound:
                self._sound(sound)
            self._after(T_BANNER, ms)
            self._refresh()
            return
        self.step = T_NONE
        if view.banner:
            view.banner = ""
            self._changed()
        then = self.then
        if then == N_TURN:
            self._end_turn()
        elif then == N_ROLL:
            self.then = N_HUMAN
            self._roll()
            self._refresh()
        elif then == N_CPU:
            self._after(T_CPU, CPU_SHOW_MS)
            self._refresh()
        else:
            self._refresh()

    def _end_turn(self):
        game = self.game
        if game.phase == OVER:
            self._start_job(self._ending())
        elif game.phase == G_ROLLOFF:
            self.rolloff_tie = True
            self._open_rolloff()
        else:
            self._begin_turn()

    # ----- play: a human's keys -----

    def _play_key(self, action):
        game = self.game
        if action == act.MENU:
            self._pause()
            return
        if action == act.UP or action == act.DOWN:
            rows = (game.players + 1) // 2
            self.score_top = max(0, min(rows - 2, self.score_top + (1 if action == act.DOWN else -1)))
            self.strip_due = ticks_add(self.now, STRIP_PAGE_MS)
            self._refresh()
            return
        if action == act.SELECT:
            self._clear_message()
            self._refresh()
            return
        self._clear_message()
        self.hint_wait = None  # a hint still being worked out is for the state before this key
        if action < act.ROLL:
            self._toggle(action - act.DIE0)
        elif action == act.ROLL:
            self._human_roll()
        elif action == act.BANK:
            self._human_bank()
        elif action == act.BEST:
            self._take_best()
        elif action == act.HINT:
            self._hint()
        self._refresh()

    def _toggle(self, slot):
        game = self.game
        view = self.view
        if game.phase not in (KEEP, CHOOSE):
            self._refuse(game.why_not_keep([1]) or "roll the dice first")
        elif view.states[slot] == v.ASIDE:
            self._refuse("that die is set aside")
        elif view.states[slot] not in (v.FREE, v.SELECTED) or not view.faces[slot]:
            self._refuse("there is no die there")
        else:
            self.selected[slot] = not self.selected[slot]
            self._sound("click")
            faces = self._selection()
            if faces and not game.selection_points(faces):
                self._say(game.why_not_keep(faces) or "those dice do not score")

    def _selection(self):
        if True not in self.selected:
            return ()  # the screen asks at every refresh: no list made for nothing
        faces = self.view.faces
        return [faces[i] for i in range(v.NDICE) if self.selected[i]]

    def _keep_selection(self):
        """Set the selected dice aside; True if done, False (reason shown) if refused."""
        game = self.game
        faces = self._selection()
        reason = game.why_not_keep(faces)
        if reason:
            self._refuse(reason)
            return False
        new = self._act(game.keep, faces)
        for i in range(v.NDICE):
            if self.selected[i]:
                self.view.states[i] = v.ASIDE
        self.selected = [False] * v.NDICE
        self.total = game.turn_total
        self._queue_events(new)
        return True

    def _human_roll(self):
        game = self.game
        if self._selection():
            if not self._keep_selection():
                return
        reason = game.why_not_roll()
        if reason:
            self._refuse(reason)
            return
        if self.banners:  # HOT DICE! first, then the six dice roll
            self.then = N_ROLL
            self._next_banner()
            return
        self._roll()

    def _human_bank(self):
        game = self.game
        if game.phase == START and game.rules.piggyback and game.left_dice and not game.piggybacked:
            reason = game.why_not_piggyback()  # Bank at the start = take over the dice left
            if reason:
                self._refuse(reason)
            else:
                self._piggyback()
            return
        if self._selection():
            if not self._keep_selection():
                return
        reason = game.why_not_bank()
        if reason:
            self._refuse(reason)
            self._next_banner()  # e.g. HOT DICE! for the dice just set aside
            return
        self.banners = []
        self._queue_events(self._act(game.bank))
        self._next_banner()

    def _piggyback(self):
        game = self.game
        new = self._act(game.piggyback)
        self.total = game.turn_total
        states = self.view.states
        for i in range(v.NDICE):
            if states[i] != v.EMPTY:
                states[i] = v.FREE if i < game.in_hand else v.ASIDE
        self._queue_events(new)
        self._say("%s takes over %d dice and %d" % (self._label(self.player), game.in_hand, game.turn_total))

    def _select_faces(self, faces):
        """Select free dice showing ``faces`` (one die per face listed)."""
        self.selected = self._slots_showing(faces)

    def _slots_showing(self, faces):
        """Which dice ``_select_faces(faces)`` selects: the first free die per face listed."""
        slots = [False] * v.NDICE
        states = self.view.states
        shown = self.settle_faces if self.view.tumbling else self.view.faces  # as they will land
        for face in faces:
            for i in range(v.NDICE):
                if states[i] in (v.FREE, v.SELECTED) and shown[i] == face and not slots[i]:
                    slots[i] = True
                    break
        return slots

    def _take_best(self):
        game = self.game
        reason = game.why_not_keep([1]) if game.phase not in (KEEP, CHOOSE) else None
        if reason:
            self._refuse(reason)
            return
        faces, points = game.best_keep()
        if not faces:
            self._refuse("nothing more in this roll scores")
            return
        self._select_faces(faces)
        self._sound("click")

    def _hint(self, wait=True):
        """The advice for the player on turn, as a job (on a human's turn nothing else runs
        on the clock): ``app.advice`` loaded (forgotten once the advice is given), then its steps
        (``advice.steps``); with ``wait``, "thinking..." until the adviser's work is done
        (``_work_ahead`` then calls this again with ``wait=False``)."""
        self._start_job(self._hinting(wait))

    def _hinting(self, wait):
        try:
            yield from load(("app.advice",))  # on a board, a frame for the collector first
            from app import advice

            yield from advice.steps(self, wait)
        except MemoryError:  # a board short of heap: the game goes on without the hint
            self._let_advisers_go()
            gc.collect()
            self._say("Hint: can't think right now (out of memory)")
            self._refresh()
        finally:
            if self.hint_wait is None:  # kept while the advice waits: its last job needs it
                forget(("app.advice", "farkle.players.hint"))  # the latter: read, not asked
