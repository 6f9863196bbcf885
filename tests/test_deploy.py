"""tools/deploy.py: the CIRCUITPY folder compiles, and every import in it is satisfied.

The build needs the four library wheels pinned in lib/pypi-lock.txt. They are downloaded
once from PyPI into the wheel cache (~/.cache/farkle-dice-tower/wheels, or
$FARKLE_WHEEL_CACHE) and reused offline afterwards; with neither network nor cache the
build fails with a message saying so (it never skips).
"""

import ast
import pathlib
import re
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))

import deploy  # noqa: E402
from mpy.harness import run_micropython  # noqa: E402

import cpcore  # noqa: E402

# Modules built into CircuitPython 10 on both boards (circuitpython-stubs' "Included
# modules"). An import that is in neither this set nor the folder itself fails the test.
CIRCUITPYTHON_BUILTINS = cpcore.board_modules("macropad") & cpcore.board_modules("tower")
# Modules a CPython host has that a board does not: must never be needed on the board.
NOT_ON_THE_BOARD = ("dataclasses", "enum", "functools", "itertools", "typing", "pathlib",
                    "argparse", "subprocess", "multiprocessing", "fractions", "PIL", "numpy",
                    "pygame", "tomllib", "abc", "copy", "logging")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The folder with its sources kept (what the import checks read)."""
    out = tmp_path_factory.mktemp("deploy") / "CIRCUITPY"
    made = deploy.build(out, bytecode=False)
    return out, made


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """The folder as ``make deploy`` builds it: bytecode."""
    out = tmp_path_factory.mktemp("deploy") / "CIRCUITPY"
    made = deploy.build(out)
    return out, made


def python_files(root):
    return sorted(path for path in root.rglob("*.py"))


def guarded(node, parents):
    """True if ``node`` sits in a try: whose handlers catch ImportError (optional import)."""
    child = node
    for parent in parents:
        if isinstance(parent, ast.Try) and child in parent.body:
            for handler in parent.handlers:
                names = []
                if handler.type is None:
                    return True
                for item in (handler.type.elts if isinstance(handler.type, ast.Tuple)
                             else [handler.type]):
                    if isinstance(item, ast.Name):
                        names.append(item.id)
                if {"ImportError", "ModuleNotFoundError", "Exception"} & set(names):
                    return True
        child = parent
    return False


def imports_of(path):
    """[(module, [names] or None, line, optional)] for every import statement in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []

    def visit(node, parents):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, None, node.lineno, guarded(node, parents), 0))
        elif isinstance(node, ast.ImportFrom):
            names = [alias.name for alias in node.names]
            found.append((node.module or "", names, node.lineno, guarded(node, parents),
                          node.level))
        for child in ast.iter_child_nodes(node):
            visit(child, [node] + parents)

    visit(tree, [])
    return found


def top_level_names(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        names.add(leaf.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.add((alias.asname or alias.name).split(".")[0])
    return names


def locate(root, dotted):
    """The file that ``import dotted`` loads from the folder ('' and lib/), or None."""
    parts = dotted.split(".")
    for base in (root, root / "lib"):
        where = base.joinpath(*parts)
        if (where / "__init__.py").is_file():
            return where / "__init__.py"
        if where.with_suffix(".py").is_file():
            return where.with_suffix(".py")
    return None


def unsatisfied(root):
    """Every import in the folder that neither it nor CircuitPython can satisfy."""
    problems = []
    for path in python_files(root):
        rel = path.relative_to(root).as_posix()
        package = rel.split("/")[:-1]  # the package a relative import starts from
        if package[:1] == ["lib"]:
            package = package[1:]
        for module, names, line, optional, level in imports_of(path):
            if optional:
                continue
            if level:
                base = package[:len(package) - (level - 1)] if level > 1 else package
                module = ".".join(base + ([module] if module else []))
            where = "%s:%d" % (rel, line)
            top = module.split(".")[0]
            if top in CIRCUITPYTHON_BUILTINS and "." not in module:
                continue
            source = locate(root, module)
            if source is None:
                problems.append("%s: import %s" % (where, module))
                continue
            for name in names or ():
                if name == "*":
                    continue
                is_module = locate(root, module + "." + name) is not None
                if not is_module and name not in top_level_names(source):
                    problems.append("%s: from %s import %s" % (where, module, name))
    return problems


def test_folder_has_the_game_and_nothing_host_only(built):
    out, made = built
    for name in ("code.py", "boot.py", "settings.toml", "farkle/__init__.py",
                 "hardware/__init__.py", "hardware/macropad.py", "hardware/pico_tower.py",
                 "lib/adafruit_ticks.py", "lib/neopixel.py",
                 "lib/adafruit_displayio_ssd1306.py", "lib/adafruit_display_text/__init__.py"):
        assert (out / name).is_file(), name
    if (REPO / "app").is_dir():
        assert (out / "app" / "__init__.py").is_file()
    assert not (out / "hardware" / "sim").exists()
    for path in python_files(out):
        head = "".join(path.read_text(encoding="utf-8").splitlines(True)[:5])
        assert "host-only" not in head, path
    for path in (REPO / "farkle" / "policies").glob("*"):
        if path.is_file() and path.suffix != ".py":
            assert (out / "farkle" / "policies" / path.name).read_bytes() == path.read_bytes()
    # every project module that is not host-only made it
    for package in deploy.PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            rel = path.relative_to(REPO).as_posix()
            if "__pycache__" in rel or rel.startswith("hardware/sim/"):
                continue
            assert (out / rel).is_file() == (not deploy.is_host_only(path)), rel
    assert made["libs"] == ["adafruit_display_text", "adafruit_displayio_ssd1306",
                            "adafruit_ticks", "neopixel"]


def test_every_python_file_compiles(built):
    out, _ = built
    for path in python_files(out):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")


def test_every_module_is_circuitpython_bytecode(built, compiled):
    """Each module but code.py and boot.py is a .mpy from CircuitPython's mpy-cross (header
    'C' and format 6, what CircuitPython 10 loads); no source is left beside it."""
    source, _ = built
    out, made = compiled
    modules = {path.relative_to(source).with_suffix("").as_posix() for path in python_files(source)}
    modules -= {"code", "boot"}
    assert {path.relative_to(out).with_suffix("").as_posix() for path in out.rglob("*.mpy")} == modules
    assert sorted(path.name for path in python_files(out)) == ["boot.py", "code.py"]
    for path in out.rglob("*.mpy"):
        assert path.read_bytes()[:2] == b"C\x06", path
    assert made["flash_bytes"] < made["drive_bytes"] - deploy.RESERVE
    assert made["left_out"] == []


def test_tables_go_in_order_while_they_fit():
    tables = [("a.bin", 600), ("b.bin", 2000), ("c.bin", 100)]
    assert deploy.choose_tables(tables, 10_000) == (["a.bin", "b.bin", "c.bin"], [])
    assert deploy.choose_tables(tables, 1600) == (["a.bin", "c.bin"], ["b.bin"])  # 512-byte clusters
    assert deploy.choose_tables(tables, 0) == ([], ["a.bin", "b.bin", "c.bin"])


def test_a_small_drive_leaves_out_the_tables_that_do_not_fit(built, tmp_path, monkeypatch):
    tables = deploy.table_preference(
        ["farkle/policies/" + path.name for path in (REPO / "farkle" / "policies").glob("expert_*.bin")])
    last = tables[-1]  # the least preferred table is the first to go
    room = built[1]["flash_bytes"] - deploy.on_flash((REPO / last).stat().st_size) + deploy.RESERVE
    monkeypatch.setitem(deploy.DRIVE_BYTES, "tower", room + 1000)
    made = deploy.build(tmp_path / "small", offline=True, board="tower", bytecode=False)
    assert made["left_out"] == [last]
    assert not (tmp_path / "small" / last).exists()


def test_every_import_is_satisfied_by_the_folder_or_circuitpython(built):
    out, _ = built
    assert unsatisfied(out) == []


def test_the_checker_catches_what_a_board_lacks(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("VALUE = 1\n")
    (tmp_path / "pkg" / "mod.py").write_text("from . import VALUE\nfrom .other import x\n")
    (tmp_path / "code.py").write_text(
        "import board\nimport itertools\nfrom pkg import mod, VALUE, missing\n"
        "try:\n    import typing\nexcept ImportError:\n    pass\n"
        "def f():\n    import dataclasses\n")
    assert unsatisfied(tmp_path) == [
        "code.py:2: import itertools",
        "code.py:3: from pkg import missing",
        "code.py:9: import dataclasses",
        "pkg/mod.py:2: import pkg.other",
    ]


def test_builtin_list_holds_no_host_module():
    assert not CIRCUITPYTHON_BUILTINS & set(NOT_ON_THE_BOARD)


def test_lib_declares_the_libraries_and_holds_no_source(built):
    _, made = built
    lib = REPO / "lib"
    assert sorted(path.name for path in lib.iterdir()) == ["pypi-lock.txt", "requirements.txt"]
    declared = {}
    for line in (lib / "requirements.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            assert "#" not in line  # circup reads no comments after a name
            name, version = line.split("==")
            declared[name] = version
    assert sorted(declared) == made["libs"]
    locked = {name: version for name, version, _, _ in deploy.read_lock()}
    wheel_of = {"adafruit_display_text": "adafruit-circuitpython-display-text",
                "adafruit_displayio_ssd1306": "adafruit-circuitpython-displayio-ssd1306",
                "adafruit_ticks": "adafruit-circuitpython-ticks",
                "neopixel": "adafruit-circuitpython-neopixel"}
    assert {wheel_of[name]: version for name, version in declared.items()} == locked


def test_board_modules_name_the_libraries_they_need():
    needs = set()
    for path in (REPO / "hardware").glob("*.py"):
        match = re.search(r"Needs: ([\w, ]+) \(lib/requirements.txt\)", path.read_text())
        if match:
            needs |= {name.strip() for name in match.group(1).split(",")}
    assert needs == {"neopixel", "adafruit_ticks", "adafruit_displayio_ssd1306"}


def test_offline_build_uses_the_cache_and_fails_clearly_without_it(built, tmp_path):
    out = tmp_path / "again"
    deploy.build(out, offline=True, bytecode=False)  # the fixture filled the cache
    assert (out / "lib" / "neopixel.py").is_file()
    with pytest.raises(deploy.DeployError, match="not in the wheel cache"):
        deploy.build(tmp_path / "none", cache=tmp_path / "empty-cache", offline=True)


def test_wheel_with_a_wrong_hash_is_not_used(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "adafruit_circuitpython_ticks-1.1.7-py3-none-any.whl").write_bytes(b"bad")
    assert deploy._cached_wheel(cache, "adafruit-circuitpython-ticks", "1.1.7",
                                {"0" * 64}) is None


def test_build_refuses_to_wipe_a_folder_it_did_not_make(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(deploy.DeployError, match="not made by this tool"):
        deploy.build(tmp_path, offline=True, bytecode=False)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_copy_to_drive_syncs_only_what_changed(built, tmp_path):
    out, made = built
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    with pytest.raises(deploy.DeployError, match="boot_out.txt"):
        deploy.copy_to_drive(out, drive, made["libs"])
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10")
    (drive / "settings.toml").write_text('FARKLE_PICO_ROLL_KEY = "GP20"\n')
    (drive / "lib").mkdir()
    (drive / "lib" / "someone_elses.py").write_text("x = 1\n")
    (drive / "farkle").mkdir()
    (drive / "farkle" / "gone.py").write_text("old = 1\n")
    copied, removed = deploy.copy_to_drive(out, drive, made["libs"])
    assert "code.py" in copied and copied[-2:] == ["boot.py", "code.py"]
    assert ".farkle-deploy" not in copied and "settings.toml" not in copied
    assert removed == ["farkle/gone.py"]
    assert (drive / "settings.toml").read_text() == 'FARKLE_PICO_ROLL_KEY = "GP20"\n'
    assert (drive / "lib" / "someone_elses.py").exists()
    assert (drive / "lib" / "adafruit_display_text" / "label.py").exists()
    assert deploy.copy_to_drive(out, drive, made["libs"]) == ([], [])


def test_command_line(tmp_path, capsys):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10")
    assert deploy.main(["--out", str(tmp_path / "out"), "--drive", str(drive),
                        "--offline"]) == 0
    said = capsys.readouterr().out
    assert "lib: adafruit_display_text, adafruit_displayio_ssd1306" in said
    assert (drive / "code.py").is_file() and (drive / "settings.toml").is_file()
    assert deploy.main(["--out", str(tmp_path / "out"), "--drive", str(tmp_path / "nope"),
                        "--offline"]) == 1


def test_the_deployed_tree_imports_on_the_core(compiled):
    """Every module of the deployed folder imports from its .mpy on CircuitPython's core,
    on the fake hardware (the board modules need board, keypad, ...)."""
    out, _ = compiled
    names = sorted(path.relative_to(out).with_suffix("").as_posix().replace("/", ".")
                   .replace(".__init__", "")
                   for path in out.rglob("*.mpy") if path.parts[len(out.parts)] != "lib")
    script = ("import sys\nnames = %r\nfor name in names:\n    __import__(name)\n"
              "loaded = [n for n in names if sys.modules[n].__file__.endswith('.mpy')]\n"
              "print(len(loaded), len(names))\n" % names)
    mounts = [out / name for name in ("farkle", "app", "hardware")]
    result = run_micropython(script, mounts=mounts, libs=("tests/fakes", out / "lib"),
                             heap=512 * 1024).check()
    assert result.stdout.split() == [str(len(names))] * 2
    assert "hardware.macropad" in names and "app.controller" in names


def test_the_deployed_bytecode_carries_no_line_numbers(compiled):
    """The deploy compiles with -O3: the line-number tables would take the board's heap. A
    traceback from a deployed module still names its file (the .mpy on the drive, the name
    the board keeps as the module's ``__file__`` anyway) and function."""
    out, _ = compiled
    mounts = [out / name for name in ("farkle", "app", "hardware")]
    result = run_micropython("from farkle.rules import Rules\nRules(dice=7)\n", mounts=mounts,
                             libs=(out / "lib",), heap=256 * 1024)
    assert result.returncode != 0
    assert 'File "farkle/rules_check.mpy", line 1, in check' in result.stderr, result.stderr


def test_the_deployed_bytecode_spells_the_firmwares_own_names_short(compiled):
    """The names only the firmware spells are two characters on the board (the string pool
    keeps every name for good); the map beside the bytecode reads a traceback back."""
    import short_names

    out, _ = compiled
    renames = short_names.read_map(out)
    assert len(renames) > 500 and short_names.saved(renames) > 3000
    spelt = set()
    for package in ("farkle", "app", "hardware"):
        for path in (out / package).rglob("*.mpy"):
            spelt.update(short_names.mpy_names(path))
    assert not spelt & set(renames)
    assert len(set(renames.values()) & spelt) > 500
    assert "Controller" in spelt and "IllegalAction" in spelt  # classes keep their names


def test_the_deployed_error_path_shows_the_screen_and_restarts(compiled):
    """The error screen (hardware/faults.py) never runs in a board check, whose driver takes
    its place: here the deployed bytecode, short names and all, makes the board as code.py
    does, fails, shows the error on the display and restarts."""
    out, _ = compiled
    code = (out / "code.py").read_text(encoding="utf-8")
    script = code.split('\nif sys.implementation.name == "circuitpython":')[0] + """
module, settings = board_module()
made = module.make_board(settings)
from hardware import alive
alive.arm(made, settings, watchdog=False)
from hardware import faults
try:
    faults.handle(ValueError("bad value here"), seconds=0)
except SystemExit as stop:
    print("RESTART", stop)
print("SHOWN", made.display.root_group is not None)
"""
    mounts = [out / name for name in ("farkle", "app", "hardware")]
    result = run_micropython(script, mounts=mounts, libs=("tests/fakes", out / "lib"),
                             heap=512 * 1024).check()
    assert "ValueError: bad value here" in result.stdout
    assert "RESTART supervisor.reload()" in result.stdout and "SHOWN True" in result.stdout
