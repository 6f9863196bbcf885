"""app.controller: the dice tower's UI state machine.

Logical actions (``app.input``) go in with ``press()``; ``update()`` runs once a frame, reads
the injected millisecond clock, moves animations and computer turns on, and rewrites the
``View``. Nothing here sleeps or waits, so a frame stays short; presses made while the dice
tumble or a banner shows are queued, finish that animation at once and then act. During a
computer turn a press hurries it (the menu key pauses it). The ``farkle`` engine decides
every rule; this module only asks it (``why_not_*``) and shows its answers.
"""

from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF as G_ROLLOFF, START, Game

from app import input as act
from app import view as v
from app.setup import R_START, Setup

# pacing, in ms (a hurried computer turn divides these by HURRY)
SPLASH_MS = 2500
TUMBLE_MS = 700
TUMBLE_FRAME_MS = 70
BANNER_MS = 1300
BIG_BANNER_MS = 1800
CPU_THINK_MS = 700
CPU_SHOW_MS = 900
MESSAGE_MS = 5000
MESSAGE_PAGE_MS = 1600
HURRY = 8
LOG_SIZE = 24  # engine log entries kept: enough for one action's events
HINT_LEVEL = "expert"  # hints come from the best player (it falls back to hard where unsolved)

# what is running on the clock
T_NONE = 0
T_SPLASH = 1
T_TUMBLE = 2  # dice tumbling in play
T_BANNER = 3
T_CPU = 4  # a computer's next step is due
T_ROLLOFF = 5  # roll-off dice tumbling
T_ROLLOFF_SHOW = 6  # roll-off result showing

# what a computer does next
C_START = 0
C_ROLL = 1
C_PICK = 2
C_KEEP = 3
C_DECIDE = 4

# what follows when the dice settle and the banners are over
N_HUMAN = 0  # the human plays on
N_CPU = 1  # the computer's next step
N_TURN = 2  # the turn is over: next player, the end, or a roll-off
N_ROLL = 3  # a human's roll waits for the HOT DICE! banner


def ticks_diff(a, b):
    """``a - b`` on a millisecond clock that wraps at 2**29 (as ``adafruit_ticks``)."""
    return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000


def ticks_add(a, b):
    return (a + b) & 0x1FFFFFFF


class Controller:
    """The UI. ``clock()`` returns milliseconds. ``make_player(level, rules, players, seat)``
    and ``hint(game)`` come from ``farkle.players`` (None: no computer seats / no hints).
    ``dice`` is the engine's dice source (None: fair random dice)."""

    def __init__(self, clock, make_player=None, hint=None, dice=None, setup=None, seed=12345, notices=()):
        self.clock = clock
        self.now = clock()
        self.make_player = make_player
        self.hint_fn = hint
        self.dice = dice
        self.setup = setup if setup is not None else Setup()
        self.view = v.View()
        self.view.mute = self.setup.mute
        self.queue = []  # actions not yet handled
        self.sounds = []  # sound names for the main loop to play
        self.game = None
        self.seats = []  # per seat: None for a human, else a computer player
        self.rand = seed & 0x7FFFFFFF or 1  # tumbling faces only; never the game's dice
        self.step = T_NONE
        self.due = 0
        self.frame_due = 0
        self.then = N_HUMAN
        self.banners = []  # (text, ms) still to show
        self.cpu_step = C_START
        self.cpu_keep = []
        self.hurry = False
        self.paused_left = 0  # ms that were left on the clock when the menu opened
        self.menu_rows = []  # the pause menu's (name, value)
        self.confirm = False  # "New game" pressed once
        self.settle_faces = None  # the faces the tumbling dice will show
        self.selected = [False] * v.NDICE
        self.player = 0  # the seat shown as playing (the engine may have moved on)
        self.total = 0  # the turn total shown
        self.score_top = 0  # first row of the score strip
        self.message_until = 0
        self.message_lines = []
        self.message_at = 0  # first line shown (long messages scroll)
        self.next_page = 0
        self.end_top = 0
        self.rolloff_tie = False
        self.rolloff_faces = []
        self.rows = []  # the set-up menu's rows (app.setup)
        self.tumbling = ()  # slots whose dice are tumbling
        self.paused_step = T_NONE
        self.paused_screen = v.PLAY
        self.paused_title = ""
        self.paused_keys = ()
        self.paused_status = ""
        self.advisers = {}  # seat -> the computer player that gives that seat hints
        self.extra = None  # issue 5 hook: app.persist.Keeper (resume offer, stats, dice check)
        self._go(v.SPLASH)
        self.step, self.due = T_SPLASH, ticks_add(self.now, SPLASH_MS)
        self.view.lines = ["the dice tower", "press any key"]
        self.notice_lines = []
        if notices:  # settings or parts that were wrong: shown until a key is pressed
            for notice in notices:
                self.notice_lines.extend(v.wrap(notice))
            self.view.lines = self.notice_lines[:2]
            self.next_page = ticks_add(self.now, MESSAGE_PAGE_MS)
            self.step = T_NONE

    # ----- the main loop's two calls -----

    def press(self, action):
        """Queue a logical action (``app.input``); it is handled in ``update()``."""
        self.queue.append(action)

    def update(self):
        """One frame: handle queued actions, then whatever the clock says is due."""
        self.now = self.clock()
        guard = 0
        while self.queue and guard < 64:
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
                    self._finish()  # the press ends the animation, then acts...
                    if self.step != T_NONE:
                        self.queue.pop(0)  # ...unless another one began: then it only hurried
                continue
            self.queue.pop(0)
            self._handle(action)
        self._tick()

    def idle(self):
        """True when nothing runs on the clock and no press waits (tests, scripts)."""
        return self.step == T_NONE and not self.queue

    def take_sounds(self):
        out = self.sounds
        self.sounds = []
        return out

    # ----- small helpers -----

    def _toggle_mute(self):
        self.setup.mute = not self.setup.mute
        self.view.mute = self.setup.mute
        if self.extra is not None and self.extra.panel:  # issue 5 hook: keep its panel
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
        self.rand = (self.rand * 1103515245 + 12345) & 0x7FFFFFFF
        face = 1 + (self.rand >> 16) % 5
        return face + 1 if face >= old else face  # never the face it shows now

    def _cpu_turn(self):
        return (self.view.screen == v.PLAY and self.game is not None
                and self.seats[self.player] is not None and self.then != N_TURN)

    def _label(self, seat):
        return v.seat_label(seat, "human" if self.seats[seat] is None else "cpu")

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
        if ticks_diff(self.now, self.message_until) >= 0:
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
        if self.extra is not None and self.extra.panel:  # issue 5 hook: a Keeper panel is open
            self.extra.key(action)
            return
        screen = self.view.screen
        if screen == v.SPLASH:
            self.step = T_NONE
            self._sound("click")
            self._after_splash()
        elif screen == v.SETUP:
            self._setup_key(action)
        elif screen == v.ROLLOFF:
            if action == act.MENU:
                self._pause()
            elif action not in (act.UP, act.DOWN):
                self._rolloff()
        elif screen == v.PLAY:
            self._play_key(action)
        elif screen == v.PAUSE:
            self._pause_key(action)
        elif screen == v.END:
            self._end_key(action)

    # ----- set-up menu -----

    def _after_splash(self):
        if self.extra is not None and self.extra.offer():  # issue 5 hook: resume a saved game
            return
        self._open_setup()

    def _open_setup(self):
        self.game = None
        self.view.title = "Set up  Roll: start"
        self.view.status = ""
        self.view.cursor = 0
        self.view.top = 0
        self._go(v.SETUP)
        self._setup_rows()

    def _setup_rows(self):
        rows = self.setup.rows()
        self.rows = rows
        view = self.view
        view.rows = [(r[2], r[3]) for r in rows]
        view.cursor = min(view.cursor, len(rows) - 1)
        self._scroll_menu()
        view.mute = self.setup.mute
        view.keys_lit = ("roll",)
        self._changed()

    def _scroll_menu(self):
        view = self.view
        if view.cursor < view.top:
            view.top = view.cursor
        elif view.cursor >= view.top + 4:
            view.top = view.cursor - 3

    def _move(self, step):
        view = self.view
        view.cursor = (view.cursor + step) % len(view.rows)
        self._scroll_menu()
        self._changed()

    def _setup_key(self, action):
        view = self.view
        if action in (act.UP, act.DIE0):
            self._move(-1)
        elif action in (act.DOWN, act.DIE0 + 1):
            self._move(1)
        elif action == act.ROLL:
            self._start_game()
        elif action == act.MENU and self.extra is not None:  # issue 5 hook: statistics, dice check
            self.extra.open("more", back="setup")
        elif action in (act.SELECT, act.DIE0 + 2, act.DIE0 + 3):
            row = self.rows[view.cursor]
            if row[0] == R_START and action == act.SELECT:
                self._start_game()
                return
            if self.setup.change(row, -1 if action == act.DIE0 + 2 else 1):
                self._sound("click")
                self._setup_rows()

    # ----- starting a game and the roll-off -----

    def _start_game(self):
        setup = self.setup
        rules = setup.rules()
        n = setup.players
        self.seats = []
        for seat in range(n):
            level = setup.seats[seat]
            player = None
            if level != "human" and self.make_player is not None:
                player = self.make_player(level, rules, n, seat)
            self.seats.append(player)
        self.game = Game(rules, players=n, dice=self.dice, log_size=LOG_SIZE)
        self.hurry = False
        self.advisers = {}
        self.score_top = 0
        self.rolloff_tie = False
        self._open_rolloff()

    def _open_rolloff(self):
        game = self.game
        self.rolloff_faces = [0] * game.players
        view = self.view
        view.title = "Tie! Roll-off" if self.rolloff_tie else "Who goes first?"
        self._show_rolloff()
        view.status = "Press Roll"
        view.keys_lit = ("roll",)
        self._go(v.ROLLOFF)
        if self._rolloff_all_cpu():
            self._after(T_ROLLOFF_SHOW, CPU_THINK_MS)

    def _rolloff_all_cpu(self):
        for seat in self.game.rolloff_players:
            if self.seats[seat] is None:
                return False
        return True

    def _show_rolloff(self):
        game = self.game
        decided = game.phase != G_ROLLOFF and self.step == T_ROLLOFF_SHOW
        out = []
        for s in range(game.players):
            if s in game.rolloff_players:
                state = v.FREE
            elif decided and (s == game.current if game.phase == START else s in game.winners):
                state = v.SELECTED
            else:
                state = v.ASIDE
            out.append((self._label(s), self.rolloff_faces[s], state))
        self.view.rolloff = out

    def _rolloff(self):
        game = self.game
        if game.phase != G_ROLLOFF:
            return
        new = self._act(game.rolloff)
        for kind, seat, data, _ in new:
            if kind == "rolloff":
                self.rolloff_faces[seat] = data
        self.settle_faces = list(self.rolloff_faces)
        self._sound("roll")
        self.view.status = ""
        self.step = T_ROLLOFF
        self.due = ticks_add(self.now, TUMBLE_MS)
        self._tumble_frame()

    def _after_rolloff(self):
        game = self.game
        if self.settle_faces is None:  # every seat in the roll-off is a computer: roll now
            self._rolloff()
            return
        self.settle_faces = None
        if game.phase == G_ROLLOFF:  # a tie: those tied roll again
            self.rolloff_faces = [0] * game.players
            self._open_rolloff()
            self.view.status = "Tie! Roll again"
            return
        if game.phase == OVER:
            self._open_end()
            return
        self._begin_turn()

    # ----- play: the turn -----

    def _begin_turn(self):
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
        row = self.player // (2 if game.players <= 4 else 3)
        if not self.score_top <= row < self.score_top + 2:
            self.score_top = row if row < self.score_top else row - 1
        self._go(v.PLAY)
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
            for seat in self.game.rolloff_players:
                self.rolloff_faces[seat] = self._random_face(self.rolloff_faces[seat])
            self._show_rolloff()
        else:
            faces = self.view.faces
            for slot in self.tumbling:
                faces[slot] = self._random_face(faces[slot])
        self._changed()

    def _settle(self):
        if self.step == T_ROLLOFF:
            self.rolloff_faces = self.settle_faces
            self.settle_faces = list(self.rolloff_faces)
            self._after(T_ROLLOFF_SHOW, BANNER_MS)
            self._show_rolloff()
            self.view.status = self._rolloff_result()
            self._changed()
            return
        self.view.faces = self.settle_faces
        self.view.tumbling = False
        self.tumbling = ()
        self._changed()
        self.step = T_NONE
        self._next_banner()

    def _rolloff_result(self):
        game = self.game
        if game.phase == G_ROLLOFF:
            return "Tie! Roll again"
        if game.phase == OVER:
            return self._winner_text()
        return self._label(game.current) + " goes first!"

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
            self._open_end()
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
            cols = 2 if game.players <= 4 else 3
            rows = (game.players + cols - 1) // cols
            self.score_top = max(0, min(rows - 2, self.score_top + (1 if action == act.DOWN else -1)))
            self._refresh()
            return
        if action == act.SELECT:
            self._clear_message()
            self._refresh()
            return
        self._clear_message()
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
            self._say(game.why_not_keep([1]) or "roll the dice first")
        elif view.states[slot] == v.ASIDE:
            self._say("that die is set aside")
        elif view.states[slot] not in (v.FREE, v.SELECTED) or not view.faces[slot]:
            self._say("there is no die there")
        else:
            self.selected[slot] = not self.selected[slot]
            self._sound("click")
            faces = self._selection()
            if faces and not game.selection_points(faces):
                self._say(game.why_not_keep(faces) or "those dice do not score")

    def _selection(self):
        faces = self.view.faces
        return [faces[i] for i in range(v.NDICE) if self.selected[i]]

    def _keep_selection(self):
        """Set the selected dice aside; True if done, False (reason shown) if refused."""
        game = self.game
        faces = self._selection()
        reason = game.why_not_keep(faces)
        if reason:
            self._say(reason)
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
            self._say(reason)
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
                self._say(reason)
            else:
                self._piggyback()
            return
        if self._selection():
            if not self._keep_selection():
                return
        reason = game.why_not_bank()
        if reason:
            self._say(reason)
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
        self.selected = [False] * v.NDICE
        view = self.view
        for face in faces:
            for i in range(v.NDICE):
                if view.states[i] in (v.FREE, v.SELECTED) and view.faces[i] == face and not self.selected[i]:
                    self.selected[i] = True
                    break

    def _take_best(self):
        game = self.game
        reason = game.why_not_keep([1]) if game.phase not in (KEEP, CHOOSE) else None
        if reason:
            self._say(reason)
            return
        faces, points = game.best_keep()
        if not faces:
            self._say("nothing more in this roll scores")
            return
        self._select_faces(faces)
        self._sound("click")

    def _hint(self):
        game = self.game
        if self.hint_fn is None:
            self._say("no hints on this board")
            return
        if game.phase not in (START, KEEP, CHOOSE):
            return
        try:
            adviser = self.advisers.get(game.current)
            if adviser is None and self.make_player is not None:  # made once a game, a seat
                adviser = self.advisers[game.current] = self.make_player(
                    HINT_LEVEL, game.rules, game.players, game.current)
            hint = self.hint_fn(game, player=adviser) if adviser is not None else self.hint_fn(game)
        except Exception as error:  # a hint must never stop the game
            self._say("no hint: %s" % error)
            return
        keep = _get(hint, "keep")
        roll = _get(hint, "roll")
        dice = _get(hint, "dice")
        farkle = _get(hint, "farkle")
        parts = []
        if _get(hint, "piggyback"):
            parts.append("take over the %d dice (Bank)" % game.left_dice)
        if keep and game.phase in (KEEP, CHOOSE) and game.unkept():
            self._select_faces(keep)
            parts.append("keep " + " ".join([str(f) for f in keep]))
        if roll is not None:
            if not roll:
                parts.append("then bank" if parts else "bank")
            else:
                text = ("roll %d %s" % (dice, "die" if dice == 1 else "dice")) if dice else "roll"
                if farkle is not None:
                    text += ": %d%% farkle" % int(farkle * 100 + 0.5)
                parts.append(("then " + text) if parts else text)
        text = "Hint: " + (", ".join(parts) if parts else "nothing to do")
        win = _get(hint, "win")
        if win is not None:
            text += ". Win %d%%" % int(win * 100 + 0.5)
        self._say(text)

    # ----- play: a computer's turn -----

    def _cpu(self):
        game = self.game
        player = self.seats[self.player]
        step = self.cpu_step
        if step == C_START:
            self.cpu_step = C_ROLL
            if game.why_not_piggyback() is None and player.piggyback(game):
                self._piggyback()
                self._after(T_CPU, CPU_SHOW_MS)
                self._refresh()
                return
            step = C_ROLL
        if step == C_ROLL:
            self.cpu_step = C_PICK
            self._roll()  # a farkle ends the turn: then is N_TURN
            self._refresh()
        elif step == C_PICK:
            faces = list(player.choose_keep(game))
            if game.why_not_keep(faces):
                if game.phase == CHOOSE:  # no more from this roll: roll on or bank
                    self.cpu_step = C_DECIDE
                    self._cpu()
                    return
                faces = game.best_keep()[0]  # a player must never stall the game
            self.cpu_keep = faces
            self._select_faces(faces)
            self.view.status = "%s keeps %s" % (self._label(self.player), " ".join([str(f) for f in faces]))
            self.cpu_step = C_KEEP
            self._after(T_CPU, CPU_SHOW_MS)
            self._refresh()
        elif step == C_KEEP:
            self._select_faces(self.cpu_keep)
            if not self._keep_selection():  # never stall: the best keep always works
                self._clear_message()
                self._select_faces(game.best_keep()[0])
                self._keep_selection()
            # more from this roll? (the player may keep in several steps), else decide
            self.cpu_step = C_PICK if game.unkept() else C_DECIDE
            self._next_banner()  # HOT DICE!, then (then == N_CPU) the next step
        elif step == C_DECIDE:
            if (not player.roll_on(game) and game.why_not_bank() is None) or game.why_not_roll():
                self._queue_events(self._act(game.bank))
                self._next_banner()
                return
            self.cpu_step = C_PICK
            self._roll()
            self._refresh()

    # ----- pause menu -----

    def _pause(self):
        if self.step != T_NONE:
            self.paused_left = max(0, ticks_diff(self.due, self.now))
        self.paused_step = self.step
        self.paused_screen = self.view.screen
        self.paused_title = self.view.title
        self.paused_keys = self.view.keys_lit
        self.paused_status = self.view.status
        self.view.status = "Menu: back"
        self.step = T_NONE
        self.confirm = False
        self.view.title = "Menu"
        self.view.cursor = 0
        self.view.top = 0
        self._go(v.PAUSE)
        self._pause_rows()

    def _pause_rows(self):
        self.view.rows = [
            ("Resume", ""),
            ("Hint", ""),
            ("Take best", ""),
            ("Sound", "off" if self.setup.mute else "on"),
            ("New game", "sure?" if self.confirm else ""),
        ]
        if self.extra is not None:  # issue 5 hook: Statistics, Dice check
            self.view.rows += self.extra.menu_rows()
        self.view.mute = self.setup.mute
        self.view.keys_lit = ("menu",)
        self._scroll_menu()
        self._changed()

    def _resume(self):
        self.view.screen = self.paused_screen
        self.view.title = self.paused_title
        self.view.keys_lit = self.paused_keys
        self.view.status = self.paused_status
        self.step = self.paused_step
        if self.step != T_NONE:
            self.due = ticks_add(self.now, self.paused_left)
            self.frame_due = self.now
        self._changed()
        self._refresh()

    def _pause_key(self, action):
        view = self.view
        if action in (act.UP, act.DIE0):
            self._move(-1)
        elif action in (act.DOWN, act.DIE0 + 1):
            self._move(1)
        elif action in (act.MENU, act.BANK):
            self._resume()
        elif action in (act.SELECT, act.ROLL, act.DIE0 + 2, act.DIE0 + 3):
            name = view.rows[view.cursor][0]
            if name == "Sound":
                self._toggle_mute()
                self._sound("click")
            elif name == "New game":
                if self.confirm:
                    self._open_setup()
                else:
                    self.confirm = True
                    self._pause_rows()
            elif self.extra is not None and self.extra.owns(name):  # issue 5 hook
                self.extra.open(name)
            else:
                self._resume()
                if self.view.screen == v.PLAY and self.step == T_NONE and not self._cpu_turn():
                    if name == "Hint":
                        self._play_key(act.HINT)
                    elif name == "Take best":
                        self._play_key(act.BEST)

    # ----- end screen -----

    def _winner_text(self):
        winners = self.game.outcome() or []
        if len(winners) == 1:
            return self._label(winners[0]) + " wins!"
        return "Draw: " + " ".join([self._label(w) for w in winners])

    def _open_end(self):
        game = self.game
        order = list(range(game.players))
        order.sort(key=lambda s: (-game.scores[s], s))
        view = self.view
        view.title = self._winner_text()
        view.lines = ["%d. %s %6d" % (rank + 1, self._label(s), game.scores[s]) for rank, s in enumerate(order)]
        self.end_top = 0
        view.top = 0
        view.keys_lit = ("roll", "menu")
        self._sound("win")
        self._go(v.END)

    def _end_key(self, action):
        view = self.view
        if action == act.UP or action == act.DOWN:
            most = max(0, len(view.lines) - 3)
            view.top = max(0, min(most, view.top + (1 if action == act.DOWN else -1)))
            self._changed()
        elif action in (act.ROLL, act.SELECT):
            self._sound("click")
            self._start_game()
        elif action == act.MENU:
            self._sound("click")
            self._open_setup()

    # ----- messages and the play view -----

    def _say(self, text):
        """Show ``text`` (a refusal, a hint) under the dice for a while."""
        self.message_lines = v.wrap(text)
        self.message_at = 0
        self.message_until = ticks_add(self.now, MESSAGE_MS)
        self.next_page = ticks_add(self.now, MESSAGE_PAGE_MS)

    def _clear_message(self):
        self.message_lines = []

    def _refresh(self):
        """Rewrite the play view from the game and the UI state."""
        view = self.view
        game = self.game
        if game is None or view.screen != v.PLAY:
            return
        seat = self.player
        view.header = "%s %d" % (self._label(seat), game.scores[seat])
        right = "+%d" % self.total if self.total else ""
        if game.final_round():
            right = ("FINAL " + right) if right else "FINAL"
        view.header_right = right
        states = view.states
        for i in range(v.NDICE):
            if states[i] == v.SELECTED and not self.selected[i]:
                states[i] = v.FREE
            elif states[i] == v.FREE and self.selected[i]:
                states[i] = v.SELECTED
        view.status = self._status()
        view.message = self.message_lines[self.message_at:self.message_at + v.MESSAGE_LINES]
        cells = []
        cols = 2 if game.players <= 4 else 3  # two columns fit "P1 10000" cells
        view.cell_cols = cols
        first = self.score_top * cols
        for s in range(first, min(game.players, first + 2 * cols)):
            if cols == 2:
                text = "%s %d" % (self._label(s), game.scores[s])
            else:
                text = "%d:%d" % (s + 1, game.scores[s])
            cells.append((text, s == seat))
        view.cells = cells
        view.keys_lit = self._keys_lit()
        self._changed()

    def _status(self):
        game = self.game
        if self.view.tumbling:
            return ""
        if self._cpu_turn():
            if self.cpu_step == C_KEEP:
                return self.view.status  # "C2 keeps ..."
            return self._label(self.player) + " is playing"
        if self.then == N_TURN or game.current != self.player:
            return ""
        phase = game.phase
        if phase == START:
            if game.why_not_piggyback() is None:
                return "Roll or take %d" % game.left_points
            return "Roll the dice!"
        faces = self._selection()
        if faces:
            points = game.selection_points(faces)
            if points:
                return "Keep +%d = %d" % (points, game.turn_total + points)
            return "Not a scoring keep"
        if game.hot_dice():
            return "Roll %d or bank %d" % (game.in_hand, game.turn_total)
        if phase == KEEP:
            return "Pick scoring dice"
        return "Roll %d or bank %d" % (game.in_hand, game.turn_total)

    def _keys_lit(self):
        game = self.game
        if self._cpu_turn() or self.then == N_TURN:
            return ("menu",)
        lit = ["menu"]
        sel = self._selection()
        if game.why_not_roll() is None or (sel and game.selection_points(sel)):
            lit.append("roll")
        if game.why_not_bank() is None or game.why_not_piggyback() is None:
            lit.append("bank")
        if game.phase in (KEEP, CHOOSE) and game.unkept():
            lit.append("best")
        if self.hint_fn is not None:
            lit.append("hint")
        return tuple(lit)


def _get(hint, name):
    """A field of a hint, whether it is a dict or an object."""
    if isinstance(hint, dict):
        return hint.get(name)
    return getattr(hint, name, None)
