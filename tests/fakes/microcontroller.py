"""Fake microcontroller: a 4 KB nvm like the RP2040's."""

nvm = bytearray(b"\xff" * 4096)
