"""app.leds: the view as NeoPixel colours, for dice of one pixel or of seven (pips).

Each face has its own colour, far apart on the colour wheel so it reads at a glance even with
one pixel per die: 1 red, 2 yellow, 3 green, 4 cyan, 5 blue, 6 magenta. A die set aside is
dim; a selected die blinks white (one pixel) or lights its blank pixels white around the
coloured pips (seven pixels). Keys with their own light show what they would do now.
Only ``pixels[i] = colour`` and ``show()`` are used (``auto_write`` is off).
"""

from app import view as v

FACE_COLOURS = (
    (0, 0, 0),
    (255, 0, 0),
    (255, 160, 0),
    (0, 255, 0),
    (0, 200, 255),
    (0, 0, 255),
    (255, 0, 255),
)
# which of the seven pixels (TL, TR, ML, C, MR, BL, BR) are pips, per face
PIP_MASKS = (0, 0x08, 0x41, 0x49, 0x63, 0x6B, 0x77)
WAITING = (10, 10, 10)  # a die in hand, still to be rolled
SELECT_FILL = (110, 110, 110)  # around the pips of a selected seven-pixel die
WHITE = (255, 255, 255)
OFF = (0, 0, 0)
SOUND_ON = (30, 30, 30)  # the mute key: dim white while sound is on...
MUTED = (120, 0, 0)  # ...red when muted
ASIDE_SHIFT = 3  # set-aside dice at 1/8 brightness
BLINK_MS = 300
KEY_COLOURS = {
    "roll": (0, 255, 0),
    "bank": (255, 120, 0),
    "best": (0, 80, 255),
    "hint": (160, 0, 255),
    "menu": (40, 40, 40),
    "select": (40, 40, 40),
}


def dim(colour, shift=ASIDE_SHIFT):
    return (colour[0] >> shift, colour[1] >> shift, colour[2] >> shift)


# the faces set aside, made once: a colour made per die per redraw would be garbage
ASIDE_COLOURS = tuple([dim(colour) for colour in FACE_COLOURS])


class Leds:
    """Draws a View on ``board.pixels``; ``update(view, now)`` once a frame (cheap when
    nothing changed)."""

    def __init__(self, board):
        self.pixels = board.pixels
        self.die_pixels = board.die_pixels
        self.key_pixels = board.key_pixels or {}
        self.version = -1
        self.phase = -1  # blink / chase step last drawn

    def due(self, view, now):
        """Whether ``update`` would redraw: the view changed, or the blink phase where
        something blinks (the app leaves no frame idle for lights with nothing new)."""
        if view.led_version != self.version:
            return True
        screen = view.screen
        # compared one by one: ``in (v.SPLASH, v.END)`` would build that tuple every frame
        animated = screen == v.SPLASH or screen == v.END or (screen == v.PLAY and v.SELECTED in view.states)
        return animated and (now // BLINK_MS) & 0xFFFF != self.phase

    def update(self, view, now):
        """Redraw if the view or the blink phase changed; True when pixels were sent."""
        if not self.due(view, now):
            return False
        self.version = view.led_version
        self.phase = phase = (now // BLINK_MS) & 0xFFFF
        self.draw(view, phase)
        self.pixels.show()
        return True

    def draw(self, view, phase):
        screen = view.screen
        if screen == v.PLAY and view.meter is not None and _meter_lights(self, view):
            pass  # between turns: the win-chance meter (app.meter)
        elif screen == v.PLAY or screen == v.PAUSE:
            for i in range(v.NDICE):
                self._die(i, view.states[i], view.faces[i], phase)
        elif screen == v.ROLLOFF:
            seats = view.rolloff
            for i in range(v.NDICE):
                if i < len(seats):
                    self._die(i, seats[i][2], seats[i][1], phase)
                else:
                    self._die(i, v.EMPTY, 0, phase)
        elif screen == v.SPLASH:
            for i in range(v.NDICE):  # the six faces chase round
                self._die(i, v.FREE, 1 + (i + phase) % 6, phase)
        elif screen == v.END:
            for i in range(v.NDICE):
                self._die(i, v.FREE if (i + phase) % 3 == 0 else v.ASIDE, 6, phase)
        else:  # set-up: the six faces, dim
            for i in range(v.NDICE):
                self._die(i, v.ASIDE, i + 1, phase)
        lit = view.keys_lit
        for name in self.key_pixels:
            if name == "mute":
                colour = MUTED if view.mute else SOUND_ON
            else:
                colour = KEY_COLOURS.get(name, WHITE) if name in lit else OFF
            self.pixels[self.key_pixels[name]] = colour

    def _die(self, die, state, face, phase):
        if die >= len(self.die_pixels):
            return
        indices = self.die_pixels[die]  # a pixel, or a die's seven pips
        pixels = self.pixels
        colour = FACE_COLOURS[face]
        if state == v.EMPTY:
            colour = OFF
        elif face == 0:
            colour = WAITING if state != v.ASIDE else OFF
        elif state == v.ASIDE:
            colour = ASIDE_COLOURS[face]
        if isinstance(indices, int) or len(indices) == 1:
            if state == v.SELECTED and phase & 1:
                colour = WHITE
            pixels[indices if isinstance(indices, int) else indices[0]] = colour
            return
        mask = PIP_MASKS[face] if state != v.EMPTY else 0
        blank = SELECT_FILL if state == v.SELECTED else OFF
        if face == 0 and state == v.FREE:
            mask = PIP_MASKS[1]  # a waiting die: its centre glows
        for bit in range(7):
            pixels[indices[bit]] = colour if mask & (1 << (6 - bit)) else blank


def _meter_lights(leds, view):
    from app.meter import lights

    return lights(leds, view)
