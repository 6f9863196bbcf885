"""Dice that come up the same on every interpreter (a linear congruential generator), so a game
played under MicroPython can be compared with the same game under CPython."""


class Lcg:
    def __init__(self, seed):
        self.x = seed

    def roll(self, n):
        out = []
        for _ in range(n):
            self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
            out.append((self.x >> 16) % 6 + 1)
        return out
