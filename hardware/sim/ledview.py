"""Pictures of the simulated board's lights and keys; host-only, never copied to the board.

``led_image(board)`` draws what the NeoPixels show (``pixels.shown``, after brightness) as a
PIL image: the MacroPad's 3x4 keys with their labels, or the dice tower's six seven-pixel
dice above its buttons. ``device_image(board)`` puts the display above that picture;
``key_boxes`` / ``device_boxes`` say where each key is in them (the window's mouse).
``pixel_rgb`` gives the colour a pixel shows, shared by the terminal and window front ends.
"""

from PIL import Image, ImageDraw

KEY_LABELS = {
    "die0": "die 1", "die1": "die 2", "die2": "die 3", "die3": "die 4", "die4": "die 5",
    "die5": "die 6", "roll": "ROLL", "bank": "BANK", "best": "BEST", "hint": "HINT",
    "menu": "MENU", "mute": "MUTE", "select": "push",
}
# pip positions of a seven-pixel die on a 3x3 grid: TL TR ML C MR BL BR
PIP_CELLS = ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2))
CASE = (40, 40, 44)
KEYCAP = (70, 70, 76)
TEXT = (220, 220, 220)


def pixel_rgb(board, index):
    """The colour pixel ``index`` shows, brightness applied, as an (r, g, b) tuple for a
    screen: an LED's light looks brighter than its duty cycle (gamma 2.2), so a half-bright
    pixel is drawn at about 73% and a dim one (set aside) still shows."""
    k = board.pixels.brightness
    return tuple(_GAMMA[min(255, int(c * k))] for c in board.pixels.shown[index])


_GAMMA = tuple(int(255 * (v / 255) ** (1 / 2.2) + 0.5) for v in range(256))


def led_image(board, scale=4, labels=True):
    """The lights and keys, about as wide as the display picture at the same scale.
    ``labels=False`` leaves out the key names (pictures that tests compare: no font)."""
    if board.layout == "macropad":
        return _macropad(board, scale, labels)
    return _tower(board, scale, labels)


def key_boxes(board, scale=4):
    """``[(key name, (x0, y0, x1, y1)), ...]``: where each key is in ``led_image``."""
    boxes = []
    if board.layout == "macropad":
        size, gap = 18 * scale, 3 * scale
        for row, numbers in enumerate(board.key_grid):
            for col, number in enumerate(numbers):
                x, y = gap + col * (size + gap), gap + row * (size + gap)
                boxes.append((board.key_names[number], (x, y, x + size, y + size)))
        return boxes
    die, gap = 19 * scale, 3 * scale
    for d in range(6):
        x = gap + d * (die + gap)
        boxes.append(("die%d" % d, (x, gap, x + die, gap + die)))
    buttons = [name for name in board.key_names if not name.startswith("die")]
    width = 6 * die + 7 * gap
    button = 16 * scale
    x = (width - len(buttons) * button - (len(buttons) - 1) * gap) // 2
    y = die + 4 * gap + 3 * scale
    for name in buttons:
        boxes.append((name, (x, y, x + button, y + 7 * scale)))
        x += button + gap
    return boxes


def _macropad(board, scale, labels):
    size = 18 * scale
    gap = 3 * scale
    cols, rows = 3, 4
    width = cols * size + (cols + 1) * gap
    height = rows * size + (rows + 1) * gap
    image = Image.new("RGB", (width, height), CASE)
    draw = ImageDraw.Draw(image)
    inset = 4 * scale
    for name, (x, y, x1, y1) in key_boxes(board, scale):
        number = board.key_names.index(name)
        draw.rounded_rectangle((x, y, x1, y1), radius=scale, fill=KEYCAP)
        colour = pixel_rgb(board, number)
        if colour != (0, 0, 0):
            draw.ellipse((x + inset, y + inset, x1 - inset, y1 - inset), fill=colour)
        if labels:
            draw.text((x + 2 * scale, y1 - 4 * scale), KEY_LABELS.get(name, name), fill=TEXT, font_size=3 * scale)
    return image


def _tower(board, scale, labels):
    pip = 5 * scale
    die = 3 * pip + 4 * scale
    gap = 3 * scale
    width = 6 * die + 7 * gap
    height = die + 5 * gap + 13 * scale
    image = Image.new("RGB", (width, height), CASE)
    draw = ImageDraw.Draw(image)
    for name, (x0, y0, x1, y1) in key_boxes(board, scale):
        if not name.startswith("die"):  # a button
            draw.rounded_rectangle((x0, y0, x1, y1), radius=2 * scale, fill=KEYCAP)
            if labels:
                draw.text((x0 + 3 * scale, y0 + 2 * scale), KEY_LABELS.get(name, name), fill=TEXT,
                          font_size=3 * scale)
            continue
        d = int(name[3])
        draw.rounded_rectangle((x0, y0, x1, y1), radius=2 * scale, fill=(15, 15, 15))
        indices = board.die_pixels[d]
        for bit, (cx, cy) in enumerate(PIP_CELLS):
            colour = pixel_rgb(board, indices[bit]) if len(indices) == 7 else (
                pixel_rgb(board, indices[0]) if bit == 3 else (0, 0, 0))
            px, py = x0 + 2 * scale + cx * pip, y0 + 2 * scale + cy * pip
            draw.ellipse((px + scale // 2, py + scale // 2, px + pip - scale // 2, py + pip - scale // 2),
                         fill=colour if colour != (0, 0, 0) else (24, 24, 24))
        if labels:
            draw.text((x0 + 2 * scale, y1 + gap // 2), KEY_LABELS[name], fill=TEXT, font_size=3 * scale)
    return image


def _device_layout(board, scale, panel_size, lights_size):
    width = max(panel_size[0], lights_size[0]) + 8 * scale
    height = panel_size[1] + lights_size[1] + 12 * scale
    panel_at = ((width - panel_size[0]) // 2, 4 * scale)
    lights_at = ((width - lights_size[0]) // 2, panel_size[1] + 8 * scale)
    return (width, height), panel_at, lights_at


def device_boxes(board, scale=4):
    """``key_boxes`` moved to where the keys are in ``device_image``."""
    panel = board.display.panel_size
    lights = led_image(board, scale, labels=False).size
    _, _, (dx, dy) = _device_layout(board, scale, (panel[0] * scale, panel[1] * scale), lights)
    return [(name, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)) for name, (x0, y0, x1, y1) in key_boxes(board, scale)]


def device_image(board, scale=4):
    """The display (white on a dark blue-black, as an OLED looks) above the lights."""
    panel = board.display.snapshot(scale).convert("L")
    lights = led_image(board, scale)
    size, panel_at, lights_at = _device_layout(board, scale, panel.size, lights.size)
    image = Image.new("RGB", size, CASE)
    oled = Image.merge("RGB", (panel, panel, panel.point(lambda v: max(v, 24))))
    image.paste(oled, panel_at)
    image.paste(lights, lights_at)
    return image
