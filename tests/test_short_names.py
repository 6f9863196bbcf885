"""The deployed firmware's own names made short (tools/short_names.py): every use renamed
alike, and nothing renamed that anything but the firmware's own code could spell."""
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import cpcore  # noqa: E402
import short_names  # noqa: E402

FIRMWARE = '''"""A module: its docstring names selection_total, which binds nothing."""

from app import helpers


class Thing:
    def __init__(self):
        self.selection_total = 0
        self.field_by_name = 1

    def _render_play(self):
        return helpers.shared_helper(self.selection_total)

    def render(self, kind):
        getattr(self, "_render_" + kind)()
        return getattr(self, "field_by_name") + len(__name__[:1])

    def counted(self):
        return "kind%d" % 3, self.kind3


def listing(os):
    return os.listdir("/"), os.library_call(selection_total=1)
'''
HELPERS = '''def shared_helper(value):
    return value + 1
'''
LIBRARY = '''def library_call(**kwargs):
    return kwargs
'''


def tree(tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "lib").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "thing.py").write_text(FIRMWARE)
    (tmp_path / "app" / "helpers.py").write_text(HELPERS)
    (tmp_path / "lib" / "library.py").write_text(LIBRARY)
    (tmp_path / "code.py").write_text("from app.thing import Thing\nThing().render('play')\n")
    return tmp_path


def test_the_firmwares_own_names_become_short(tmp_path):
    renames = short_names.plan(tree(tmp_path), cpcore.interpreter())
    assert "shared_helper" in renames and "counted" in renames and "listing" in renames
    static = set(short_names.static_names())
    assert all(len(new) <= 2 or new in static for new in renames.values())
    assert len(set(renames.values())) == len(renames)  # no two names made one


def test_names_a_board_has_built_in_are_taken_first_when_nothing_spells_them(tmp_path):
    """A name the interpreter already holds costs a board no string; one the firmware spells
    (``len``), or that a C function may look up on an object (``write``), is never taken."""
    renames = short_names.plan(tree(tmp_path), cpcore.interpreter())
    static = short_names.static_names()
    taken = set(renames.values())
    assert taken & set(static) and "ArithmeticError" in taken
    assert not taken & {"len", "getattr", "write", "read", "keys", "send", "close", "value"}
    assert "write" not in static and "keys" not in static


def test_a_name_anything_else_could_spell_keeps_it(tmp_path):
    renames = short_names.plan(tree(tmp_path), cpcore.interpreter())
    assert "Thing" not in renames  # a class: messages and tracebacks show it
    assert "render" not in renames  # code.py calls it
    assert "field_by_name" not in renames  # looked up by a string
    assert "_render_play" not in renames  # may be joined from "_render_" + kind
    assert "kind3" not in renames  # may be formatted from "kind%d"
    assert "listdir" not in renames  # the interpreter's own
    assert "library_call" not in renames  # the library's
    assert "selection_total" in renames  # a docstring's words bind nothing...
    assert "helpers" not in renames and "thing" not in renames  # modules
    assert "__init__" not in renames and "__name__" not in renames


def test_only_identifiers_are_rewritten():
    text = 'x.selection_total = "selection_total"  # selection_total\nselection_total(1)\n'
    assert short_names.rewrite(text, {"selection_total": "ab"}) == \
        'x.ab = "selection_total"  # selection_total\nab(1)\n'


def test_a_renamed_tree_runs_as_before(tmp_path):
    from mpy import harness

    root = tree(tmp_path)
    short_names.apply(root, cpcore.interpreter())
    assert "shared_helper" not in (root / "app" / "helpers.py").read_text()
    assert short_names.read_map(root)["shared_helper"]
    script = ("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\n"
              "from app.thing import Thing\nprint(Thing()._render_play(), Thing().render('play'))\n"
              % (str(root / "lib"), str(root)))
    out = harness.run_circuitpython(script, mounts=()).check().stdout
    assert out.split() == ["1", "2"]
