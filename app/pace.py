"""app.pace: the controller's clock: how long things take, what is running, tick arithmetic.

Shared by ``app.controller`` and its parts (``app.computer``, ``app.playview``, the menu
screens). Times are milliseconds on a clock that wraps at 2**29, as ``adafruit_ticks.ticks_ms``.
"""

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
STRIP_PAGE_MS = 2500  # the score strip's next row, with more than four players
HURRY = 8
# engine log entries kept: a roll-off of eight seats logs nine in one action, the most any
# action logs (tests/test_game.py), and a frame may run a keep and a roll
LOG_SIZE = 12
# presses are handled while a frame's work is under PRESS_MS (at least one a frame); the rest
# wait in the queue for the next frame: a die press on six dice is ~10 ms and 2 to 3 KB of
# garbage on a board, so six at once would be a slow frame and a collection
PRESS_MS = 15
# A frame that starts with presses left waiting asks for the free room (about 3 ms on a
# board); under PRESS_ROOM it collects instead of handling them (app.main). In the tower's
# heap a collection leaves about 15 KB: six dice pressed together had the allocator collect
# in the frame of the fifth or sixth (4 KB still left it to collect now and then, where the
# room was broken up in small holes).
PRESS_ROOM = 8192
WORK_MS = 8  # a frame's share of a computer's working ahead (the expert's turn takes seconds on a board)
# the share while a hint is being worked out (the player waits for nothing else): with the
# frame's own work, and a collection where the heap runs out in it (about 15 ms on a board),
# the frame stays under 50 ms, where 35 left no room for the collection
HINT_WORK_MS = 25
# The garbage is collected in quiet frames (nothing new to draw): the collector (about 10 ms
# on a board) then seldom has to run in a busy frame, where it would stall the lights. A
# quiet frame whose work took under SPARE_MS asks for the heap's free room every GC_EVERY
# frames; below GC_ROOM, the quiet frames after it work nothing ahead, and the first whose
# own work took under COLLECT_MS collects (at most once every GC_EVERY frames).
# The room: a run of busy frames (a roll's tumble, then a seat's dice pressed) makes 10 KB
# of garbage or more. Asking walks the heap's table (about 3 ms on a board), so a frame of
# a hint's slice of work may ask too. A collection takes up to about 15 ms in a game's heap
# and the room it leaves is read after it (3 ms), so a frame of up to 14 ms of work may
# collect: with 20, such frames came to 43 ms; the tower's quiet frames often take 10 ms,
# and a bound of 8 ms left its heap to run out in a busy frame.
# A collection is asked for only once the garbage made since the last one (the free room
# it left, less the room now) is GC_GAIN or more: where the live objects themselves leave
# less than GC_ROOM free (a long game against the expert), the room stays short after every
# collection, and collecting again each GC_EVERY frames gave back nothing, at a collection's
# cost each time. Where a collection leaves less than twice GC_GAIN free, half of what it
# left is enough: waiting for GC_GAIN there let the allocator run out in a busy frame.
GC_ROOM = 16384
GC_GAIN = 8192
GC_EVERY = 4
SPARE_MS = 40
COLLECT_MS = 14
# A frame whose own work so far plus what drawing the display (or the lights) last took
# would pass DRAW_BY_MS leaves that drawing to the next frame, never two in a row: the
# screen or the lights a frame late, where drawing on top of a computer's step or a new
# roll would make one frame of 60 to 80 ms on a board. The lights may wait LIGHTS_LATE
# frames in a row: where a frame left both to the next, drawing both there made it 50 ms
# or more (the tower's 42 lights), so the display comes first and the lights a frame later.
# What a drawing last took says little of the next (a banner's new text took 20 to 35 ms
# after drawings of 5 to 10): 30 ms leaves room for that error under 50. A frame that owes
# the last one's drawing works nothing ahead (app.main).
DRAW_BY_MS = 30
LIGHTS_LATE = 2
HINT_LEVEL = "expert"  # hints come from the best player (it falls back to hard where unsolved)

# the engine's phases, farkle.game's numbers (``tests/test_app_phases.py`` checks they are the
# same): named here so that the app's code can be loaded before any game, and so before
# farkle.game, which the set-up menu never needs
P_ROLLOFF = 0
P_START = 1
P_KEEP = 2
P_CHOOSE = 3
P_OVER = 4

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


try:  # the board's library (lib/requirements.txt); the same arithmetic without it
    from adafruit_ticks import ticks_add, ticks_diff
except ImportError:

    def ticks_diff(a, b):
        """``a - b`` on a millisecond clock that wraps at 2**29 (as ``adafruit_ticks``)."""
        return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000

    def ticks_add(a, b):
        return (a + b) & 0x1FFFFFFF
