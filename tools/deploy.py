"""Build a ready-to-copy CIRCUITPY folder, and optionally copy it to a mounted board.

host-only: runs on a PC, never on the board.

    python tools/deploy.py                         # builds build/CIRCUITPY/ for a MacroPad
    python tools/deploy.py --board tower           # for the Pico tower (about 1 MB of drive)
    python tools/deploy.py --drive /media/$USER/CIRCUITPY

The folder holds code.py, boot.py, settings.toml, the packages farkle/, app/ and hardware/
(without hardware/sim and without any module whose first five lines say "host-only"), the
policy data files under farkle/policies/ (the big expert tables only as far as the board's
drive has room: ``choose_tables``), and lib/ with the modules of the CircuitPython libraries
pinned in lib/pypi-lock.txt. Every module except code.py and boot.py is compiled to bytecode
(``.mpy``) with CircuitPython's own mpy-cross (``tools/cpcore.py`` finds it), so the board
never compiles source in its small heap; before that, the names only the firmware spells
are spelt as names the interpreter has built in, or else with two characters
(``tools/short_names.py``: the board keeps every name in its heap for good), with their
map in ``short-names.txt`` to read a traceback by. Their wheels
are fetched once with ``pip download --no-deps --require-hashes`` into a cache
(``--wheels``, $FARKLE_WHEEL_CACHE, or ~/.cache/farkle-dice-tower/wheels), checked against
the lock's sha256, and reused offline afterwards. ``--drive`` then copies only files that changed and removes files of
ours that are gone, leaving everything else on the drive alone; a settings.toml already on
the drive is kept (it holds the user's wiring).
"""

import argparse
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import cpcore  # noqa: E402
import short_names  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[1]
LOCK = REPO / "lib" / "pypi-lock.txt"
DEFAULT_OUT = REPO / "build" / "CIRCUITPY"
TOP_FILES = ("code.py", "boot.py", "settings.toml")
REQUIRED = ("code.py", "boot.py", "settings.toml", "farkle", "hardware")
PACKAGES = ("farkle", "app", "hardware")
LEFT_OUT = ("hardware/sim",)  # the simulator: host-only as a whole
DATA_DIRS = ("farkle/policies",)  # non-Python files copied from these folders
MARKER = ".farkle-deploy"  # marks an output folder this tool may wipe and rebuild
KEPT = ("settings.toml",)  # the user's own edits on the drive win over ours
# The CIRCUITPY drive of each board: the MacroPad's 8 MB flash less CircuitPython's 1 MB;
# a Pico's 2 MB less the same.
DRIVE_BYTES = {"macropad": 7 * 1024 * 1024, "tower": 1024 * 1024}
RESERVE = 64 * 1024  # left free: the error log (16 KB at most), boot_out.txt, the FAT itself
CLUSTER = 512  # a file takes whole clusters of the drive's FAT
OPTIONAL = re.compile(r"^farkle/policies/expert_.*\.bin$")  # big tables a board may do without


class DeployError(Exception):
    """Something the user has to fix: a missing file, a bad hash, no network."""


def default_cache():
    env = os.environ.get("FARKLE_WHEEL_CACHE")
    if env:
        return pathlib.Path(env)
    return pathlib.Path.home() / ".cache" / "farkle-dice-tower" / "wheels"


def is_host_only(path):
    """True if the file's first five lines say "host-only"."""
    with open(path, encoding="utf-8") as handle:
        head = [handle.readline() for _ in range(5)]
    return "host-only" in "".join(head)


# -- the lock file ---------------------------------------------------------------------

def read_lock(path=LOCK):
    """[(name, version, {sha256, ...}, requirement text)] from a hashed requirements file."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    pins = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.match(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.\-+]+)\s*(.*)$", line)
        if not match:
            raise DeployError("%s: not an exact pin: %r" % (path.name, line))
        hashes = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", match.group(3)))
        if not hashes:
            raise DeployError("%s: %s has no sha256 hash" % (path.name, match.group(1)))
        pins.append((match.group(1), match.group(2), hashes, line))
    return pins


def _wheel_prefix(name, version):
    return "%s-%s-" % (re.sub(r"[-_.]+", "_", name).lower(), version)


def _sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def _cached_wheel(cache, name, version, hashes):
    prefix = _wheel_prefix(name, version)
    if cache.is_dir():
        for path in sorted(cache.glob("*.whl")):
            if path.name.lower().startswith(prefix) and _sha256(path) in hashes:
                return path
    return None


def fetch_wheels(cache, offline=False, lock=LOCK):
    """{name: wheel path} for every pin in the lock, downloading the missing ones."""
    pins = read_lock(lock)
    found = {}
    missing = []
    for name, version, hashes, line in pins:
        wheel = _cached_wheel(cache, name, version, hashes)
        if wheel is None:
            missing.append(line)
        else:
            found[name] = wheel
    if missing:
        if offline:
            raise DeployError("not in the wheel cache %s (run once online): %s"
                              % (cache, ", ".join(line.split()[0] for line in missing)))
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as temp:
            requirements = pathlib.Path(temp) / "requirements.txt"
            requirements.write_text("\n".join(missing) + "\n", encoding="utf-8")
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                       "--require-hashes", "--only-binary=:all:", "--dest", temp,
                       "-r", str(requirements)]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                raise DeployError("pip download failed (no network?):\n" + result.stderr)
            for wheel in pathlib.Path(temp).glob("*.whl"):
                shutil.copy2(wheel, cache / wheel.name)
        for name, version, hashes, _ in pins:
            if name not in found:
                wheel = _cached_wheel(cache, name, version, hashes)
                if wheel is None:
                    raise DeployError("pip gave no wheel of %s %s with the locked hash"
                                      % (name, version))
                found[name] = wheel
    return found


def extract_modules(wheel, lib):
    """Copy the wheel's importable .py files into ``lib``; returns their top-level names."""
    tops = set()
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            parts = member.split("/")
            if parts[0].endswith((".dist-info", ".data")) or not member.endswith(".py"):
                continue
            if parts[0] in ("examples", "tests", "docs"):
                continue
            target = lib.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(member))
            tops.add(parts[0][:-3] if len(parts) == 1 else parts[0])
    return tops


# -- the folder --------------------------------------------------------------------------

def on_flash(size):
    """Bytes a file of ``size`` bytes takes on the drive."""
    return -(-size // CLUSTER) * CLUSTER


def choose_tables(tables, budget):
    """Which optional tables go onto a drive with ``budget`` bytes left for them.

    ``tables``: [(name, size)] in order of preference (the expert tries its files in order).
    Takes each table that still fits, in that order; returns (kept, left_out) names.
    """
    kept, left_out = [], []
    for name, size in tables:
        if on_flash(size) <= budget:
            kept.append(name)
            budget -= on_flash(size)
        else:
            left_out.append(name)
    return kept, left_out


def table_preference(names):
    """Optional tables in the order the expert tries them (farkle.players.expert_headers.FILES)."""
    sys.path.insert(0, str(REPO))
    from farkle.players.expert_headers import FILES

    rank = {"farkle/policies/" + name: i for i, name in enumerate(FILES)}
    return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))


def compile_tree(out, mpy_cross=None):
    """Replace every .py under ``out`` but code.py and boot.py by its .mpy; returns the count."""
    if mpy_cross is None:
        mpy_cross = cpcore.mpy_cross()
    count = 0
    for path in sorted(out.rglob("*.py")):
        rel = path.relative_to(out).as_posix()
        if rel in TOP_FILES:
            continue
        proc = subprocess.run([mpy_cross, *cpcore.mpy_flags(rel), "-o", str(path.with_suffix(".mpy")), str(path)],
                              capture_output=True, text=True)
        if proc.returncode:
            raise DeployError("mpy-cross failed on %s: %s" % (rel, proc.stderr.strip()))
        path.unlink()
        count += 1
    return count


def flash_used(out):
    """Bytes the folder takes on the drive (whole clusters per file)."""
    return sum(on_flash(path.stat().st_size) for path in out.rglob("*")
               if path.is_file() and path.name != MARKER)

def project_files(repo=REPO):
    """Relative paths (posix) of the project's files that go onto the board."""
    for name in REQUIRED:
        if not (repo / name).exists():
            raise DeployError("missing %s" % name)
    files = [name for name in TOP_FILES]
    for package in PACKAGES:
        root = repo / package
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(repo).as_posix()
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            if any(rel == out or rel.startswith(out + "/") for out in LEFT_OUT):
                continue
            if path.suffix == ".py":
                if not is_host_only(path):
                    files.append(rel)
            elif any(rel.startswith(data + "/") for data in DATA_DIRS):
                files.append(rel)
    return files


def build(out=DEFAULT_OUT, cache=None, offline=False, repo=REPO, board="macropad", bytecode=True):
    """Make ``out`` a fresh CIRCUITPY folder for ``board``; returns {"files": [...] (the
    sources it holds), "libs": [...], "left_out": [tables that did not fit],
    "flash_bytes": n, "drive_bytes": n}. ``bytecode=False`` keeps the .py sources."""
    out = pathlib.Path(out)
    if out.exists():
        if any(out.iterdir()) and not (out / MARKER).exists():
            raise DeployError("%s exists and was not made by this tool; not touching it" % out)
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MARKER).write_text("made by tools/deploy.py; safe to delete\n", encoding="utf-8")
    files = project_files(repo)
    optional = table_preference([rel for rel in files if OPTIONAL.match(rel)])
    files = [rel for rel in files if rel not in optional]
    for rel in files:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(repo / rel, target)
    wheels = fetch_wheels(default_cache() if cache is None else pathlib.Path(cache), offline)
    libs = set()
    for name in sorted(wheels):
        libs |= extract_modules(wheels[name], out / "lib")
    renames = {}
    if bytecode:
        renames = short_names.apply(out, cpcore.interpreter())
        compile_tree(out)
    drive = DRIVE_BYTES[board]
    kept, left_out = choose_tables([(rel, (repo / rel).stat().st_size) for rel in optional],
                                   drive - RESERVE - flash_used(out))
    for rel in kept:
        shutil.copyfile(repo / rel, out / rel)
    return {"files": files + kept, "libs": sorted(libs), "left_out": left_out,
            "short_names": len(renames),
            "flash_bytes": flash_used(out), "drive_bytes": drive}


def _ours(rel, libs):
    top = rel.split("/")[0]
    if rel in TOP_FILES or top in PACKAGES:
        return True
    parts = rel.split("/")
    if top == "lib" and len(parts) > 1:
        name = parts[1].rsplit(".", 1)[0] if parts[1].endswith((".py", ".mpy")) else parts[1]
        return name in libs
    return False


def copy_to_drive(out, drive, libs, force=False):
    """Sync ``out`` onto the board's drive; returns (copied, removed) relative paths."""
    out, drive = pathlib.Path(out), pathlib.Path(drive)
    if not drive.is_dir():
        raise DeployError("no such folder: %s" % drive)
    if not (drive / "boot_out.txt").exists() and not force:
        raise DeployError("%s has no boot_out.txt: is it a CIRCUITPY drive? (--force)" % drive)
    wanted = {}
    for path in out.rglob("*"):
        if path.is_file() and path.name != MARKER:
            wanted[path.relative_to(out).as_posix()] = path
    copied = []
    # boot.py and code.py last: CircuitPython restarts code.py when one is written.
    order = sorted(wanted, key=lambda rel: (rel in ("boot.py", "code.py"), rel))
    for rel in order:
        target = drive / rel
        data = wanted[rel].read_bytes()
        if target.is_file() and (target.read_bytes() == data or rel in KEPT):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        copied.append(rel)
    removed = []
    for path in sorted(drive.rglob("*"), reverse=True):
        rel = path.relative_to(drive).as_posix()
        if path.is_file() and rel not in wanted and _ours(rel, libs) and rel not in KEPT:
            path.unlink()
            removed.append(rel)
    for package in PACKAGES:  # folders left empty by removals
        root = drive / package
        if root.is_dir():
            for path in sorted(root.rglob("*"), reverse=True):
                if path.is_dir() and not any(path.iterdir()):
                    path.rmdir()
    _flush()
    return copied, removed


def _flush():
    try:
        os.sync()
    except AttributeError:  # not on this OS
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(DEFAULT_OUT),
                        help="folder to build (default build/CIRCUITPY)")
    parser.add_argument("--drive", help="mounted CIRCUITPY drive to copy the folder to")
    parser.add_argument("--board", choices=sorted(DRIVE_BYTES), default="macropad",
                        help="the board whose drive the folder must fit (default macropad)")
    parser.add_argument("--source", action="store_true",
                        help="keep .py sources instead of compiling them to .mpy")
    parser.add_argument("--wheels", help="wheel cache (default $FARKLE_WHEEL_CACHE or "
                        "~/.cache/farkle-dice-tower/wheels)")
    parser.add_argument("--offline", action="store_true",
                        help="use only cached wheels, never the network")
    parser.add_argument("--force", action="store_true",
                        help="copy to --drive even without boot_out.txt there")
    args = parser.parse_args(argv)
    try:
        made = build(args.out, args.wheels, args.offline, board=args.board,
                     bytecode=not args.source)
        print("built %s for the %s: %d project files (%d names made short), lib: %s; %d of %d "
              "bytes of drive used" % (args.out, args.board, len(made["files"]), made["short_names"],
                                       ", ".join(made["libs"]), made["flash_bytes"], made["drive_bytes"]))
        if made["left_out"]:
            print("left out (no room on the drive): %s" % ", ".join(made["left_out"]))
        if args.drive:
            copied, removed = copy_to_drive(args.out, args.drive, made["libs"], args.force)
            print("copied %d changed files to %s, removed %d stale ones"
                  % (len(copied), args.drive, len(removed)))
    except DeployError as err:
        print("deploy: %s" % err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
