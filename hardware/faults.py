"""hardware.faults: what the firmware does when something goes wrong.

``code.py`` uses it in two places (the watchdog part lives in ``hardware.alive``, so this
module need not stay loaded during a game)::

    board = module.make_board(settings)
    alive.arm(board, settings)      # watchdog on, fed after every frame via board.idle
    ...
    except Exception as error:
        faults.handle(error)        # show it, log it, restart after a few seconds

* An unexpected exception: its type, message and where it happened go on the display (a
  plain displayio screen), the whole traceback to the serial console and, when boot.py left
  the drive writable, to ``board.log_path`` (kept under 16 KB). After ``RESTART_S`` seconds
  (the watchdog fed meanwhile) the firmware reloads itself (``supervisor.reload()``; a hard
  ``microcontroller.reset()`` if that is missing). The saved game is offered again then,
  unless the error came while it was offered or played: the app sets it aside first
  (``app.persist.Keeper.fault``, which puts ``note()`` on the error screen), so a save that
  fails can never make the tower restart for ever.
* A hang: ``microcontroller.watchdog`` in ``WatchDogMode.RESET`` with a ``WATCHDOG_S``
  timeout (the RP2040 allows at most 8.388 s) resets the board if no frame feeds it.
  ``FARKLE_WATCHDOG = 0`` in settings.toml switches it off (for development at the REPL);
  Ctrl-C (KeyboardInterrupt) also switches it off, so the REPL is not reset under you.
* ``restart_reason()`` says whether this start follows a watchdog reset or an error restart,
  so the app can tell the players why the game came back.

Nothing here may fail in a way that stops the restart: every step is guarded.
"""

import sys

try:
    import time
except ImportError:  # pragma: no cover
    time = None  # type: ignore[assignment]

RESTART_S = 5
LOG_LIMIT = 16 * 1024
COLUMNS = 21  # characters per line of the 128-pixel display in terminalio.FONT

# The watchdog, the note for the error screen and the restart's reason live in
# hardware.alive, loaded all the time; this module, the error path, is loaded only when
# something goes wrong. Their names are here too, as before.
from hardware.alive import (NOTICES, WATCHDOG_S, WATCHDOG_SETTING, Watchdog, _Off, _state, arm, feed,  # noqa: F401
                            note, restart_reason, stop)


# ----- telling what happened -----

def traceback_text(error):
    """The whole traceback as text, by whatever this interpreter offers."""
    try:
        import traceback

        return "".join(traceback.format_exception(error))
    except Exception:
        pass
    try:
        import io

        out = io.StringIO()
        sys.print_exception(error, out)  # type: ignore[attr-defined]  # MicroPython's
        return out.getvalue()
    except Exception:
        return "%s: %s\n" % (type(error).__name__, error)


def where(text):
    """``file:line`` of the innermost frame in a traceback's text, or ""."""
    found = ""
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith('File "'):
            end = line.find('"', 6)
            name = line[6:end]
            rest = line[end + 1:]
            number = ""
            at = rest.find("line ")
            if at >= 0:
                number = rest[at + 5:].split(",")[0].strip()
            parts = name.split("/")
            short = "/".join(parts[-2:])  # "app/controller.py", or just the file if too long
            if len(short) + 1 + len(number) > COLUMNS:
                short = parts[-1]
            name = short
            found = "%s:%s" % (name, number)
    return found


def wrap(text, width=COLUMNS, lines=2):
    """``text`` cut into at most ``lines`` lines of ``width`` characters (words kept whole
    where they fit)."""
    out = []  # type: list[str]
    for word in text.replace("\n", " ").split(" "):
        if not word:
            continue
        while len(word) > width:
            if out and len(out[-1]) < width - 1:
                room = width - len(out[-1]) - 1
                out[-1] += " " + word[:room]
                word = word[room:]
            else:
                out.append(word[:width])
                word = word[width:]
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        elif word:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:width - 1] + "~"
    return out


def screen_lines(error, text=None, seconds=RESTART_S):
    """The error screen: five lines of at most 21 characters."""
    if text is None:
        text = traceback_text(error)
    name = type(error).__name__
    message = str(error)
    lines = ["Oops! Restart in %ds" % seconds if seconds else "Oops! Restarting", name[:COLUMNS]]
    lines.extend(wrap(message, COLUMNS, 2) or [""])
    lines.append((_state["note"] or where(text))[:COLUMNS])
    return lines


def show(display, lines):
    """Put ``lines`` on ``display`` (a plain screen of text). Returns the label or None."""
    if display is None:
        return None
    try:
        import displayio
        import terminalio
        from adafruit_display_text import bitmap_label

        group = displayio.Group()
        text = bitmap_label.Label(terminalio.FONT, text="\n".join(lines), color=0xFFFFFF,
                                  line_spacing=1.0)
        text.anchor_point = (0, 0)
        text.anchored_position = (0, 0)
        group.append(text)
        display.root_group = group
        try:
            display.auto_refresh = True
            display.refresh()
        except Exception:
            pass
        return text
    except Exception as error:  # no display library, no memory: the console still has it
        print("faults: no error screen:", error)
        return None


def write_log(path, text, uptime=None):
    """Append ``text`` to the log at ``path`` (started afresh past LOG_LIMIT).
    Returns True if written; False when the drive is read-only or missing."""
    if not path:
        return False
    try:
        import os

        mode = "a"
        try:
            if os.stat(path)[6] > LOG_LIMIT:
                mode = "w"
        except OSError:
            pass
        with open(path, mode) as log:
            head = "--- error"
            if uptime is not None:
                head += " after %d s" % uptime
            log.write(head + " ---\n")
            log.write(text)
            if not text.endswith("\n"):
                log.write("\n")
        return True
    except (OSError, ImportError):
        return False


def restart():
    """Start code.py again: a soft reload, or a hard reset where that is missing."""
    try:
        import supervisor

        supervisor.reload()
        return
    except (ImportError, AttributeError):
        pass
    import microcontroller

    microcontroller.reset()


def handle(error, board=None, watchdog=None, seconds=RESTART_S, sleep=None, reboot=None):
    """After an unexpected exception: console, log, error screen, wait, restart.

    ``sleep`` and ``reboot`` default to ``time.sleep`` and ``restart`` (tests pass their own).
    """
    if isinstance(error, KeyboardInterrupt):
        stop()
        raise error
    board = board if board is not None else _state["board"]
    watchdog = watchdog if watchdog is not None else _state["watchdog"]
    log_path = getattr(board, "log_path", None)
    if board is None:  # the error came before the board was made: the log still works
        try:
            from hardware.parts import log_path as find_log

            log_path = find_log()
        except Exception:
            pass
    text = "?"
    try:
        text = traceback_text(error)
        print(text)
    except Exception:
        pass
    try:
        import gc

        gc.collect()  # an error from running out of memory needs some back for the screen
    except ImportError:
        pass
    uptime = None
    try:
        uptime = int(time.monotonic())
    except Exception:
        pass
    write_log(log_path, text, uptime)
    label = None
    try:
        lines = screen_lines(error, text, seconds)
        label = show(getattr(board, "display", None), lines)
    except Exception:
        lines = None
    pause = sleep if sleep is not None else time.sleep
    for left in range(seconds, 0, -1):
        if watchdog is not None:
            watchdog.feed()
        if label is not None and lines is not None:
            try:
                lines[0] = "Oops! Restart in %ds" % left
                label.text = "\n".join(lines)
            except Exception:
                pass
        pause(1)
    if watchdog is not None:
        watchdog.stop()  # the restarted code.py arms it again
    (reboot or restart)()


def guard(main, **kwargs):
    """Run ``main()``; an exception goes to ``handle``; Ctrl-C stops the watchdog first."""
    try:
        main()
    except KeyboardInterrupt:
        stop()
        raise
    except Exception as error:  # pylint: disable=broad-except
        handle(error, **kwargs)
