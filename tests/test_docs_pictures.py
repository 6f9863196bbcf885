"""The pictures in docs/ are what tools/draw_boards.py draws from the code today."""

import pathlib
import sys

from PIL import Image, ImageChops

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import draw_boards  # noqa: E402


def test_committed_pictures_are_up_to_date():
    for name, image in draw_boards.pictures().items():
        committed = Image.open(REPO / "docs" / name).convert("RGB")
        assert committed.size == image.size, name
        assert ImageChops.difference(committed, image).getbbox() is None, (
            "docs/%s is stale: run python tools/draw_boards.py" % name)


def test_picture_follows_the_macropad_key_names():
    names = draw_boards.key_names()
    assert names[:12] == ("die0", "die1", "die2", "die3", "die4", "die5",
                          "hint", "best", "menu", "roll", "mute", "bank")
    assert set(names[6:]) <= set(draw_boards.ACTION_STYLE)


def test_the_gadget_pictures_are_what_the_real_players_show(tmp_path):
    """docs/gadget/ is drawn by tools/gadget_pictures.py with the real computer players and
    hints (no stand-in): drawn again, every picture is the same. Drawn in a process of its
    own, as from the command line: a job takes no frame for a module already loaded, so
    what the tests before had imported would move the animations' frames."""
    import subprocess

    subprocess.run([sys.executable, str(REPO / "tools" / "gadget_pictures.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    drawn = sorted(p.name for p in tmp_path.iterdir())
    assert drawn == sorted(p.name for p in (REPO / "docs" / "gadget").iterdir())
    for name in drawn:
        committed = Image.open(REPO / "docs" / "gadget" / name).convert("RGB")
        image = Image.open(tmp_path / name).convert("RGB")
        assert committed.size == image.size and ImageChops.difference(committed, image).getbbox() is None, (
            "docs/gadget/%s is stale: run python tools/gadget_pictures.py" % name)
