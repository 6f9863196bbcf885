"""farkle.players.base: the one decision interface every computer player has.

The game asks a player three questions, always about the current player's position:

* ``choose_keep(game)``: in KEEP (dice showing, nothing set aside yet) the faces to set aside,
  a legal non-empty selection; in CHOOSE, when dice of the roll are still unkept, more faces
  to set aside from them, or ``[]`` for none;
* ``roll_on(game)``: in CHOOSE, True to roll the dice in hand, False to bank (never False
  when ``game.why_not_bank()`` refuses the bank);
* ``piggyback(game)``: in START when ``game.why_not_piggyback()`` is None, True to take over
  the dice the last player left.

``win_chance(game)`` is the current player's chance of winning where a solved table knows
it, else None. ``prepare(game, stop)`` works ahead for the current position in slices (pausing
once ``stop()`` is true) and says True when every answer there is quick: a board calls it each
frame so that no decision stalls one. The tournament runner, the firmware and the hints all use this interface.
"""

from farkle.game import CHOOSE, KEEP
from farkle.scorer import contains, pack, size, unpack


class Player:
    """Base class: a player bound to one rules value and one seat."""

    level = "base"

    def __init__(self, rules, players=2, seat=0):
        self.rules = rules
        self.players = players
        self.seat = seat

    def choose_keep(self, game):
        raise NotImplementedError  # pragma: no cover

    def roll_on(self, game):
        raise NotImplementedError  # pragma: no cover

    def piggyback(self, game):
        return False

    def win_chance(self, game):
        return None

    def prepare(self, game, stop=None):
        return True

    def reserve(self):
        """Take now the heap the next turns will need: a board calls it as the game starts,
        once the code that made the player is gone and the heap is collected (the heap is
        then least broken up). A player that needs nothing does nothing."""

    def game_over(self):
        """The game is over: give back the heap kept for the next turns (a board needs it
        for the end screen). A player that keeps nothing does nothing."""

    def __repr__(self):
        return "<%s player, seat %d>" % (self.level, self.seat)


def minimum(game, player=None):
    """The smallest bank the rules allow ``player`` (default: the current one) now."""
    if player is None:
        player = game.current
    rules = game.rules
    return rules.min_bank if game.on_board(player) else max(rules.opening, rules.min_bank)


def keep_options(game):
    """The best keep for each number of dice it leaves in hand, as a list of
    ``(points added, dice in hand after, packed keep)``; dice in hand after a keep of every
    die is N (hot dice). Only these keeps can be best: with the same dice left, more points
    are never worse. Empty when nothing can be set aside now."""
    scorer = game.scorer
    N = game.rules.dice
    in_hand = game.in_hand
    best = {}
    if game.phase == KEEP and not game.kept:
        key = pack(game.shown)
        cache = getattr(scorer, "options_cache", None)  # a host-side speed-up (tournaments)
        if cache is not None and key in cache:
            return cache[key]
        for sub, points in scorer.keeps_key(key):
            left = in_hand - size(sub) or N
            old = best.get(left)
            if old is None or points > old[0]:
                best[left] = (points, left, sub)
        if cache is not None:
            cache[key] = [best[k] for k in sorted(best)]
            return cache[key]
    elif game.phase == CHOOSE:
        # every keep of the whole roll that holds what is set aside already (dice that score
        # only together with those count too), less what is set aside
        base = pack(game.kept)
        already = scorer.score_key(base)
        for whole, total in scorer.keeps_key(pack(game.shown)):
            if whole != base and contains(whole, base):
                sub = whole - base
                points = total - already
                left = in_hand - size(sub) or N
                old = best.get(left)
                if old is None or points > old[0]:
                    best[left] = (points, left, sub)
    return [best[k] for k in sorted(best)]


def faces(option):
    """The faces of an option from :func:`keep_options` (``[]`` for None)."""
    return unpack(option[2]) if option is not None and option[2] else []


def bank_wins(game):
    """True when banking now wins the game outright (the bank is allowed): without a final
    round a bank that reaches the target (exactly, under an exact target); in the final round
    a bank that puts the last player still to play strictly ahead of everyone."""
    if game.why_not_bank():
        return False
    rules = game.rules
    me = game.current
    score = game.scores[me] + game.turn_total
    if game.final_by >= 0:
        for i in range(game.players):
            if i != me and (game.pending[i] or game.scores[i] >= score):
                return False
        return True
    if rules.final_round:
        return False
    if rules.exact_target:
        return score == rules.target
    return score >= rules.target


def leader(game, player=None):
    """The highest score among the other players."""
    if player is None:
        player = game.current
    best = None
    for i in range(game.players):
        if i != player and (best is None or game.scores[i] > best):
            best = game.scores[i]
    return best


def farkle_chance(scorer, n):
    """``(ways, 6**n)``: how many of the 6**n ways ``n`` dice can fall score nothing."""
    count_farkles(scorer, n)
    return scorer.farkles[n]


def count_farkles(scorer, n, stop=None):
    """Count ``farkle_chance(scorer, n)``, one sorted roll after another; with ``stop``, pause
    once ``stop()`` is true and go on at the next call (the 462 rolls of six dice take a
    board about 170 ms, more than a frame). True once the count is known."""
    # on the scorer, not in a table by id(scorer): a new game's scorer may get a dead one's id
    if n in scorer.farkles:
        return True
    work = scorer.counting.get(n)  # [face counts, non-scoring ways so far, n!]
    if work is None:
        fact = [1]
        for i in range(1, n + 1):
            fact.append(fact[-1] * i)
        work = scorer.counting[n] = [[n, 0, 0, 0, 0, 0], 0, fact]
    counts, ways, fact = work
    while True:
        key = 0  # the roll packed as the scorer packs it (no list a roll: 462 of six dice)
        for face in range(6):
            key += counts[face] << (3 * face)
        if scorer.is_farkle_key(key):
            orders = fact[n]
            for c in counts:
                orders //= fact[c]
            ways += orders
        # the next face counts (all sorted rolls of n dice, from n ones to n sixes)
        last = counts[5]
        counts[5] = 0
        i = 4
        while i >= 0 and not counts[i]:
            i -= 1
        if i < 0:
            del scorer.counting[n]
            scorer.farkles[n] = (ways, 6 ** n)
            return True
        counts[i] -= 1
        counts[i + 1] = last + 1
        if stop is not None and stop():
            work[1] = ways
            return False
