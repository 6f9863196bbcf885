"""Run Python code on CircuitPython's own core from pytest.

CPython accepts code a CircuitPython board rejects (itertools, dict order, str.zfill, a
heap that never runs out, ...). The core (``tools/cpcore.py`` finds it) is CircuitPython 10
built for the host: 32-bit, float32, a fixed GC heap that raises MemoryError as a board's
does. The script runs in a folder laid out like the board's drive, with the modules the
board lacks hidden (``stubs/_circuitpy.py``). A missing core is an error, never a skip.
"""
import dataclasses
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
STUBS = REPO / "tests" / "mpy" / "stubs"
DEFAULT_HEAP = 192 * 1024  # the most an RP2040 leaves to Python (before display libraries)
sys.path.insert(0, str(REPO / "tools"))
import cpcore  # noqa: E402

DRIVER = """\
import sys
sys.path[0] = ""  # the drive's folder (the core runs in it), not this driver's
import _circuitpy
_circuitpy.install(%(hidden)r, %(hide)r)
import gc


def _run(path):
    scope = {"__name__": "__main__", "__file__": path}
    with open(path) as handle:
        code = compile(handle.read(), path, "exec")
    exec(code, scope)
    return scope


_scope = _run(%(script)r)
if %(mem)r:
    gc.collect()
    print("mpy-mem retained=%%d" %% gc.mem_alloc(), file=sys.stderr)
"""


@dataclasses.dataclass
class CoreResult:
    """Like subprocess.CompletedProcess, plus the heap the script kept alive."""

    returncode: int
    stdout: str
    stderr: str
    mem_retained: int | None = None  # bytes in use after gc.collect() with the script's globals alive

    def check(self):
        """Raise AssertionError showing the output if the script failed."""
        if self.returncode != 0:
            raise AssertionError(
                "CircuitPython script exited %d\n--- stdout ---\n%s--- stderr ---\n%s"
                % (self.returncode, self.stdout, self.stderr))
        return self


def lay_out_drive(root, mounts=(), libs=()):
    """Make ``root`` look like a CIRCUITPY drive: each mount as /<its name>, libs in /lib."""
    root = pathlib.Path(root)
    (root / "lib").mkdir(parents=True, exist_ok=True)
    for folder in mounts:
        source = (REPO / folder).resolve()
        if not source.exists():
            raise FileNotFoundError(source)
        target = root / source.name
        if not target.exists():
            target.symlink_to(compiled(source))
    for folder in libs:
        for entry in sorted((REPO / folder).iterdir()):
            if entry.name.startswith(".") or entry.name == "__pycache__":
                continue
            target = root / "lib" / entry.name
            if not target.exists():
                target.symlink_to(entry.resolve())
    return root


def compiled(source):
    """``source`` as a board gets it from the deploy: each .py as CircuitPython's .mpy (no
    compiler peak at import), every other file as it is. Built once per content into build/."""
    import hashlib

    files = sorted(path for path in source.rglob("*") if path.is_file() and "__pycache__" not in path.parts)
    if not any(path.suffix == ".py" for path in files):
        return source
    digest = hashlib.sha256(" ".join(cpcore.mpy_flags("name.py")).encode())
    for path in files:
        digest.update(path.relative_to(source).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() if path.suffix == ".py" else str(path.stat().st_size).encode())
    out = REPO / "build" / "core-mpy" / ("%s-%s" % (source.name, digest.hexdigest()[:12]))

    def fill(temp):
        for path in files:
            rel = path.relative_to(source)
            (temp / rel).parent.mkdir(parents=True, exist_ok=True)
            if path.suffix != ".py":
                (temp / rel).symlink_to(path)
                continue
            # A host-only module may use syntax the board's compiler refuses: keep it as source
            # (the board never imports it, and a test that does sees the core's own error).
            proc = subprocess.run([cpcore.mpy_cross(), *cpcore.mpy_flags((source.name / rel).as_posix()),
                                   "-o", str((temp / rel).with_suffix(".mpy")), str(path)],
                                  capture_output=True, text=True)
            if proc.returncode:
                shutil.copyfile(path, temp / rel)

    return built_once(out, fill)


def built_once(out, fill):
    """``out``, made by ``fill(folder)`` the first time it is asked for: filled in a temporary
    folder beside it and renamed into place, so a half-built folder is never used."""
    if (out / ".done").exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    temp = pathlib.Path(tempfile.mkdtemp(prefix=out.name + "-", dir=out.parent))
    fill(temp)
    (temp / ".done").write_text("")
    try:
        temp.rename(out)
    except OSError:  # another test process got there first
        shutil.rmtree(temp)
    return out


def core_command(script, heap=DEFAULT_HEAP, fixed_addresses=False):
    """The core's command line; with ``fixed_addresses`` its heap lies at the same address
    in every run (Linux's address randomisation off, where ``setarch`` is), so that objects
    hashed by address come out of sets and dicts in the same order: a game played twice
    then takes the same path."""
    command = [cpcore.interpreter(), "-X", "heapsize=%d" % heap, str(script)]
    if fixed_addresses and shutil.which("setarch"):
        command = ["setarch", "-R"] + command
    return command


def core_env(root, pystack=None):
    env = dict(os.environ)
    if pystack is not None:  # a core built by tools/build_circuitpython.sh reads it
        env["CIRCUITPY_PYSTACK_SIZE"] = str(pystack)
    # Relative, as on a board (its sys.path is "", "/", ".frozen", "/lib"), the core running in
    # the drive's folder: a module's file name is a string the interpreter keeps for good, and
    # the host's long absolute path would cost the heap about 45 bytes a module more.
    env["MICROPYPATH"] = ":".join(("", ".frozen", "lib", str(STUBS)))
    return env


def _traceback_to_stderr(proc):
    """The core prints an uncaught exception on stdout; give it back to stderr."""
    out, err = proc.stdout, proc.stderr
    start = out.rfind("Traceback (most recent call last):")
    if proc.returncode != 0 and start >= 0 and (start == 0 or out[start - 1] == "\n"):
        out, err = out[:start], err + out[start:]
    return out, err


def run_circuitpython(script, mounts=("farkle",), libs=(), hide=(), heap=DEFAULT_HEAP,
                      mem=False, timeout=120, board="macropad", drive=None, fixed_addresses=False,
                      pystack=None):
    """Run ``script`` on the core, laid out and restricted like ``board``'s drive.

    script: source text, or a pathlib.Path / existing "*.py" path.
    mounts: folders (relative to the repo, or absolute) that appear as /<name>.
    libs: folders whose contents appear in /lib (fakes of board, displayio, ...).
    hide: more modules ("json") or attributes ("os.urandom") to take away.
    heap: the fixed GC heap in bytes; past it the script gets MemoryError.
    mem: report mem_retained, the heap in use after gc.collect() with the script's
        globals still alive.
    drive: lay the drive out in this folder (kept) instead of a temporary one.
    fixed_addresses: the heap at one address run after run (``core_command``).
    pystack: the bytes of the core's pystack, on a core that has one (None: its own, a
        board's 2 KB on the cores tools/build_circuitpython.sh builds).
    """
    with tempfile.TemporaryDirectory(prefix="cpdrive-") as temp:
        root = lay_out_drive(drive or temp, mounts, libs)
        if isinstance(script, os.PathLike) or (script.endswith(".py") and os.path.isfile(script)):
            path = str(pathlib.Path(script).resolve())
        else:
            path = str(pathlib.Path(temp) / "script.py")
            pathlib.Path(path).write_text(script, encoding="utf-8")
        driver = pathlib.Path(temp) / "_driver.py"
        driver.write_text(DRIVER % {"hidden": tuple(cpcore.hidden_modules(board)),
                                    "hide": tuple(hide), "script": path, "mem": bool(mem)})
        proc = subprocess.run(core_command(driver, heap, fixed_addresses), capture_output=True, text=True,
                              cwd=root, env=core_env(root, pystack), timeout=timeout)
    result = CoreResult(proc.returncode, *_traceback_to_stderr(proc))
    match = re.search(r"^mpy-mem retained=(\d+)$", proc.stderr, re.M)
    if match:
        result.mem_retained = int(match.group(1))
    return result


def board_libs():
    """A folder holding the libraries of lib/ as a board gets them (compiled .mpy), built
    once from the pinned wheels into build/core-libs."""
    import hashlib

    import deploy

    lock = deploy.LOCK.read_bytes()

    def fill(temp):
        wheels = deploy.fetch_wheels(deploy.default_cache())
        for name in sorted(wheels):
            deploy.extract_modules(wheels[name], temp)
        deploy.compile_tree(temp)

    return str(built_once(REPO / "build" / "core-libs" / hashlib.sha256(lock).hexdigest()[:12], fill))


# On the core, the board's built-in modules (tests/fakes) under the real libraries.
def board_lib_dirs():
    return ("tests/fakes", board_libs())


# The name the older tests use: they ran on MicroPython before the core was here.
run_micropython = run_circuitpython


_FLOAT = re.compile(r"-?\d+\.\d+(?:e-?\d+)?")


def assert_same_output(core, host, tolerance=1e-5):
    """The core's output equals CPython's, except that decimals may differ by ``tolerance``.

    The core's floats are single precision like a board's, CPython's double: probabilities
    agree to about six digits, every other character must match exactly.
    """
    core_lines, host_lines = core.splitlines(), host.splitlines()
    assert len(core_lines) == len(host_lines), (core, host)
    for mine, theirs in zip(core_lines, host_lines):
        assert _FLOAT.sub("#", mine) == _FLOAT.sub("#", theirs), (mine, theirs)
        for a, b in zip(_FLOAT.findall(mine), _FLOAT.findall(theirs)):
            assert abs(float(a) - float(b)) <= tolerance, (mine, theirs)
