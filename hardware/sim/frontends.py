"""The simulator's three front ends; host-only, never copied to the board.

    python code.py                       # terminal: the display in block characters
    python code.py --window              # a pygame window
    python code.py --headless SCRIPT     # no screen: run a script, write PNG pictures
    python code.py --window --script SCRIPT --out DIR    # a script, shown in the window
    python code.py --frontend terminal --script SCRIPT   # ... or in the terminal

Each front end is the simulated board's ``idle(app)`` hook: ``App.run`` calls it once a
frame, so ``code.py`` runs unchanged. After every frame each front end shows what the
board's display and lights show at that moment (it compares the pixels themselves, never a
"version" of the view). ``FARKLE_SIM`` (terminal, window, headless) and
``FARKLE_SIM_LAYOUT`` (macropad, tower) in the environment do what the flags do.

Keys (terminal and window): 1-6 the dice, r or space ROLL, b BANK, t BEST (take best),
h HINT, m or Esc MENU, s MUTE, Enter the knob's push, up/down arrows (or k/j) turn the
knob, q quits. In the window a click presses the key under the mouse, the wheel turns the
knob and a middle click pushes it.

A script is one command a line (``#`` starts a comment); it runs on a simulated clock, a
20 ms frame at a time, in any front end::

    tap KEY...        press and release keys (die0..die5 roll bank best hint menu mute select)
    press KEY / release KEY
    turn N            turn the knob N detents (negative: back)
    wait MS           let MS milliseconds pass, a 20 ms frame at a time
    until SCREEN [MS] run until the screen is SCREEN, drawn (splash setup rolloff play pause end)
    settle [MS]       run until no animation or computer turn is under way
    shot NAME         save what this front end shows now, drawing nothing first: headless
                      writes NAME.png (display), NAME-leds.png, NAME-device.png and NAME.txt
                      (the terminal's picture of it); the window its surface as
                      NAME-device.png; the terminal its screen as NAME.txt
    quit

The simulated NVM is kept in a file (``--nvm``, default a per-user cache file) so a game
left with ``q`` is offered again at the next start; ``--fresh`` starts with it erased.
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
TEXT_SIZE = (120, 50)  # the terminal size a script's text shots are drawn for
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
COMMANDS = ("tap", "press", "release", "turn", "wait", "until", "settle", "shot", "quit")


def parse(argv, env):
    parser = argparse.ArgumentParser(prog="python code.py", description="The Farkle dice tower, simulated on a PC.")
    parser.add_argument("--frontend", choices=("terminal", "window", "headless"),
                        default=env.get("FARKLE_SIM") or "terminal", help="default: terminal, or $FARKLE_SIM")
    parser.add_argument("--window", dest="frontend", action="store_const", const="window",
                        help="the same as --frontend window")
    parser.add_argument("--headless", metavar="SCRIPT",
                        help="the same as --frontend headless --script SCRIPT (no screen)")
    parser.add_argument("--script", metavar="SCRIPT",
                        help="run SCRIPT (a file, or - for stdin) on a simulated clock instead of the keyboard")
    parser.add_argument("--layout", choices=("macropad", "tower"), default=env.get("FARKLE_SIM_LAYOUT") or "macropad",
                        help="MacroPad keys (default) or the DIY tower's seven-pixel dice")
    parser.add_argument("--seed", type=int, help="seed the dice (same seed, same game)")
    parser.add_argument("--dice", help="fixed dice: the faces to roll, in order (e.g. 1,5,5,2,3,4)")
    parser.add_argument("--out", default=os.path.join("build", "sim"),
                        help="scripts: folder for the shots (default build/sim)")
    parser.add_argument("--scale", type=int, default=4, help="pictures and window: pixels per display pixel")
    parser.add_argument("--nvm", default=env.get("FARKLE_SIM_NVM") or default_nvm_path(env),
                        help="file that keeps the simulated flash (saved game, statistics) between runs; "
                             "default $FARKLE_SIM_NVM or %(default)s")
    parser.add_argument("--fresh", action="store_true",
                        help="start with the flash erased (no saved game; the file is overwritten at the next save)")
    parser.add_argument("--settings", default=env.get("FARKLE_SIM_SETTINGS") or "settings.toml",
                        help="the settings.toml to read, as the board does (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.headless:
        args.frontend = "headless"
        args.script = args.headless
    elif args.frontend == "headless" and not args.script:
        parser.error("--frontend headless needs --script SCRIPT (or --headless SCRIPT)")
    return args


def default_nvm_path(env):
    """Where the simulated flash lives between runs: a per-user cache file."""
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "farkle-dice-tower", "sim-nvm.bin")


def build(argv, env):
    """The simulated board for ``python code.py ARGV``, with its front end as ``idle``."""
    args = parse(argv, env)
    script = read_script(args.script) if args.script else None
    clock = ManualClock() if script is not None else None
    board = SimBoard(args.layout, clock)
    from hardware.sim.nvm import FileNVM
    from hardware.sim.settings import apply_settings, host_settings

    board.nvm = FileNVM(args.nvm, fresh=args.fresh)
    apply_settings(board, host_settings(args.settings))
    if args.dice:
        from farkle.dice import FixedDice

        board.dice = FixedDice([int(f) for f in args.dice.replace(",", " ").split()])
    elif args.seed is not None:
        from farkle.dice import RandomDice

        board.dice = RandomDice(args.seed)
    runner = Script(board, script, args.out) if script is not None else None
    if args.frontend == "headless":
        board.idle = Headless(board, runner, args.scale)
    elif args.frontend == "window":
        board.idle = Window(board, args.scale, runner)
    else:
        board.idle = Terminal(board, script=runner)
    return board


def read_script(path):
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    return parse_script(text)


def parse_script(text):
    """Commands of a script as lists of words."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        words = shlex.split(line, comments=True)
        if not words:
            continue
        if words[0] not in COMMANDS:
            raise SystemExit("script line %d: unknown command %r" % (number, words[0]))
        out.append(words)
    return out


def press(board, name):
    """Press and release ``name`` on ``board``; the knob's turns are "up" and "down"."""
    if name in ("up", "down"):
        if board.encoder is not None:
            board.encoder.position += 1 if name == "down" else -1
    elif name in board.key_names:
        board.keys.tap(name)


def display_state(board):
    """What the display and the lights show now, as one comparable value (the display
    refreshes from its group tree first, as the board's background refresh would have)."""
    return (board.display.snapshot().tobytes(), tuple(board.pixels.shown), board.pixels.brightness)


class Script:
    """Runs a script against the board's manual clock, one frame per call, and asks the
    front end for its shots."""

    def __init__(self, board, commands, out):
        self.board = board
        self.commands = list(commands)
        self.out = out
        self.wait = 0  # frames to let pass before the next command
        self.until = None
        self.limit = 0
        self.waiting = ""
        self.shots = []

    def frame(self, app, frontend):
        """After a frame: run the commands due now; the next frame is FRAME_MS later."""
        self.board.ticks_ms.advance(FRAME_MS)
        if self.until is not None:
            done = self.until(app)
            self.limit -= 1
            if not done and self.limit <= 0:
                raise SystemExit("script: timed out waiting (%s)" % self.waiting)
            if not done:
                return
            self.until = None
        if self.wait > 0:
            self.wait -= 1
            return
        while self.commands:
            if self.run(app, self.commands.pop(0), frontend):
                return
        raise SystemExit(0)

    def run(self, app, words, frontend):
        """Do one command; True when it lets frames pass."""
        board = self.board
        command, rest = words[0], words[1:]
        if command == "tap":
            for name in rest:
                if name not in board.key_names and name not in ("up", "down"):
                    raise SystemExit("script: this board has no %r key" % name)
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
                raise SystemExit("script: this board has no knob")
            board.encoder.position += int(rest[0])
            return True
        if command == "wait":
            self.wait = max(0, int(rest[0]) // FRAME_MS - 1)
            return True
        if command == "until":
            from app.view import SCREEN_NAMES

            screen = SCREEN_NAMES.index(rest[0])
            self.waiting = "until " + rest[0]
            # and drawn: a screen's first frame may leave its drawing to the next, and the
            # set-up menu draws its rows over a few frames (a shot shows the display as it is)
            self.until = lambda app: app.view.screen == screen and drawn(app)
            self.limit = int(rest[1]) // FRAME_MS if len(rest) > 1 else 60000 // FRAME_MS
            return True
        if command == "settle":
            self.waiting = "settle"
            self.until = lambda app: app.controller.idle()
            self.limit = int(rest[0]) // FRAME_MS if rest else 60000 // FRAME_MS
            return True
        if command == "shot":
            os.makedirs(self.out, exist_ok=True)
            base = os.path.join(self.out, rest[0])
            frontend.shot(base)  # what it shows now: nothing is drawn first
            self.shots.append(base)
            return False
        if command == "quit":
            raise SystemExit(0)
        return False


def drawn(app):
    """Whether the display shows the whole of the view (nothing owed, nothing half drawn)."""
    screens = app.screens
    return screens.version == app.view.version and not screens.incomplete


class Headless:
    """No screen: a script's shots are pictures of the board as it is after the frame."""

    def __init__(self, board, script, scale=4, text_size=TEXT_SIZE):
        self.board = board
        self.script = script
        self.scale = scale
        self.text_size = text_size

    def __call__(self, app):
        self.script.frame(app, self)

    def shot(self, base):
        from hardware.sim.ledview import device_image, led_image

        self.board.display.to_png(base + ".png", scale=self.scale)
        led_image(self.board, self.scale).save(base + "-leds.png")
        device_image(self.board, self.scale).save(base + "-device.png")
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write(render_text(self.board, size=self.text_size))


class Terminal:
    """The display in block characters and the lights as coloured blocks, in a terminal
    put in cbreak mode (Ctrl-C still stops it). With a script, the keys come from it and
    the screen is drawn for a TEXT_SIZE terminal; stdin need not be a terminal then."""

    def __init__(self, board, stdin=None, stdout=None, script=None, text_size=TEXT_SIZE):
        self.board = board
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.script = script
        self.text_size = text_size
        self.fd = None
        self.saved = None
        self.pending = ""
        self.next_frame = time.monotonic()
        self.drawn = None  # (display_state, terminal size) last drawn
        self.screen = ""  # the text last drawn: what the terminal shows
        self.started = False

    def start(self):
        self.started = True
        if self.script is None:
            if not self.stdin.isatty():
                raise SystemExit("python code.py: standard input is not a terminal; "
                                 "try --window, --headless SCRIPT or --script SCRIPT")
            import termios
            import tty

            self.fd = self.stdin.fileno()
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
            signal.signal(signal.SIGINT, _quit)  # Ctrl-C: leave quietly, terminal restored
        atexit.register(self.stop)
        self.stdout.write("\x1b[?25l\x1b[2J")  # hide the cursor, clear

    def stop(self):
        if self.saved is not None:
            import termios

            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            self.saved = None
        if self.started:
            self.started = False
            self.stdout.write("\x1b[0m\x1b[?25h\n")
            self.stdout.flush()

    def __call__(self, app):
        if not self.started:
            self.start()
        self.draw(app)
        if self.script is not None:
            self.script.frame(app, self)
            return
        self.read_keys()
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

    def size(self):
        if self.script is not None:
            return self.text_size
        try:
            return tuple(os.get_terminal_size(self.stdout.fileno()))
        except (OSError, ValueError):
            return (80, 24)

    def draw(self, app):
        """Draw the display and lights as they are after this frame, if they differ from
        what the terminal shows."""
        size = self.size()
        state = (display_state(self.board), size)
        if state == self.drawn:
            return
        clear = self.drawn is not None and self.drawn[1] != size
        self.drawn = state
        self.screen = render_text(self.board, app, size)
        self.stdout.write(("\x1b[2J" if clear else "") + "\x1b[H" + self.screen + "\x1b[0J")
        self.stdout.flush()

    def shot(self, base):
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write(self.screen)


class Window:
    """A pygame window with the display above the lights; keys as in the terminal. With a
    script, the keys come from it and frames run as fast as they are drawn."""

    def __init__(self, board, scale=4, script=None):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pygame = pygame
        self.board = board
        self.scale = scale
        self.script = script
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
        self.draw(app)
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise SystemExit(0)
            if self.script is not None:
                continue
            if event.type == pygame.KEYDOWN:
                self.key(event)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
                self.click(event.pos, event.button)
            elif event.type == pygame.MOUSEWHEEL and event.y:
                press(self.board, "up" if event.y > 0 else "down")
        if self.script is not None:
            self.script.frame(app, self)
        else:
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
        """Draw the display and lights as they are after this frame, if they differ from
        what the window shows."""
        from hardware.sim.ledview import device_image

        state = display_state(self.board)
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

    def shot(self, base):
        """The window's own surface, as it is now."""
        from PIL import Image

        surface = self.surface
        image = Image.frombytes("RGB", surface.get_size(), self.pygame.image.tobytes(surface, "RGB"))
        image.save(base + "-device.png")


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


