"""farkle.players.hint: what the best computer player would do now, for a human.

``hint(game)`` answers for the current player: the keep and the roll-or-bank choice of the best
level available for these rules (*expert* where a solved table fits, else *hard*), the chance
that the next roll scores nothing, and the player's chance of winning where a solved table
knows it (``Player.win_chance``; None otherwise).
"""

from farkle.game import CHOOSE, KEEP, OVER, PHASES, ROLLOFF, START, Game
from farkle.players import make_player
from farkle.players.base import farkle_chance


class _Twin(Game):
    def __init__(self):  # filled in by what_if
        pass


def what_if(game):
    """A copy of ``game`` to try an action on (shares nothing mutable with it; no log)."""
    twin = _Twin()
    # the instance's own fields only (the class's come with the subclass): ``dir`` and a
    # getattr per name, methods included, took a board about 30 ms
    for name, value in game.__dict__.items():
        if callable(value):
            continue
        if isinstance(value, list):
            value = list(value)
        setattr(twin, name, value)
    twin.log = []
    twin.log_size = 1
    return twin


def hint(game, level="expert", player=None):
    """The advice for the current player of ``game`` as a JSON-ready dict::

        {"level": "hard", "player": 0, "phase": "keep",
         "keep": [1, 5] or None, "keep_points": 150 or None,
         "piggyback": True/False or None, "roll": True/False or None,
         "dice": 4, "farkle": 0.157, "win": 0.61 or None}

    ``keep``: what to set aside now (KEEP; in CHOOSE what more to set aside, [] for nothing);
    ``roll``: after that keep, roll on (True) or bank (False); ``dice``: how many dice the next
    roll would use and ``farkle`` its chance of scoring nothing; ``piggyback``: at the start of
    a turn, whether to take over the last player's dice (None when that is not allowed).
    ``player`` overrides the computer player asked (default: ``make_player(level, ...)``).
    """
    if player is None:
        player = make_player(level, game.rules, game.players, game.current)
    out = {
        "level": player.level,
        "player": game.current,
        "phase": PHASES[game.phase],
        "keep": None,
        "keep_points": None,
        "piggyback": None,
        "roll": None,
        "dice": None,
        "farkle": None,
        "win": None,
    }
    if game.phase in (OVER, ROLLOFF):
        return out
    out["win"] = player.win_chance(game)
    twin = game
    if game.phase == START:
        dice = game.in_hand  # fewer than all of them after taking the last player's dice over
        if game.why_not_piggyback() is None:
            out["piggyback"] = take = bool(player.piggyback(game))
            if take:
                dice = game.left_dice
        out["roll"] = True
    else:
        if game.phase == KEEP or game.unkept():
            keep = list(player.choose_keep(game))
            out["keep"] = keep
            out["keep_points"] = game.selection_points(keep) if keep else 0
            if keep:
                twin = what_if(game)
                twin.keep(keep)
        if twin.phase == CHOOSE:
            out["roll"] = bool(player.roll_on(twin))
        dice = twin.in_hand
    ways, total = farkle_chance(game.scorer, dice)
    out["dice"] = dice
    out["farkle"] = round(ways / total, 6)
    return out
