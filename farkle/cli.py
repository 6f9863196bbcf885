"""farkle.cli: the host command line, ``python -m farkle VERB``; every verb prints JSON.

host-only: argparse and json; this module stays out of the board image.
"""

import argparse
import json
import sys

from farkle.game import Game, IllegalAction
from farkle.presets import PRESETS, preset
from farkle.rules import RulesError
from farkle.scorer import Scorer


class UsageError(Exception):
    """Bad input to a verb: printed as ``{"error": ...}`` with exit status 2."""


def rules_from_spec(spec):
    """Rules from a preset name, a ``{"preset": NAME, field: value, ...}`` dict, or that dict as JSON text."""
    if isinstance(spec, str) and spec.lstrip().startswith("{"):
        try:
            spec = json.loads(spec)
        except ValueError as error:
            raise UsageError("rules are not valid JSON: %s" % error)
    try:
        if isinstance(spec, str):
            return preset(spec)
        if isinstance(spec, dict):
            fields = dict(spec)
            return preset(fields.pop("preset", "classic"), **fields)
    except RulesError as error:
        raise UsageError(str(error))
    raise UsageError("rules must be a preset name or an object, not %r" % (spec,))


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
    if args.name:
        return rules_json(rules_from_spec(args.name)), 0
    return [rules_json(preset(p[0])) for p in PRESETS], 0


def cmd_score(args):
    rules = rules_from_spec(args.rules)
    scorer = Scorer(rules)
    dice = sorted(parse_dice(args.dice, rules.dice))
    keep, best = scorer.best(dice)
    out = {
        "rules": rules.name,
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
    for n in range(1, rules.dice + 1):
        for dice in multisets(n):
            keep, best = scorer.best(dice)
            yield {
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


def play_replay(doc):
    """Play a replay document; returns the game and the first refusal (or None)."""
    if not isinstance(doc, dict):
        raise UsageError("a replay is an object with rules, players, first and events")
    rules = rules_from_spec(doc.get("rules", "classic"))
    try:
        game = Game(rules, players=doc.get("players", 2), first=doc.get("first"))
    except (ValueError, TypeError) as error:
        raise UsageError(str(error))
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise UsageError("events must be a list")
    for i, event in enumerate(events):
        try:
            apply_event(game, event)
        except IllegalAction as refusal:
            return game, {"event": i, "reason": str(refusal)}
    return game, None


def position(game, error=None):
    """What ``replay`` prints about a game."""
    return {
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
    """A JSON document from a file, or from standard input for ``-``."""
    try:
        return json.loads(sys.stdin.read() if path == "-" else open(path).read())
    except (OSError, ValueError) as error:
        raise UsageError("cannot read %s: %s" % (path, error))


def cmd_replay(args):
    return replay(read_json(args.file))


def cmd_hint(args):
    """The expert's advice for the position a replay document reaches."""
    from farkle.players.hint import hint

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

    return odds(rules_from_spec(args.rules)), 0


def cmd_solve(args):
    from farkle.solve.command import cmd_solve

    return cmd_solve(args)


def cmd_simulate(args):
    from farkle.players import LEVELS
    from farkle.tournament import simulate

    seats = [s.strip() for s in args.seats.split(",")]
    for level in seats:
        if level not in LEVELS:
            raise UsageError("unknown level %r (known: %s)" % (level, ", ".join(LEVELS)))
    if not 2 <= len(seats) <= 8:
        raise UsageError("2 to 8 seats, not %d" % len(seats))
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    return simulate(rules_from_spec(args.rules), seats=seats, games=args.games, seed=args.seed), 0


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m farkle", description="Farkle rules engine tools (JSON out).")
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
    args = build_parser().parse_args(argv)
    try:
        out, status = args.run(args)
    except UsageError as error:
        out, status = {"error": str(error)}, 2
    if out is not None:
        print(json.dumps(out))
    return status
