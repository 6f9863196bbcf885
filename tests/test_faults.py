"""hardware.faults: error screen, log, restart, watchdog."""

import pytest
from mpy.harness import run_micropython

from hardware import faults


class FakeWDT:
    def __init__(self):
        self.timeout = None
        self.mode = None
        self.feeds = 0

    def feed(self):
        self.feeds += 1


class FakeBoard:
    def __init__(self, display=None, log_path=None):
        self.display = display
        self.log_path = log_path
        self.idle = None


class FakeDisplay:
    def __init__(self):
        self.root_group = None
        self.auto_refresh = False
        self.refreshes = 0

    def refresh(self, **kwargs):
        self.refreshes += 1


def boom():
    def inner():
        raise ValueError("the dice rolled off the table and under the sofa")

    inner()


def caught():
    try:
        boom()
    except ValueError as error:
        return error


def test_watchdog_is_armed_in_reset_mode_and_fed_every_frame():
    wdt = FakeWDT()
    board = FakeBoard()
    calls = []
    board.idle = calls.append
    dog = faults.arm(board, watchdog=faults.Watchdog(wdt=wdt, mode="RESET"))
    assert wdt.mode == "RESET" and wdt.timeout == faults.WATCHDOG_S <= 8.388
    fed = wdt.feeds
    board.idle("app")
    board.idle("app")
    assert wdt.feeds == fed + 2 and calls == ["app", "app"]  # the old idle still runs
    dog.stop()
    assert wdt.mode is None


def test_no_watchdog_on_the_host_and_when_switched_off():
    dog = faults.Watchdog()  # CPython: no microcontroller module
    assert dog.wdt is None and dog.problem
    dog.feed()

    class Settings:
        def flag(self, key, default):
            assert key == "FARKLE_WATCHDOG"
            return False

    board = FakeBoard()
    assert faults.arm(board, Settings()).wdt is None and board.idle is None


def test_screen_lines_fit_the_display():
    error = caught()
    lines = faults.screen_lines(error)
    assert len(lines) <= 5 and all(len(line) <= 21 for line in lines)
    assert lines[1] == "ValueError"
    assert lines[-1] == "test_faults.py:38"  # "tests/test_faults.py:38" is too long
    assert lines[2].startswith("the dice rolled")
    assert faults.wrap("x" * 50) == ["x" * 21, "x" * 20 + "~"]
    assert faults.wrap("") == []


def test_handle_logs_shows_waits_feeding_then_restarts(tmp_path):
    log = tmp_path / "farkle_log.txt"
    display = FakeDisplay()
    board = FakeBoard(display, str(log))
    wdt = FakeWDT()
    dog = faults.Watchdog(wdt=wdt, mode="RESET")
    slept, rebooted = [], []
    faults.handle(caught(), board=board, watchdog=dog, sleep=slept.append,
                  reboot=lambda: rebooted.append(True))
    assert slept == [1] * faults.RESTART_S and rebooted == [True]
    assert wdt.feeds >= faults.RESTART_S and wdt.mode is None  # fed while waiting, then off
    text = log.read_text()
    assert "--- error" in text and "ValueError: the dice rolled" in text
    label = display.root_group[0]
    assert "Oops! Restart in 1s" in label.text and "ValueError" in label.text
    # a second error appends; a log past the limit starts afresh
    faults.handle(caught(), board=board, sleep=lambda s: None, reboot=lambda: None)
    assert log.read_text().count("--- error") == 2
    log.write_text("x" * (faults.LOG_LIMIT + 1))
    faults.write_log(str(log), "fresh\n")
    assert log.read_text() == "--- error ---\nfresh\n"


def test_handle_survives_a_read_only_drive_and_no_display(tmp_path):
    board = FakeBoard(None, str(tmp_path / "no" / "such" / "dir" / "log.txt"))
    rebooted = []
    faults.handle(MemoryError("memory allocation failed"), board=board, sleep=lambda s: None,
                  reboot=lambda: rebooted.append(1))
    assert rebooted == [1]


def test_guard_passes_ctrl_c_through_and_stops_the_watchdog():
    wdt = FakeWDT()
    faults.arm(None, watchdog=faults.Watchdog(wdt=wdt, mode="RESET"))

    def main():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        faults.guard(main)
    assert wdt.mode is None
    seen = []
    faults.guard(boom, sleep=lambda s: None, reboot=lambda: seen.append("restart"))
    assert seen == ["restart"]


def test_the_error_screen_renders_on_the_simulated_oled():
    from hardware.sim.screen import HostDisplay

    display = HostDisplay()
    label = faults.show(display, faults.screen_lines(caught()))
    assert label is not None
    image = display.snapshot()
    assert image.size == (128, 64) and image.getbbox() is not None
    # five lines of the built-in font fill the screen but stay on it
    left, top, right, bottom = image.getbbox()
    assert bottom <= 64 and right <= 128


MPY = r"""
from hardware import faults
def inner():
    raise ValueError("bad value here")
try:
    inner()
except ValueError as e:
    err = e
text = faults.traceback_text(err)
print("ValueError" in text, faults.where(text))
print(faults.screen_lines(err, text))
print(faults.write_log("log.txt", text, 3), open("log.txt").read().count("--- error after 3 s"))
class W:
    timeout = mode = None
    n = 0
    def feed(self):
        self.n += 1
w = W()
dog = faults.Watchdog(wdt=w, mode=1)
done = []
faults.handle(err, watchdog=dog, sleep=lambda s: None, reboot=lambda: done.append(1))
print("R:", done, w.n, w.mode)
print("R:", faults.Watchdog().wdt, faults.restart_reason())
"""


def test_faults_on_micropython():
    out = run_micropython(MPY, mounts=("hardware",)).check().stdout.splitlines()
    out = out[:3] + [line for line in out[3:] if line.startswith("R: ")]
    # The host-built core has neither `traceback` nor sys.print_exception (a board has the
    # first), so the text is the last resort's and names no frame.
    assert out[0] == "True "
    assert out[1].startswith("['Oops! Restart in 5s', 'ValueError', 'bad value here'")
    assert out[2] == "True 1"
    assert out[3] == "R: [1] 6 None"
    assert out[4] == "R: None None"
