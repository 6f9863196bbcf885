"""app.computer: a computer player's turn as timed steps (part of the controller).

``Computer`` is mixed into ``app.controller.Controller``. Each step (take over the dice, roll,
show the keep, set it aside, roll on or bank) is one call when the clock says it is due, so a
turn plays at a pace people can follow and no frame waits for it. A player that answers
something illegal gets the best keep instead: a computer never stalls the game.
"""

import gc
import sys

from app import view as v
from app.modules import forget, load, make_room
from app.pace import (C_DECIDE, C_KEEP, C_PICK, C_ROLL, C_START, CPU_SHOW_MS, HINT_LEVEL, HINT_WORK_MS,
                      P_CHOOSE as CHOOSE, T_CPU, WORK_MS, ticks_diff)


def reserve(player):
    """``player.reserve()``, optional in the decision interface as ``prepare`` is; out of
    heap, its first turn takes the heap instead. False where it found no room."""
    take = getattr(player, "reserve", None)
    if take is None:
        return True
    try:
        return take() is not False
    except MemoryError:
        gc.collect()
        return False


def before_player(level, rules, players):
    """The steps of a job before a player of ``level`` is made (its play code loaded), a
    frame each: the code that opens its files, a module a frame, the file opened a step a
    frame (``ahead``), the file's last step, then the collector where the heap is short (the
    allocator had collected inside the frame that made the player)."""
    from farkle.players import opening_code

    yield from load(opening_code(level))
    yield from ahead(level, rules, players)
    yield
    yield from make_room()


def ahead(level, rules, players):
    """What making a player of ``level`` can do beforehand, a step a frame of a job (the
    expert's file opened), so no frame does it whole: a generator. Out of heap it stops;
    making the player then meets the same and gives way (``farkle.players.make_player``)."""
    try:
        from farkle.players import ahead as steps
    except ImportError:  # a board without computer players
        return
    try:
        yield from steps(level, rules, players)
    except MemoryError:
        gc.collect()


class Computer:
    """The computer's turn of the controller."""

    def _work_ahead(self, began):
        """Once a frame: the player on turn (a computer, or the adviser of a hint that waits)
        works out what comes until WORK_MS (HINT_WORK_MS while a hint waits: the player
        waits for nothing else) after the frame ``began`` (the work clock's reading: what the
        frame did before counts, so a slice never rides on top of it), then the hint's farkle
        odds are counted. A decision that needs that work waits for it frame by frame
        instead of stalling one (the expert's turn takes seconds on a board)."""
        game = self.game
        screen = self.view.screen
        if game is None or screen != v.PLAY:
            self.hint_wait = None
            if game is not None and screen == v.ROLLOFF and self.hint_fn is not None:
                # while the roll-off shows, the hint's odds: a first hint need not count them
                # (counting makes no garbage, and what it keeps is a few small tables)
                self.work_start = began
                self.work_budget = WORK_MS
                self._odds_ready(self.work_stop)
            elif screen != v.PAUSE:
                self.odds_game = None  # keeps no game alive once play is over
            return
        waiting = self.hint_wait
        if waiting is not None and (waiting[0] != game.current or waiting[1] != game.turns):
            waiting = self.hint_wait = None  # the turn moved on: that hint is stale
        player = self.seats[game.current] if waiting is None else None
        if player is None:  # a human: the adviser that gave hints works ahead for the next one
            player = self.advisers.get(game.current)
        self.work_start = began
        self.work_budget = WORK_MS if waiting is None else HINT_WORK_MS
        stop = self.work_stop
        if player is not None and not self._ready(player, stop):
            return
        if self.hint_fn is not None and not self._odds_ready(stop):
            return
        if waiting is not None and self.settled():  # the advice: a job of its own
            if len(waiting) == 2:
                # its work ended in this frame's slice: the advice and its redraw on top of
                # it would make a frame over 50 ms on a board, so they come in the next
                self.hint_wait = waiting + (True,)
                return
            self.hint_wait = None
            self._hint(wait=False)  # the advice replaces "thinking..." from the next frames (or says it ran out of heap)
            self._refresh()

    def _work_done(self):
        """True once this frame's share of working ahead is spent."""
        return ticks_diff(self.work_clock(), self.work_start) >= self.work_budget

    def _ready(self, player, stop=None):
        prepare = getattr(player, "prepare", None)  # optional in the decision interface
        try:
            return prepare is None or prepare(self.game, stop)
        except MemoryError:
            if self._demote(player) or player not in self.seats:  # a hint's adviser: let go
                return True
            # a seat with nothing lighter that fits: going on would start the same work
            # again each frame and never end the turn, so the error goes on (error screen,
            # restart, the save set aside)
            raise
        except Exception:  # working ahead must never stop the game: decide without it
            return True

    def _odds_ready(self, stop):
        """The hint's farkle odds for every number of dice, counted ahead while ``stop()``
        is false (six dice take a board about 170 ms); once a game, then cached."""
        game = self.game
        if self.odds_game is game:
            return True  # counted: nothing more to look up (this runs every frame)
        try:
            from farkle.players.base import count_farkles
        except ImportError:
            return True
        for n in range(1, game.rules.dice + 1):
            if not count_farkles(game.scorer, n, stop):
                return False
        self.odds_game = game
        return True

    def _let_advisers_go(self):
        """A new turn: the advisers of the last one's hints go, and on a board the code of
        the levels only they used (the expert's, or hard's where the expert did not fit)
        goes with them, whichever way they went (a hint out of heap drops its adviser at
        once). An expert adviser holds its table and a turn (about 10 KB) and its code
        (8 KB): kept, the rest of the game would run without that heap. A later hint makes
        its adviser again (within the 2 s a first hint takes). The code that finds and opens
        the players' files goes too: the players are made. Where no hint was asked since
        the last turn there is nothing to let go, and the work is not done (a turn's first
        frame is a busy one)."""
        advised = self.advisers or "app.advice" in sys.modules  # (a hint out of heap: the latter)
        self.advisers = {}
        if sys.implementation.name != "circuitpython" or not advised:  # a PC keeps its code
            return
        unused = ["app.advice"]  # kept by a hint that waited
        game = self.game
        if self.make_player is not None and game is not None:
            from farkle.players import LEVELS, opening_code, play_code

            unused.extend(opening_code())
            rules, n = game.rules, game.players
            playing = [getattr(player, "level", None) for player in self.seats]
            if self.meter is not None:  # the meter's expert plays on
                playing.append("expert")
            kept = []
            for level in playing:
                if level in LEVELS:  # (a player of the tests' may have a level of its own)
                    kept.extend(play_code(level, rules, n))
            for level in (HINT_LEVEL, "hard"):  # an adviser's levels (hard: the expert's fallback)
                for name in play_code(level, rules, n):
                    if name not in kept and name not in unused:
                        unused.append(name)
        forget(unused)

    def _let_players_go(self):
        """Out of heap, the tower restarts (``app.main.App.run``): the players, their tables
        and on a board their code go first, so that the code that restarts finds room. The
        save it writes needs none of them."""
        self.seats = []
        self.meter = None
        self.advisers = {}
        if sys.implementation.name == "circuitpython":  # a PC keeps its code
            forget([name for name in sys.modules if name.startswith("farkle.players.")])

    def _player_made(self, player):
        """A player is made (a game's start): on a board the code that opened its files
        goes before the next player's, and the roll-off screen's, heap is found; then the
        player takes the heap its turns need, from the heap that code left (an expert's,
        from the heap kept for them since power-up)."""
        if getattr(player, "level", None) == "expert":
            self.rows_room = None  # the heap kept for its rows (``app.powerup.controller``)
        if sys.implementation.name == "circuitpython":  # a PC keeps its code
            from farkle.players import opening_code

            forget(opening_code())
            gc.collect()
        reserve(player)

    def _demote(self, player):
        """Out of heap: an expert (the one level that needs much) gives way to hard, which
        says so on its next turn. Returns False when there is nothing lighter to give way
        to; the caller then lets the MemoryError go on (error screen, restart, resume)."""
        self.advisers = {}
        if getattr(player, "level", None) != "expert" or self.make_player is None:
            gc.collect()
            return False
        table = getattr(player, "table", None)
        if table is not None:  # its turns (about 8 KB) first, for hard to find room
            table.let_turns_go()
        gc.collect()
        game = self.game
        done = False
        for seat in range(len(self.seats)):
            if self.seats[seat] is player:
                try:
                    hard = self.make_player("hard", game.rules, game.players, seat)
                except MemoryError:
                    return False
                hard.demoted = "expert"
                self.seats[seat] = hard
                done = True
        return done

    def _cpu(self):
        """One step of a computer's turn; an expert that runs out of heap gives way to hard,
        which does the step next frame."""
        player = self.seats[self.player]
        try:
            self._cpu_step()
        except MemoryError:
            if not self._demote(player):
                raise
            self._after(T_CPU, 0)

    def _cpu_step(self):
        game = self.game
        player = self.seats[self.player]
        step = self.cpu_step
        if getattr(player, "demoted", None):
            self._say("Not enough memory for %s: %s plays %s" % (
                player.demoted, self._label(self.player), player.level))
            player.demoted = None
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
        elif step in (C_PICK, C_DECIDE) and not self._ready(player, lambda: True):
            self._after(T_CPU, 0)  # still working it out (see _work_ahead): ask next frame
            self.cpu_step = step
        elif step == C_PICK:
            faces = list(player.choose_keep(game))
            if game.why_not_keep(faces):
                if game.phase == CHOOSE:  # no more from this roll: roll on or bank
                    self.cpu_step = C_DECIDE
                    self._cpu_step()
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
