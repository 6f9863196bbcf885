"""Draw the pictures in docs/: the MacroPad key layout and the Pico tower's pip layout.

host-only: needs Pillow (requirements-sim.txt).

    python tools/draw_boards.py            # writes docs/macropad_keys.png, docs/pico_pips.png

The MacroPad's key names are read from hardware/macropad.py (KEY_NAMES), so the picture
follows the code; tests/test_docs_pictures.py checks the committed PNGs are up to date.
"""

import ast
import pathlib
import sys

from PIL import Image, ImageDraw, ImageFont

REPO = pathlib.Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"

# the pips a face lights, as indices into the 7 pip positions (hardware/__init__.py order:
# top-left, top-right, middle-left, centre, middle-right, bottom-left, bottom-right)
FACE_PIPS = {1: (3,), 2: (0, 6), 3: (0, 3, 6), 4: (0, 1, 5, 6), 5: (0, 1, 3, 5, 6),
             6: (0, 1, 2, 4, 5, 6)}
PIP_SPOTS = ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2))  # column, row
PIP_NAMES = ("top-left", "top-right", "mid-left", "centre", "mid-right", "bottom-left",
             "bottom-right")
ACTION_STYLE = {  # label, keycap colour
    "roll": ("ROLL", "#38b44a"),
    "bank": ("BANK", "#f2b705"),
    "best": ("BEST", "#2bb3c0"),
    "hint": ("HINT", "#9b6dd6"),
    "menu": ("MENU", "#7f8fa6"),
    "mute": ("MUTE", "#b8b8b8"),
    "select": ("SELECT", "#7f8fa6"),
}


def font(size):
    return ImageFont.load_default(size=size)


def key_names():
    """KEY_NAMES from hardware/macropad.py, read without importing it (it needs a board)."""
    tree = ast.parse((REPO / "hardware" / "macropad.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "KEY_NAMES":
            return ast.literal_eval(node.value)
    raise LookupError("KEY_NAMES not found in hardware/macropad.py")


def centred(draw, box, text, size, fill):
    face = font(size)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    x = (box[0] + box[2] - (right - left)) / 2 - left
    y = (box[1] + box[3] - (bottom - top)) / 2 - top
    draw.text((x, y), text, font=face, fill=fill)


def die_face(draw, box, value, pip="#111111", face="#ffffff"):
    draw.rounded_rectangle(box, radius=(box[2] - box[0]) // 6, fill=face, outline="#555555")
    step = (box[2] - box[0]) / 4
    radius = step * 0.42
    for index in FACE_PIPS[value]:
        column, row = PIP_SPOTS[index]
        cx = box[0] + step * (column + 1)
        cy = box[1] + step * (row + 1)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=pip)


def draw_macropad(names):
    image = Image.new("RGB", (540, 840), "#f4f4f4")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((20, 30, 520, 824), radius=28, fill="#1e1e1e")
    draw.rectangle((240, 14, 300, 34), fill="#9a9a9a")  # USB-C
    centred(draw, (200, 36, 340, 56), "USB", 14, "#bbbbbb")
    draw.rectangle((48, 66, 330, 206), fill="#000000", outline="#555555", width=3)
    centred(draw, (48, 100, 330, 136), "128x64 OLED", 24, "#9fd8ff")
    centred(draw, (48, 140, 330, 170), "scores, menus, dice", 17, "#6f9fbf")
    draw.ellipse((372, 80, 480, 188), fill="#3a3a3a", outline="#777777", width=3)
    draw.ellipse((402, 110, 450, 158), fill="#555555")
    centred(draw, (350, 192, 505, 212), "turn: scroll", 16, "#dddddd")
    centred(draw, (350, 212, 505, 232), "press: SELECT", 16, "#dddddd")
    size, gap, left, top = 124, 18, 67, 250
    for number, name in enumerate(names[:12]):
        column, row = number % 3, number // 3
        x = left + column * (size + gap)
        y = top + row * (size + gap)
        box = (x, y, x + size, y + size)
        if name.startswith("die"):
            die = int(name[3:])
            draw.rounded_rectangle(box, radius=12, fill="#e8e8e8", outline="#999999", width=2)
            die_face(draw, (x + 27, y + 14, x + 97, y + 84), die + 1)
            centred(draw, (x, y + 88, x + size, y + 116), "DIE %d" % (die + 1), 20, "#222222")
        else:
            label, colour = ACTION_STYLE[name]
            draw.rounded_rectangle(box, radius=12, fill=colour, outline="#999999", width=2)
            centred(draw, box, label, 26, "#111111")
        centred(draw, (x, y + size + 1, x + size, y + size + 16), "KEY%d" % (number + 1), 12,
                "#8a8a8a")
    return image


def draw_pips():
    image = Image.new("RGB", (760, 330), "#f4f4f4")
    draw = ImageDraw.Draw(image)
    box = (30, 40, 290, 300)
    draw.rounded_rectangle(box, radius=36, fill="#ffffff", outline="#555555", width=3)
    step = (box[2] - box[0]) / 4
    for index, (column, row) in enumerate(PIP_SPOTS):
        cx = box[0] + step * (column + 1)
        cy = box[1] + step * (row + 1)
        draw.ellipse((cx - 26, cy - 26, cx + 26, cy + 26), fill="#d33a2c")
        centred(draw, (cx - 26, cy - 26, cx + 26, cy + 26), str(index), 26, "#ffffff")
    centred(draw, (30, 6, 290, 36), "one die: 7 NeoPixels", 20, "#222222")
    centred(draw, (30, 302, 290, 326), "pip numbers (FARKLE_PICO_PIP_ORDER)", 15, "#444444")
    for value in range(1, 7):
        column, row = (value - 1) % 3, (value - 1) // 3
        x = 330 + column * 140
        y = 50 + row * 140
        die_face(draw, (x, y, x + 100, y + 100), value, pip="#d33a2c")
        centred(draw, (x, y + 102, x + 100, y + 124), "face %d" % value, 16, "#444444")
    centred(draw, (320, 6, 750, 36), "the faces the pips show", 20, "#222222")
    return image


def pictures():
    """{file name: PIL image} of every picture this tool draws."""
    return {"macropad_keys.png": draw_macropad(key_names()), "pico_pips.png": draw_pips()}


def main():
    DOCS.mkdir(exist_ok=True)
    for name, image in pictures().items():
        image.save(DOCS / name, optimize=True)
        print("wrote docs/%s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
