"""app.persist: the app's memory: saves, the resume offer, statistics, dice check.

``Keeper`` sits beside the controller and touches it only through small marked hooks
(``controller.extra``): it watches the game once a frame (``update()``, from ``App.step``),
counts the statistics from the engine's log, and saves game + settings + statistics
(``app.storage``) at every turn boundary and every settings change; nothing is written when
nothing changed. At power-on a saved unfinished game is offered instead of the set-up menu.
Its screens are menu screens: the resume offer, "More" (from the set-up menu's MENU key),
Statistics (with a reset) and Dice check (the faces drawn since power-on); ``app.panels``
draws them and answers their keys, loaded only while one is open.

It loads no engine code of its own: the saved game's (``farkle.savegame``) is loaded once a
game is played or offered, so the set-up menu runs without the engine in the heap. What
runs once at power-up is elsewhere and forgotten after: reading the save (``app.storage``),
the saved settings into the set-up (``app.setup.apply_settings``); resuming the offered
game is the offer panel's (``app.panels``).
"""

import sys

from farkle.dice import RandomDice
from farkle.stats import mark, since

from app import view as v
from app.modules import forget, load
from app.pace import P_OVER as OVER, P_ROLLOFF as ROLLOFF, P_START as START, T_ROLLOFF, T_TUMBLE
from hardware import nvm_store

# panels (None: none open)
OFFER = "offer"
MORE = "more"
STATS = "stats"
DICE = "dice"
MENU_ITEMS = (("Statistics", STATS), ("Dice check", DICE))
ASIDE = "aside"  # setting: the last run set the saved game aside after an error
AGAIN = "again"  # setting: the last run restarted for heap; its game is made again (app.storage)
# A save's buffer, made at power-up while the heap has room in one piece: the record (about
# 300 bytes: settings, statistics, game; a longer one grows it), and the erased bytes a
# compaction writes after it, so that the sector is rewritten once every few saves even when
# the heap, late in a game, has no hole that long. With 512 the run after a two-player record
# holds no second one: in the board check's games against the expert (128 KiB, 32 games) 60%
# of saves erase the sector. 768 halved that, but its timed games took other paths from play
# to play and ran more frames over 50 ms (docs/persistence.md), so it stays 512
SAVE_ROOM = 512
# the game's bytes (about 210 at most for eight players) and the statistics' (one entry a
# level), written at every turn boundary into buffers made once (``Keeper.capture``)
GAME_ROOM = 256
STATS_ROOM = 96
SETTINGS_ROOM = 160  # the settings' bytes (about 120), written at every save
# A save that rewrites the sector wants the heap's longest hole; with a collector that runs
# in quiet frames (``app.main.App``) it waits for one, at most this many tries
COLLECT_TRIES = 8


class Keeper:
    """Saves and panels for one controller. ``nvm``: the board's (None: nothing kept).

    ``dice``: the dice for every game this power-on (a ``RandomDice`` by default, whose
    ``counts`` the dice check shows).
    """

    def __init__(self, nvm, dice=None):
        # every save is put together here: made once, at power-up, while the heap still has
        # room in one piece (later in a game it may have none that big)
        self.out = bytearray(SAVE_ROOM)
        self.dice = dice if dice is not None else RandomDice()
        # After a restart for heap (``storage.restart_for_heap``): what this power-up makes
        # again, then, once the game is made, the turn it was made at (None once it moves on)
        self.again = None
        from app import storage  # power-up code, forgotten once read

        dropped = storage.opening(self, nvm)
        storage = None
        # read once a power-on (the journal, the saved game and its rules); the keeper
        # writes through the store
        forget(("app.storage", "hardware.nvm_load", "farkle.saveread", "farkle.statsread", "farkle.rules_check",
                "farkle.reachable"))
        if sys.implementation.name == "circuitpython":  # a PC keeps its code
            # the engine too: it read the saved game to check it, and a resume reads it
            # again after the players' code, as a new game loads it
            forget(("farkle.savegame", "farkle.game", "farkle.legal", "farkle.scorer"))
        self.controller = None
        self.starting = None  # a game being made while its job runs: storage.NEW or storage.SAVED
        self.panel = None
        self.back = None  # where a panel returns to: "pause" or "setup"
        self.rows = []  # (label, value, what) of the open panel
        self.confirm = False
        self.face_counts = [0] * 7  # faces seen in the log, when the dice keep no counts
        # what was saved / seen
        self.game = None
        self.marker = None
        self.kinds = ()
        self.boundary = None  # (game bytes or None, stats bytes) at the last turn boundary
        # what the boundary's bytes are written into, made once with the room a game and the
        # statistics take (a longer one grows them): a capture at every turn makes no garbage
        self.game_out = bytearray(GAME_ROOM)
        self.stats_out = bytearray(STATS_ROOM)
        self.settings_out = bytearray(SETTINGS_ROOM)
        self.where = None  # (turns, phase, roll-off size) of the game at that boundary
        self.capture_due = False  # a boundary came in a busy frame: captured at the next one's start
        self.settings_key = None
        self.view_version = -1
        self.saves = 0
        self.short = 0  # saves that had to wait for heap (captured or written a frame later)
        # A sector rewrite (the journal full) collects the garbage when the heap has no long
        # hole for it: on top of the save's own work, too much for one frame. Where the app
        # collects in its quiet frames (``collector``), the save asks for that (``collect_due``)
        # and waits for it, at most COLLECT_TRIES frames.
        self.collector = False
        self.collect_due = False
        self.collect_tries = 0  # saves tried since the collection was asked for (0: not asked)
        # a save is due (written once no dice are tumbling); at once when a refused game or the
        # set-aside notice is still in the flash, so neither comes back at the next power-on
        self.dirty = dropped

    # ----- wiring (hooks) -----

    def attach(self, controller):
        """Hook into ``controller`` and give it the saved settings and the dice."""
        self.controller = controller
        controller.extra = self
        if controller.dice is None:
            controller.dice = self.dice
        elif controller.dice is not self.dice:
            self.dice = controller.dice
        from app.setup import apply_settings  # set-up code: loaded for the set-up menu next

        apply_settings(controller.setup, self.saved_settings)
        apply_settings = None
        self.saved_settings = None  # the set-up holds them now (fault() asks it)
        controller.view.mute = controller.setup.mute
        self.settings_key = self._settings_key()
        return self

    def _settings(self):
        setup = self.controller.setup
        out = {"players": setup.players, "seats": ",".join(setup.seats), "preset": setup.preset,
               "mute": bool(setup.mute)}
        for field in setup.options:
            value = setup.options[field]
            if value is True or value is False or isinstance(value, (int, str)):
                out["o." + field] = value
        if self.game is not None:
            out["game_seats"] = ",".join(self.kinds)
        return out

    def _settings_key(self):
        setup = self.controller.setup
        options = sorted([(k, str(setup.options[k])) for k in setup.options])
        return (setup.players, tuple(setup.seats), setup.preset, tuple(options), bool(setup.mute))

    # ----- once a frame -----

    def update(self, busy=False):
        """Count new events, save at turn boundaries and settings changes. Cheap when idle.
        ``busy``: the frame has other work (a screen changed or is being drawn), so a save
        waits for a later frame."""
        c = self.controller
        if c.job is None:
            self.starting = None
        game = c.game
        if game is not self.game:
            self._new_game(game)
        if game is not None:
            log = game.log
            if log and log[-1] is not self.marker:
                new = since(game, self.marker)
                self.marker = log[-1]
                self.stats.record(new, self.kinds)
                counts = self.face_counts
                for kind, _, data, _ in new:  # for a dice source without counts (tests)
                    if kind == "roll":
                        for face in data:
                            counts[face] += 1
                    elif kind == "rolloff":
                        counts[data] += 1
            if self._boundary(game) is not None:
                if busy:  # the frame that ended the turn has its screen to draw
                    self.capture_due = True
                else:
                    self.capture()
        view = c.view
        # settings only change with the view, and while a game is played only by the mute
        # key: the settings' key (a few tuples) is not made on every frame the dice tumble
        if view.version != self.view_version and (view.screen != v.PLAY and view.screen != v.ROLLOFF
                                                  or bool(view.mute) != self.settings_key[-1]):
            self.view_version = view.version
            key = self._settings_key()
            if key != self.settings_key:
                self.settings_key = key
                self.dirty = True
        if self.dirty and not busy and c.step != T_TUMBLE and c.step != T_ROLLOFF and c.job is None:
            self._save()  # not while dice tumble: a sector rewrite stalls the loop ~50 ms

    def _boundary(self, game):
        """Where ``game`` stands if it is at a turn boundary not yet captured, else None
        (asked every frame: no tuple made unless the game is at a boundary)."""
        phase = game.phase
        if phase != START and phase != ROLLOFF and phase != OVER or game.piggybacked:
            return None
        where = self.where
        if (where is not None and where[0] == game.turns and where[1] == phase
                and where[2] == len(game.rolloff_players)):
            return None
        return (game.turns, phase, len(game.rolloff_players))

    def capture(self):
        """The game and the statistics as bytes at the boundary they stand at, for the next
        save. ``App.step`` calls it first thing in the frame after a busy one set
        ``capture_due``: before any press can move the game on, and not in the frame that
        draws the turn's end."""
        self.capture_due = False
        game = self.game
        if game is None or game is not self.controller.game:
            return
        where = self._boundary(game)
        if where is None:
            return
        from farkle.savegame import dump_into

        try:
            game_bytes = dump_into(game, self.game_out) if game.phase != OVER else None
            self.boundary = (game_bytes, self.stats.write_to(self.stats_out))
        except MemoryError:  # out of heap: tried again next frame; the last save stays
            self.short += 1
            import gc

            gc.collect()
        else:
            self.where = where
            self.dirty = True
            if self.again is not None and where[0] > self.again:
                self.again = None  # a game made again has moved on: it may restart again

    def _new_game(self, game):
        self.game = game
        self.marker = mark(game) if game is not None else None
        self.where = None
        if game is None:
            self.boundary = None
            self.dirty = True  # no game in progress any more (a new one is being set up)
            return
        c = self.controller
        # a game made while a saved game waits is that game resumed: the offer lets no
        # other game start before it is answered
        self.risky = self.saved_game is not None
        if self.risky:
            self.kinds = tuple(self.saved_seats)
        else:
            self.kinds = tuple(c.setup.levels())[:game.players]
        self.saved_game = None
        self.stats.chain = 0
        if self.again is not None:
            self.again = game.turns

    def fault(self, error=None):
        """Something raised (the app is about to restart). If the saved game was being offered
        or played, it may be why: save everything but that game, so the restart can never offer
        it again, and say so on the error screen. Never raises; True if it was set aside.

        Out of heap it is not the save's fault: the game is kept and offered after the
        restart. A game made again after a restart for heap (``storage.restart_for_heap``)
        that failed again is written without its mark, so it is not made a third time."""
        if self.again is not None:
            self.again = None
            self.collector = False  # written now: no waiting for a quiet frame's collection
            try:
                from app import storage

                if not storage.save_game_being_made(self, False):
                    self._write()  # no game to keep: the settings without the mark
            except Exception:
                pass
        if not self.risky or isinstance(error, MemoryError):
            return False
        self.risky = False
        if not self._set_aside(self._settings() if self.controller is not None else self.saved_settings or {}):
            return False
        try:
            from hardware import alive  # the error path itself is loaded only to show it

            alive.note("Saved game set aside")
        except Exception:
            pass
        return True

    def _set_aside(self, settings):
        """Write the settings and statistics without the saved game, marked as set aside.
        Never raises; True once written."""
        if self.store is None:
            return False
        try:
            values = dict(settings)
            values.pop("game_seats", None)
            values.pop(AGAIN, None)
            values[ASIDE] = True
            sections = {nvm_store.SETTINGS: nvm_store.pack_values(values),
                        nvm_store.STATS: self.stats.to_bytes()}
            self.store.save(nvm_store.pack_sections(sections))
        except Exception as error:  # the restart must still happen
            print("persist: could not set the save aside:", error)
            return False
        return True

    def _save(self):
        try:
            self._write()
        except MemoryError:  # the last save stays intact (the journal appends); try again
            import gc

            self.short += 1
            gc.collect()
            self.dirty = True

    def _write(self):
        self.dirty = False
        stats = self.stats
        if self.boundary is not None:
            game_bytes, stats_bytes = self.boundary
        else:
            game_bytes, stats_bytes = None, stats.write_to(self.stats_out)
        store = self.store
        if store is None:
            return
        length = self.pack(self._settings(), game_bytes, stats_bytes)
        if self.collector and not store.fits(nvm_store.HEADER + length):
            if not self.collect_tries or self.collect_due and self.collect_tries < COLLECT_TRIES:
                self.collect_due = True  # the app clears it when it has collected
                self.collect_tries += 1
                self.dirty = True
                return
        collected = self.collect_tries > 0 and not self.collect_due  # the app's collection came
        self.collect_due = False
        self.collect_tries = 0
        if store.save_framed(self.out, length, not collected):
            self.saves += 1
        elif store.status == nvm_store.FAILED:
            self._notice(store.notice())

    def pack(self, settings, game_bytes, stats_bytes):
        """A save's record into ``out`` (its payload's length): a save needs no new block."""
        sections = {nvm_store.SETTINGS: nvm_store.pack_values(settings, self.settings_out),
                    nvm_store.STATS: stats_bytes}
        if game_bytes is not None:
            sections[nvm_store.GAME] = game_bytes
        return nvm_store.pack_framed(sections, self.out, SAVE_ROOM)

    def _notice(self, text):
        c = self.controller
        if c is not None and c.view.screen == v.PLAY:
            c._say(text.replace("\n", " "))

    # ----- the resume offer (controller hook: after the splash) -----

    def offer(self):
        """Show the resume offer if a saved game waits; True if shown. After a restart for
        heap, the game that was being made is made again instead (``storage.make_again``)."""
        if self.again is not None:
            from app import storage

            made = storage.make_again(self)
            storage = None
            forget(("app.storage",))
            if made:
                return True
        if self.saved_game is None:  # (a game that is over is never kept)
            return False
        self.back = None
        self._open(OFFER)
        return True

    # ----- panels -----

    def menu_rows(self):
        """Rows the pause menu adds (controller hook)."""
        return [(label, "") for label, _ in MENU_ITEMS]

    def owns(self, label):
        for name, _ in MENU_ITEMS:
            if name == label:
                return True
        return False

    def open(self, label_or_panel, back="pause"):
        """Open a panel: from the pause menu (a row label) or the set-up menu ("more")."""
        panel = label_or_panel
        for name, what in MENU_ITEMS:
            if name == label_or_panel:
                panel = what
        self.back = back
        if "app.panels" in sys.modules:
            self._open(panel)
        else:  # its code in a frame, its rows and the screen in the next: a frame could not hold both
            self.controller._start_job(self._opening(panel))

    def _opening(self, panel):
        try:
            yield from load(("app.panels",))
        except MemoryError:
            # A game paused in a board's heap may leave no room for the panel's code: the
            # menu it was opened from stays, says so, and works as before (the game is
            # intact; after the game, or in the set-up, there is room)
            forget(("app.panels",))
            c = self.controller
            c.view.status = v.NO_ROOM
            c._changed()
            return
        self._open(panel)

    def _open(self, panel):
        c = self.controller
        self.panel = panel
        self.confirm = False
        view = c.view
        view.cursor = 0
        view.top = 0
        view.screen = v.PAUSE
        self._rows()

    def _rows(self):
        from app import panels  # loaded while a panel is open, forgotten when it closes

        panels.show(self)

    def dice_counts(self):
        counts = getattr(self.dice, "counts", None)
        if counts is None or len(counts) != 7:
            return list(self.face_counts)
        return list(counts)

    def key(self, action):
        """A key while a panel is open (controller hook)."""
        from app import panels

        panels.key(self, action)
        if self.panel is None:
            forget(("app.panels",))

