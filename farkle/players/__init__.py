"""farkle.players: computer players, one decision interface (see ``base``).

>>> from farkle.presets import preset
>>> make_player("normal", preset("classic")).level
'normal'
"""

LEVELS = ("easy", "normal", "hard", "expert")
# Under piggybacking (farkel) the expert's file is solved without it; playing from it measured
# weaker than *hard* (48.59% over 20,000 games, docs/expert.md), so there the expert plays
# *hard*'s decisions and the file gives the win chance (hints, the meter). True: it plays the
# file. (Here, not in the expert's module: the set-up menu asks without loading the play code.)
PIGGYBACK_PLAYS = False


def plays_as(level, rules, players=2):
    """The level a computer seat of ``level`` really plays for ``rules`` and ``players``:
    ``level`` itself, or "hard" for an expert without a solved table for them (what
    ``make_player`` falls back to) or under piggybacking, where the expert makes *hard*'s
    decisions (``PIGGYBACK_PLAYS``). The set-up menu shows it; answering reads the files'
    headers only (``expert_headers.has_table``), without the expert's play code."""
    if level == "expert":
        if rules.piggyback and not PIGGYBACK_PLAYS:
            return "hard"
        try:
            from farkle.players import expert_headers
        except ImportError:
            return "hard"
        if not expert_headers.has_table(rules, players):
            return "hard"
    return level


# Each level's play code, every module after those it imports: a board loads them a frame
# each (``play_code``), and none of them took longer than a frame has
PLAY_CODE = {"easy": ("base", "easy"), "normal": ("base", "policy", "normal"),
             "hard": ("base", "policy", "normal", "hard"), "expert": ("base", "expert_turns", "expert_table", "expert")}


def play_code(level, rules, players=2):
    """The modules (full names) a player of ``level`` plays with, in the order to load them:
    ``PLAY_CODE``'s; for an expert, hard's first where hard makes some of its decisions
    (made with the expert: ``expert_files.make``), and where ``players`` is two the final
    round and win chance (``expert_files.make`` makes that subclass)."""
    names = PLAY_CODE[level]
    if level == "expert" and leans_on_hard(rules, players):
        names = PLAY_CODE["hard"] + names[1:]
    names = ["farkle.players." + name for name in names]
    if level == "expert" and players == 2:
        names.append("farkle.players.expert_duel")
    return names


# The code that finds and opens a level's files: loaded before its player is made, and on a
# board forgotten once it is (``app.computer``)
OPENING_CODE = {"easy": (), "normal": ("policy_files",), "hard": ("policy_files",), "expert": ("expert_headers", "expert_files")}


def opening_code(level=None):
    """The modules (full names) that open the files of a player of ``level``, or of any
    level (None)."""
    names = []
    for level_names in OPENING_CODE.values() if level is None else (OPENING_CODE[level],):
        for name in level_names:
            name = "farkle.players." + name
            if name not in names:
                names.append(name)
    return names


def leans_on_hard(rules, players):
    """Whether an expert lets *hard* make some of its decisions: every one under
    piggybacking, which the solution leaves out (``PIGGYBACK_PLAYS``), and the final round
    of more than two players."""
    return players != 2 or (rules.piggyback and not PIGGYBACK_PLAYS)


def ahead(level, rules, players=2):
    """The work ``make_player(level, rules, players)`` can do ahead, a step at a time (an
    iterable: a board's game start takes a step a frame, the caller catches a MemoryError):
    the expert's file opened, about 150 ms on a board in one go. Nothing for other levels."""
    if level != "expert":
        return ()
    try:
        from farkle.players import expert_files
    except ImportError:
        return ()
    return expert_files.opening(rules, players)


def make_player(level, rules, players=2, seat=0):
    """A computer player of ``level`` (one of ``LEVELS``) for ``rules`` in seat ``seat``.

    "expert" is the solved two-player game where ``farkle.players.expert_files.make(rules, players,
    seat)`` returns a player for these rules; elsewhere it falls back to "hard". Under an
    exact target every level aims for it (``farkle.players.aim``).
    """
    player = _make(level, rules, players, seat)
    if rules.exact_target:
        from farkle.players.aim import Aim

        player = Aim(player)
    return player


def _make(level, rules, players, seat):
    demoted = False
    if level == "expert":
        player = None
        try:
            from farkle.players import expert_files
        except ImportError:
            expert_files = None
        except MemoryError:  # a board short of heap: hard instead, and it says so
            expert_files, demoted = None, True
        if expert_files is not None:
            try:
                player = expert_files.make(rules, players, seat)
            except MemoryError:
                demoted = True
        if player is not None:
            return player
        level = "hard"
    if level == "easy":
        from farkle.players.easy import Easy as cls
    elif level == "normal":
        from farkle.players.normal import Normal as cls
    elif level == "hard":
        from farkle.players.hard import Hard as cls
    else:
        raise ValueError("unknown level %r (known: %s)" % (level, ", ".join(LEVELS)))
    player = cls(rules, players, seat)
    if demoted:
        player.demoted = "expert"  # the app tells the players (app.computer)
    return player
