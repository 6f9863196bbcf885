"""The whole firmware on CircuitPython's own core in a fixed heap, played by key events.

host-only. Usage:
    python tools/board_check.py                      # every scenario at 128K, one JSON line each
    python tools/board_check.py --heap 96K
    python tools/board_check.py --scenario expert --scenario menus
    python tools/board_check.py --games 1            # one game a scenario (quick; default 8)
    python tools/board_check.py --bisect             # the smallest heap each scenario passes in
    python tools/board_check.py --scenario menus --modules   # what each screen has loaded
    python tools/board_check.py --pystack 1536       # a smaller pystack than a board's 2 KB

It plays on the core ``make circuitpython-board`` builds where there is one (unless
``$CIRCUITPYTHON_BIN`` names another): a board runs each call's frame on its pystack of 2
KB, beside the heap, which the shared core lacks (it says so if it plays on that one).
Deploys the firmware as ``make deploy`` does (bytecode, per board), lays each scenario's
drive out with the fake hardware of tests/fakes (compiled like the libraries) and runs the
deployed ``code.py`` on the core with ``-X heapsize``. ``tools/board_scenario.py`` plays it
from the keys with fixed dice (a fixed seed; the board's os.urandom hidden) and reports.
A scenario is played as several games (``--games``: dice seeds 1, 2, ..., each game's
firmware starting a little further along among the machinery's blocks) and is ok only
when every game is: where a game's heap breaks up, and so whether its blocks find room,
differs from game to game and with what else is in the heap, so one game passing says
little. Exit status 0 when every
scenario is ok.
"""

import argparse
import json
import pathlib
import re
import shutil
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))

import cpcore  # noqa: E402
import deploy  # noqa: E402
import short_names  # noqa: E402
from mpy import harness  # noqa: E402

BOARD_IDS = {"macropad": "adafruit_macropad_rp2040", "tower": "raspberry_pi_pico"}
# name: (board, preset, seats, extra settings for the driver)
SCENARIOS = {
    "expert": ("macropad", "classic", ["human", "expert"], {}),
    "normal": ("macropad", "classic", ["human", "normal"], {}),
    "hard": ("macropad", "classic", ["human", "hard"], {}),
    "easy": ("macropad", "classic", ["human", "easy"], {}),
    "tower-farkel-4": ("tower", "farkel", ["human", "hard", "normal", "hard"], {}),
    "eight-players": ("macropad", "classic",
                      ["human", "easy", "normal", "hard", "easy", "normal", "hard", "normal"], {}),
    "expert-three": ("macropad", "classic", ["human", "expert", "hard"], {}),
    "resume": ("macropad", "classic", ["human", "expert"], {"cut_after": 6}),
    "menus": ("macropad", "classic", ["human", "normal"], {}),
    # keys pressed at random, whatever shows: the set-up, games of any size and level, the
    # menus, power cuts (no levels of its own: the keys choose them)
    "hostile": ("macropad", "classic", [], {"hostile": True}),
    "hostile-tower": ("tower", "classic", [], {"hostile": True}),
}
# A hostile game is SEGMENTS boots of one drive, the power cut after 3,000 to 6,000 frames
# each (75 to 150 s of board time)
SEGMENTS = 3
# What tools/board_hostile.py counts, in the order it prints them
HOSTILE_COUNTS = ("games_started", "most_seats", "expert_games", "gave_way", "saves_waited")
# what the driver reports when the firmware restarted itself for heap
# (``app.storage.restart_for_heap``): the same drive boots again, where the firmware makes
# the game again; at most MAX_RESTARTS times a boot
RESTARTED = "supervisor.reload()"
MAX_RESTARTS = 6
MAX_FRAMES = 200000
DRIVER = REPO / "tools" / "board_scenario.py"
TIMING = REPO / "tools" / "board_timing.py"  # the driver's timing half, loaded in timed games
# the heap a timed game's own code takes (tools/board_timing.py, the fakes' timers, the logs'
# buffers), added to its heap as the machinery's is; board_time checks the driver's count
TIMING_HEAP = 11 * 1024
PROFILER = REPO / "tools" / "board_profile.py"
HOSTILE = REPO / "tools" / "board_hostile.py"  # the hostile scenarios' keys
WORK = REPO / "build" / "board-check"
VERBOSE = False


HEAP = 128 * 1024  # the goal: what an RP2040 board leaves a program, before the display's
GAMES = 8  # games a scenario: whether a game's blocks find room in its heap is game by game
# Each game after the first also starts its firmware PAD bytes further along among the
# machinery's blocks (tools/board_scenario.py, "pad"): a board's heap breaks up as its own
# machinery (C) leaves it, not as this check's, so where the firmware's blocks land is
# sampled, not taken as given (one line more in the driver has turned 7 passing games of 8
# into none)
PAD = 160
# The pystack of the run that measures the machinery: room to spare (its imports nest). A
# game's is a board's (cpcore.BOARD_PYSTACK) plus what the driver's own calls take below
# code.py, so that the firmware's calls get exactly a board's.
PYSTACK_ROOM = 16 * 1024
PYSTACK = cpcore.BOARD_PYSTACK  # the firmware's (--pystack)


def parse_heap(text):
    text = str(text).upper()
    return int(text[:-1]) * 1024 if text.endswith("K") else int(text)


def deployed(board):
    """The firmware folder for ``board`` (built once per run)."""
    out = WORK / board / "CIRCUITPY"
    if not (out / "code.py").exists() or not getattr(deployed, "fresh", {}).get(board):
        deploy.build(out, board=board)
        deployed.__dict__.setdefault("fresh", {})[board] = True
    return out


def compiled_fakes():
    """tests/fakes as .mpy, so the core spends no heap compiling them (the board's are C)."""
    out = WORK / "fakes"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(REPO / "tests" / "fakes", out, ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    deploy.compile_tree(out)
    return out


def overhead(board, hostile=False, what="OVERHEAD", timed=False):
    """Heap the test machinery takes before code.py starts: the harness, this driver and
    the fakes' code and module state (a board's modules are C, in flash), and in a hostile
    game the random keys' module. Added to the heap each scenario runs in, so the firmware
    itself gets exactly the heap asked for. With ``what="PYSTACK"``: the pystack the
    driver's calls take below the firmware's, added to a board's likewise. ``timed``: a
    timed game's, whose pool of names goes unpadded (its timing code's heap is
    TIMING_HEAP's)."""
    cache = overhead.__dict__.setdefault("cache", {})
    if (board, hostile, timed) not in cache:
        drive = WORK / "drives" / "overhead"
        if drive.exists():
            shutil.rmtree(drive)
        drive.mkdir(parents=True)
        cfg = {"scenario": "overhead", "measure_only": True, "hostile": hostile, "timing": timed}
        proc = _core(board, cfg, 1024 * 1024, drive, PYSTACK_ROOM)
        proc.check()
        cache[board, hostile, timed] = {key: int(proc.stdout.split(key + " ")[1].split()[0])
                                        for key in ("OVERHEAD", "PYSTACK")}
    return cache[board, hostile, timed][what]


def _core(board, cfg, heap, drive, pystack):
    out = deployed(board)
    # the driver reads the firmware's state by its names: spelt as the deployed bytecode
    # spells them (tools/short_names.py)
    renames = short_names.read_map(out)
    driver = short_names.rewrite(DRIVER.read_text(encoding="utf-8"), renames)
    # CFG as one JSON text, read at run time: a literal would add its short strings (the
    # levels, the preset) to the names made before the firmware's, a different count for
    # each scenario, where the check needs them to fill the first five pools of names at most
    script = "import json\nCFG = json.loads(%r)\n%s" % (json.dumps(cfg), driver)
    mounts = [out / entry for entry in ("code.py", "boot.py", "settings.toml", "farkle", "app",
                                         "hardware")]
    if cfg.get("profile"):  # the driver's profiler, renamed as the driver is
        profiler = WORK / "profiler" / PROFILER.name
        profiler.parent.mkdir(parents=True, exist_ok=True)
        profiler.write_text(short_names.rewrite(PROFILER.read_text(encoding="utf-8"), renames), encoding="utf-8")
        mounts.append(profiler)
    if cfg.get("timing"):
        mounts.append(TIMING)
    if cfg.get("hostile"):  # renamed as the driver is: it reads the firmware's state
        hostile_keys = WORK / "hostile" / HOSTILE.name
        hostile_keys.parent.mkdir(parents=True, exist_ok=True)
        hostile_keys.write_text(short_names.rewrite(HOSTILE.read_text(encoding="utf-8"), renames), encoding="utf-8")
        mounts.append(hostile_keys)
    return harness.run_circuitpython(script, mounts=mounts, libs=(WORK / "fakes", out / "lib"),
                                     hide=("os.urandom",), heap=heap, timeout=1800,
                                     board=board, drive=drive, fixed_addresses=bool(cfg.get("clock_log")),
                                     pystack=pystack)


def run_once(name, heap, drive, extra=None, seed=1):
    board, preset, levels, settings = SCENARIOS[name]
    cfg = {"scenario": name, "board": board, "board_id": BOARD_IDS[board], "preset": preset,
           "levels": levels, "heap": heap, "seed": seed, "max_frames": MAX_FRAMES,
           "pad": PAD * (seed - 1)}
    cfg.update(settings)
    cfg.update(extra or {})
    cfg["verbose"] = VERBOSE
    random_keys, timed = bool(cfg.get("hostile")), bool(cfg.get("timing"))
    if timed:
        cfg["timing_heap"] = TIMING_HEAP
    cfg["overhead"] = overhead(board, random_keys, timed=timed) + cfg["pad"] + cfg.get("timing_heap", 0)
    if cfg.get("profile"):  # every call timed by a wrapper of its own: a frame more a call
        pystack = PYSTACK_ROOM
    else:
        pystack = PYSTACK + overhead(board, random_keys, "PYSTACK")
    proc = _core(board, cfg, heap + cfg["overhead"] + HASH_EXTRA, drive, pystack)
    if VERBOSE:
        print(proc.stderr, file=sys.stderr)
    for line in proc.stdout.splitlines():
        if VERBOSE:
            print(line, file=sys.stderr)
        if line.startswith("RESULT "):
            row = json.loads(line[7:])
            if cfg.get("hostile"):  # what the keys met (tools/board_hostile.py's lines)
                hostile(row, proc.stdout)
            if row["peak"] is not None:
                row["peak"] -= HASH_EXTRA  # what the board's one-byte hashes leave of it
            row["names"], optimistic = firmware_names(proc.stdout)
            if optimistic and row["ok"] and not cfg.get("timing"):  # a timing run leaves the pool unpadded
                row.update(ok=False, error=optimistic)
            return row
    tail = (proc.stderr.strip().splitlines() or ["exit %d, no result" % proc.returncode])[-1]
    return {"scenario": name, "board": board, "preset": preset, "players": len(levels),
            "levels": levels, "heap": heap, "ok": False, "turns": 0, "peak": None,
            "error": tail}


POOL_LINE = re.compile(r"^qstr pool: n_pool=(\d+), n_qstr=(\d+)", re.M)
FIRST_POOL = 20  # names in a board's first pool of names (twice MICROPY_ALLOC_QSTR_ENTRIES_INIT)
# The names' hashes: this core keeps two bytes a name (the unix port's
# MICROPY_QSTR_BYTES_IN_HASH), a board's CircuitPython one (py/circuitpy_mpconfig.h, full
# builds such as the RP2040's). The driver fills FILLED_POOLS pools before code.py starts, so
# the firmware's names go into one pool of FIRMWARE_POOL entries, which costs FIRMWARE_POOL
# bytes more here than on a board: the check adds them to the heap with the machinery's
# (tests/test_core_harness.py measures what a name costs this core).
CORE_HASH_BYTES, BOARD_HASH_BYTES = 2, 1
FILLED_POOLS = 6
FIRMWARE_POOL = FIRST_POOL << FILLED_POOLS
HASH_EXTRA = FIRMWARE_POOL * (CORE_HASH_BYTES - BOARD_HASH_BYTES)


def pools_for(names, first):
    """Names the pools hold once ``names`` names have been added, pools doubling from
    ``first``."""
    held, size = 0, first
    while held < names:
        held += size
        size *= 2
    return held


def firmware_names(stdout):
    """The firmware's own names, from the counts the driver has the core print before the
    firmware starts (the driver having filled the last pool) and at the end; and an error
    when this core's pools for them hold fewer names than a board's would (a board starts
    its own at 20 names a pool, here they start at twice the filled pools), which would make
    the check kinder than a board."""
    counts = [(int(pools), int(names)) for pools, names in POOL_LINE.findall(stdout)]
    if len(counts) < 2:
        return None, None
    (pools, before), (_, after) = counts[0], counts[-1]
    # a hostile game's keys' module, loaded before the firmware (in the firmware's pool, which
    # its names make fuller, never emptier), then counted again: its names are not the firmware's
    names = after - counts[-2][1] if len(counts) > 2 else after - before
    if before != pools_for(before, FIRST_POOL):
        return names, "the names before the firmware's did not fill their pools (%d names)" % before
    if pools != FILLED_POOLS:  # HASH_EXTRA counts on the firmware's pool of FIRMWARE_POOL
        return names, "%d pools before the firmware's, not %d" % (pools, FILLED_POOLS)
    if pools_for(names, FIRST_POOL << pools) < pools_for(names, FIRST_POOL):
        return names, "%d firmware names: this core's pools would hold fewer than a board's" % names
    return names, None


def run(name, heap, extra=None, seed=1):
    """One game of a scenario in a fresh drive folder; the resume scenario runs twice on one
    drive."""
    drive = WORK / "drives" / name
    if drive.exists():
        shutil.rmtree(drive)
    drive.mkdir(parents=True)
    if SCENARIOS[name][3].get("hostile"):
        return run_hostile(name, heap, drive, extra, seed)
    first = boots(name, heap, drive, extra, seed)
    if name != "resume" or not first["ok"]:
        return first
    saved = [first["turns"], first["scores"]]
    second = boots(name, heap, drive, dict(extra or {}, cut_after=None, resume=saved), seed)
    second["restarts"] += first["restarts"]
    if second["ok"] and "offer" not in second.get("seen", ()):
        second.update(ok=False, error="no resume offer after the power cut")
    second["peak"] = max(first["peak"] or 0, second["peak"] or 0)
    return second


def hostile(row, stdout):
    """Into ``row``: the hostile keys' counts (``HOSTILE_COUNTS``; a run that failed printed
    none, so only its games) and the last game's seats."""
    games = [line[len("HOSTILE GAME "):].split() for line in stdout.splitlines() if line.startswith("HOSTILE GAME ")]
    row["levels"] = games[-1] if games else []
    row["players"] = len(row["levels"])
    counts = [line for line in stdout.splitlines() if line.startswith("HOSTILE [")]
    met = json.loads(counts[-1][len("HOSTILE "):]) if counts else [len(games), max([len(seats) for seats in games] or [0]), 0, 0, 0]
    row.update(zip(HOSTILE_COUNTS, met))


def add_up_hostile(row, rows):
    """Into ``row``: the hostile keys' counts over ``rows`` (boots or games), summed, the
    most seats the most."""
    for key in HOSTILE_COUNTS:
        values = [r.get(key, 0) for r in rows]
        row[key] = max(values) if key == "most_seats" else sum(values)


def joined(rows):
    """One row for boots of one drive: the last one's, with the highest peak and the most
    firmware names of them all, and every screen they saw, in order."""
    row = dict(rows[-1])
    row["peak"] = max([r["peak"] or 0 for r in rows]) or None
    row["names"] = max([r.get("names") or 0 for r in rows])
    row["seen"] = [name for r in rows for name in r.get("seen", ())]
    return row


def boots(name, heap, drive, extra, seed):
    """``run_once``, and again on the same drive after each restart the firmware made for
    heap (``app.storage.restart_for_heap``: the next boot makes the game again), at most
    MAX_RESTARTS; the boots' row (``joined``) with their ``restarts``."""
    rows = [run_once(name, heap, drive, extra, seed)]
    while rows[-1]["ok"] and rows[-1]["error"] == RESTARTED:
        if len(rows) > MAX_RESTARTS:
            rows[-1].update(ok=False, error="restarted for heap %d times" % len(rows))
            break
        rows.append(run_once(name, heap, drive, extra, seed))
    row = joined(rows)
    row["restarts"] = len(rows) - 1
    return row


def run_hostile(name, heap, drive, extra, seed):
    """A hostile game: SEGMENTS boots of one drive, each cut after a stretch of random keys
    (its own random seed); ok when every boot is. The counts are summed, the peak the
    highest."""
    rows = []
    for segment in range(SEGMENTS):
        frames = 3000 + (seed * 7919 + segment * 104729) % 3000
        cfg = dict(extra or {}, hostile=frames, seed=seed * 1000 + segment)
        row = boots(name, heap, drive, cfg, seed)
        rows.append(row)
        if not row["ok"]:
            break
    row = joined(rows)
    row["turns"] = sum([r["turns"] for r in rows])
    add_up_hostile(row, rows)
    row["restarts"] = sum([r["restarts"] for r in rows])
    row["seen"] = sorted(set(row["seen"]))
    return row


def run_games(name, heap, games=GAMES, extra=None, play=run):
    """The scenario as ``games`` games (dice seeds 1 to ``games``): ok when all are. The row
    is the first failed game's (its ``seed`` says which), else the last one's; ``turns`` is
    that game's, ``peak`` the highest of all, ``games_ok`` how many passed, ``cut_turns``
    how many of the expert's turns in all the games were worked out shorter than the
    solution's for want of heap (``farkle.players.expert_turns.TurnTable._shrink``), ``redrawn``
    how many frames ran out of heap while drawing (the screen built again: ``Screens.lost``),
    ``hints`` the levels that advised the hints the games asked for (a hint that could not
    think fails its game)."""
    rows = [dict(play(name, heap, extra, seed), seed=seed) for seed in range(1, games + 1)]
    failed = [row for row in rows if not row["ok"]]
    row = dict(failed[0] if failed else rows[-1])
    peaks = [r["peak"] for r in rows if r["peak"] is not None]
    row.update(ok=not failed, games=games, games_ok=games - len(failed), peak=max(peaks) if peaks else None)
    if any("cut_turns" in r for r in rows):
        row["cut_turns"] = sum([r.get("cut_turns", 0) for r in rows])
    row["redrawn"] = sum([r.get("redrawn", 0) for r in rows])  # reported when not 0
    row["restarts"] = sum([r.get("restarts", 0) for r in rows])  # for heap (app.storage.restart_for_heap)
    row["nvm_erases"] = sum([r.get("nvm_erases", 0) for r in rows])
    row["nvm_writes"] = sum([r.get("nvm_writes", 0) for r in rows])
    names = [r["names"] for r in rows if r.get("names")]
    if names:  # the firmware's names in its busiest game: a board's first six pools hold 1,260
        row["most_names"] = max(names)
    levels = [r["hint"] for r in rows if r.get("hint")]
    if levels:  # the levels that advised the hints asked for, and how often
        row["hints"] = {level: levels.count(level) for level in sorted(set(levels))}
    if any("games_started" in r for r in rows):  # what the hostile keys met, in all
        add_up_hostile(row, rows)
    return row


def one_game_tool(description, core, core_help):
    """The arguments of a tool that plays one game of the check on a core of its own
    (``tools/board_gdb.py``, ``tools/board_oom.py``): ``--scenario``, ``--seed``, ``--heap``
    and ``--core``, its default ``core``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--scenario", required=True, choices=sorted(SCENARIOS))
    parser.add_argument("--seed", type=int, default=1, help="the game: board_check's dice seed (default 1)")
    parser.add_argument("--heap", default="%dK" % (HEAP // 1024))
    parser.add_argument("--core", default=str(core), help=core_help)
    return parser


def source_names(scenario):
    """The firmware's short names (``tools/short_names.py``) -> the names its sources spell,
    in the bytecode deployed for ``scenario``'s board."""
    return {short: name for name, short in short_names.read_map(deployed(SCENARIOS[scenario][0])).items()}


def report(row):
    keys = ("scenario", "board", "preset", "players", "levels", "heap", "ok", "turns", "peak",
            "error", "games", "games_ok", "seed", "most_names", "cut_turns", "redrawn", "restarts", "hints") + HOSTILE_COUNTS
    return json.dumps({key: row.get(key) for key in keys if key in row and (key not in ("redrawn", "restarts") or row[key])})


def bisect(name, games=GAMES, low=96 * 1024, high=512 * 1024, step=4 * 1024):
    """The smallest heap (a multiple of ``step``) every one of the scenario's games passes
    in, or None."""
    if not run_games(name, high, games)["ok"]:
        return None
    while high - low > step:
        middle = (low + high) // 2 // step * step
        if run_games(name, middle, games)["ok"]:
            high = middle
        else:
            low = middle
    return high


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heap", default="%dK" % (HEAP // 1024), help="GC heap, bytes or nK (default %(default)s)")
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS),
                        help="run only these (default: all but the hostile ones)")
    parser.add_argument("--games", type=int, default=GAMES,
                        help="games a scenario, each with its own dice (default %(default)s)")
    parser.add_argument("--bisect", action="store_true",
                        help="find the smallest heap (4 KB steps) each scenario passes in")
    parser.add_argument("--verbose", action="store_true",
                        help="also show the heap in use when each screen first shows")
    parser.add_argument("--modules", action="store_true",
                        help="also list the firmware's modules loaded when each screen first shows")
    parser.add_argument("--pystack", type=int, default=cpcore.BOARD_PYSTACK,
                        help="the firmware's pystack in bytes (default %(default)s, a board's)")
    args = parser.parse_args(argv)
    global VERBOSE, PYSTACK
    VERBOSE = args.verbose
    PYSTACK = args.pystack
    # the hostile scenarios only when named: the planned nine are the check's goal (a
    # scenario at 128 KiB), the hostile ones keys nobody plans, with power cuts
    names = args.scenario or [name for name in SCENARIOS if not SCENARIOS[name][3].get("hostile")]
    cpcore.use_board_core()
    if not cpcore.pystack_depth():
        print("board_check: this core has no pystack: each call's frame is made in the heap, as "
              "no board's is, so games fail that a board would play (`make circuitpython-board`)",
              file=sys.stderr, flush=True)
    compiled_fakes()
    ok = True
    for name in names:
        if args.bisect:
            smallest = bisect(name, args.games)
            print(json.dumps({"scenario": name, "smallest_heap": smallest}), flush=True)
            ok = ok and smallest is not None
        else:
            row = run_games(name, parse_heap(args.heap), args.games, {"modules": True} if args.modules else None)
            print(report(row), flush=True)
            modules = row.get("modules") or {}
            for screen in row.get("seen", ()):  # in the order they showed
                if screen in modules:
                    print("  %s: %s" % (screen, " ".join(modules[screen])), flush=True)
            ok = ok and row["ok"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
