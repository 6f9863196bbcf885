"""The MacroPad's 128x64 SH1106 OLED on a PC; host-only, never copied to the board.

`HostDisplay` is a real Blinka `busdisplay.BusDisplay`, built with the arguments
CircuitPython's MacroPad board.c gives `board.DISPLAY` (1-bit grayscale, pixels
of a column share a byte, SH1107-style page addressing). Blinka's own refresh
code packs the displayio tree into the same pixel bytes the device sends, and
a fake bus plays the SH1106 controller, keeping its RAM. So the pictures come
from the device's code path, no screen or hardware needed.
"""

import contextlib
import io

from PIL import Image, ImageChops

with contextlib.redirect_stdout(io.StringIO()):
    # Blinka prints "GENERIC_X86 is not fully supported" when the bus modules load.
    import busdisplay
    import fourwire
    from displayio._constants import DISPLAY_DATA

RAM_COLUMNS = 132  # the SH1106 has 132 columns; the MacroPad shows 2..129
COLSTART = 2
_ARG_COMMANDS = {0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB}  # take one byte
_HALF = " ▀▄█"
_QUADRANT = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"  # index: 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right


class SH1106Bus(fourwire.FourWire):
    """A FourWire bus with an SH1106 on the far end: page RAM plus the few
    commands code sends at run time (on/off, invert, all-on, contrast)."""

    def __init__(self, pages):  # pylint: disable=super-init-not-called
        self.ram = [bytearray(RAM_COLUMNS) for _ in range(pages)]
        self.page = self.column = 0
        self.on, self.inverted, self.all_on, self.contrast = True, False, False, 0xFF
        self._awaiting = None

    def set_window(self, area):
        """Stands in for _DisplayCore.set_region_to_update: Blinka 2.7.1 sends a
        wrong high column nibble for SH1107 addressing at x >= 16."""
        self.page = area.y1 // 8
        self.column = area.x1 + COLSTART

    def _send(self, data_type, chip_select, data):
        if data_type == DISPLAY_DATA:
            n = max(0, min(len(data), RAM_COLUMNS - self.column))
            self.ram[self.page][self.column : self.column + n] = bytes(data[:n])
            self.column += n
            return
        for byte in data:
            self._command(byte)

    def _command(self, byte):
        if self._awaiting is not None:
            if self._awaiting == 0x81:
                self.contrast = byte
            self._awaiting = None
        elif byte < 0x10:
            self.column = (self.column & 0xF0) | byte
        elif byte < 0x18:
            self.column = ((byte & 0x0F) << 4) | (self.column & 0x0F)
        elif 0xB0 <= byte <= 0xB7:
            self.page = (byte & 0x0F) % len(self.ram)
        elif byte in (0xAE, 0xAF):
            self.on = byte == 0xAF
        elif byte in (0xA6, 0xA7):
            self.inverted = byte == 0xA7
        elif byte in (0xA4, 0xA5):
            self.all_on = byte == 0xA5
        elif byte in _ARG_COMMANDS:
            self._awaiting = byte

    def image(self, width):
        """What the panel shows, as a mode "1" image `width` x 8*pages."""
        pages = len(self.ram)
        size = (width, pages * 8)
        if not self.on or self.all_on:
            return Image.new("1", size, int(self.on))
        # Each RAM byte is a column of 8 pixels, top pixel in bit 0: read the RAM
        # as 8-pixel-wide rows ("1;R" is least significant bit first), then transpose.
        strip = Image.frombytes("1", (8, RAM_COLUMNS * pages), b"".join(self.ram), "raw", "1;R")
        strip = strip.transpose(Image.Transpose.TRANSPOSE)
        panel = Image.new("1", size)
        for page in range(pages):
            left = page * RAM_COLUMNS + COLSTART
            panel.paste(strip.crop((left, 0, left + width, 8)), (0, page * 8))
        return ImageChops.invert(panel) if self.inverted else panel

    # The rest of the bus API: nothing to lock, reset or release on a PC.
    def reset(self):
        pass

    def _free(self):
        return True

    def _begin_transaction(self):
        return True

    def _end_transaction(self):
        pass

    def _release(self):
        pass


class HostDisplay(busdisplay.BusDisplay):
    """`board.DISPLAY` of a MacroPad on a PC: set `root_group`, then `snapshot()`.

    Not added to Blinka's display pool, so Blinka's background thread never
    redraws it while the main loop changes the tree. Instead, when
    `auto_refresh` is on, `snapshot()` refreshes first, as the device's
    background task would have by then; with it off, you see the last
    `refresh()`, as on the device.
    """

    def __new__(cls, *args, **kwargs):
        return object.__new__(cls)

    def __init__(self, width=128, height=64, *, rotation=0, auto_refresh=True):
        if height % 8:
            raise ValueError("height must be a multiple of 8 (SH1106 pages)")
        self.panel_size = (width, height)
        bus = SH1106Bus(height // 8)
        super().__init__(
            bus,
            b"",  # the controller starts out as board.c's init sequence leaves it
            width=width,
            height=height,
            colstart=COLSTART,
            color_depth=1,
            grayscale=True,
            pixels_in_byte_share_row=False,
            set_column_command=0,
            set_row_command=0,
            write_ram_command=0,
            brightness_command=0x81,
            single_byte_bounds=True,
            data_as_commands=True,
            auto_refresh=auto_refresh,
            SH1107_addressing=True,
        )
        self._core.set_region_to_update = bus.set_window
        if rotation:
            self.rotation = rotation

    def snapshot(self, scale=1):
        """The panel as a mode "1" image, white on black, `scale` times bigger."""
        if self.auto_refresh:
            self.refresh()
        image = self.bus.image(self.panel_size[0])
        if scale != 1:
            image = image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)
        return image

    def to_png(self, path, scale=4):
        """Save a snapshot as a PNG, for eyes and for bug reports."""
        self.snapshot(scale).save(path, "PNG")

    def to_blocks(self, quadrants=False):
        """The panel as text for a terminal, no pixel lost: half blocks make
        128x64 into 128x32 characters, quadrant blocks into 64x32."""
        image = self.snapshot()
        w, h = image.size
        lit = image.convert("L").point(lambda v: v and 1).tobytes()  # a 0 or 1 per pixel
        lines = []
        if quadrants:
            for y in range(0, h, 2):
                top, bottom = lit[y * w : (y + 1) * w], lit[(y + 1) * w : (y + 2) * w]
                lines.append(
                    "".join(
                        _QUADRANT[top[x] | top[x + 1] << 1 | bottom[x] << 2 | bottom[x + 1] << 3]
                        for x in range(0, w, 2)
                    )
                )
        else:
            for y in range(0, h, 2):
                top, bottom = lit[y * w : (y + 1) * w], lit[(y + 1) * w : (y + 2) * w]
                lines.append("".join(_HALF[t | b << 1] for t, b in zip(top, bottom)))
        return "\n".join(lines)
