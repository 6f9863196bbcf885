"""farkle.reachable: the one definition of a state the engine can reach.

A restored game (a save, the board's journal, a game put together from its parts) is trusted
only if ``why_not(game)`` finds nothing wrong: every invariant the rules and the engine's
actions keep is checked, down to the current player having a legal action. Imported only
when a game is restored, so it costs the board no heap during play.
"""

from farkle.game import CHOOSE, KEEP, OVER, ROLLOFF, START, Game


def why_not(game):
    """The first broken invariant of ``game`` as a short text, or None when it is reachable."""
    rules, n, phase = game.rules, game.players, game.phase
    seats = range(n)
    scores, top = game.scores, max(game.scores)
    final = game.final_by
    if not 0 <= game.current < n:
        return "there is no player %d" % game.current
    if not 0 <= phase <= OVER:
        return "unknown phase %d" % phase
    for name in ("scores", "streak", "reached", "opened", "pending"):
        if len(getattr(game, name)) != n:
            return "%s has an entry per player" % name
    for name in ("changes", "turns", "turn_total", "left_points", "log_size"):
        if getattr(game, name) < 0:
            return name + " is negative"
    # scores, and the clock that says who reached a score first
    start = _head_start(rules, n)
    for p in seats:
        if scores[p] < 0 and not rules.penalty:
            return "a negative score without a farkle penalty"
        if rules.exact_target and scores[p] > rules.target:
            return "a score past an exact target"
        if not game.opened[p] and rules.opening and scores[p] > start and not rules.exact_target:
            return "points for a player who has not opened"
        if game.streak[p] < 0 or (rules.penalty and game.streak[p] > 2):
            return "%d farkles in a row (a penalty comes at 3)" % game.streak[p]
        if not 0 <= game.reached[p] <= game.changes or (scores[p] and not game.reached[p]):
            return "when a score was set"
    for event in game.log:
        if not -1 <= event[1] < n:
            return "the log names a player %d" % event[1]
    clock = [r for r in game.reached if r]
    if len(set(clock)) != len(clock) or (game.changes and max(clock or [0]) != game.changes):
        return "when a score was set"
    # the final round
    if final >= 0:
        if not rules.final_round:
            return "a final round under rules without one"
        if final >= n or scores[final] < rules.target:
            return "a final round started below the target"
        if game.pending[final]:
            return "the player who reached the target is owed a turn"
    else:
        if final != -1:
            return "who started the final round"
        if True in game.pending:
            return "turns owed with no final round"
        if phase != OVER and top >= rules.target:
            return "a score at the target while the game goes on"
    # the end
    if phase == OVER:
        winners = game.winners
        if not winners:
            return "the game is over with no winner"
        if True in game.pending:
            return "the game is over with turns owed"
        if winners != sorted(set(winners)) or winners[-1] >= n:
            return "the winners are not distinct seats"
        for p in winners:
            if scores[p] != top:
                return "a winner without the top score"
        if len(winners) > 1 and rules.tie != "draw":
            return "a draw under rules that settle ties"
    elif game.winners:
        return "winners while the game goes on"
    # the roll-off
    tied = game.rolloff_players
    if phase == ROLLOFF:
        if len(tied) < 2 or tied != sorted(set(tied)) or tied[-1] >= n:
            return "a roll-off needs two or more different players"
        if game.rolloff_for_tie:
            if final < 0 or True in game.pending or rules.tie not in ("rolloff", "roll_on"):
                return "a roll-off for a tie that cannot be"
            for p in tied:
                if scores[p] != top:
                    return "a roll-off for a player without the top score"
        elif game.turns or game.changes:
            return "a roll-off for the first player after play began"
    elif tied:
        return "roll-off players outside a roll-off"
    elif game.rolloff_for_tie and phase != OVER:
        return "a roll-off for a tie while play goes on"
    if phase in (ROLLOFF, OVER):
        return None
    # the turn
    if final >= 0 and not game.pending[game.current]:
        return "a turn for a player not owed one in the final round"
    why = _why_not_turn(game, rules)
    if why:
        return why
    if phase == KEEP and not game.keeps():
        return "no legal action: the roll shown scores nothing"
    return None


def _head_start(rules, players):
    # the points a fair start may give a player before they open (farkle.fairstart)
    try:
        from farkle.fairstart import head_start
    except ImportError:
        return 0
    solved = head_start(rules, players)
    return solved[0] if solved else 0


def _why_not_turn(game, rules):
    N, phase, hand = rules.dice, game.phase, game.in_hand
    shown, kept, total = game.shown, game.kept, game.turn_total
    if not 0 < hand <= N:
        return "%d dice in hand" % hand
    if game.left_dice or game.left_points:
        if not rules.piggyback:
            return "dice left to take over under rules without piggybacking"
        if not (0 < game.left_dice <= N and game.left_points > 0) or phase != START or game.piggybacked:
            return "dice left to take over that no bank left"
    if game.piggybacked:
        if not rules.piggyback:
            return "a piggyback under rules without it"
        if not game.on_board(game.current):
            return "a piggyback by a player not on the board"
    for face in shown:
        if not 1 <= face <= 6:
            return "a die showing %d" % face
    if phase == START:
        if shown or kept:
            return "dice showing before the roll"
        if game.piggybacked:
            return None if total > 0 else "a piggyback with no points"
        return None if total == 0 and hand == N else "a turn total before the first roll"
    left = list(shown)
    for face in kept:
        if face not in left:
            return "set-aside dice that were not rolled"
        left.remove(face)
    if phase == KEEP:
        if kept or len(shown) != hand:
            return "a roll of %d dice with %d in hand" % (len(shown), hand)
        return None
    # CHOOSE: something from this roll is set aside and scores; the total holds it
    points = game.scorer.score(kept) if kept else 0
    if not points:
        return "set-aside dice that do not score"
    if (len(shown) - len(kept) or N) != hand:
        return "%d dice in hand after setting aside %d of %d" % (hand, len(kept), len(shown))
    if total < points:
        return "a turn total below the dice set aside"
    return None


def restore(rules, players, dice=None, **parts):
    """A ``Game`` from its parts (attribute names and values), or ValueError naming what
    could not have been reached."""
    game = Game(rules, players=players, first=0, dice=dice)
    for name in parts:
        if not hasattr(game, name) or callable(getattr(game, name)):
            raise ValueError("a game has no part %r" % name)
        setattr(game, name, parts[name])
    why = why_not(game)
    if why:
        raise ValueError(why)
    return game
