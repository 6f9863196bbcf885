"""app.powerup: what the app sets up once, at power-up.

The controller's every attribute and the app's are set here rather than in their classes'
``__init__``: code that runs once need not stay in the heap for the rest of the day. A board
forgets this module once the app is made (``App.__init__``).
"""

import sys

from app import view as v
from app.choices import Setup
from app.pace import C_START, MESSAGE_PAGE_MS, N_HUMAN, SPLASH_MS, T_NONE, T_SPLASH, ticks_add

# the expert's seven rows (the bank's and one per number of dice) of a classic game's first
# turn: 192 values of 4 bytes and a list's 16 each
ROWS_ROOM = 7 * 784


def controller(c, clock, make_player, hint, dice, setup, seed, notices):
    """``app.controller.Controller``'s state on ``clock`` (its arguments' meaning there)."""
    c.clock = clock
    c.work_clock = clock  # what a frame's share of working ahead is timed on
    c.work_start = c.work_budget = 0
    c.work_stop = c._work_done  # made once: a closure or bound method a frame is garbage
    c.odds_game = None  # the game whose odds were counted (app.computer)
    # Every attribute is set here, at power-up: one set later grows the instance's table
    # of names in one piece, a block a game's broken-up heap may not have. There are 59,
    # the table's size: a 60th grows it to 73 entries, and the three-seat expert game
    # then failed half its games at 128 KiB (docs/board-check.md, "Keys nobody planned").
    c.head_start = 0  # a fair start's head start for the second player (app.rolloff)
    c.now = clock()
    c.make_player = make_player
    # On a board, heap for the expert's turn rows, kept in one piece from power-up and let
    # go just before they are made (``Computer._player_made``) or as a game without an
    # expert starts (``app.gamestart.seats``): by a game's start the heap is broken up
    # into holes smaller than a row, though there is room enough in all.
    c.rows_room = bytearray(ROWS_ROOM) if make_player is not None and sys.implementation.name == "circuitpython" else None
    c.hint_fn = hint
    c.dice = dice
    c.setup = setup if setup is not None else Setup()
    c.view = v.View()
    c.view.mute = c.setup.mute
    c.queue = []  # actions not yet handled
    c.sounds = []  # sound names for the main loop to play
    c.game = None
    c.seats = []  # per seat: None for a human, else a computer player
    # tumbling faces only, never the game's dice: a generator in small ints (the ZX81's,
    # period 65,536), since a board's long ints would be garbage on every tumbling frame
    c.rand = seed % 65537
    c.step = T_NONE
    c.due = 0
    c.frame_due = 0
    c.then = N_HUMAN
    c.banners = []  # (text, ms) still to show
    c.cpu_step = C_START
    c.cpu_keep = []
    c.hurry = False
    c.paused_left = 0  # ms that were left on the clock when the menu opened
    c.confirm = False  # "New game" pressed once
    c.settle_faces = None  # the faces the tumbling dice will show
    c.selected = [False] * v.NDICE
    c.player = 0  # the seat shown as playing (the engine may have moved on)
    c.total = 0  # the turn total shown
    c.score_top = 0  # first row of the score strip
    c.strip_due = 0
    c.levels = []  # per seat: "human" or the level the computer really plays
    c.message_until = 0
    c.message_stays = False  # advice stays until the next action
    c.message_lines = []
    c.said = 0  # messages shown and refusals among them: how tests tell a
    c.refusals = 0  # refused press from one that did something
    c.message_at = 0  # first line shown (long messages scroll)
    c.next_page = 0
    c.end_top = 0
    c.rolloff_tie = False
    c.rolloff_faces = []
    c.rows = []  # the set-up menu's rows (app.setup)
    c.tumbling = ()  # slots whose dice are tumbling
    c.paused = (T_NONE, v.PLAY, "", (), "")  # what the pause menu covers (app.pausemenu)
    c.paused_keys = ()  # the keys lit under the pause menu: its rows offer those
    c.advisers = {}  # seat -> the computer player that gives that seat hints
    c.meter = None  # app.meter.Meter (a set-up option)
    # (seat, turn) of a hint whose adviser is still working it out; (seat, turn, True)
    # once that work is done, for the advice to show in the next frame
    c.hint_wait = None
    c.extra = None  # persist hook: app.persist.Keeper (resume offer, stats, dice check)
    c.board_keys = ("hint", "best")  # the board's keys (App sets them): the menu names missing ones
    c.setup_modules = None  # the modules loaded when the set-up menu first opened
    c.job = None  # a generator doing work too long for one frame, a step a frame
    c.resting = False  # set by the main loop for a frame the collector needs or that owes a
    # drawing: no work ahead (and where the display is owed, no job's step)
    c._go(v.SPLASH)
    c.step, c.due = T_SPLASH, ticks_add(c.now, SPLASH_MS)
    c.view.lines = ["the dice tower", "press any key"]
    c.notice_lines = []
    if notices:  # settings or parts that were wrong: shown until a key is pressed
        for notice in notices:
            c.notice_lines.extend(v.wrap(notice))
        c.view.lines = c.notice_lines[:2]
        c.next_page = ticks_add(c.now, MESSAGE_PAGE_MS)
        c.step = T_NONE


def app(a, board, make_player, hint, dice, setup, players, notices):
    """``app.main.App``'s state on ``board`` (its arguments' meaning there)."""
    # read with app.main (here, not at the top: a controller made without an app needs none)
    from app.main import MEM_FREE, Controller, Input, Keeper, Leds, Screens

    if players and make_player is None:
        make_player, hint = computer_players()
    if setup is None:
        # read through the set-up menu's module: the menu after the splash needs it anyway,
        # and here it is read at power-up, not in a frame of the menu's
        from app.setup import Setup

        setup = Setup()
        if board.sound is not None:
            setup.mute = bool(board.sound.mute)  # FARKLE_MUTED in settings.toml
    a.board = board
    a.input = Input(board)
    # persist hook: saves, resume offer, statistics, dice check (app.persist)
    a.keeper = Keeper(getattr(board, "nvm", None), dice)
    a.keeper.collector = MEM_FREE is not None  # its sector rewrites wait for _collect
    notices = list(notices) + a.keeper.notices
    a.controller = Controller(board.ticks_ms, make_player=make_player, hint=hint, dice=a.keeper.dice,
                              setup=setup, notices=notices)
    a.keeper.attach(a.controller)
    a.controller.board_keys = board.key_names
    a.view = a.controller.view
    a.screens = Screens(board.display)
    a.leds = Leds(board)
    a.frames = 0
    a.collected = 0  # the frame of the last collection in a quiet frame
    a.gc_due = False  # the free room is short: the next quiet frame collects
    # the free room the last collection left (read as it ends; one the allocator or a job
    # ran, as the next asking finds it; at power-up more than any heap, so that a first
    # shortage collects)
    a.free_after = 0x1FFFFFFF
    a.redraws = 0  # frames in a row whose drawing ran out of heap
    # drawing left to the next frame (DRAW_BY_MS), and what it took the last time it drew
    a.draw_due = False
    a.lights_late = 0  # frames in a row the lights were left to the next (LIGHTS_LATE at most)
    a.draw_ms = 0
    a.lights_ms = 0


def computer_players():
    """``(make_player, hint)`` from ``farkle.players``; None for both on a board without it.
    The hints come with the players (``farkle.players.hint``), and are not imported to see:
    that would load the engine at power-up, long before a game needs it."""
    try:
        from farkle.players import make_player
    except ImportError:
        return None, None
    from app.main import hint

    return make_player, hint
