"""app.storage: the game in progress, the settings and the statistics, in the board's NVM.

One save holds all three (so they always agree) as one ``hardware.nvm_store`` record; see
docs/persistence.md for the format, the power-cut guarantees and the wear budget.

    storage = Storage(board.nvm)
    storage.load(dice)          # at power-on: .game (or None), .settings, .stats, .notices
    ...
    storage.save(game, settings, stats)   # after every turn and every settings change

``save`` skips the write when nothing changed since the last one, and keeps no game that is
over (a finished game is never offered for resuming). Nothing read back is trusted: a save
that does not parse or that the engine could not have reached is dropped with a notice.
The saved game's code (``farkle.savegame``, and the engine it imports) is loaded only when
there is a game to read or write.
"""

import sys

from farkle.stats import Stats

from app.modules import forget
from app.persist import AGAIN
from hardware.nvm_store import GAME, SETTINGS, STATS, Store, pack_sections, pack_values, \
    unpack_sections, unpack_values


class Storage:
    """Loads once, then saves; works without an NVM (``nvm`` None: nothing is kept)."""

    def __init__(self, nvm):
        self.store = Store(nvm) if nvm is not None else None
        self.game = None
        self.game_bytes = None  # the save's bytes of ``game``
        self.settings = {}
        self.stats = Stats()
        self.notices = []  # short texts for the display, oldest first
        self.saves = 0  # writes this session (skipped ones not counted)
        self.dropped = False  # a saved game was refused: the next save leaves it out for good

    def load(self, dice=None):
        """Read the newest save; never raises. ``dice`` becomes the resumed game's dice."""
        self.game, self.settings, self.stats, self.notices = None, {}, Stats(), []
        self.game_bytes = None
        self.dropped = False
        if self.store is None:
            return self
        payload = self.store.load()
        notice = self.store.notice()
        if notice:
            self.notices.append(notice)
        if payload is None:
            return self
        try:
            sections = unpack_sections(payload)
        except ValueError:
            self.notices.append("The save did not parse:\nit was ignored.")
            return self
        body = sections.get(STATS)
        if body is not None:
            try:
                self.stats = Stats.from_bytes(body)
            except ValueError:  # includes UnicodeError
                self.notices.append("Statistics were damaged:\nthey start again.")
        body = sections.get(SETTINGS)
        if body is not None:
            try:
                self.settings = unpack_values(body)
            except ValueError:
                self.notices.append("Saved settings were\ndamaged: defaults used.")
        body = sections.get(GAME)
        if body is not None:
            from farkle.savegame import SaveError, loads

            try:
                game = loads(body, dice=dice)
            except (SaveError, ValueError, IndexError) as error:
                self.notices.append("The saved game was not\nvalid: it was dropped.")
                self.dropped = True
                print("storage:", error)
            else:
                if not game.is_over():
                    self.game, self.game_bytes = game, body
            # checked once a power-on: about 5 KB of the board's heap through the whole game
            forget(("farkle.reachable",))
        return self

    def payload(self, game, settings, stats):
        """The bytes a save of this state writes."""
        sections = {SETTINGS: pack_values(settings or {}), STATS: stats.to_bytes()}
        if game is not None and not game.is_over():
            from farkle.savegame import dumps

            sections[GAME] = dumps(game)
        return pack_sections(sections)

    def save(self, game, settings, stats):
        """Save this state unless it equals the last save. Returns True when written."""
        if self.store is None:
            return False
        written = self.store.save(self.payload(game, settings, stats))
        if written:
            self.saves += 1
        elif self.store.notice():
            # a failed write (worn flash): say so once, keep playing
            text = self.store.notice()
            if text not in self.notices:
                self.notices.append(text)
        return written

    def status(self):
        """What the store found or did last (``hardware.nvm_store`` status), or None."""
        return self.store.status if self.store is not None else None

    def erase(self):
        """Forget everything stored (game, settings and statistics)."""
        if self.store is not None:
            self.store.erase()
        self.game, self.settings, self.stats = None, {}, Stats()


ASIDE_NOTICE = "The saved game raised\nan error: set aside."
HUNG_NOTICE = "Saved game set aside\nafter the hang."


def opening(keeper, nvm):
    """What an ``app.persist.Keeper`` starts a power-on with: the store, the saved settings,
    statistics and game (read and checked here), the notices to show. Power-up code: it is
    forgotten with this module once read. Returns True when a save is due at once (a refused
    game or the set-aside mark is still in the flash)."""
    from app.choices import parse_levels
    from app.pace import P_ROLLOFF as ROLLOFF
    from app.persist import ASIDE

    storage = Storage(nvm).load(keeper.dice)
    keeper.store = storage.store  # hardware.nvm_store.Store, None without an NVM
    settings = keeper.saved_settings = storage.settings  # given to the set-up by attach()
    keeper.stats = storage.stats
    notices = keeper.notices = list(storage.notices)
    again = settings.get(AGAIN)
    why = None
    try:
        from hardware.alive import NOTICES, restart_reason

        why = restart_reason()
        reason = NOTICES.get(why)
        if reason and not (again and why == "error"):  # a restart for heap: nothing went wrong
            notices.append(reason)
    except Exception:  # a notice is a nicety
        pass
    game = storage.game
    seats = keeper.saved_seats = parse_levels(settings.get("game_seats", ""))
    dropped = storage.dropped
    if game is not None and len(seats) != game.players:
        game = None  # settings and game disagree: not trusted
        notices.append("The saved game was not\nvalid: it was dropped.")
        dropped = True
    if settings.get(ASIDE):
        notices.append(ASIDE_NOTICE)
    if again and why != "watchdog":
        # the last run restarted itself for heap (``restart_for_heap``): the game it was
        # making is made again at once; the next save is written without the mark
        keeper.again = again
    elif again:
        dropped = True  # a retry that hung: the mark goes with the next save
    # while the saved game is offered or played, an error sets it aside (Keeper.fault)
    keeper.risky = game is not None
    if why == "watchdog" and game is not None and keeper._set_aside(settings):
        # a hang leaves no exception to catch: the saved game may be what hung, so it is
        # set aside as after an error instead of being offered into the same hang again
        game = None
        keeper.risky = False
        notices.append(HUNG_NOTICE)
        dropped = True  # the next save clears the set-aside mark
    # the offer shows the saved game from a summary, and a resume reads it again from its
    # bytes once the engine and the players are loaded as for a new game: the heap the
    # power-up's modules leave in holes never lies under the game
    keeper.saved_game = storage.game_bytes if game is not None else None
    keeper.saved_view = (game.turns, list(game.scores), game.current if game.phase != ROLLOFF else -1) \
        if game is not None else None
    return dropped or bool(settings.get(ASIDE))


# ----- a restart for heap -----
#
# After an hour of menus and games a board's heap is broken into holes, each too small for
# what a game's start asks, though together they are plenty; a restart gives it back in one
# piece. So where ``App.run`` meets a ``MemoryError`` while a game is being made (a new one,
# or the saved one resumed) or played, or an expert finds no room for its tables at a
# game's start (``app.gamestart``), ``restart_for_heap`` saves with a mark
# (``app.persist.AGAIN``) and restarts the tower at once, with no error screen; the next
# power-up makes that game again (``make_again``), without the set-up menu or the resume
# offer between. A game that was being played goes on from its last turn's end, as after a
# power cut. A game made again that runs out before it has moved on a turn is not made a
# third time: it goes to the error screen (``Keeper.fault`` writes the save without the
# mark), so the tower can never restart for ever. It lives here, in code every power-up
# loads anyway, because a module of its own would add its names to the board's pool of
# names for good.

NEW = "new"  # a new game, from the set-up's settings (``Keeper.starting`` names these too)
SAVED = "resume"  # the saved game, from its bytes


def save_game_being_made(keeper, mark=True):
    """The save of the game being made or played, marked (``mark``) for the next power-up to
    make it again: True once written. A resume's game as it was saved, a new game's
    settings, a game played as it stood at its last turn's end; False where there is no such
    game or the save fails."""
    c = keeper.controller
    if keeper.store is None or c is None:
        return False
    again = keeper.starting
    settings = keeper._settings()
    game_bytes = stats_bytes = None
    if again == SAVED and keeper.saved_game is not None:  # a resume: the game as it was saved
        game_bytes = keeper.saved_game
        settings["game_seats"] = ",".join(keeper.saved_seats)
    elif again == NEW:
        settings.pop("game_seats", None)
    else:  # a game being played: as it stood at its last turn's end, unless it is over
        boundary = keeper.boundary
        if keeper.game is None or keeper.game is not c.game or boundary is None or boundary[0] is None:
            return False
        again = SAVED
        game_bytes, stats_bytes = boundary
    if mark:
        settings[AGAIN] = again
    try:
        if stats_bytes is None:
            stats_bytes = keeper.stats.write_to(keeper.stats_out)
        length = keeper.pack(settings, game_bytes, stats_bytes)
        return keeper.store.save_framed(keeper.out, length, False)  # the caller has collected
    except Exception:  # no heap even for this: the error screen, as before
        return False


def make_again(keeper):
    """At power-up, after a restart for heap: the game the last run was making, made
    again (True), or False where there is nothing to make (the saved game gone)."""
    again = keeper.again
    c = keeper.controller
    if again == NEW:
        # what a later set-up menu keeps: the power-up's modules, not this game's (as a
        # resumed game's start sets it, ``app.gamestart.resume``)
        c.setup_modules = tuple([name for name in sys.modules if name != "app.storage"])
        c._start_game()
        return True
    if again == SAVED and keeper.saved_game is not None:
        from app import panels

        panels.resume(keeper)
        panels = None
        forget(("app.panels",))
        return True
    keeper.again = None
    return False


def restart_for_heap(keeper):
    """The save marked (``save_game_being_made``) and the tower restarted; returns only where
    it cannot, or where this power-up's own game made again has not moved on."""
    if keeper is not None and keeper.again is None and save_game_being_made(keeper):
        from hardware.faults import restart as again, stop

        stop()  # the watchdog: the restarted code.py arms it again
        again()
