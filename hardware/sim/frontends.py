"""The simulator's three front ends; host-only, never copied to the board.

    python code.py                       # terminal: the display in block characters
    python code.py --window              # a pygame window
    python code.py --headless SCRIPT     # no screen: run a script, write PNG pictures

Each front end is the simulated board's ``idle(app)`` hook: ``App.run`` calls it once a
frame, so ``code.py`` runs unchanged. ``FARKLE_SIM`` (terminal, window, headless) and
``FARKLE_SIM_LAYOUT`` (macropad, tower) in the environment do what the flags do.

Keys (terminal and window): 1-6 the dice, r or space ROLL, b BANK, t BEST (take best),
h HINT, m or Esc MENU, s MUTE, Enter the knob's push, up/down arrows (or k/j) turn the
knob, q quits. In the window a click presses the key under the mouse, the wheel turns the
knob and a middle click pushes it.

A headless script is one command a line (``#`` starts a comment)::

    tap KEY...        press and release keys (die0..die5 roll bank best hint menu mute select)
    press KEY / release KEY
    turn N            turn the knob N detents (negative: back)
    wait MS           let MS milliseconds pass, a 20 ms frame at a time
    until SCREEN [MS] run until the screen is SCREEN (splash setup rolloff play pause end)
    settle [MS]       run until no animation or computer turn is under way
    shot NAME         write NAME.png (display), NAME-leds.png and NAME-device.png
    quit
"""

import argparse
import atexit
import os
import select
import shlex
import signal
import sys
import time

from hardware.sim.board import ManualClock, SimBoard

FRAME_MS = 20
KEYMAP_TEXT = (
    "1-6 dice  r/space ROLL  b BANK  t BEST  h HINT",
    "m/Esc MENU  s MUTE  Enter push  arrows/j/k knob  q quit",
)
CHAR_KEYS = {
    "1": "die0", "2": "die1", "3": "die2", "4": "die3", "5": "die4", "6": "die5",
    "r": "roll", " ": "roll", "b": "bank", "t": "best", "h": "hint", "m": "menu",
    "\x1b": "menu", "s": "mute", "\r": "select", "\n": "select",
}
TURNS = {"j": 1, "k": -1, "\x1b[A": -1, "\x1b[B": 1, "\x1bOA": -1, "\x1bOB": 1}


def parse(argv, env):
    parser = argparse.ArgumentParser(prog="python code.py", description="The Farkle dice tower, simulated on a PC.")
    parser.add_argument("--frontend", choices=("terminal", "window", "headless"),
                        default=env.get("FARKLE_SIM") or "terminal", help="default: terminal, or $FARKLE_SIM")
    parser.add_argument("--window", dest="frontend", action="store_const", const="window",
                        help="the same as --frontend window")
    parser.add_argument("--headless", metavar="SCRIPT", help="run SCRIPT (a file, or - for stdin) without a screen")
    parser.add_argument("--layout", choices=("macropad", "tower"), default=env.get("FARKLE_SIM_LAYOUT") or "macropad",
                        help="MacroPad keys (default) or the DIY tower's seven-pixel dice")
    parser.add_argument("--seed", type=int, help="seed the dice (same seed, same game)")
    parser.add_argument("--dice", help="fixed dice: the faces to roll, in order (e.g. 1,5,5,2,3,4)")
    parser.add_argument("--out", default=os.path.join("build", "sim"),
                        help="headless: folder for the pictures (default build/sim)")
    parser.add_argument("--scale", type=int, default=4, help="pictures and window: pixels per display pixel")
    args = parser.parse_args(argv)
    if args.headless:
        args.frontend = "headless"
    elif args.frontend == "headless":
        parser.error("--frontend headless needs --headless SCRIPT")
    return args


def build(argv, env):
    """The simulated board for ``python code.py ARGV``, with its front end as ``idle``."""
    args = parse(argv, env)
    clock = ManualClock() if args.frontend == "headless" else None
    board = SimBoard(args.layout, clock)
    if args.dice:
        from farkle.dice import FixedDice

        board.dice = FixedDice([int(f) for f in args.dice.replace(",", " ").split()])
    elif args.seed is not None:
        from farkle.dice import RandomDice

        board.dice = RandomDice(args.seed)
    if args.frontend == "headless":
        board.idle = Headless(board, read_script(args.headless), args.out, args.scale)
    elif args.frontend == "window":
        board.idle = Window(board, args.scale)
    else:
        board.idle = Terminal(board)
    return board


def read_script(path):
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    return parse_script(text)


def parse_script(text):
    """Commands of a headless script as lists of words."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        words = shlex.split(line, comments=True)
        if not words:
            continue
        command = words[0]
        if command not in ("tap", "press", "release", "turn", "wait", "until", "settle", "shot", "quit"):
            raise SystemExit("script line %d: unknown command %r" % (number, command))
        out.append(words)
    return out


def press(board, name):
    """Press and release ``name`` on ``board``; the knob's turns are "up" and "down"."""
    if name in ("up", "down"):
        if board.encoder is not None:
            board.encoder.position += 1 if name == "down" else -1
    elif name in board.key_names:
        board.keys.tap(name)


class Headless:
    """Runs a script against a manual clock, one frame per call, writing pictures."""

    def __init__(self, board, script, out, scale=4):
        self.board = board
        self.script = list(script)
        self.out = out
        self.scale = scale
        self.wait = 0  # frames to let pass before the next command
        self.until = None
        self.limit = 0
        self.shots = []

    def __call__(self, app):
        self.board.ticks_ms.advance(FRAME_MS)
        if self.until is not None:
            done = self.until(app)
            self.limit -= 1
            if not done and self.limit <= 0:
                raise SystemExit("headless script: timed out waiting (%s)" % self.waiting)
            if not done:
                return
            self.until = None
        if self.wait > 0:
            self.wait -= 1
            return
        while self.script:
            words = self.script.pop(0)
            if self.run(app, words):
                return
        raise SystemExit(0)

    def run(self, app, words):
        """Do one command; True when it lets frames pass."""
        board = self.board
        command, rest = words[0], words[1:]
        if command == "tap":
            for name in rest:
                if name not in board.key_names and name not in ("up", "down"):
                    raise SystemExit("headless script: this board has no %r key" % name)
                press(board, name)
            return True
        if command == "press":
            board.keys.press(rest[0])
            return True
        if command == "release":
            board.keys.release(rest[0])
            return True
        if command == "turn":
            if board.encoder is None:
                raise SystemExit("headless script: this board has no knob")
            board.encoder.position += int(rest[0])
            return True
        if command == "wait":
            self.wait = max(0, int(rest[0]) // FRAME_MS - 1)
            return True
        if command == "until":
            from app.view import SCREEN_NAMES

            screen = SCREEN_NAMES.index(rest[0])
            self.waiting = "until " + rest[0]
            self.until = lambda app: app.view.screen == screen
            self.limit = int(rest[1]) // FRAME_MS if len(rest) > 1 else 60000 // FRAME_MS
            return True
        if command == "settle":
            self.waiting = "settle"
            self.until = lambda app: app.controller.idle()
            self.limit = int(rest[0]) // FRAME_MS if rest else 60000 // FRAME_MS
            return True
        if command == "shot":
            app.screens.flush(app.view)  # the text still to draw, drawn now
            self.shot(rest[0])
            return False
        if command == "quit":
            raise SystemExit(0)
        return False

    def shot(self, name):
        from hardware.sim.ledview import device_image, led_image

        os.makedirs(self.out, exist_ok=True)
        base = os.path.join(self.out, name)
        self.board.display.to_png(base + ".png", scale=self.scale)
        led_image(self.board, self.scale).save(base + "-leds.png")
        device_image(self.board, self.scale).save(base + "-device.png")
        self.shots.append(base)


class Terminal:
    """The display in block characters and the lights as coloured blocks, in a terminal
    put in cbreak mode (Ctrl-C still stops it); redraws only when something changed."""

    def __init__(self, board, stdin=None, stdout=None):
        self.board = board
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.fd = None
        self.saved = None
        self.pending = ""
        self.next_frame = time.monotonic()
        self.drawn = None
        self.started = False

    def start(self):
        self.started = True
        if not self.stdin.isatty():
            raise SystemExit("python code.py: standard input is not a terminal; "
                             "try --window or --headless SCRIPT")
        import termios
        import tty

        self.fd = self.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        atexit.register(self.stop)
        signal.signal(signal.SIGINT, _quit)  # Ctrl-C: leave quietly, terminal restored
        self.stdout.write("\x1b[?25l\x1b[2J")  # hide the cursor, clear

    def stop(self):
        if self.saved is not None:
            import termios

            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            self.saved = None
            self.stdout.write("\x1b[0m\x1b[?25h\n")
            self.stdout.flush()

    def __call__(self, app):
        if not self.started:
            self.start()
        self.read_keys()
        self.draw(app)
        self.next_frame += FRAME_MS / 1000
        delay = self.next_frame - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        else:
            self.next_frame = time.monotonic()

    def read_keys(self):
        while select.select([self.fd], [], [], 0)[0]:
            data = os.read(self.fd, 64)
            if not data:
                raise SystemExit(0)
            self.pending += data.decode("utf-8", "replace")
        self.pending = feed(self.board, self.pending)

    def draw(self, app):
        try:
            size = tuple(os.get_terminal_size(self.stdout.fileno()))
        except (OSError, ValueError):
            size = (80, 24)
        state = (app.screens.version, tuple(self.board.pixels.shown), size)
        if state == self.drawn:
            return
        clear = self.drawn is not None and self.drawn[2] != size
        self.drawn = state
        self.stdout.write(("\x1b[2J" if clear else "") + "\x1b[H" + render_text(self.board, app, size) + "\x1b[0J")
        self.stdout.flush()


def _quit(signum, frame):
    raise SystemExit(0)


def feed(board, pending):
    """Turn typed characters into presses; returns what is left of an unfinished escape."""
    while pending:
        if pending[0] == "\x1b" and len(pending) < 3 and pending in ("\x1b", "\x1b[", "\x1bO"):
            # maybe the start of an arrow key: wait one read for the rest...
            if len(pending) == 1:
                press(board, "menu")  # ...but a lone Esc is MENU
                return ""
            return pending
        seq = pending[:3]
        if seq in TURNS:
            press(board, "down" if TURNS[seq] > 0 else "up")
            pending = pending[3:]
            continue
        ch = pending[0]
        pending = pending[1:]
        if ch in ("q", "Q", "\x03"):
            raise SystemExit(0)
        if ch in TURNS:
            press(board, "down" if TURNS[ch] > 0 else "up")
        elif ch.lower() in CHAR_KEYS and ch != "\x1b":
            press(board, CHAR_KEYS[ch.lower()])
        elif ch == "\x1b":
            rest = pending
            while rest and not rest[0].isalpha() and rest[0] != "~":
                rest = rest[1:]
            pending = rest[1:] if rest else ""  # an escape sequence we do not use
    return pending


def ansi_block(rgb, text):
    r, g, b = rgb
    ink = "30" if r + g + b > 300 else "97"
    return "\x1b[48;2;%d;%d;%dm\x1b[%sm%s\x1b[0m" % (r, g, b, ink, text)


def led_lines(board, compact=False):
    """The keys and lights as lines of coloured cells (``compact``: one line a key row)."""
    from hardware.sim.ledview import KEY_LABELS, PIP_CELLS, pixel_rgb

    lines = []
    if board.layout == "macropad":
        for numbers in board.key_grid:
            cells = []
            for number in numbers:
                label = KEY_LABELS.get(board.key_names[number], "")
                if compact:
                    label = label.replace("die ", "d")
                    cells.append(ansi_block(pixel_rgb(board, number), (" " + label + "     ")[:6]))
                else:
                    cells.append(ansi_block(pixel_rgb(board, number), (" " + label + "       ")[:8]))
            lines.append(" ".join(cells))
            if not compact:
                lines.append("")
        lines.append("knob: arrows, push: Enter")
    else:
        for row in range(3):
            cells = []
            for die in range(6):
                indices = board.die_pixels[die]
                cell = ""
                for col in range(3):
                    colour = (0, 0, 0)
                    if (col, row) in PIP_CELLS:
                        bit = PIP_CELLS.index((col, row))
                        if len(indices) == 7:
                            colour = pixel_rgb(board, indices[bit])
                        elif bit == 3:
                            colour = pixel_rgb(board, indices[0])
                    cell += ansi_block(colour, "  ") if colour != (0, 0, 0) else "  "
                cells.append(cell)
            lines.append("  ".join(cells))
        lines.append("  ".join(("die %d " % (d + 1)) for d in range(6)))
        lines.append("buttons: ROLL BANK MENU")
    return lines


def braille(image):
    """A 1-bit picture as Braille characters, 2x4 pixels each: 128x64 becomes 64x16."""
    w, h = image.size
    lit = image.convert("L").tobytes()
    dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
            (0, 3, 0x40), (1, 3, 0x80))
    lines = []
    for y in range(0, h, 4):
        row = []
        for x in range(0, w, 2):
            bits = 0
            for dx, dy, bit in dots:
                if lit[(y + dy) * w + x + dx]:
                    bits |= bit
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


def render_text(board, app=None, size=None):
    """One terminal frame: the display, the lights beside or under it, the key map. The
    display is drawn with half blocks, quadrant blocks or Braille dots, whichever fits."""
    if size is None:
        try:
            size = os.get_terminal_size()
        except OSError:
            size = (80, 24)
    width, height = size[0], size[1]
    compact = False
    if height >= 34 and width >= 128 + 30:
        panel = board.display.to_blocks().split("\n")
    elif height >= 34 and width >= 64 + 30:
        panel = board.display.to_blocks(quadrants=True).split("\n")
    else:
        panel = braille(board.display.snapshot())
        compact = width < 64 + 30
    leds = led_lines(board, compact)
    out = []
    if width >= len(panel[0]) + 30:
        for i in range(max(len(panel), len(leds))):
            left = panel[i] if i < len(panel) else " " * len(panel[0])
            right = leds[i] if i < len(leds) else ""
            out.append("\x1b[97;40m" + left + "\x1b[0m  " + right)
    else:
        out.extend("\x1b[97;40m" + line + "\x1b[0m" for line in panel)
        out.extend(leds)
    out.extend(KEYMAP_TEXT)
    return "\x1b[K\n".join(out) + "\x1b[K"


class Window:
    """A pygame window with the display above the lights; keys as in the terminal."""

    def __init__(self, board, scale=4):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pygame = pygame
        self.board = board
        self.scale = scale
        self.surface = None
        self.drawn = None
        self.clock = None

    def start(self):
        pygame = self.pygame
        pygame.display.init()
        pygame.display.set_caption("Farkle dice tower (simulator)")
        self.clock = pygame.time.Clock()

    def __call__(self, app):
        pygame = self.pygame
        if self.clock is None:
            self.start()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise SystemExit(0)
            if event.type == pygame.KEYDOWN:
                self.key(event)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
                self.click(event.pos, event.button)
            elif event.type == pygame.MOUSEWHEEL and event.y:
                press(self.board, "up" if event.y > 0 else "down")
        self.draw(app)
        self.clock.tick(1000 // FRAME_MS)

    def key(self, event):
        pygame = self.pygame
        if event.key in (pygame.K_q,):
            raise SystemExit(0)
        if event.key == pygame.K_UP:
            press(self.board, "up")
        elif event.key == pygame.K_DOWN:
            press(self.board, "down")
        elif event.key == pygame.K_ESCAPE:
            press(self.board, "menu")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            press(self.board, "select")
        elif event.unicode:
            ch = event.unicode.lower()
            if ch in TURNS:
                press(self.board, "down" if TURNS[ch] > 0 else "up")
            elif ch in CHAR_KEYS:
                press(self.board, CHAR_KEYS[ch])

    def click(self, pos, button):
        """A left click on a key presses it; a middle click is the knob's push."""
        from hardware.sim.ledview import device_boxes

        if button == 2:
            press(self.board, "select")
            return
        for name, (x0, y0, x1, y1) in device_boxes(self.board, self.scale):
            if x0 <= pos[0] <= x1 and y0 <= pos[1] <= y1:
                press(self.board, name)
                return

    def draw(self, app):
        from hardware.sim.ledview import device_image

        state = (app.screens.version, tuple(self.board.pixels.shown))
        if state == self.drawn:
            return
        self.drawn = state
        pygame = self.pygame
        image = device_image(self.board, self.scale)
        if self.surface is None:
            self.surface = pygame.display.set_mode(image.size)
        frame = pygame.image.frombytes(image.tobytes(), image.size, "RGB")
        self.surface.blit(frame, (0, 0))
        pygame.display.flip()
