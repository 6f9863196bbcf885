"""The harness really runs CircuitPython's core and really hides what the boards lack;
each check here fails if the harness stops doing so."""
import pathlib

import pytest

from mpy import harness
from mpy.harness import run_circuitpython as run_micropython

import cpcore

# Statements that must fail on CircuitPython 10, hence under the harness.
ABSENT = [
    "import itertools", "import functools", "import abc", "import heapq",
    "import operator", "import copy", "import typing", "import dataclasses",
    "import enum", "import string", "import logging", "import types",
    "import inspect", "import cmath", "import uctypes", "import platform",
    "import js", "import utime", "import ucollections", "import urandom", "import _thread",
    "from os import system", "from os import mount", "from time import time_ns",
    "from time import ticks_diff", "from time import sleep_us",
    "import os.path", "from os import path",
    "from collections import defaultdict", "from collections import Counter",
    "import collections.defaultdict",
    "from random import shuffle", "from random import sample",
    "from random import choices", "from time import ticks_ms",
    "from time import sleep_ms",
]
# Statements that must keep working (CircuitPython has these).
PRESENT = [
    "from collections import namedtuple, OrderedDict, deque",
    "from random import seed, getrandbits, randrange, randint, choice, random, uniform",
    "from time import monotonic, monotonic_ns, sleep, time",
    "from os import listdir, getenv, urandom",
    "import json, re, struct, io, errno, array, math, gc, micropython, sys",
    "import binascii, zlib, select",
]

PROBE = """
for stmt in %r:
    try:
        exec(stmt)
        print("OK", stmt)
    except (ImportError, AttributeError) as e:
        print("FAIL", stmt)
"""


@pytest.fixture(scope="module")
def probe():
    """One interpreter run for every statement: {statement: worked?}."""
    result = run_micropython(PROBE % (ABSENT + PRESENT), mounts=()).check()
    outcome = {}
    for line in result.stdout.splitlines():
        status, stmt = line.split(" ", 1)
        outcome[stmt] = status == "OK"
    assert set(outcome) == set(ABSENT + PRESENT), result.stdout
    return outcome


@pytest.mark.parametrize("stmt", ABSENT)
def test_circuitpython_lacks(probe, stmt):
    assert probe[stmt] is False, stmt + " works, but fails on CircuitPython"


@pytest.mark.parametrize("stmt", PRESENT)
def test_circuitpython_has(probe, stmt):
    assert probe[stmt] is True, stmt + " fails, but works on CircuitPython"


def test_runs_circuitpython_10():
    result = run_micropython(
        "import sys\nprint(sys.implementation.name, sys.implementation.version[:2])",
        mounts=()).check()
    assert result.stdout == "circuitpython (10, 3)\n"


def test_the_heap_is_fixed():
    """Past the heap the script gets MemoryError, as on a board (no growing heap)."""
    fits = run_micropython("x = bytearray(40000)\nprint(len(x))", mounts=(), heap=64 * 1024)
    assert fits.check().stdout == "40000\n"
    big = run_micropython("x = bytearray(80000)", mounts=(), heap=64 * 1024)
    assert big.returncode == 1 and "MemoryError" in big.stderr


def test_32_bit_floats_and_30_bit_small_ints():
    result = run_micropython("print(0.1 + 0.2, 2 ** 40)", mounts=()).check()
    assert result.stdout == "0.3 1099511627776\n"


@pytest.mark.parametrize("board", ["macropad", "tower"])
def test_hidden_modules_come_from_the_stubs(board):
    """The core's extras the stubs do not list for the board are hidden, and only those."""
    listed = cpcore.board_modules(board)
    assert {"keypad", "displayio", "neopixel_write", "microcontroller", "time"} <= listed
    hidden = cpcore.hidden_modules(board)
    assert "heapq" in hidden and "_thread" in hidden
    assert not set(hidden) & listed


def test_hidden_import_error_names_the_module():
    result = run_micropython("import itertools", mounts=())
    assert result.returncode == 1
    assert "ImportError: no module named 'itertools'" in result.stderr


def test_wrapped_collections_work():
    result = run_micropython(
        "from collections import namedtuple, OrderedDict, deque\n"
        "P = namedtuple('P', ('x', 'y'))\n"
        "d = deque((), 4)\nd.append(P(1, 2))\n"
        "o = OrderedDict()\no['b'] = 1\no['a'] = 2\n"
        "print(d.popleft().y, list(o))", mounts=()).check()
    assert result.stdout == "2 ['b', 'a']\n"


def test_random_matches_circuitpython():
    result = run_micropython(
        "import random\nrandom.seed(1)\n"
        "print(sorted(n for n in dir(random) if not n.startswith('_')))\n"
        "print(0 <= random.getrandbits(32) < 2**32)\n"
        "try:\n    random.getrandbits(33)\nexcept ValueError:\n    print('33 bits refused')",
        mounts=()).check()
    assert result.stdout.splitlines() == [
        "['choice', 'getrandbits', 'randint', 'random', 'randrange', 'seed', 'uniform']",
        "True", "33 bits refused"]


def test_hide_option_removes_attribute_and_module():
    ok = run_micropython("import os\nprint(len(os.urandom(4)))", mounts=()).check()
    assert ok.stdout == "4\n"
    gone = run_micropython("import os\nos.urandom(4)", mounts=(), hide=("os.urandom",))
    assert gone.returncode == 1 and "AttributeError" in gone.stderr
    gone = run_micropython("import json", mounts=(), hide=("json",))
    assert gone.returncode == 1 and "no module named 'json'" in gone.stderr


def test_runtime_error_fails_with_traceback():
    result = run_micropython("def f():\n    raise ValueError('boom')\nf()\n", mounts=())
    assert result.returncode == 1
    assert "ValueError: boom" in result.stderr
    with pytest.raises(AssertionError, match="boom"):
        result.check()


def test_syntax_error_fails():
    result = run_micropython("print('before')\nx = (\n", mounts=())
    assert result.returncode == 1
    assert "SyntaxError" in result.stderr
    assert result.stdout == ""  # the script never started


@pytest.mark.parametrize("code, status", [
    ("sys.exit()", 0), ("sys.exit(0)", 0), ("sys.exit(3)", 3), ("sys.exit('bye')", 1),
])
def test_sys_exit_status(code, status):
    result = run_micropython("import sys\n" + code, mounts=())
    assert result.returncode == status


def test_output_is_streamed_in_order_with_partial_last_line():
    result = run_micropython(
        "import sys\nprint('a')\nsys.stderr.write('e\\n')\nprint('b', end='')", mounts=())
    assert (result.returncode, result.stdout, result.stderr) == (0, "a\nb", "e\n")


def test_gc_mem_alloc_is_readable():
    result = run_micropython("import gc\nprint(gc.mem_alloc())", mounts=()).check()
    assert int(result.stdout) > 0


def test_mem_retained_measures_what_the_script_keeps():
    small = run_micropython("x = 1", mounts=(), mem=True).check()
    big = run_micropython("x = bytearray(50000)", mounts=(), mem=True).check()
    garbage = run_micropython("for i in range(100):\n    x = bytearray(1000)",
                              mounts=(), mem=True).check()
    assert 0 < small.mem_retained < 20000
    assert big.mem_retained - small.mem_retained >= 50000
    assert garbage.mem_retained - small.mem_retained < 5000  # garbage is collected


def test_mount_and_lib_make_packages_importable(tmp_path):
    pkg = tmp_path / "dicepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .faces import FACES\n")
    (pkg / "faces.py").write_text("import board\nFACES = board.N\n")
    lib = tmp_path / "fakelib"
    lib.mkdir()
    (lib / "board.py").write_text("N = 6\n")
    script = tmp_path / "main.py"
    script.write_text("import dicepkg\nprint(dicepkg.FACES)\n")
    result = run_micropython(script, mounts=(pkg,), libs=(lib,)).check()
    assert result.stdout == "6\n"


def test_modules_load_by_the_short_paths_a_board_uses(tmp_path):
    # A module's path is a name the interpreter keeps for good: on a board it is
    # "dicepkg/__init__.mpy", not the host's long folder, and the heap figures count it.
    pkg = tmp_path / "dicepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    lib = tmp_path / "fakelib"
    lib.mkdir()
    (lib / "board.py").write_text("")
    script = "import sys, dicepkg, board\nprint(dicepkg.__file__, board.__file__, sys.path[:3])\n"
    result = run_micropython(script, mounts=(pkg,), libs=(lib,)).check()
    assert result.stdout == "dicepkg/__init__.mpy lib/board.py ['', '.frozen', 'lib']\n"


def test_mounted_code_is_policed_too(tmp_path):
    pkg = tmp_path / "badpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from itertools import combinations\n")
    result = run_micropython("import badpkg", mounts=(pkg,))
    assert result.returncode == 1
    assert "no module named 'itertools'" in result.stderr


def test_script_path_named_in_traceback(tmp_path):
    script = tmp_path / "boom.py"
    script.write_text("\n\n1 / 0\n")
    result = run_micropython(script, mounts=())
    assert result.returncode == 1
    assert 'File "%s", line 3' % script in result.stderr
    assert "ZeroDivisionError" in result.stderr


def test_missing_core_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("CIRCUITPYTHON_BIN", str(tmp_path))
    monkeypatch.setattr(cpcore, "REPO", tmp_path / "clone")
    with pytest.raises(cpcore.CoreMissing, match="make circuitpython"):
        run_micropython("pass", mounts=())


def test_time_has_monotonic_and_os_reads_settings(tmp_path):
    (tmp_path / "settings.toml").write_text('FARKLE_BOARD = "tower"\nFARKLE_N = 7 # seven\n')
    result = run_micropython(
        "import os, time\nt = time.monotonic()\nprint(t >= 0, time.monotonic_ns() >= 0, "
        "os.getenv('FARKLE_BOARD'), os.getenv('FARKLE_N'), os.getenv('NONE', 3))",
        mounts=(), drive=tmp_path).check()
    assert result.stdout == "True True tower 7 3\n"


NAME_COST = """
import micropython
for i in range(3000):
    getattr(micropython, "zz%d" % i, None)  # a new name each
micropython.qstr_info()
"""


def test_a_name_costs_this_core_a_pointer_a_two_byte_hash_and_a_length():
    """What tools/board_check.py's HASH_EXTRA counts on: a board keeps a one-byte hash."""
    import re

    import board_check

    out = run_micropython(NAME_COST, mounts=()).check().stdout
    pools, _, chars, total = map(int, re.search(
        r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", out).groups())
    entries = board_check.FIRST_POOL * (2 ** pools - 1)  # the pools' room, doubling from 20
    per_entry = (total - chars) / entries  # the pools themselves, their headers included
    assert 4 + board_check.CORE_HASH_BYTES + 1 <= per_entry < 4 + board_check.CORE_HASH_BYTES + 1.1


def test_a_timed_games_fake_wrappers_pass_arguments_on_and_make_no_garbage():
    """A timed game's fakes count their C work's time through ``_cost_timing``: a call
    through its wrapper allocates nothing (``_cost``'s own makes a tuple and a dict a call,
    which on the board's heap would bring collections a board does not have)."""
    script = """
import gc
import _cost
_cost.ON = True
import _cost_timing
_cost.timed = _cost_timing.timed

def store(buffer, index, value):
    buffer[index] = value
    return value

def blit(dest, x, *, x1=0):
    return x + x1

timed_store = _cost.timed(store)
timed_blit = _cost.timed(blit)
buffer = bytearray(8)
print(timed_store(buffer, 3, 7), buffer[3], timed_blit(None, 2, x1=5))

def garbage(function):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(200):
        function(buffer, i % 8, i)
    made = gc.mem_alloc() - before
    gc.enable()
    return made

print(garbage(timed_store), garbage(_cost_timing.timed_keywords(store)))
"""
    out = run_micropython(script, mounts=(), libs=("tests/fakes",)).check().stdout.split()
    assert out[:3] == ["7", "7", "7"]
    assert int(out[3]) <= 16 < 200 * 16 <= int(out[4])  # at most a block in all, against a block or more a call
