"""Fake neopixel_write: remembers the last buffer sent (in a copy made once, as the board's
C sends the bytes without copying them) and how many were sent."""

from _cost import timed

sent = 0
last = None


@timed
def neopixel_write(digitalinout, buf):
    global sent, last
    sent += 1
    if last is None or len(last) != len(buf):
        last = bytearray(len(buf))
    for i in range(len(buf)):
        last[i] = buf[i]
