"""app.choices: what the set-up menu chose, kept the whole power-on.

Players (2-8), each seat human or a computer level, the rules preset and its options, sound,
fair start and the win meter: plain values, so that they stay alive through a game (the
saves and the pause menu read them) while the set-up menu's code, ``app.setup`` (its rows,
its changes, the rules they make), is in the heap only while the set-up menu runs. The
methods that need that code load it when called.
"""

LEVELS = ("human", "easy", "normal", "hard", "expert")


def parse_levels(text):
    """Seat levels from "human,normal,..." (each checked; any unknown one: empty list)."""
    if not isinstance(text, str) or not text:
        return []
    out = text.split(",")
    for level in out:
        if level not in LEVELS:
            return []
    return out


class Setup:
    """The set-up choices. ``seats`` holds a level for all eight seats so that lowering
    and raising the player count keeps them."""

    def __init__(self):
        self.players = 2
        self.seats = ["human", "normal", "human", "normal", "human", "normal", "human", "normal"]
        self.preset = 0  # index into farkle.presets.NAMES
        self.options = {}  # field -> chosen value, only for fields the preset offers
        self.mute = False
        self.fair = False  # "fair start": the second player gets the solved head start
        self.meter = False  # two players: show each one's solved chance of winning

    def levels(self):
        return self.seats[:self.players]

    # the set-up menu's work: app.setup, loaded for it

    def offers(self):
        """(field, label, values) for each option the preset offers, in menu order."""
        from app import setup

        return setup.offers(self)

    def rules(self):
        """The rules value chosen (a preset with its offered options applied)."""
        from app import setup

        return setup.rules(self)

    def head_start(self):
        """The head start in points the game gives the second player (0: none)."""
        from app import setup

        return setup.head_start(self)

    def rows(self):
        """What the menu shows: a list of (kind, index, label, value text)."""
        from app import setup

        return setup.rows(self)

    def change(self, row, step):
        """Move the value of ``row`` (from ``rows()``) by ``step`` (+1 or -1), wrapping.
        Returns False for rows without a value (Start) and fixed values."""
        from app import setup

        return setup.change(self, row, step)

    def description(self):
        from app import setup

        return setup.description(self)
