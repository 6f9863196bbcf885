"""The simulator's front ends: ``python code.py`` headless with a script, in a terminal (a
pseudo-terminal here) and in a pygame window (SDL's dummy video driver)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.view import PLAY, ROLLOFF, SETUP, SPLASH  # noqa: E402
from hardware.sim import frontends  # noqa: E402
from hardware.sim.board import ManualClock, SimBoard  # noqa: E402

SCRIPT = """\
# power-on, set-up, a roll-off and a roll
wait 100
shot splash
tap roll            # splash -> set-up
until setup
tap roll            # start
until rolloff
tap roll
settle
tap roll
wait 1000
shot play
"""


def run_code(*args, stdin=None, timeout=120, nvm=None):
    """``python code.py ARGS``; its flash lives in ``nvm`` (a temporary file unless given),
    never in the user's cache."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SDL_VIDEODRIVER="dummy")
    env.pop("FARKLE_SIM", None)
    if nvm is None:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="farkle-nvm-") as flash:
            return run_code(*args, stdin=stdin, timeout=timeout, nvm=os.path.join(flash, "nvm.bin"))
    env["FARKLE_SIM_NVM"] = str(nvm)
    return subprocess.run([sys.executable, "code.py", *args], cwd=REPO, input=stdin, capture_output=True,
                          text=True, timeout=timeout, env=env)


def test_code_py_headless_writes_pictures(tmp_path):
    script = tmp_path / "tour.txt"
    script.write_text(SCRIPT)
    out = tmp_path / "shots"
    done = run_code("--headless", str(script), "--out", str(out), "--seed", "7", "--layout", "tower")
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == ["play-device.png", "play-leds.png", "play.png", "play.txt",
                     "splash-device.png", "splash-leds.png", "splash.png", "splash.txt"]


def test_code_py_headless_script_from_stdin_and_errors(tmp_path):
    done = run_code("--headless", "-", "--out", str(tmp_path), stdin="wait 40\nshot a\n")
    assert done.returncode == 0 and (tmp_path / "a.png").exists()
    done = run_code("--headless", "-", stdin="jump 3\n")
    assert done.returncode == 1 and "unknown command 'jump'" in done.stderr
    done = run_code("--headless", "-", "--layout", "tower", stdin="tap hint\n")
    assert done.returncode == 1 and "no 'hint' key" in done.stderr
    done = run_code("--headless", "-", stdin="until end 200\n")
    assert done.returncode == 1 and "timed out" in done.stderr


WHOLE_GAME = REPO / "tests" / "scripts" / "whole-game.txt"
WHOLE_GAME_DICE = (REPO / "tests" / "scripts" / "whole-game.dice").read_text().strip()


def shots(folder):
    return {p.name: p for p in sorted(Path(folder).iterdir())}


@pytest.fixture(scope="module")
def headless_whole_game(tmp_path_factory):
    out = tmp_path_factory.mktemp("headless")
    done = run_code("--headless", str(WHOLE_GAME), "--dice", WHOLE_GAME_DICE, "--out", str(out), "--fresh")
    assert done.returncode == 0, done.stderr
    return shots(out)


def test_the_window_shows_what_headless_shows(tmp_path, headless_whole_game):
    """Every shot of the window's own surface, taken without drawing anything first, is the
    headless picture of the board after the same frame."""
    from PIL import Image, ImageChops

    done = run_code("--window", "--script", str(WHOLE_GAME), "--dice", WHOLE_GAME_DICE, "--out", str(tmp_path),
                    "--fresh")
    assert done.returncode == 0, done.stderr
    window = shots(tmp_path)
    device = [name for name in headless_whole_game if name.endswith("-device.png")]
    assert sorted(window) == device and len(device) >= 20
    for name in device:
        mine = Image.open(window[name]).convert("RGB")
        theirs = Image.open(headless_whole_game[name]).convert("RGB")
        assert mine.size == theirs.size and ImageChops.difference(mine, theirs).getbbox() is None, name


def test_the_terminal_shows_what_headless_shows(tmp_path, headless_whole_game):
    done = run_code("--frontend", "terminal", "--script", str(WHOLE_GAME), "--dice", WHOLE_GAME_DICE,
                    "--out", str(tmp_path), "--fresh")
    assert done.returncode == 0, done.stderr
    terminal = shots(tmp_path)
    texts = [name for name in headless_whole_game if name.endswith(".txt")]
    assert sorted(terminal) == texts
    for name in texts:
        assert terminal[name].read_text() == headless_whole_game[name].read_text(), name
    assert terminal["setup.txt"].read_text() in done.stdout  # what it drew is what it saved


def test_front_ends_redraw_when_the_pixels_change_not_when_told():
    """A label finished a frame later (the display's text budget) reaches the screen: the
    front end compares what the display shows, frame by frame."""
    import io

    from app.main import App

    board = SimBoard("macropad", ManualClock())
    terminal = frontends.Terminal(board, stdout=io.StringIO(), script=frontends.Script(board, [], "unused"))
    terminal.started = True
    app = App(board, players=False)

    def frames(n):
        drawn = []
        for _ in range(n):
            board.ticks_ms.advance(20)
            app.step()
            terminal.draw(app)
            drawn.append(terminal.screen)
        return drawn

    for _ in range(20):  # splash, set-up, roll-off (ties roll again)
        if app.view.screen == PLAY:
            break
        board.keys.tap("roll")
        frames(100)
    assert app.view.screen == PLAY and app.controller.idle()
    app.controller._say("a message of three lines, longer than the text one frame draws")
    app.controller._refresh()
    drawn = frames(1)
    assert app.screens.incomplete  # the rest of it is drawn next frame, not when the view changes
    drawn += frames(5)
    assert drawn[0] != drawn[-1] and terminal.screen == frontends.render_text(board, size=frontends.TEXT_SIZE)
    app.screens.flush(app.view)
    assert terminal.screen == frontends.render_text(board, size=frontends.TEXT_SIZE)  # nothing was left out


def test_code_py_says_when_there_is_no_terminal():
    done = run_code(stdin="")
    assert done.returncode == 1 and "not a terminal" in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_terminal_front_end_in_a_pseudo_terminal(tmp_path):
    import fcntl
    import pty
    import select
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: python code.py in an 80x24 terminal
        os.chdir(REPO)
        os.environ["FARKLE_SIM_NVM"] = str(tmp_path / "nvm.bin")  # never the user's cache
        os.execvp(sys.executable, [sys.executable, "code.py", "--seed", "1"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = bytearray()

    def pump(seconds):
        end = time.time() + seconds
        while time.time() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    return

    pump(1.5)
    os.write(fd, b"r")  # splash -> set-up
    pump(0.5)
    os.write(fd, b"\x1b[B")  # the knob: down
    pump(0.5)
    os.write(fd, b"q")
    pump(1.0)
    _, status = os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 0
    assert "1-6 dice  r/space ROLL" in text and chr(0x2800) in text  # Braille: 80x24 is small
    assert "\x1b[48;2;" in text  # the lights in colour


def test_terminal_keys():
    board = SimBoard("macropad", ManualClock())
    assert frontends.feed(board, "r1\x1b[A\x1b[Bj\r") == ""
    names = []
    event = board.keys.events.get()
    while event is not None:
        names.append((board.key_names[event.key_number], event.pressed))
        event = board.keys.events.get()
    assert names == [("roll", True), ("roll", False), ("die0", True), ("die0", False),
                     ("select", True), ("select", False)]
    assert board.encoder.position == 1  # up, down, down
    assert frontends.feed(board, "\x1b[") == "\x1b["  # an arrow key cut in two: wait
    assert frontends.feed(board, "\x1b") == ""  # a lone Esc is MENU
    assert board.key_names[board.keys.events.get().key_number] == "menu"
    with pytest.raises(SystemExit):
        frontends.feed(board, "q")


@pytest.mark.parametrize("size, rows, width", [((80, 24), 23, 64), ((100, 40), 34, 64), ((170, 40), 34, 128)])
def test_terminal_layouts_fit(size, rows, width):
    board = SimBoard("macropad", ManualClock())
    from app.main import App

    App(board, players=False).step()
    text = frontends.render_text(board, size=size)
    lines = text.split("\x1b[K\n")
    assert len(lines) == rows <= size[1]
    plain = [frontends_strip(line) for line in lines]
    assert max(len(line) for line in plain) <= size[0]
    assert len(plain[0]) >= width


def frontends_strip(line):
    import re

    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line)


def test_window_front_end_with_a_dummy_video_driver(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from app.main import App

    board = SimBoard("macropad")
    window = frontends.Window(board, scale=2)
    board.idle = window
    app = App(board, players=False)
    app.step()
    window(app)
    pygame = window.pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, unicode="r", mod=0, scancode=0))
    for _ in range(3):
        window(app)
        app.step()
    while app.controller.job is not None:  # the set-up menu's code: a module a frame
        app.step()
    assert app.view.screen == SETUP
    assert window.surface.get_size() == (board.display.snapshot(2).width + 16, window.surface.get_size()[1])
    from hardware.sim.ledview import device_boxes

    x0, y0, x1, y1 = dict(device_boxes(board, 2))["roll"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=((x0 + x1) // 2, (y0 + y1) // 2), button=1))
    window(app)
    app.step()
    while app.controller.job is not None:  # the game's start: a step a frame
        app.step()
    assert app.view.screen == ROLLOFF  # the click pressed ROLL: the game starts
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SystemExit):
        window(app)
    pygame.display.quit()


def test_the_simulator_names_a_bad_setting_before_the_splash_ends(tmp_path):
    """settings.toml is read as the board reads it: a value it cannot use is named on the
    display, and the splash waits for a key so it can be read."""
    settings = tmp_path / "settings.toml"
    settings.write_text('FARKLE_BRIGHTNESS = 300\nFARKLE_SOUND = "loud"\nFARKLE_MUTED = 1\n')
    script = tmp_path / "script.txt"
    script.write_text("quit\n")
    board = frontends.build(["--headless", str(script), "--settings", str(settings), "--nvm",
                             str(tmp_path / "nvm.bin")], {})
    assert board.problems == ['FARKLE_BRIGHTNESS=300: want 0..100; using 25',
                              'FARKLE_SOUND="loud": want one of pwm/synth/off; using "pwm"']
    assert board.pixels.brightness == 0.25 and board.sound.mute
    from app.main import App

    app = App(board, players=False, notices=board.problems)
    shown = []
    for _ in range(500):  # ten seconds
        board.ticks_ms.advance(20)
        app.step()
        shown.extend(app.view.lines)
    assert app.view.screen == SPLASH
    text = " ".join(shown)
    assert "FARKLE_BRIGHTNESS=300" in text and 'FARKLE_SOUND="loud"' in text


def run_script(tmp_path, script, *args):
    """``python code.py --headless SCRIPT ARGS`` in this process; the app as the script left it."""
    from app.main import App

    path = tmp_path / "script.txt"
    path.write_text(script)
    board = frontends.build(["--headless", str(path), "--out", str(tmp_path / "shots"), *args], {})
    app = App(board, dice=getattr(board, "dice", None), notices=board.problems)
    with pytest.raises(SystemExit) as done:
        app.run()
    assert done.value.code in (0, None)
    return app


def test_quit_mid_game_then_start_again_offers_the_game(tmp_path):
    """The simulator keeps its flash in a file: a game left with q is offered at the next start
    (make sim twice), and --fresh starts without it."""
    nvm = str(tmp_path / "nvm.bin")
    play = "tap roll\nuntil setup\ntap roll\nuntil rolloff\ntap roll\nsettle\nuntil play\nsettle\n" \
           "tap roll\nsettle\ntap best bank\nsettle 60000\nquit\n"
    first = run_script(tmp_path, play, "--nvm", nvm, "--fresh", "--seed", "4")
    turns = first.controller.game.turns
    assert turns >= 1
    again = run_script(tmp_path, "wait 3000\n", "--nvm", nvm)
    assert again.view.title == "Resume saved game?"
    resumed = run_script(tmp_path, "wait 3000\ntap roll\nwait 500\n", "--nvm", nvm)  # the resume takes a few frames
    assert resumed.view.screen in (PLAY, ROLLOFF) and resumed.controller.game.turns == turns
    fresh = run_script(tmp_path, "wait 3000\n", "--nvm", nvm, "--fresh")
    assert fresh.view.screen == SETUP


TOWER_SCRIPT = """\
until setup
wait 100
shot setup
tap roll
until rolloff
tap roll
settle
shot play
tap roll
wait 200
shot tumbling
settle
shot rolled
tap die0 die1
wait 100
shot selected
tap bank
wait 100
shot bank
tap menu
wait 100
shot menu
tap menu
settle 60000
shot later
"""


def test_the_tower_in_every_front_end_shows_the_same(tmp_path):
    from PIL import Image, ImageChops

    script = tmp_path / "tower.txt"
    script.write_text(TOWER_SCRIPT)
    out = {}
    for front in ("headless", "window", "terminal"):
        out[front] = tmp_path / front
        done = run_code("--frontend", front, "--script", str(script), "--layout", "tower", "--seed", "3",
                        "--out", str(out[front]), "--fresh")
        assert done.returncode == 0, done.stderr
    headless = shots(out["headless"])
    for name, path in shots(out["window"]).items():
        assert ImageChops.difference(Image.open(path).convert("RGB"),
                                     Image.open(headless[name]).convert("RGB")).getbbox() is None, name
    for name, path in shots(out["terminal"]).items():
        assert path.read_text() == headless[name].read_text(), name
    assert len(shots(out["window"])) == len(shots(out["terminal"])) == 8
