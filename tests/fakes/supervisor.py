"""Fake supervisor: ticks_ms() (a clock a test can drive), runtime, reload(),
set_usb_identification() (remembered).

``ticks_ms`` wraps at 2**29 like the board's. It follows the host clock from import, or,
once a test calls ``drive_clock(start)``, only moves when the test calls ``advance(ms)``.
"""

import time

usb_identification = None
reloads = 0
_start = time.monotonic_ns()
_driven = None  # [ms] when a test drives the clock


def set_usb_identification(manufacturer=None, product=None, vid=None, pid=None):
    global usb_identification
    usb_identification = (manufacturer, product)


def drive_clock(start=0):
    global _driven
    _driven = [start]


def advance(ms):
    _driven[0] += ms


def ticks_ms():
    if _driven is not None:
        now = _driven[0]
    else:
        now = (time.monotonic_ns() - _start) // 1000000
    return now & ((1 << 29) - 1)


class RunReason:
    STARTUP = "startup"
    AUTO_RELOAD = "auto_reload"
    SUPERVISOR_RELOAD = "supervisor_reload"
    REPL_RELOAD = "repl_reload"


class _Runtime:
    run_reason = RunReason.STARTUP
    serial_connected = False
    usb_connected = False
    autoreload = True


runtime = _Runtime()


def reload():
    global reloads
    reloads += 1
    raise SystemExit("supervisor.reload()")


def set_next_code_file(filename, *, reload_on_success=False, reload_on_error=False,
                       sticky_on_success=False, sticky_on_error=False, sticky_on_reload=False):
    pass
