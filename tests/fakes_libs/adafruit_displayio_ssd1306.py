"""Fake SSD1306 driver: keeps its bus and size; root_group like a real display."""


class SSD1306:
    def __init__(self, bus, **kwargs):
        self.bus = bus
        self.width = kwargs["width"]
        self.height = kwargs["height"]
        self.rotation = kwargs.get("rotation", 0)
        self.root_group = None
        self.auto_refresh = True
