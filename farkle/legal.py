"""farkle.legal: what the rules allow in a game now: the keeps a roll offers, the best of
them, and why an action is refused.

Functions of a ``farkle.game.Game``, which takes them as its methods (``game.keeps()``,
``game.why_not_roll()``): a module of their own because a board reads a module in one call,
with a collection after it, and the whole engine in one module took a board's frame past
50 ms. The game's phases and ``IllegalAction`` are here too, so that this module needs
nothing of ``farkle.game``'s.
"""

from farkle.scorer import ONE, contains, count, pack, size, unpack

# phases
ROLLOFF = 0  # players roll one die each: to pick the first player, or to settle a final tie
START = 1  # a turn begins: roll (or take over the last player's dice)
KEEP = 2  # dice are showing: set aside at least one scoring die
CHOOSE = 3  # something is set aside: roll on, set aside more of this roll, or bank
OVER = 4


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is unchanged."""


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
