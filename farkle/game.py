"""farkle.game: the state machine of one game of Farkle.

A turn: roll the dice in hand, set aside at least one scoring die from that roll, then roll the
rest or bank. Every action has a ``why_not_*`` twin that returns the reason it is refused (or
None); the action itself raises ``IllegalAction`` with that reason and changes nothing. The
twins, and the keeps a roll offers, are written in ``farkle.legal`` and are ``Game``'s
methods all the same.

>>> from farkle.presets import preset
>>> from farkle.dice import FixedDice
>>> g = Game(preset("classic"), players=2, first=0, dice=FixedDice([1, 5, 5, 5, 2, 3]))
>>> g.roll(); g.keep([5, 5, 5]); g.turn_total
500
"""

from farkle import legal
from farkle.dice import RandomDice
from farkle.legal import CHOOSE, KEEP, OVER, ROLLOFF, START, IllegalAction  # noqa: F401 (the engine's names)
from farkle.scorer import Scorer

PHASES = ("rolloff", "start", "keep", "choose", "over")

# event kinds in the log: (kind, player, data, points)
EVENTS = (
    "rolloff",  # data: the face the player rolled
    "first",  # player starts the game
    "roll",  # data: faces
    "keep",  # data: faces set aside; points they added
    "hot",  # every die scored: points = turn total carried on
    "farkle",  # data: the roll; points = turn total lost
    "penalty",  # points taken off for farkles in a row
    "bank",  # points banked
    "welfare",  # player received an overshooting bank (player -1: nobody could)
    "piggyback",  # data: dice taken over; points taken over
    "final",  # player reached the target: the final round begins
    "win",  # data: the winners; points = winning score
    "draw",
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8


class Game:
    """One game: scores, whose turn, the dice, and the log.

    ``dice`` is any object with ``roll(n) -> list of faces`` (random by default).
    ``first`` picks the first player; None starts with a roll-off.
    ``log_size`` keeps only the newest events (0 keeps all), for small boards.
    """

    def __init__(self, rules, players=2, first=None, dice=None, log_size=0):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("a game has %d to %d players, not %r" % (MIN_PLAYERS, MAX_PLAYERS, players))
        if first is not None and not 0 <= first < players:
            raise ValueError("first player must be 0 to %d, not %r" % (players - 1, first))
        self.rules = rules
        self.scorer = Scorer(rules)
        self.dice = dice if dice is not None else RandomDice()
        self.players = players
        self.log = []
        self.log_size = log_size
        self.scores = [0] * players
        self.opened = [False] * players  # on the board: made the opening bank
        self.streak = [0] * players  # farkles in a row
        self.reached = [0] * players  # when each score was set, so the first to a total is known
        self.pending = [False] * players  # still owed a turn in the final round
        self.changes = 0  # score changes so far (the clock for ``reached``)
        self.turns = 0  # turns completed
        self.current = first if first is not None else 0
        self.phase = START if first is not None else ROLLOFF
        self.rolloff_players = [] if first is not None else list(range(players))
        self.rolloff_for_tie = False
        self.turn_total = 0
        self.in_hand = rules.dice  # dice not set aside: the next roll's size
        # shown and kept are replaced, never edited in place: a new list is a new state
        self.shown = []  # faces of the current roll
        self.kept = []  # faces set aside from the current roll
        self.left_dice = 0  # what the last bank left for piggybacking
        self.left_points = 0
        self.piggybacked = False
        self.final_by = -1  # who reached the target first
        self.winners = []
        self._final_new = False
        # best_keep()'s last answer, packed, and the packed roll and keep it was for: the
        # play screen asks at every key press, and working it out makes garbage
        self._best = self._best_shown = self._best_kept = -1
        self._best_points = 0
        if first is not None:
            self._log("first", first)

    # ----- reading the state -----

    def is_over(self):
        return self.phase == OVER

    def outcome(self):
        """None while playing, else the winners' seats (more than one: a draw)."""
        return list(self.winners) if self.phase == OVER else None

    def final_round(self):
        return self.final_by >= 0

    def on_board(self, player):
        return self.opened[player] or not self.rules.opening

    def unkept(self):
        """Faces of the current roll not yet set aside."""
        out = list(self.shown)
        for face in self.kept:
            out.remove(face)
        return out

    def hot_dice(self):
        """True right after every die scored: the whole set is back in hand."""
        return self.phase == CHOOSE and len(self.kept) == len(self.shown)  # kept is part of shown

    keeps = legal.keeps
    best_keep = legal.best_keep
    selection_points = legal.selection_points

    # ----- why an action is refused (``farkle.legal``) -----

    _why_not_playing = legal._why_not_playing
    why_not_rolloff = legal.why_not_rolloff
    why_not_roll = legal.why_not_roll
    why_not_keep = legal.why_not_keep
    _why_not_take = legal._why_not_take
    why_not_bank = legal.why_not_bank
    why_not_piggyback = legal.why_not_piggyback
    _why_not_faces = legal._why_not_faces

    def _refuse(self, reason):
        if reason:
            raise IllegalAction(reason)

    # ----- actions -----

    def rolloff(self, faces=None):
        """Each player in the roll-off rolls one die (``faces`` in seat order); ties roll again."""
        self._refuse(self.why_not_rolloff(faces))
        players = self.rolloff_players
        if faces is None:
            faces = self.dice.roll(len(players))
        for player, face in zip(players, faces):
            self._log("rolloff", player, face)
        top = max(faces)
        tied = [p for p, f in zip(players, faces) if f == top]
        if len(tied) > 1:
            self.rolloff_players = tied
        elif self.rolloff_for_tie:
            self._finish(tied)
        else:
            self.rolloff_players = []
            self.current = tied[0]
            self.phase = START
            self._log("first", tied[0])

    def roll(self, faces=None):
        """Roll the dice in hand; ``faces`` injects what came up. A farkle ends the turn."""
        self._refuse(self.why_not_roll(faces))
        if faces is None:
            faces = self.dice.roll(self.in_hand)
        if self.phase == START and not self.piggybacked:
            self.left_dice = self.left_points = 0  # fresh dice: the offer is gone
        self.shown = list(faces)
        self.kept = []
        self.phase = KEEP
        self._log("roll", self.current, tuple(faces))
        if self.scorer.is_farkle(faces):
            self._farkle()

    def keep(self, faces):
        """Set aside ``faces`` from the current roll; they must all score (with what is
        already set aside from this roll, since sets count within one roll)."""
        self._refuse(self.why_not_keep(faces))
        before = self.scorer.score(self.kept)
        self.kept = self.kept + list(faces)
        added = self.scorer.score(self.kept) - before
        self.turn_total += added
        self.in_hand -= len(faces)
        self.phase = CHOOSE
        self._log("keep", self.current, tuple(sorted(faces)), added)
        if not self.in_hand:
            self.in_hand = self.rules.dice
            self._log("hot", self.current, (), self.turn_total)

    def bank(self):
        """Add the turn total to the score and pass the dice."""
        self._refuse(self.why_not_bank())
        rules, player, total = self.rules, self.current, self.turn_total
        self._log("bank", player, (), total)
        self.opened[player] = True
        self.streak[player] = 0
        if rules.piggyback:
            self.left_dice, self.left_points = self.in_hand, total
        if rules.exact_target and self.scores[player] + total > rules.target:
            self._welfare(player, total)
        else:
            self._add(player, total)
        self._end_turn()

    def piggyback(self):
        """Start the turn on the dice and points the last player banked with."""
        self._refuse(self.why_not_piggyback())
        self.turn_total, self.in_hand = self.left_points, self.left_dice
        self.left_dice = self.left_points = 0
        self.piggybacked = True
        self._log("piggyback", self.current, self.in_hand, self.turn_total)

    # ----- what follows from actions -----

    def _log(self, kind, player, data=(), points=0):
        self.log.append((kind, player, data, points))
        if self.log_size and len(self.log) > self.log_size:
            self.log.pop(0)

    def _add(self, player, points):
        self.scores[player] += points
        self.changes += 1
        self.reached[player] = self.changes
        score, target = self.scores[player], self.rules.target
        if score == target or (score > target and not self.rules.exact_target):
            self._reach(player)

    def _welfare(self, player, points):
        # the overshooting bank goes to the lowest other player (ties: next in turn order)
        order = [(player + i) % self.players for i in range(1, self.players)]
        lowest = order[0]
        for other in order:
            if self.scores[other] < self.scores[lowest]:
                lowest = other
        if self.scores[lowest] + points <= self.rules.target:
            self._log("welfare", lowest, (), points)
            self._add(lowest, points)
        else:
            self._log("welfare", -1, (), points)  # it would overshoot for them too: lost

    def _reach(self, player):
        if self.phase == OVER or self.final_by >= 0:
            return
        if not self.rules.final_round:
            self._finish([player])
            return
        self.final_by = player
        self.pending = [p != player for p in range(self.players)]
        self._final_new = True
        self._log("final", player, (), self.scores[player])

    def _farkle(self):
        player = self.current
        self._log("farkle", player, tuple(self.shown), self.turn_total)
        self.turn_total = 0
        self.left_dice = self.left_points = 0
        self.streak[player] += 1
        if self.rules.penalty and self.streak[player] >= 3:
            self.streak[player] = 0
            self._log("penalty", player, (), self.rules.penalty)
            self.scores[player] -= self.rules.penalty
            self.changes += 1
            self.reached[player] = self.changes
        self._end_turn()

    def _end_turn(self):
        if self.phase == OVER:
            return
        player = self.current
        if self.final_by >= 0 and not self._final_new:
            self.pending[player] = False  # this was their last turn
        self._final_new = False
        self.turns += 1
        self.turn_total = 0
        self.in_hand = self.rules.dice
        self.shown = []
        self.kept = []
        self.piggybacked = False
        self.phase = START
        if self.final_by >= 0:
            if True not in self.pending:
                self._settle()
                return
            nxt = (player + 1) % self.players
            while not self.pending[nxt]:
                nxt = (nxt + 1) % self.players
        else:
            nxt = (player + 1) % self.players
        self.current = nxt

    def _settle(self):
        top = max(self.scores)
        tied = [p for p in range(self.players) if self.scores[p] == top]
        tie = self.rules.tie
        if len(tied) == 1 or tie == "draw":
            self._finish(tied)
        elif tie == "first":
            first = tied[0]
            for p in tied:
                if self.reached[p] < self.reached[first]:
                    first = p
            self._finish([first])
        else:  # "rolloff", and "roll_on" when a tie slipped through anyway
            self.phase = ROLLOFF
            self.rolloff_players = tied
            self.rolloff_for_tie = True

    def _finish(self, winners):
        self.winners = sorted(winners)
        self.rolloff_players = []
        self.phase = OVER
        kind = "win" if len(winners) == 1 else "draw"
        self._log(kind, -1, tuple(self.winners), self.scores[self.winners[0]])
