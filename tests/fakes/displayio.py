"""Fake displayio: counts release_displays(); a Group that holds a list."""

released = 0


def release_displays():
    global released
    released += 1


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self.items = []
        self.hidden = False

    def append(self, item):
        self.items.append(item)
