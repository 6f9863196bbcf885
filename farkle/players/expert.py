"""farkle.players.expert: plays to win the game, not to score points.

The host solved the two-player game exactly (``farkle.solve.game2``) and wrote the result to
``farkle/policies/expert_<preset>.bin``; this module plays from it: a turn's decisions come from
that turn's table (``farkle.players.expert_turns``, from the file ``farkle.players.expert_table``
reads by seek: the board never holds the whole file). Where no file fits the rules, the expert is *hard*
(``expert_files.make`` returns None).

Piggybacking (farkel) is not in the solved game: a file may be solved for the rules without
it (``tools/make_expert.py --ignore-piggyback``). Played from it (``farkle.players.PIGGYBACK_PLAYS``), the
expert takes over dice exactly when rolling them is worth more than a fresh turn by the
solution's values, and neither side's leftover dice are counted in the values; that measured
weaker than *hard*, so by default the expert plays *hard*'s decisions there and the file gives
the win chance.
"""

import farkle.players
from farkle.game import CHOOSE, OVER, ROLLOFF
from farkle.players.base import Player


def keep_choices(game, unit, N):
    """Every way to set aside dice now as ``(points added in units, dice in hand after, faces)``;
    in CHOOSE also ``(0, dice in hand, [])``: set aside nothing more."""
    out = []
    if game.phase == CHOOSE:
        out.append((0, game.in_hand, []))
    for faces, points in game.keeps():
        left = game.in_hand - len(faces)
        out.append((points // unit, left if left else N, faces))
    return out


def best_choice(choices, value):
    """The choice with the highest ``value(points, left)``; ties: more points, more dice."""
    best = None
    best_key = None
    for c in choices:
        key = (value(c[0], c[1]), c[0], c[1])
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def strongest(game, me):
    """The other player with the highest score (ties: the next to move)."""
    best = -1
    for i in range(1, game.players):
        p = (me + i) % game.players
        if best < 0 or game.scores[p] > game.scores[best]:
            best = p
    return best


class Expert(Player):
    """The solved two-player game's play where a turn's table decides
    (``farkle.players.expert_turns``); *hard* where it does not apply. The final round of
    two players is ``farkle.players.expert_duel``'s (a subclass, with the win chance),
    loaded only where two play, so that a game of more players holds none of its code."""

    level = "expert"
    multi = False  # more than two players: play the two-player game against the leader
    solves_final = False  # the final round from the reach table (two players, expert_duel)

    def __init__(self, rules, players=2, seat=0, table=None):
        Player.__init__(self, rules, players, seat)
        self.table = table
        self._hard = None

    def reserve(self):
        """A board's rows for its turns (``Table.reserve``); False where they found no room."""
        return self.table is None or self.table.reserve()

    def game_over(self):
        """Its turn's rows and hard's tables go; the next game's expert makes rows again
        (``Table.reserve``)."""
        self._hard = None
        if self.table is not None:
            self.table.let_turns_go()

    def hard(self):
        if self._hard is None:
            from farkle.players.hard import Hard

            self._hard = Hard(self.rules, self.players, self.seat)
        return self._hard

    # ----- where the position is in the table -----

    def plays(self, game):
        """``position(game)`` where this expert decides itself, else None (*hard* decides)."""
        if self.rules.piggyback and not farkle.players.PIGGYBACK_PLAYS:
            return None
        return self.position(game)

    def leans_on_hard(self):
        """Whether *hard* makes some of its decisions (``farkle.players.leans_on_hard``)."""
        return farkle.players.leans_on_hard(self.rules, self.players)

    def position(self, game):
        """``(a, b)`` in units for the current player, or None outside the solved game.
        With more than two players (``MultiExpert``) ``b`` is the strongest other player."""
        table = self.table
        if table is None:
            return None
        me = game.current
        if game.final_by >= 0 and not self.solves_final:
            return None  # hard's reach play (the final round of many)
        if game.players != 2:
            if not self.multi:
                return None
            other = strongest(game, me)
        else:
            other = 1 - me
        unit = table.unit
        a, b = game.scores[me], game.scores[other]
        if a % unit or b % unit or a < 0 or b < 0:
            return None
        a //= unit
        b //= unit
        if game.on_board(me) != (a > 0 or not self.rules.opening):
            return None
        if game.on_board(other) != (b > 0 or not self.rules.opening):
            return None
        if game.final_by >= 0:
            return a, b  # the final round is played from the reach table
        if a >= table.S or b >= table.S or game.turn_total % unit:
            return None
        return a, b

    # ----- decisions (outside the final round: the duel's subclass plays that) -----

    def choose_keep(self, game):
        pos = self.plays(game)
        if pos is None:
            return self.hard().choose_keep(game)
        table = self.table
        k0 = game.turn_total // table.unit
        choices = keep_choices(game, table.unit, table.N)
        if not choices:
            return []
        turn = table.turn_table(self.rules, pos[0], pos[1])

        def value(p, left):
            return turn.value(k0 + p, left)
        return list(best_choice(choices, value)[2])

    def roll_on(self, game):
        if game.why_not_bank():
            return True
        pos = self.plays(game)
        if pos is None:
            return self.hard().roll_on(game)
        turn = self.table.turn_table(self.rules, pos[0], pos[1])
        return turn.rolls(game.turn_total // self.table.unit, game.in_hand)

    def piggyback(self, game):
        pos = self.plays(game)
        if pos is None:
            return self.hard().piggyback(game)
        table = self.table
        if game.left_points % table.unit:
            return False
        turn = table.turn_table(self.rules, pos[0], pos[1])
        return turn.roll_value(game.left_points // table.unit, game.left_dice) > turn.roll_value(0, table.N)

    def prepare(self, game, stop=None):
        """Work out this turn's table ahead, a row at a time while ``stop()`` is false (the
        board's turn takes seconds: spread over frames, it never stalls one). Also where *hard*
        decides (``plays``): the win chance (a hint, the meter) reads this turn's table."""
        pos = self.position(game)
        if pos is None or game.final_by >= 0 or game.phase in (OVER, ROLLOFF):
            return True
        return self.table.turn(self.rules, pos[0], pos[1]).build(stop)


class MultiExpert(Expert):
    """Three to eight players: the solved two-player game against whoever leads the others
    (their farkle hands the turn on, their bank past the target starts everyone's last turn:
    both as if the leader were the only other player); the final round is *hard*'s."""

    multi = True

