"""farkle.cli: the host command line, ``python -m farkle VERB``; every verb prints JSON.

host-only: argparse and json; this module stays out of the board image.
"""

import argparse
import json
import os
import sys

from farkle.game import MAX_PLAYERS, MIN_PLAYERS, Game, IllegalAction
from farkle.presets import NAMES, PRESETS, preset
from farkle.rules import FIELD_NAMES, RulesError
from farkle.scorer import Scorer

MAX_INPUT = 4 * 1024 * 1024  # characters of JSON read at most: a replay of a long game is ~100 KB
MAX_DEPTH = 16  # nesting of JSON a verb accepts: the deepest real document has 4 levels
MAX_GAMES = 1000000  # simulate: about half an hour on two cores
PROGRESS_GAMES = 2000  # simulate: from this many games on, progress goes to standard error
REPLAY_KEYS = ("rules", "players", "first", "events")


class UsageError(Exception):
    """Bad input to a verb: printed as ``{"error": ...}`` with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line as a UsageError (JSON out, exit 2)."""

    def error(self, message):
        raise UsageError(message)


def _short(value, width=60):
    """``repr(value)`` cut to ``width`` characters, for error messages about any input."""
    try:
        text = json.dumps(value)
    except (RecursionError, ValueError, TypeError):
        text = "<%s>" % type(value).__name__
    return text if len(text) <= width else text[:width - 3] + "..."


def _depth(value):
    """How deeply a parsed JSON value nests (iteratively: no recursion limit to hit)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json(text, what):
    """A JSON value from ``text``, or UsageError naming ``what`` (too large, too deep, invalid)."""
    if len(text) > MAX_INPUT:
        raise UsageError("%s: more than %d characters of JSON" % (what, MAX_INPUT))
    try:
        value = json.loads(text)
    except RecursionError:
        raise UsageError("%s: JSON nested more than %d deep" % (what, MAX_DEPTH))
    except ValueError as error:  # includes numbers too long to convert
        raise UsageError("%s: not valid JSON: %s" % (what, error))
    if _depth(value) > MAX_DEPTH:
        raise UsageError("%s: JSON nested more than %d deep" % (what, MAX_DEPTH))
    return value


def rules_from_spec(spec, what="rules"):
    """Rules from a preset name, a ``{"preset": NAME, field: value, ...}`` dict, or that dict as JSON text."""
    if isinstance(spec, str) and spec.lstrip().startswith(("{", "[", '"')):
        spec = parse_json(spec, what)
    try:
        if isinstance(spec, str):
            return preset(spec)
        if isinstance(spec, dict):
            fields = dict(spec)
            name = fields.pop("preset", "classic")
            if not isinstance(name, str):
                raise UsageError("%s: preset must be a name (%s), not %s" % (what, ", ".join(NAMES), _short(name)))
            return preset(name, **fields)
    except RulesError as error:
        raise UsageError("%s: %s" % (what, error))
    raise UsageError("%s must be a preset name or an object, not %s" % (what, _short(spec)))


def rules_spec(rules):
    """The rules as the shortest spec that gives them back: a preset's name, or
    ``{"preset": NAME, field: value, ...}`` with the fields that differ from that preset."""
    best = None
    for name in NAMES:
        base = preset(name)
        changes = {k: getattr(rules, k) for k in FIELD_NAMES if getattr(rules, k) != getattr(base, k)}
        if best is None or len(changes) < len(best[1]) or (name == rules.name and len(changes) == len(best[1])):
            best = (name, changes)
    name, changes = best
    if not changes:
        return name
    spec = {"preset": name}
    spec.update(changes)
    return spec


def rules_json(rules):
    out = {"name": rules.name, "description": rules.description}
    out.update(rules.as_dict())
    out["offers"] = {key: list(values) for key, values in rules.offers.items()}
    return out


def parse_dice(words, limit=6):
    """Faces from words like ``1 1 5`` or ``115``."""
    faces = []
    for word in words:
        for ch in word.replace(",", ""):
            if ch not in "123456":
                raise UsageError("a die shows 1 to 6, not %r" % ch)
            faces.append(int(ch))
    if not faces:
        raise UsageError("give the dice, e.g. 1 1 5")
    if len(faces) > limit:
        raise UsageError("at most %d dice, got %d" % (limit, len(faces)))
    return faces


def _keep_list(scorer, dice):
    return [[faces, points] for faces, points in sorted(scorer.keeps(dice))]


def cmd_rules(args):
    if args.name is not None:
        return rules_json(rules_from_spec(args.name)), 0
    return [rules_json(preset(p[0])) for p in PRESETS], 0


def cmd_score(args):
    rules = rules_from_spec(args.rules)
    scorer = Scorer(rules)
    dice = sorted(parse_dice(args.dice, rules.dice))
    keep, best = scorer.best(dice)
    out = {
        "rules": rules_spec(rules),
        "dice": dice,
        "points": scorer.score(dice),
        "keeps": _keep_list(scorer, dice),
        "best": {"keep": keep, "points": best},
        "error": scorer.why_not(dice),
    }
    return out, (2 if out["error"] else 0)


def multisets(n, low=1):
    """Every sorted multiset of ``n`` faces, in lexicographic order."""
    if n == 0:
        yield []
        return
    for face in range(low, 7):
        for rest in multisets(n - 1, face):
            yield [face] + rest


def table_lines(rules):
    scorer = Scorer(rules)
    spec = rules_spec(rules)
    for n in range(1, rules.dice + 1):
        for dice in multisets(n):
            keep, best = scorer.best(dice)
            yield {
                "rules": spec,
                "dice": dice,
                "farkle": scorer.is_farkle(dice),
                "all": scorer.score(dice) or None,
                "best": {"keep": keep, "points": best},
                "keeps": _keep_list(scorer, dice),
            }


def cmd_table(args):
    for line in table_lines(rules_from_spec(args.rules)):
        sys.stdout.write(json.dumps(line) + "\n")
    return None, 0


def _faces(value, what):
    if not isinstance(value, list) or not all(type(f) is int for f in value):
        raise IllegalAction("%s must be a list of faces" % what)
    return value


def apply_event(game, event):
    """Play one replay event on ``game``; raises IllegalAction with the reason."""
    if not isinstance(event, dict) or len(event) != 1:
        raise IllegalAction("an event is an object with one key: roll, keep, bank, piggyback or rolloff")
    (kind, value), = event.items()
    if kind == "roll":
        game.roll(_faces(value, "roll"))
    elif kind == "keep":
        game.keep(_faces(value, "keep"))
    elif kind == "rolloff":
        game.rolloff(_faces(value, "rolloff"))
    elif kind in ("bank", "piggyback"):
        if value is not True:
            raise IllegalAction('%s takes the value true' % kind)
        getattr(game, kind)()
    else:
        raise IllegalAction("unknown event %r" % kind)


def _whole(value, what, low, high):
    """``value`` if it is a whole number from ``low`` to ``high`` (not true/false, not 2.0)."""
    if type(value) is not int:
        raise UsageError("%s must be a whole number, not %s" % (what, _short(value)))
    if not low <= value <= high:
        raise UsageError("%s must be %d to %d, not %d" % (what, low, high, value))
    return value


def play_replay(doc):
    """Play a replay document; returns the game and the first refusal (or None)."""
    if not isinstance(doc, dict):
        raise UsageError("a replay is an object with %s, not %s" % (", ".join(REPLAY_KEYS), _short(doc)))
    for key in doc:
        if key not in REPLAY_KEYS:
            raise UsageError("unknown replay field %s (known: %s)" % (_short(key), ", ".join(REPLAY_KEYS)))
    rules = rules_from_spec(doc.get("rules", "classic"))
    players = _whole(doc.get("players", 2), "players", MIN_PLAYERS, MAX_PLAYERS)
    first = doc.get("first")
    if first is not None:
        first = _whole(first, "first", 0, players - 1)
    game = Game(rules, players=players, first=first)
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise UsageError("events must be a list, not %s" % _short(events))
    for i, event in enumerate(events):
        try:
            apply_event(game, event)
        except IllegalAction as refusal:
            return game, {"event": i, "reason": str(refusal)}
    return game, None


def position(game, error=None):
    """What ``replay`` prints about a game."""
    return {
        "rules": rules_spec(game.rules),
        "scores": game.scores,
        "current": game.current,
        "turn_total": game.turn_total,
        "dice_in_hand": game.in_hand,
        "final_round": game.final_round(),
        "over": game.is_over(),
        "winners": game.winners,
        "error": error,
    }


def replay(doc):
    """Play a replay document; returns ``(result dict, exit status)``."""
    game, error = play_replay(doc)
    return position(game, error), (1 if error else 0)


def read_json(path):
    """A JSON document from a file, or from standard input for ``-`` (at most MAX_INPUT characters)."""
    what = "standard input" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read(MAX_INPUT + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_INPUT + 1)
    except (OSError, ValueError) as error:  # ValueError: not UTF-8 text
        raise UsageError("cannot read %s: %s" % (what, error))
    return parse_json(text, what)


def cmd_replay(args):
    return replay(read_json(args.file))


def cmd_hint(args):
    """The expert's advice for the position a replay document reaches."""
    from farkle.players import LEVELS
    from farkle.players.hint import hint

    if args.level not in LEVELS:
        raise UsageError("--level: unknown level %s (known: %s)" % (_short(args.level), ", ".join(LEVELS)))
    game, error = play_replay(read_json(args.file))
    if error:
        return position(game, error), 1
    if game.is_over():
        return {"error": "the game is over: there is nothing to advise"}, 2
    advice = hint(game, level=args.level)
    advice["position"] = position(game)
    return advice, 0


def cmd_odds(args):
    from farkle.solve.turn import odds

    rules = rules_from_spec(args.rules)
    try:
        out = odds(rules)
    except ValueError as error:  # a grid of turn totals too fine to solve
        raise UsageError("rules: no odds for these rules: %s" % error)
    out["rules"] = rules_spec(rules)
    return out, 0


def cmd_solve(args):
    from farkle.solve.command import cmd_solve

    return cmd_solve(args)


def cmd_simulate(args):
    from farkle.players import LEVELS
    from farkle.tournament import simulate

    seats = [s.strip() for s in args.seats.split(",")]
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise UsageError("--seats: %d to %d seats, not %d" % (MIN_PLAYERS, MAX_PLAYERS, len(seats)))
    for level in seats:
        if level not in LEVELS:
            raise UsageError("--seats: unknown level %s (known: %s)" % (_short(level), ", ".join(LEVELS)))
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError("--games must be 1 to %d, not %d" % (MAX_GAMES, args.games))
    rules = rules_from_spec(args.rules)
    progress = _progress if args.games >= PROGRESS_GAMES else None
    out = simulate(rules, seats=seats, games=args.games, seed=args.seed, progress=progress)
    if progress:
        sys.stderr.write("\n")
    out["rules"] = rules_spec(rules)
    return out, 0


def _progress(done, total):
    sys.stderr.write("\rsimulate: %d of %d games" % (done, total))
    sys.stderr.flush()


def build_parser():
    parser = _Parser(prog="python -m farkle", description="Farkle rules engine tools (JSON out).")
    verbs = parser.add_subparsers(dest="verb", required=True)
    p = verbs.add_parser("rules", help="the presets, or one preset in full")
    p.add_argument("name", nargs="?")
    p.set_defaults(run=cmd_rules)
    p = verbs.add_parser("score", help="points of setting aside these dice, the legal keeps and the best")
    p.add_argument("--rules", default="classic")
    p.add_argument("dice", nargs="+")
    p.set_defaults(run=cmd_score)
    p = verbs.add_parser("table", help="one JSON line per roll of 1..N dice")
    p.add_argument("--rules", default="classic")
    p.set_defaults(run=cmd_table)
    p = verbs.add_parser("replay", help="play a JSON replay (FILE or - for stdin)")
    p.add_argument("file")
    p.set_defaults(run=cmd_replay)
    p = verbs.add_parser("hint", help="the computer's advice for the position a replay (FILE or -) reaches")
    p.add_argument("file")
    p.add_argument("--level", default="expert", help="whose advice (default: expert, else hard)")
    p.set_defaults(run=cmd_hint)
    p = verbs.add_parser("odds", help="exact odds of a turn: farkle chances, expected turn, bank thresholds")
    p.add_argument("--rules", default="classic")
    p.set_defaults(run=cmd_odds)
    p = verbs.add_parser("solve", help="solve the two-player game: first player's chance, fair head start, normal vs optimal")
    p.add_argument("--rules", default="classic")
    p.add_argument("--json", action="store_true", help="one JSON object (default: text)")
    p.add_argument("--table", default=None, help="also write the expert's policy file here")
    p.set_defaults(run=cmd_solve)
    p = verbs.add_parser("simulate", help="computer-vs-computer games, seats rotated")
    p.add_argument("--rules", default="classic")
    p.add_argument("--seats", default="normal,easy", help="one level per seat: easy, normal, hard, expert")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_simulate)
    return parser


def main(argv=None):
    """Run one verb; returns the exit status. Whatever the input, the answer is JSON: a
    UsageError (or any other failure) prints ``{"error": ...}`` with status 2, and a reader
    that closes the pipe early (``| head``) ends it quietly with status 0."""
    try:
        try:
            args = build_parser().parse_args(argv)
            out, status = args.run(args)
        except UsageError as error:
            out, status = {"error": str(error)}, 2
        except (RecursionError, MemoryError, OverflowError, ValueError, TypeError, RuntimeError) as error:
            out, status = {"error": "%s: %s" % (type(error).__name__, error)}, 2
        if out is not None:
            sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader has gone: send what is still buffered nowhere so exiting stays quiet
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status
