"""Fake neopixel_write: remembers the last buffer sent and how many were sent."""

sent = 0
last = None


def neopixel_write(digitalinout, buf):
    global sent, last
    sent += 1
    last = bytes(buf)
