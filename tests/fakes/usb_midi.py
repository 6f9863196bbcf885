"""Fake usb_midi: remembers disable()."""

enabled = True


def disable():
    global enabled
    enabled = False
