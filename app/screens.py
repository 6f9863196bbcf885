"""app.screens: the 128x64 display; a screen is built when it is first drawn, then only its
texts and tiles change until another screen replaces it.

Needs ``displayio`` and ``terminalio``; text is drawn by ``app.label`` (in the board's
built-in font, a tile of the font's own sheet per character). ``render(view)`` builds the
view's screen if needed (a few labels a frame, the old screen shown meanwhile), updates
what changed, puts the screen's group on the display once complete (``root_group``: a new
screen is redrawn whole) and then drops the screen it replaced, so only one screen's labels
live in the heap.
Text uses the built-in 6x12 font: 21 characters a line; a label at ``y`` has its capitals
on rows ``y-3`` to ``y+4``.
"""

from app import view as v

WIDTH = 128
CHAR = 6
WHITE = 0xFFFFFF
BLACK = 0x000000
LINE_Y = (33, 44, 55)  # the three lines under the dice
# A label at y may ink rows y-4 (the dot of an i) to y+6 (descenders); an inverse label's box
# (padding_top=-1) is the same rows. So menus: title at 4 (rows 0-10), rows 12 apart, footer
# at 57 (53-63); lines of text under the dice 11 apart. tests/test_layout.py checks the ink.
TITLE_Y = 4
MENU_Y = (16, 28, 40)  # the menu rows (v.MENU_ROWS of them)
FOOT_Y = 57
DICE_X, DICE_Y = 1, 11
BIG = 10  # characters that fit at scale 2
PADDING = -1  # a label's padding_top: its box one row shorter than the font's cell
TEXT_BUDGET = 36  # characters (scale 2: four each) drawn a frame, at least one label


def tile(state, face):
    """Index of the dice sheet's tile (``app.tiles``) for a die in ``state`` showing ``face``
    (0-6)."""
    return 0 if state == v.EMPTY else state * 7 + face


class _Parts:
    """One screen's group and the labels and tiles on it (attributes set when it is built)."""

    def __init__(self, group):
        self.group = group
        self.labels = []
        self.steps = None  # the builder while the screen is being built (a generator)


# view.screen -> which screen draws it (the set-up and pause menus share one)
KINDS = ("splash", "menu", "rolloff", "play", "menu", "end")


class Screens:
    """Each screen's displayio group, built only while it shows (labels cost the heap
    about 0.8 KB each, and only one screen is seen at a time); ``render(view)`` after the
    view changed."""

    def __init__(self, display):
        import displayio
        import terminalio
        from app.label import Label, cells_for

        self._displayio = displayio
        self._label_class = Label
        self.font = terminalio.FONT
        cells_for(self.font, PADDING)  # at start-up, not in the first frame
        from app import modules, tiles

        self.sheet, self.palette = tiles.sheet()
        self.tile_size = (tiles.TILE_W, tiles.TILE_H)
        modules.forget(("app.tiles",))  # drawn once: its code is not needed again
        self.display = display
        self.shown = None  # the group on the display
        self.built = {}  # kind -> _Parts: the screen shown and the one being drawn
        self._building = None
        self._kind = None  # the kind of screen render() is drawing
        self.version = -1
        self.budget = TEXT_BUDGET
        self.incomplete = False

    # ----- building -----

    def _parts(self, whole=False):
        """The screen ``kind``, or None while it is being built: a step (a few labels) a
        call, the screen on the display staying there meanwhile, so that no frame makes a
        whole screen's labels; ``whole``: build it all now. Any other screen that is not on
        the display is dropped first, so at most two screens are ever in the heap."""
        kind = self._kind
        parts = self.built.get(kind)
        if parts is None:
            for other in list(self.built):
                if self.built[other].group is not self.shown:
                    self._drop(other)
            parts = self.built[kind] = _Parts(self._displayio.Group())
            parts.steps = getattr(self, "_build_" + kind)(parts)
        steps = parts.steps
        if steps is None:
            return parts
        self._building = parts
        try:
            while True:
                next(steps)
                if not whole:
                    return None
        except StopIteration:  # built: the call that finds so draws it
            parts.steps = None
        finally:
            self._building = None
        return parts

    def _drop(self, kind):
        del self.built[kind]

    # Each builder makes a screen's labels a few at a time (``yield``: the frame's share).

    def _build_splash(self, s):
        self._label(9, 12, "FARKLE", scale=2, x=(WIDTH - 6 * 12) // 2)
        dice = self._dice(6, 1, 23)
        for i in range(6):
            dice[i] = tile(v.FREE, i + 1)
        s.lines = [self._label(y, v.COLUMNS) for y in (46, 57)]
        yield

    def _build_menu(self, s):  # set-up and pause
        s.title = self._label(TITLE_Y, v.COLUMNS)
        s.foot = self._label(FOOT_Y, v.COLUMNS)
        yield
        s.rows = [self._label(y, v.COLUMNS) for y in MENU_Y]
        yield

    def _build_play(self, s):
        s.header = self._label(3, v.COLUMNS)
        s.header_right = self._label(3, v.COLUMNS)
        s.dice = self._dice(v.NDICE, DICE_X, DICE_Y)
        yield
        s.lines = [self._label(y, v.COLUMNS) for y in LINE_Y]
        yield
        # the score strip: two rows of two seats, 64 pixels (10 characters) a seat
        s.cells = [self._label(LINE_Y[1 + i // 2], 10, x=64 * (i % 2)) for i in range(v.STRIP_CELLS)]
        yield
        s.big = self._label(45, BIG, scale=2)
        s.big2 = self._label(47, BIG, scale=2)
        yield

    def _build_rolloff(self, s):
        s.title = self._label(TITLE_Y, v.COLUMNS)
        s.status = self._label(57, v.COLUMNS)
        s.names = []  # a seat's name and die, made when a seat first shows (see _render_rolloff)
        s.dice = []
        yield

    def _build_end(self, s):
        s.title = self._label(TITLE_Y, v.COLUMNS)
        s.foot = self._label(FOOT_Y, v.COLUMNS)
        yield
        s.lines = [self._label(y, v.COLUMNS) for y in MENU_Y]
        yield

    def _label(self, y, chars, text="", scale=1, x=0, padding_top=PADDING):
        label = self._label_class(self.font, text=text, color=WHITE, scale=scale, x=x, y=y,
                                  padding_top=padding_top, chars=chars)
        self._building.group.append(label)
        self._building.labels.append(label)
        return label

    def _dice(self, n, x, y):
        grid = self._displayio.TileGrid(self.sheet, pixel_shader=self.palette, width=n, height=1,
                                        tile_width=self.tile_size[0], tile_height=self.tile_size[1],
                                        default_tile=0, x=x, y=y)
        self._building.group.append(grid)
        return grid

    # ----- updating -----

    def _set(self, label, text, inverse=False):
        # what a label shows is read off the label itself: no table keyed by id(label), whose
        # look-ups make a long int wherever the heap lies above 2**30 (this PC's core)
        if label.text != text:
            cost = len(text) * label.scale * label.scale
            if self.budget <= 0 and text:  # enough text drawn this frame: the rest next frame
                # (clearing is cheap and always done at once: nothing new is drawn over old text)
                self.incomplete = True
                return
            self.budget -= cost
            label.text = text
        if (label.background_color is not None) != inverse:
            label.color = BLACK if inverse else WHITE
            label.background_color = WHITE if inverse else None

    def lost(self):
        """Drawing ran out of heap halfway: a label may hold text it never drew, so nothing
        built is trusted. Every screen is dropped (the display shows nothing meanwhile: their
        heap is free for the collector) and the next ``render`` builds the view's anew, whole."""
        self.display.root_group = None
        self.built = {}
        self.shown = None
        self._building = None
        self.version = -1
        self.incomplete = False

    def flush(self, view):
        """Render ``view`` completely now (tests and pictures)."""
        self.render(view, budget=1 << 30)

    def render(self, view, budget=TEXT_BUDGET):
        """Bring the display up to ``view``; False when nothing changed since last time.

        A new screen's labels are made a few a call (``_parts``), and on the play and
        roll-off screens, where dice tumble and lights blink, and on a new screen not shown
        yet, one call draws about ``budget`` characters and leaves the rest to the next
        frames, so no frame does a whole screen's work; a new screen is put on the display
        once it is complete. A menu or the end screen on show is redrawn whole at once (a
        tile per character: cheap; and a half-redrawn menu would show rows twice).
        ``budget`` of 1 << 30 (``flush``): everything now."""
        if view.version == self.version and not self.incomplete:
            return False
        self.version = view.version
        screen = view.screen
        self.incomplete = False
        self._kind = KINDS[screen]
        parts = self._parts(budget >= 1 << 30 or self.shown is None)  # the first: nothing to keep shown
        if parts is None:  # a new screen is being built: the old one stays shown
            self.incomplete = True
            return True
        # a menu on show is redrawn whole; a new one, not shown yet, a budget a frame too
        moving = screen == v.PLAY or screen == v.ROLLOFF or parts.group is not self.shown
        self.budget = budget if moving else 1 << 30
        if screen == v.SPLASH:
            for i in range(2):
                text = view.lines[i] if i < len(view.lines) else ""
                parts.lines[i].x = (WIDTH - CHAR * len(text)) // 2
                self._set(parts.lines[i], text)
        else:
            getattr(self, "_render_" + KINDS[screen])(parts, view)
        group = parts.group
        if group is not self.shown and not self.incomplete:  # a new screen: redrawn whole
            self.shown = group
            self.display.root_group = group
        if group is self.shown and len(self.built) > 1:
            for kind in list(self.built):  # the screen it replaced, or one left half-built
                if self.built[kind].group is not group:
                    self._drop(kind)
        return True

    def _render_menu(self, s, view):
        self._set(s.title, view.title)
        for i in range(v.MENU_ROWS):
            at = view.top + i
            if at < len(view.rows):
                label, value = view.rows[at]
                text = v.pad(label, v.COLUMNS - len(value)) + value
            else:
                text = ""
            self._set(s.rows[i], v.pad(text, v.COLUMNS), at == view.cursor)
        more = ""
        if view.top > 0:
            more = "^"
        if view.top + v.MENU_ROWS < len(view.rows):
            more += "v"
        self._set(s.foot, v.pad(view.status, v.COLUMNS - 2) + more)

    def _render_play(self, s, view):
        self._set(s.header, view.header)
        right = view.header_right
        s.header_right.x = WIDTH - CHAR * len(right)
        self._set(s.header_right, right)
        banner = view.banner
        two = "\n" in banner
        if two:
            top, bottom = banner.split("\n", 1)
            big = len(top) <= BIG and len(bottom) <= BIG
        else:
            top, bottom = banner, ""
            big = 0 < len(banner) <= BIG
        covered = bool(banner) and two and big  # a two-line banner covers the dice
        dice = s.dice
        for i in range(v.NDICE):
            index = 0 if covered else tile(view.states[i], view.faces[i])
            if dice[i] != index:
                dice[i] = index
        if banner and big:
            self._set(s.big, top)
            self._set(s.big2, bottom)
            s.big.x = (WIDTH - 12 * len(top)) // 2
            s.big2.x = (WIDTH - 12 * len(bottom)) // 2
            s.big.y = 22 if two else 45
            s.big2.y = 46
            lines, cells = [], ()
        else:
            self._set(s.big, "")
            self._set(s.big2, "")
            if banner:
                lines, cells = v.wrap(banner)[: v.MESSAGE_LINES], ()
            elif view.message:
                lines, cells = view.message, ()
            else:
                lines, cells = [view.status], view.cells
        for i in range(v.MESSAGE_LINES):
            self._set(s.lines[i], lines[i] if i < len(lines) else "", bool(banner) and i == 0)
        for i in range(v.STRIP_CELLS):
            if i < len(cells):
                self._set(s.cells[i], cells[i][0], cells[i][1])
            else:
                self._set(s.cells[i], "")

    def _render_rolloff(self, s, view):
        self._set(s.title, view.title)
        while len(s.names) < len(view.rolloff):  # up to eight seats, four a row
            i = len(s.names)
            x, y = 32 * (i % 4), 12 + 20 * (i // 4)
            self._building = s
            s.names.append(self._label(y + 8, 2, x=x))
            s.dice.append(self._dice(1, x + 13, y))
            self._building = None
        for i in range(len(s.names)):
            if i < len(view.rolloff):
                name, face, state = view.rolloff[i]
                self._set(s.names[i], name)
                s.dice[i][0] = tile(state, face)
            else:
                self._set(s.names[i], "")
                s.dice[i][0] = 0
        self._set(s.status, view.status)

    def _render_end(self, s, view):
        more = ""  # the scroll arrows, at the title's end (the footer is full)
        if view.top > 0:
            more = "^"
        if view.top + v.MENU_ROWS < len(view.lines):
            more += "v"
        self._set(s.title, v.pad(v.pad(view.title, v.COLUMNS - 2) + more, v.COLUMNS), True)
        for i in range(v.MENU_ROWS):
            at = view.top + i
            self._set(s.lines[i], view.lines[at] if at < len(view.lines) else "")
        self._set(s.foot, view.status)
