"""Fake keypad: Keys records its arguments; tests queue events with events.put()."""


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self):
        self._queue = []
        self.overflowed = False

    def put(self, key_number, pressed=True):
        self._queue.append(Event(key_number, pressed))

    def get(self):
        if self._queue:
            return self._queue.pop(0)
        return None

    def clear(self):
        self._queue = []

    def __len__(self):
        return len(self._queue)


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=False, interval=0.02,
                 max_events=64):
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.key_count = len(self.pins)
        self.events = EventQueue()

    def deinit(self):
        self.pins = ()
