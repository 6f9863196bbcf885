"""app.view: what the screens and lights show, as plain values.

The controller writes a ``View``; ``app.screens`` and ``app.leds`` only read it. Nothing here
knows the rules of Farkle or any pixel: strings, numbers and small lists.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka

    def const(value):
        return value


# screens
SPLASH = const(0)
SETUP = const(1)  # the set-up menu
ROLLOFF = const(2)
PLAY = const(3)
PAUSE = const(4)  # the menu opened during a game
END = const(5)
SCREEN_NAMES = ("splash", "setup", "rolloff", "play", "pause", "end")
# What a menu or a panel says where its code found no room in a board's heap (a full game)
NO_ROOM = "Not enough memory now"

# how a die is drawn (display tiles and LEDs)
EMPTY = const(0)  # no die here
FREE = const(1)  # in the current roll (face 0: waiting to be rolled)
SELECTED = const(2)  # chosen by the player, not yet set aside
ASIDE = const(3)  # set aside this turn
DIE_STATES = 4

NDICE = const(6)  # die slots on every board (five-dice rules leave the last one empty)
COLUMNS = const(21)  # characters in one line of the 128-pixel-wide display (6 px glyphs)
MESSAGE_LINES = const(3)  # lines under the dice for a message
MENU_ROWS = const(3)  # menu rows shown at once (the rest scroll)
STRIP_CELLS = const(4)  # score strip: two rows of two seats (more players: it pages)
# a computer seat's level at a glance in the score strip: C2h is a hard computer in seat 2
LEVEL_MARKS = {"easy": "e", "normal": "n", "hard": "h", "expert": "x"}
# The play screen's seat labels, made the first time a game asks for them and kept (six a
# seat, see ``seat_mark``; the list is made then, not at power-up, where its heap would move
# a resumed game's blocks). Made anew at every redraw, each part of a label would be
# garbage, and looked up first among every name the interpreter keeps, which a board walks
# one by one: two thirds of the strings a game made. (Named with names the firmware has
# already: a board whose firmware passes 1,260 names makes a new pool of 1,280 entries.)
labels = None


class View:
    """Everything drawn, as values. ``version`` grows on every change the display shows;
    ``led_version`` on every change the lights show."""

    def __init__(self):
        self.version = 0
        self.led_version = 0
        self.screen = SPLASH
        # menus (set-up and pause): a title and rows of (label, value)
        self.title = ""
        self.rows = []
        self.cursor = 0
        self.top = 0  # first row shown
        # play
        self.header = ""  # whose turn and their score
        self.header_right = ""  # the turn total, "FINAL" in the final round
        self.faces = [0] * NDICE
        self.states = [EMPTY] * NDICE
        self.tumbling = False
        self.status = ""  # under the dice: selection value, prompt
        self.message = []  # up to MESSAGE_LINES lines; empty: show the score strip
        self.banner = ""  # big text (FARKLE!, HOT DICE!, ...); "\n" makes two lines
        self.cells = []  # score strip: (text, is_current) for the visible cells, two a row
        # roll-off: (seat label, face) for up to eight players
        self.rolloff = []
        # end screen: lines of text
        self.lines = []
        self.meter = None  # two players, meter on: seat 1's solved chance of winning (app.meter)
        # lights
        self.keys_lit = ()  # names of action keys that would do something now
        self.mute = False

    def changed(self):
        self.version += 1
        self.led_version += 1


def wrap(text, width=COLUMNS):
    """Split ``text`` into lines of at most ``width`` characters at spaces (a word longer
    than a line is cut). A line is a slice of ``text`` between word bounds found by index:
    a message is wrapped at a key press, and splitting it into words first made a string
    per word."""
    lines = []
    end = len(text)
    start = 0
    while True:  # a paragraph a round
        stop = text.find("\n", start)
        if stop < 0:
            stop = end
        first = last = start  # the line so far: text[first:last], empty when equal
        i = start
        while True:  # a word a round: text[i:j]
            j = text.find(" ", i, stop)
            if j < 0:
                j = stop
            while j - i > width:
                if last > first:
                    lines.append(text[first:last])
                lines.append(text[i:i + width])
                i += width
                first = last = i
            if last == first:
                first, last = i, j
            elif last - first + 1 + j - i <= width:
                last = j  # the word follows the line's last after a single space
            else:
                lines.append(text[first:last])
                first, last = i, j
            if j >= stop:
                break
            i = j + 1
        lines.append(text[first:last])
        if stop >= end:
            return lines
        start = stop + 1


def pad(text, width):
    """``text`` padded with spaces to ``width`` (``str.ljust`` is missing on the board)."""
    n = width - len(text)
    return text + " " * n if n > 0 else text


def seat_label(seat, level, keep=False):
    """``P1`` for a human in seat 0, ``C2`` for a computer in seat 1 (``keep``: see
    ``seat_mark``)."""
    if keep:
        return seat_mark(seat, "human" if level == "human" else "cpu", True)
    return ("P" if level == "human" else "C") + str(seat + 1)


def seat_mark(seat, level, keep=False):
    """``P1`` for a human, ``C2h`` for a hard computer: who plays, at a glance. ``keep``: made
    once and kept (the play screen asks at every redraw)."""
    if keep:
        global labels
        if labels is None:
            labels = [None] * (8 * 6)
        # 0 a human; 2 + the mark's place among the marks (e n h x); 1 a computer with none
        at = seat * 6 + (0 if level == "human" else 2 + "enhx".find(LEVEL_MARKS.get(level, "?")))
        text = labels[at]
        if text is None:
            text = labels[at] = seat_mark(seat, level)
        return text
    if level == "human":
        return "P" + str(seat + 1)
    return "C" + str(seat + 1) + LEVEL_MARKS.get(level, "")
