"""A plain computer player for tests and pictures: the best keep, bank from 300 where allowed.

Runs under MicroPython too (mounted into /lib by the harness). Pictures and heap figures stay
put when the real levels in farkle/players improve.
"""


class Steady:
    def __init__(self, level, rules, players=2, seat=0):
        pass

    def choose_keep(self, game):
        return game.best_keep()[0] if game.phase == 2 else []  # 2: the KEEP phase

    def roll_on(self, game):
        return game.turn_total < 300 or game.why_not_bank() is not None

    def piggyback(self, game):
        return False
