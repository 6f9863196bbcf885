"""Fake keypad: Keys records its arguments; a test queues key events with events.put().

Like the board's, the queue holds at most ``max_events`` events (more set ``overflowed``)
and get() makes a new Event for each one it returns.
"""

from _cost import timed


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events=64):
        self._queue = []  # (key_number, pressed) pairs, at most max_events
        self._max = max_events
        self.overflowed = False

    def put(self, key_number, pressed=True):
        if len(self._queue) >= self._max:
            self.overflowed = True
            return
        self._queue.append((key_number, pressed))

    @timed
    def get(self):
        if self._queue:
            number, pressed = self._queue.pop(0)
            return Event(number, pressed)
        return None

    def get_into(self, event):
        if not self._queue:
            return False
        event.key_number, event.pressed = self._queue.pop(0)
        return True

    def clear(self):
        self._queue = []
        self.overflowed = False

    def __len__(self):
        return len(self._queue)

    def __bool__(self):
        return bool(self._queue)


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.key_count = len(self.pins)
        self.events = EventQueue(max_events)

    def reset(self):
        self.events.clear()

    def deinit(self):
        self.pins = ()
