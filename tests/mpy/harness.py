"""Run Python code under real MicroPython from pytest, via tests/mpy/run.mjs.

CPython accepts code that a CircuitPython board rejects (itertools, dict
ordering, missing str methods, ...); running it here catches that in CI.
Needs `node` and `npm ci` at the repo root; missing either is an error, never
a skip, so CI cannot silently stop checking.
"""
import dataclasses
import os
import pathlib
import re
import shutil
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]
RUNNER = REPO / "tests" / "mpy" / "run.mjs"
PACKAGE = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
DEFAULT_HEAP = 192 * 1024  # like a small board (RP2040/SAMD51 class)


@dataclasses.dataclass
class MicroPythonResult:
    """Like subprocess.CompletedProcess, plus the heap the script left alive."""

    returncode: int
    stdout: str
    stderr: str
    mem_retained: int | None = None  # bytes, only when run with mem=True

    def check(self):
        """Raise AssertionError showing the output if the script failed."""
        if self.returncode != 0:
            raise AssertionError(
                "MicroPython script exited %d\n--- stdout ---\n%s--- stderr ---\n%s"
                % (self.returncode, self.stdout, self.stderr))
        return self


def run_micropython(script, mounts=("farkle",), libs=(), hide=(), heap=DEFAULT_HEAP,
                    mem=False, timeout=120):
    """Run `script` under MicroPython 1.27 with CircuitPython's module set.

    script: source text (str), or a pathlib.Path / existing "*.py" path.
    mounts: directories (relative to the repo root) copied to /<name>, so
        ("farkle",) makes `import farkle` work as on the CIRCUITPY drive.
    libs: directories whose contents go to /lib (fake board modules, ...).
    hide: extra modules ("json") or attributes ("os.urandom") to remove.
    heap: initial GC heap in bytes (the build grows it on demand: see README).
    mem: also report the heap still allocated after the run (mem_retained).
    """
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed; the MicroPython tests need Node.js 20")
    if not PACKAGE.is_dir():
        raise RuntimeError("MicroPython is not installed: run `npm ci` in %s "
                           "(see tests/mpy/README.md)" % REPO)
    cmd = [node, str(RUNNER), "--heap", str(heap)]
    for flag, dirs in (("--mount", mounts), ("--lib", libs)):
        for d in dirs:
            cmd += [flag, str(REPO / d)]
    for name in hide:
        cmd += ["--hide", name]
    if mem:
        cmd.append("--mem")
    stdin = None
    if isinstance(script, os.PathLike) or (script.endswith(".py") and os.path.isfile(script)):
        cmd.append(str(script))
    else:
        cmd.append("-")
        stdin = script
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          cwd=REPO, timeout=timeout)
    result = MicroPythonResult(proc.returncode, proc.stdout, proc.stderr)
    match = re.search(r"^mpy-mem retained=(\d+)$", proc.stderr, re.M)
    if match:
        result.mem_retained = int(match.group(1))
    return result
