"""farkle.dice: where the faces come from.

The game asks a dice source for faces, so tests and replays can inject a fixed sequence while
play uses a fair random one.
"""

import random


def _urandom_seed():
    try:
        import os

        return int.from_bytes(os.urandom(4), "big")
    except (ImportError, AttributeError, NotImplementedError):
        return None


class RandomDice:
    """Fair dice: three random bits per draw, rejecting 7 and 8, so every face is exactly 1/6.

    A plain ``getrandbits(8) % 6`` would favour faces 1 to 4; rejection has no such bias.
    Seeded from ``os.urandom`` where the board has it, else from the interpreter's own seed.
    """

    def __init__(self, seed=None):
        if seed is None:
            seed = _urandom_seed()
        if seed is not None:
            random.seed(seed)
        self.counts = [0] * 7  # faces seen since power-on, for the dice check screen

    def face(self):
        while True:
            value = random.getrandbits(3)
            if value < 6:
                self.counts[value + 1] += 1
                return value + 1

    def roll(self, n):
        return [self.face() for _ in range(n)]


class FixedDice:
    """Faces from a given sequence, in order; for tests and replays."""

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.pos = 0

    def push(self, faces):
        self.faces.extend(faces)

    def roll(self, n):
        if self.pos + n > len(self.faces):
            raise IndexError("the fixed dice ran out of faces")
        out = self.faces[self.pos:self.pos + n]
        self.pos += n
        return out
