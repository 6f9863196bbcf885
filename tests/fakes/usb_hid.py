"""Fake usb_hid: remembers disable()."""

enabled = True


def disable():
    global enabled
    enabled = False
