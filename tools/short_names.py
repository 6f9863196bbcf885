"""Short names for the firmware's own identifiers in the copy a board loads.

host-only: part of the deploy (tools/deploy.py), never on the board.

A board keeps every name its bytecode uses in its heap for good (the interpreter's string
pool): about a thousand names in a game, 9 KB of characters, which a 128 KB heap feels. Most
are the firmware's own (``_let_advisers_go``, ``selection_points``), and a name the firmware
alone defines and uses only as an identifier can be spelt otherwise in the deployed copy
without changing what the code does: every use is renamed alike, in every module. The sources
keep their names; so do the host, the simulator and the tests that run them.

The new spelling is first a name every CircuitPython interpreter has built in and nothing here
spells (``divmod``, ``isupper``: bytecode names those by number, and a board makes no string
for them, so such a name costs nothing), then two characters nobody spells.

A name keeps its spelling wherever anything but the firmware's own code could know it:

- module and package names, dunders, class names (messages and tracebacks show them);
- a name that appears in any string of the firmware (``getattr(rules, name)`` over a list of
  field names, a message) or starts with a string that code may join into a name
  (``"_render_" + kind``, ``"kind%d" % n``);
- every name the libraries in lib/, ``code.py``, ``boot.py``, the fakes of the board's
  modules, CircuitPython's stubs or the interpreter itself spell (their APIs, the built-ins,
  keyword arguments of C functions), and every name the board check's driver looks up by a
  string (the driver's code is renamed with the firmware).

``plan`` works out the renaming for a drive folder of sources, ``apply`` rewrites them token
by token (layout, strings and comments untouched) before mpy-cross compiles them; the map is
written beside the bytecode (``short-names.txt``) to read a board's traceback by.
"""

import builtins
import io
import keyword
import pathlib
import re
import tokenize

REPO = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("app", "farkle", "hardware")  # the firmware's own code, renamed
DRIVER = REPO / "tools" / "board_scenario.py"  # the board check's driver: renamed alike
PROFILER = REPO / "tools" / "board_profile.py"  # and its profiler
HOSTILE = REPO / "tools" / "board_hostile.py"  # and the hostile scenarios' keys
RENAMED_ALIKE = (DRIVER, PROFILER, HOSTILE)
FAKES = REPO / "tests" / "fakes"
MAP_FILE = "short-names.txt"
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _docstrings(tree):
    """(line, column) of every docstring: mpy-cross drops them, so their words bind nothing."""
    import ast

    spots = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                spots.add((body[0].lineno, body[0].col_offset))
    return spots


def _joined(tree):
    """The strings code may build a name from: ``"_render_" + kind`` and ``"kind%d" % n``
    start one (prefixes), ``kind + "_done"`` ends one (suffixes)."""
    import ast

    def text(node):
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    prefixes, suffixes = set(), set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Add, ast.Mod)):
            continue
        left = text(node.left)
        if left is not None:
            if isinstance(node.op, ast.Mod):
                left = left.split("%")[0]
            match = re.search(r"[A-Za-z0-9_]+$", left)
            if match:
                prefixes.add(match.group(0))
        right = text(node.right) if isinstance(node.op, ast.Add) else None
        if right is not None:
            match = re.match(r"[A-Za-z0-9_]+", right)
            if match:
                suffixes.add(match.group(0))
    return prefixes, suffixes


def _tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


class Source:
    """One firmware module: its tokens, the names it spells, the words of its strings."""

    def __init__(self, path):
        import ast

        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.tokens = _tokens(self.text)
        tree = ast.parse(self.text)
        docs = _docstrings(tree)
        self.prefixes, self.suffixes = _joined(tree)
        self.names = set()
        self.classes = set()
        self.strings = []
        previous = None
        for tok in self.tokens:
            if tok.type == tokenize.NAME:
                self.names.add(tok.string)
                if previous == "class":
                    self.classes.add(tok.string)
                previous = tok.string
            elif tok.type == tokenize.STRING:
                if tok.start not in docs:
                    self.strings.append(tok.string)
            elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
                previous = tok.string

    def string_words(self):
        """The identifier-like words of its strings (docstrings aside)."""
        words = set()
        for text in self.strings:
            words.update(IDENTIFIER.findall(text))
        return words


def _spelt(path):
    """The names a file's code spells: its identifiers and the words of its strings (not its
    comments or docstrings, which bind nothing)."""
    try:
        source = Source(path)
    except (SyntaxError, UnicodeDecodeError, tokenize.TokenError, ValueError):
        return set(IDENTIFIER.findall(path.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return set()
    return source.names | source.string_words()


def _words_of_tree(root, suffixes=(".py", ".pyi")):
    words = set()
    if root.is_dir():
        for path in root.rglob("*"):
            if path.suffix in suffixes and path.is_file():
                words |= _spelt(path)
    return words


def _builtin_names():
    names = set(keyword.kwlist) | set(dir(builtins))
    for value in vars(builtins).values():
        if isinstance(value, type):
            names.update(dir(value))
    for kind in (type(_tokens), type((x for x in ())), type(io.StringIO()), memoryview):
        names.update(dir(kind))
    return names


def _stub_names(boards=("macropad", "tower")):
    """Every name in circuitpython-stubs' modules that the boards have built in (their APIs,
    keyword arguments included), and in the boards' definitions (pin names)."""
    from importlib import util

    import cpcore

    spec = util.find_spec("board_definitions")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("circuitpython-stubs is not installed (pip install -r requirements.txt)")
    site = pathlib.Path(list(spec.submodule_search_locations)[0]).parent
    modules = set()
    for board in boards:
        modules |= cpcore.board_modules(board)
    names = set()
    for folder in site.iterdir():
        if folder.name in ["%s-stubs" % name for name in modules]:
            names |= _words_of_tree(folder, (".pyi",))
    for board in boards:
        names |= set(IDENTIFIER.findall(cpcore.board_definition(board)))
    return names


# Run on the core: every name its built-in modules, their members and the built-in types
# answer to (``dir``), one per line.
CORE_NAMES = """
import builtins
names = set(dir(builtins))
things = [getattr(builtins, name) for name in dir(builtins)]
for name in MODULES:
    try:
        things.append(__import__(name))
    except Exception:
        pass
things += [open(FILE), (x for x in ()), memoryview(b""), 1.0, 1 << 40]
for thing in things:
    for name in dir(thing):
        names.add(name)
        try:
            member = getattr(thing, name)
        except Exception:
            continue
        names.update(dir(member))
print("\\n".join(sorted(names)))
"""


def _core_names(interpreter):
    """The names the interpreter's built-ins answer to (its modules' and types' members)."""
    if interpreter is None:
        return set()
    import subprocess
    import tempfile

    import cpcore

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write("MODULES = %r\nFILE = %r\n%s" % (sorted(cpcore.core_modules()), handle.name,
                                                      CORE_NAMES))
    try:
        out = subprocess.run([interpreter, handle.name], capture_output=True, text=True,
                             check=True, timeout=60).stdout
    finally:
        pathlib.Path(handle.name).unlink()
    return set(out.split())


def firmware_sources(tree):
    return [Source(path) for package in PACKAGES for path in sorted((tree / package).rglob("*.py"))]


def plan(tree, interpreter=None, sources=None):
    """{old name: new name} for the firmware sources under ``tree`` (a drive folder with
    code.py, boot.py, lib/ and the packages, before compiling; ``sources``: its
    ``firmware_sources``, read already)."""
    if sources is None:
        sources = firmware_sources(tree)
    stubs = _stub_names()
    outside = set()  # what code but the firmware's own may spell
    for name in ("code.py", "boot.py", "settings.toml"):
        outside |= _spelt(tree / name)
    # the board check's driver, its profiler and its hostile keys are renamed with the
    # firmware (``rewrite``); what they look up by a string keeps its name
    outside |= _words_of_tree(tree / "lib") | _words_of_tree(FAKES)
    alike = [Source(path) for path in RENAMED_ALIKE]
    for source in alike:
        outside |= source.string_words()
    kept = _builtin_names() | stubs | _core_names(interpreter) | outside
    prefixes, suffixes = set(), set()
    used = set()
    for source in sources:
        used |= source.names
        kept |= source.classes
        for path in (source.path.relative_to(tree).with_suffix("").parts):
            kept.add(path)
        kept |= source.string_words()
        prefixes |= source.prefixes
        suffixes |= source.suffixes
    for path in (tree / "lib").rglob("*"):
        kept.add(path.stem)
    prefixes = tuple(sorted(p for p in prefixes if len(p) > 1))
    suffixes = tuple(sorted(p for p in suffixes if len(p) > 1))

    def renamable(name):
        return (len(name) > 2 and name not in kept and not name.startswith("__")
                and not name.startswith(prefixes) and not name.endswith(suffixes))

    # names every board has built in, which no C code looks up on the firmware's objects and
    # nothing here spells, cost a board nothing: the firmware's most widely spelt names take
    # them first, then two characters nobody spells
    # (the code renamed alike must not find a name it spells taken)
    spelt = used | outside | stubs
    for source in alike:
        spelt |= source.names
    spare = [name for name in static_names() if name not in spelt]
    spellers = {}
    for source in sources:
        for name in source.names:
            spellers[name] = spellers.get(name, 0) + 1
    names = sorted(filter(renamable, used), key=lambda name: (-spellers[name], name))
    fresh = _fresh_names(spelt | kept)
    return {name: spare[i] if i < len(spare) else next(fresh) for i, name in enumerate(names)}


# Names a C function may look up on any object it is handed (streams, generators, mappings):
# an object of the firmware's with such an attribute would answer in its stead.
LOOKED_UP = {"close", "keys", "items", "values", "next", "read", "readinto", "readline", "send",
             "throw", "write", "value", "args", "get", "update"}

# Words the interpreter has built in besides: keyword arguments and module names.
OTHER_STATIC = {"bytecode", "builtins", "const", "key", "little", "main", "micropython", "sep"}


def static_names(mpy_cross=None):
    """The identifiers CircuitPython's bytecode names by number, not by spelling (built into
    every board's interpreter, so the board makes no string for them): the built-ins and
    their types' methods, less those a C function could look up."""
    import subprocess
    import tempfile

    import cpcore

    names = sorted(name for name in _builtin_names() | OTHER_STATIC if not name.startswith("_")
                   and not keyword.iskeyword(name) and name.isidentifier()
                   and name not in LOOKED_UP)
    with tempfile.TemporaryDirectory() as folder:
        source = pathlib.Path(folder) / "probe.py"
        source.write_text("".join("x.%s = 0\n" % name for name in names), encoding="utf-8")
        subprocess.run([mpy_cross or cpcore.mpy_cross(), "-o", str(source.with_suffix(".mpy")),
                        str(source)], check=True, capture_output=True)
        spelt = set(mpy_names(source.with_suffix(".mpy")))
    return [name for name in names if name not in spelt]


def _fresh_names(taken):
    """Two-character names nobody spells, in a fixed order (then three, should they run out)."""
    rest = ALPHABET + "0123456789_"
    for first in ALPHABET:
        for second in rest:
            if first + second not in taken:
                yield first + second
    for first in ALPHABET:
        for second in rest:
            for third in rest:
                if first + second + third not in taken:
                    yield first + second + third


def rewrite(text, renames):
    """``text`` with every NAME token in ``renames`` replaced, nothing else touched."""
    lines = text.splitlines(keepends=True)
    spots = {}
    for tok in _tokens(text):
        if tok.type == tokenize.NAME and tok.string in renames:
            spots.setdefault(tok.start[0], []).append(tok)
    for row, toks in spots.items():
        line = lines[row - 1]
        for tok in sorted(toks, key=lambda t: -t.start[1]):
            line = line[:tok.start[1]] + renames[tok.string] + line[tok.end[1]:]
        lines[row - 1] = line
    return "".join(lines)


def apply(tree, interpreter=None):
    """Rename the firmware under ``tree`` in place; writes the map there; returns it."""
    sources = firmware_sources(tree)
    renames = plan(tree, interpreter, sources)
    for source in sources:
        new = rewrite(source.text, renames)
        if new != source.text:
            source.path.write_text(new, encoding="utf-8")
    lines = ["# short name -> the name in the sources (tools/short_names.py)\n"]
    lines += ["%s %s\n" % (new, old) for old, new in sorted(renames.items(), key=lambda kv: kv[1])]
    (tree / MAP_FILE).write_text("".join(lines), encoding="utf-8")
    return renames


def read_map(tree):
    """{name in the sources: short name} of the firmware deployed in ``tree`` ({} if none)."""
    path = tree / MAP_FILE
    if not path.exists():
        return {}
    renames = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            new, old = line.split()
            renames[old] = new
    return renames


def saved(renames):
    """Characters the renaming takes out of the string pool (each name once)."""
    return sum(len(old) - len(new) for old, new in renames.items())


def mpy_names(path):
    """The names a .mpy file (format 6, CircuitPython 10) brings into the string pool: its
    qstr table, less the ones every interpreter has built in."""
    data = pathlib.Path(path).read_bytes()
    if data[:2] != b"C\x06":
        raise ValueError("not a CircuitPython 10 .mpy: %s" % path)

    def uint(at):
        value = 0
        while True:
            byte = data[at]
            at += 1
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                return value, at

    count, at = uint(4)
    _, at = uint(at)  # the constant objects follow the names
    names = []
    for _ in range(count):
        size, at = uint(at)
        if size & 1:  # one of the static names, by number
            continue
        size >>= 1
        names.append(data[at:at + size].decode())
        at += size + 1
    return names
