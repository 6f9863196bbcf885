"""app.input: key and encoder events -> logical actions.

A board's ``keys.events`` queue (``keypad``) and ``encoder.position`` (``rotaryio``) become
small ints the controller understands. Only presses act; releases are read and dropped.
The keypad's own queue holds presses made while the app was busy, so none is lost.
"""

try:
    from micropython import const
except ImportError:

    def const(value):
        return value


# logical actions: DIE0 + i is the key under die i
DIE0 = const(0)
ROLL = const(6)
BANK = const(7)
BEST = const(8)
HINT = const(9)
MENU = const(10)
SELECT = const(11)  # the encoder's push switch
UP = const(12)  # encoder turned back
DOWN = const(13)  # encoder turned forward
MUTE = const(14)
ACTION_NAMES = ("die0", "die1", "die2", "die3", "die4", "die5",
                "roll", "bank", "best", "hint", "menu", "select", "up", "down", "mute")


def action_named(name):
    """The action for a key name from ``board.key_names`` (or "up"/"down"), or None."""
    if name in ACTION_NAMES:
        return ACTION_NAMES.index(name)
    return None


class Input:
    """Reads a board's keys and encoder; ``poll()`` returns the new actions in order."""

    def __init__(self, board):
        self.events = board.keys.events if board.keys is not None else None
        self.actions = tuple(action_named(n) for n in board.key_names)
        self.encoder = board.encoder
        self.position = board.encoder.position if board.encoder is not None else 0

    def poll(self):
        """The actions since the last frame: a list, or () when there were none (the usual
        frame, which then makes no garbage)."""
        out = None
        events = self.events
        if events is not None:
            while True:
                event = events.get()
                if event is None:
                    break
                if event.pressed and event.key_number < len(self.actions):
                    action = self.actions[event.key_number]
                    if action is not None:
                        if out is None:
                            out = []
                        out.append(action)
        if self.encoder is not None:
            position = self.encoder.position
            while position != self.position:
                if out is None:
                    out = []
                step = 1 if position > self.position else -1
                self.position += step
                out.append(DOWN if step > 0 else UP)
        return out or ()
