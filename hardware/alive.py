"""hardware.alive: the watchdog, fed after every frame, and what an error screen will need.

The part of ``hardware.faults`` that must stay in memory while the app runs: ``arm`` starts
the watchdog and wraps ``board.idle`` to feed it, and remembers the board; ``note`` leaves
a line for the error screen; ``restart_reason`` tells the app at start why the board came
back. The error path itself (``hardware.faults``: the screen, the
log, the restart) is loaded only when something goes wrong, so its bytecode is not in the
heap during a game. ``hardware.faults`` offers these names too.
"""

WATCHDOG_S = 7.0  # under the RP2040's 8.388 s limit, with room for a slow frame
WATCHDOG_SETTING = "FARKLE_WATCHDOG"

_state = {"board": None, "watchdog": None, "note": None}


# ----- watchdog -----

class Watchdog:
    """``microcontroller.watchdog`` in RESET mode, or nothing where the board has none.

    ``wdt``/``mode`` let tests pass stand-ins for ``microcontroller.watchdog`` and
    ``watchdog.WatchDogMode.RESET``.
    """

    def __init__(self, timeout=WATCHDOG_S, wdt=None, mode=None):
        self.wdt = None
        self.problem = None
        try:
            if wdt is None:
                import microcontroller

                wdt = microcontroller.watchdog
            if mode is None:
                from watchdog import WatchDogMode

                mode = WatchDogMode.RESET
            wdt.timeout = timeout
            wdt.mode = mode
            wdt.feed()
            self.wdt = wdt
        except (ImportError, AttributeError, NotImplementedError, ValueError, RuntimeError) as error:
            self.problem = "watchdog: %s" % (error,)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop(self):
        """Off (``mode = None``, how CircuitPython 10 stops it); never raises."""
        if self.wdt is not None:
            try:
                self.wdt.mode = None
            except Exception:
                pass
            self.wdt = None


def arm(board, settings=None, watchdog=None):
    """Remember the board (for the error screen and log) and start the watchdog, fed after
    every frame: ``board.idle`` (the app runs it after each frame) is wrapped to feed it.
    ``watchdog=False`` only remembers the board (arm again once the app is built: the first
    imports and the app's construction may take longer than the watchdog allows).

    :returns: the Watchdog (inactive when switched off or missing), or None.
    """
    _state["board"] = board
    if watchdog is False:
        return None
    armed = _state["watchdog"]
    if watchdog is None and armed is not None and armed.wdt is not None:
        return armed  # armed already: never wrap idle twice
    enabled = True
    if settings is not None:
        try:
            enabled = settings.flag(WATCHDOG_SETTING, True)
        except Exception:
            pass
    if watchdog is None:
        watchdog = Watchdog() if enabled else Watchdog(wdt=_Off())
    _state["watchdog"] = watchdog
    if board is not None and watchdog.wdt is not None:
        before = getattr(board, "idle", None)
        feed = watchdog.feed
        if before is None:
            def idle(app):
                feed()
        else:
            def idle(app):
                feed()
                before(app)
        board.idle = idle
    return watchdog


def feed():
    """Feed the watchdog (for long steps outside the frame loop)."""
    watchdog = _state["watchdog"]
    if watchdog is not None:
        watchdog.feed()


class _Off:
    """Stands in for a watchdog that settings switched off: arming it fails quietly."""

    def __setattr__(self, name, value):
        raise RuntimeError("switched off in settings.toml")


def note(text):
    """A line for the next error screen in place of where the error happened (the app says
    what it did about the error, e.g. that it set the saved game aside)."""
    _state["note"] = text


def stop():
    """Switch the watchdog off (before the REPL, or a deliberate restart)."""
    watchdog = _state["watchdog"]
    if watchdog is not None:
        watchdog.stop()


def restart_reason():
    """"watchdog" after a watchdog reset, "error" after ``handle`` reloaded, else None."""
    try:
        import microcontroller

        reason = microcontroller.cpu.reset_reason
        if reason == microcontroller.ResetReason.WATCHDOG:
            return "watchdog"
    except (ImportError, AttributeError, NotImplementedError):
        pass
    try:
        import supervisor

        if supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD:
            return "error"
    except (ImportError, AttributeError):
        pass
    return None


NOTICES = {
    "watchdog": "The tower hung and was\nrestarted.",
    "error": "The tower restarted after\nan error.",
}
