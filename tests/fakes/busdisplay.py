"""Fake busdisplay: BusDisplay keeps its bus, size and root_group; like the board's it
holds no frame buffer (it sends what changed, in C, in the background)."""


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0,
                 rotation=0, color_depth=16, grayscale=False, brightness=1.0,
                 auto_refresh=True, **kwargs):
        self.bus = display_bus
        self.width = width
        self.height = height
        self.rotation = rotation
        self.brightness = brightness
        self.auto_refresh = auto_refresh
        self.root_group = None
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
