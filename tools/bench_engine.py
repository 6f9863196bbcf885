"""host-only: the rules engine's figures: scorer speed, heap on CircuitPython's core, save size.

    python3 tools/bench_engine.py            # all three, about a minute (needs CircuitPython's core)
    python3 tools/bench_engine.py --no-mpy   # CPython figures only
    python3 tools/bench_engine.py --json     # the same, as one JSON object

(a) Scorer vs a plain recursive partition search, the same workload side by side in one run:
    for every roll multiset of 1..N dice of a preset, list the legal keeps and find the best
    keep. The table scorer does ``keeps(roll)`` and ``best(roll)`` (two passes); the plain
    search (tests/brute_scorer.py, memo off) scores every sub-multiset of the roll by trying
    every way to split it into scoring combinations, then picks the best of those keeps.
    CPU time (time.process_time), best of several interleaved rounds. Also once under
    on CircuitPython's core (classic only).
(b) Heap on CircuitPython's core (fixed heap, 32-bit): the harness's retained figure (tests/mpy,
    ``mem=True``: after the script, with its globals and so the game still alive, it collects
    garbage and reads ``gc.mem_alloc()``) for a script that imports the engine and sets up a
    4-player classic game, minus the same figure for an empty script (the harness's own
    modules). Done for the play modules (presets, rules, scorer, dice, game) and with
    ``farkle.savegame`` too, from the .py sources and from .mpy bytecode (as deployed).
(c) The bytes of a saved 4-player classic game half way (the leader past 5000), mid-turn, for
    several log lengths.
"""

import argparse
import ast
import json
import os
import pathlib
import random
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from brute_scorer import BruteScorer, multisets  # noqa: E402
from farkle import savegame  # noqa: E402
from farkle.dice import RandomDice  # noqa: E402
from farkle.game import CHOOSE, KEEP, ROLLOFF, START, Game  # noqa: E402
from farkle.presets import NAMES, preset  # noqa: E402
from farkle.scorer import Scorer  # noqa: E402

ROUNDS = 5
GOAL_RATIO = 20
GOAL_HEAP = 32 * 1024


# ----- (a) scorer speed -----


def table_workload(rules, rolls):
    s = Scorer(rules)
    n = 0
    for roll in rolls:
        n += len(s.keeps(roll))
        s.best(roll)
    return n


def plain_workload(rules, rolls):
    b = BruteScorer(rules, memo=False)
    n = 0
    for roll in rolls:
        keeps = b.keeps(roll)
        n += len(keeps)
        best, best_points = (), 0
        for faces, points in keeps.items():
            if points > best_points or (points == best_points and len(faces) < len(best)):
                best, best_points = faces, points
    return n


def scorer_speed():
    out = {}
    for name in NAMES:
        rules = preset(name)
        rolls = multisets(1, rules.dice)
        fast, slow = [], []
        for _ in range(ROUNDS):
            t = time.process_time()
            k1 = table_workload(rules, rolls)
            fast.append(time.process_time() - t)
            t = time.process_time()
            k2 = plain_workload(rules, rolls)
            slow.append(time.process_time() - t)
            assert k1 == k2, "the two scorers disagree on the number of keeps"
        out[name] = {"rolls": len(rolls), "keeps": k1, "table_ms": round(min(fast) * 1000, 2),
                     "plain_ms": round(min(slow) * 1000, 1), "ratio": round(min(slow) / min(fast), 1)}
    return out


MPY_SPEED = """
import time
from farkle.presets import preset
from farkle.scorer import Scorer
%s
rules = preset("classic")
rolls = multisets(1, 6)
def table():
    s = Scorer(rules)
    for roll in rolls:
        s.keeps(roll)
        s.best(roll)
def plain():
    b = BruteScorer(rules, memo=False)
    for roll in rolls:
        keeps = b.keeps(roll)
        best, best_points = (), 0
        for faces, points in keeps.items():
            if points > best_points or (points == best_points and len(faces) < len(best)):
                best, best_points = faces, points
t = time.monotonic_ns(); table(); t1 = time.monotonic_ns(); plain(); t2 = time.monotonic_ns()
print("%%d %%d" %% (t1 - t, t2 - t1))
"""


def scorer_speed_micropython():
    from mpy.harness import run_micropython

    with open(os.path.join(ROOT, "tests", "brute_scorer.py")) as f:
        brute = f.read()
    result = run_micropython(MPY_SPEED % brute, timeout=600).check()
    table_ns, plain_ns = (int(x) for x in result.stdout.split())
    return {"preset": "classic", "table_ms": round(table_ns / 1e6, 1), "plain_ms": round(plain_ns / 1e6, 1),
            "ratio": round(plain_ns / table_ns, 1)}


# ----- (b) heap -----

PLAY = """from farkle.presets import preset
from farkle.game import Game
game = Game(preset("classic"), players=4, first=0)
"""
PLAY_AND_SAVE = PLAY + "from farkle import savegame\n"


def _strip_docstrings(src_dir, dest_dir):
    """A copy of a package without module and class docstrings (what CircuitPython keeps)."""
    os.makedirs(dest_dir)
    for name in os.listdir(src_dir):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(src_dir, name)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef)) and node.body and \
                    isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) and \
                    isinstance(node.body[0].value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
        with open(os.path.join(dest_dir, name), "w") as f:
            f.write(ast.unparse(tree))


def heap():
    from mpy.harness import run_micropython

    def retained(script, mounts=("farkle",)):
        return run_micropython(script, mounts=mounts, mem=True).check().mem_retained

    base = retained("pass\n")
    out = {"empty_script": base}
    for label, script in (("play", PLAY), ("play_and_save", PLAY_AND_SAVE)):
        total = retained(script)
        out[label] = {"retained": total, "engine": total - base}
    # the same from bytecode, as the board loads it (make deploy compiles farkle/ to .mpy)
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy

    tmp = tempfile.mkdtemp(prefix=".bench_mpy_", dir=ROOT)
    try:
        shutil.copytree(os.path.join(ROOT, "farkle"), os.path.join(tmp, "farkle"),
                        ignore=shutil.ignore_patterns("__pycache__", "policies", "solve"))
        deploy.compile_tree(pathlib.Path(tmp))
        mount = (os.path.relpath(os.path.join(tmp, "farkle"), ROOT),)
        for label, script in (("play", PLAY), ("play_and_save", PLAY_AND_SAVE)):
            total = retained(script, mount)
            out[label]["engine_from_mpy"] = total - base
    finally:
        shutil.rmtree(tmp)
    # each module on its own (with the modules it imports)
    out["modules"] = {}
    for module in ("farkle.rules", "farkle.presets", "farkle.scorer", "farkle.dice", "farkle.game",
                   "farkle.savegame"):
        out["modules"][module] = retained("import %s\n" % module) - base
    return out


# ----- (c) save size -----


def mid_game(log_size):
    rng = random.Random(3)
    g = Game(preset("classic"), players=4, first=0, dice=RandomDice(3), log_size=log_size)
    while max(g.scores) < 5000 or g.phase != CHOOSE:
        if g.phase == ROLLOFF:
            g.rolloff()
        elif g.phase == START:
            g.roll()
        elif g.phase == KEEP:
            keeps = g.keeps()
            g.keep(rng.choice(keeps)[0] if rng.random() < 0.5 else g.best_keep()[0])
        elif g.why_not_bank() is None and rng.random() < 0.5:
            g.bank()
        else:
            g.roll()
    return g


def save_size():
    out = {}
    for log_size in (1, 16, 32, 0):
        g = mid_game(log_size)
        data = savegame.dumps(g)
        assert savegame.dumps(savegame.loads(data)) == data
        out["log_%s" % (log_size or "all")] = {"events": len(g.log), "bytes": len(data)}
    g = mid_game(1)
    w = savegame._Writer()
    savegame._write_rules(w, g.rules)
    out["rules_part_bytes"] = len(w.out)
    out["scores"] = g.scores
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-mpy", action="store_true", help="skip the figures on CircuitPython's core")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = {"scorer": scorer_speed()}
    if not args.no_mpy:
        figures["scorer_micropython"] = scorer_speed_micropython()
        figures["heap"] = heap()
    figures["save"] = save_size()
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print("(a) scorer vs plain recursive partition search: every roll of 1..N dice, keeps + best")
    print("    %-10s %6s %6s %10s %10s %7s" % ("preset", "rolls", "keeps", "table ms", "plain ms", "ratio"))
    for name, row in figures["scorer"].items():
        print("    %-10s %6d %6d %10.1f %10.1f %6.1fx" % (name, row["rolls"], row["keeps"], row["table_ms"],
                                                      row["plain_ms"], row["ratio"]))
    worst = min(row["ratio"] for row in figures["scorer"].values())
    print("    lowest ratio %.1fx (goal >= %dx): %s" % (worst, GOAL_RATIO, "met" if worst >= GOAL_RATIO else "MISSED"))
    if "scorer_micropython" in figures:
        m = figures["scorer_micropython"]
        print("    CircuitPython core, classic: table %.0f ms, plain %.0f ms, %.1fx" % (m["table_ms"], m["plain_ms"], m["ratio"]))
        h = figures["heap"]
        print("(b) heap on CircuitPython's core, 4-player classic game set up and alive (bytes after gc.collect())")
        print("    empty script (interpreter + harness stubs): %d" % h["empty_script"])
        for label, text in (("play", "presets + game (rules, scorer, dice)"),
                            ("play_and_save", "... + savegame")):
            row = h[label]
            print("    %-38s retained %6d, engine %6d (%.1f KiB); from .mpy %6d (%.1f KiB)" % (
                text, row["retained"], row["engine"], row["engine"] / 1024,
                row["engine_from_mpy"], row["engine_from_mpy"] / 1024))
        engine = h["play_and_save"]["engine"]
        print("    whole engine %.1f KiB (goal <= %d KiB): %s" % (engine / 1024, GOAL_HEAP // 1024,
                                                           "met" if engine <= GOAL_HEAP else "MISSED"))
        print("    modules alone: " + ", ".join("%s %d" % (k.split(".")[1], v) for k, v in h["modules"].items()))
    s = figures["save"]
    print("(c) saved 4-player classic game half way (scores %s), mid-turn" % (s["scores"],))
    for key in ("log_1", "log_16", "log_32", "log_all"):
        print("    %-8s %4d events  %5d bytes" % (key, s[key]["events"], s[key]["bytes"]))
    print("    of which the rules (preset number + every field): %d bytes" % s["rules_part_bytes"])


if __name__ == "__main__":
    main()
