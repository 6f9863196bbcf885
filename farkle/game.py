"""farkle.game: the state machine of one game of Farkle.

A turn: roll the dice in hand, set aside at least one scoring die from that roll, then roll the
rest or bank. Every action has a ``why_not_*`` twin that returns the reason it is refused (or
None); the action itself raises ``IllegalAction`` with that reason and changes nothing.

>>> from farkle.presets import preset
>>> from farkle.dice import FixedDice
>>> g = Game(preset("classic"), players=2, first=0, dice=FixedDice([1, 5, 5, 5, 2, 3]))
>>> g.roll(); g.keep([5, 5, 5]); g.turn_total
500
"""

from farkle.dice import RandomDice
from farkle.scorer import ONE, Scorer, contains, count, pack, size, unpack

# phases
ROLLOFF = 0  # players roll one die each: to pick the first player, or to settle a final tie
START = 1  # a turn begins: roll (or take over the last player's dice)
KEEP = 2  # dice are showing: set aside at least one scoring die
CHOOSE = 3  # something is set aside: roll on, set aside more of this roll, or bank
OVER = 4
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


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is unchanged."""


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

    def keeps(self):
        """Every legal set-aside from the current roll as ``(sorted faces, points added)``."""
        if self.phase not in (KEEP, CHOOSE):
            return []
        # the keeps of the whole roll that hold what is already set aside from it: so dice
        # that score only together with those (a 2-3-4-5 next to a kept 1) are listed too
        base = pack(self.kept)
        already = self.scorer.score_key(base)
        out = []
        for whole, points in self.scorer.keeps_key(pack(self.shown)):
            if whole != base and contains(whole, base):
                out.append((unpack(whole - base), points - already))
        return out

    def best_keep(self):
        """The highest-scoring set-aside now (ties: fewer dice), or ``([], 0)``: ``keeps()``'s
        best, with only the winner unpacked (a board's lit keys ask this at every press)."""
        if self.phase not in (KEEP, CHOOSE):
            return [], 0
        base = pack(self.kept)
        roll = pack(self.shown)
        if roll != self._best_shown or base != self._best_kept:
            already = self.scorer.score_key(base)
            best, best_points = 0, 0
            for whole, points in self.scorer.keeps_key(roll):
                if whole != base and contains(whole, base):
                    points -= already
                    if points > best_points or (points == best_points and size(whole - base) < size(best)):
                        best, best_points = whole - base, points
            self._best, self._best_points = best, best_points
            self._best_shown, self._best_kept = roll, base
        return unpack(self._best), self._best_points

    def selection_points(self, faces):
        """Points ``faces`` would add if set aside now; 0 if they may not be. Asked at every
        key press, so it makes no garbage: the dice are counted packed and a refusal's
        reason is never written out."""
        if self._why_not_take(faces):
            return 0
        base = pack(self.kept)
        total = self.scorer.score_key(base + pack(faces))
        return total - self.scorer.score_key(base) if total else 0

    # ----- why an action is refused -----

    def _why_not_playing(self):
        if self.phase == OVER:
            return "the game is over"
        if self.phase == ROLLOFF:
            return "first the roll-off: each player rolls one die, highest goes"
        return None

    def why_not_rolloff(self, faces=None):
        if self.phase != ROLLOFF:
            return "there is no roll-off now"
        return self._why_not_faces(faces, len(self.rolloff_players))

    def why_not_roll(self, faces=None):
        reason = self._why_not_playing()
        if reason:
            return reason
        if self.phase == KEEP:
            return "set aside at least one scoring die before rolling again"
        return self._why_not_faces(faces, self.in_hand)

    def why_not_keep(self, faces):
        reason = self._why_not_take(faces)
        if reason:
            return reason
        if not self.scorer.score_key(pack(self.kept) + pack(faces)):
            return self.scorer.why_not(list(faces)) or self.scorer.why_not(self.kept + list(faces))
        return None

    def _why_not_take(self, faces):
        """Why ``faces`` are not dice of this roll that may be set aside, scoring aside."""
        reason = self._why_not_playing()
        if reason:
            return reason
        if self.phase == START:
            return "roll the dice first"
        if len(self.kept) == len(self.shown):
            return "hot dice: every die is set aside; roll all %d again or bank" % self.rules.dice
        if not faces:
            return "choose at least one die to set aside"
        left = pack(self.shown) - pack(self.kept)  # kept is part of shown
        for face in faces:
            if type(face) is not int or not 1 <= face <= 6:
                return "a die shows 1 to 6, not %r" % (face,)
            if not count(left, face):
                return "there is no %s left to set aside in this roll" % (face,)
            left -= ONE[face]
        return None

    def why_not_bank(self, adding=0):
        # adding: the points of a legal keep about to be set aside first (a bank with dice
        # selected keeps them, then banks)
        reason = self._why_not_playing()
        if reason:
            return reason
        if self.phase == START:
            if self.piggybacked:
                return "roll the dice you took over first"
            return "roll first: there is nothing to bank yet"
        if self.phase == KEEP and not adding:
            return "set aside at least one scoring die before banking"
        player, total, rules = self.current, self.turn_total + adding, self.rules
        if not self.on_board(player) and total < rules.opening:
            return "you need %d in one turn to get on the board (you have %d)" % (rules.opening, total)
        if total < rules.min_bank:  # the first bank too, when the opening is lower
            return "a bank needs at least %d points (you have %d)" % (rules.min_bank, total)
        if self.final_by >= 0 and rules.tie == "roll_on":
            best = max(s for i, s in enumerate(self.scores) if i != player)
            if self.scores[player] + total == best:
                return "a tie is not enough in the final round: roll on to beat %d" % best
        return None

    def why_not_piggyback(self):
        reason = self._why_not_playing()
        if reason:
            return reason
        if not self.rules.piggyback:
            return "piggybacking is off in these rules"
        if self.phase != START or self.piggybacked:
            return "you can only take over the last player's dice at the start of your turn"
        if not self.left_dice:
            return "there are no dice left from the last turn to take over"
        if not self.on_board(self.current):
            return "you must be on the board (%d in one turn) before you can piggyback" % self.rules.opening
        return None

    def _why_not_faces(self, faces, n):
        if faces is None:
            return None
        if len(faces) != n:
            return "expected %d dice, got %d" % (n, len(faces))
        for face in faces:
            if type(face) is not int or not 1 <= face <= 6:  # not 1.0 or True either
                return "a die shows 1 to 6, not %r" % (face,)
        return None

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
