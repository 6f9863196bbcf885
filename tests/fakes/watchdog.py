"""Fake watchdog: the mode values and the exception CircuitPython's module has."""


class WatchDogMode:
    RAISE = "raise"
    RESET = "reset"


class WatchDogTimeout(Exception):
    pass
