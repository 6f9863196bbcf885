"""The pictures in docs/persistence/ are what tools/draw_persistence.py draws today."""

import pathlib
import sys

from PIL import Image, ImageChops

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import draw_persistence  # noqa: E402


def test_committed_pictures_are_up_to_date():
    for name, image in draw_persistence.pictures().items():
        committed = Image.open(REPO / "docs" / "persistence" / name).convert("RGB")
        assert committed.size == image.size, name
        assert ImageChops.difference(committed, image.convert("RGB")).getbbox() is None, (
            "docs/persistence/%s is stale: run python tools/draw_persistence.py" % name)
