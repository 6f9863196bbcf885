"""Optional pygame window that shows a HostDisplay; host-only, never copied to the board.

It blits `HostDisplay.snapshot()` scaled up, so the window shows the 1-bit
panel picture the tests check. (blinka_displayio_pygamedisplay's PyGameDisplay
renders the tree again in 16-bit colour at 1:1, so greys and colours would not
look as they do on the OLED.) With SDL_VIDEODRIVER=dummy it runs headless.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # pylint: disable=wrong-import-position

LIT = (255, 255, 255)
DARK = (0, 0, 0)


class Window:
    """A window `scale` times the panel's size; call `update()` once a frame."""

    def __init__(self, display, *, scale=4, caption="Farkle (simulator)", lit=LIT, dark=DARK):
        self.display = display
        self.scale = scale
        self.colors = (dark, lit)
        self.closed = False
        width, height = display.panel_size
        pygame.display.init()
        pygame.display.set_caption(caption)
        self.surface = pygame.display.set_mode((width * scale, height * scale))

    def update(self):
        """Redraw from the display (refreshing it if auto_refresh is on) and
        return the pygame events since the last call, for the input side."""
        if self.closed:
            return []
        events = pygame.event.get()
        if any(event.type == pygame.QUIT for event in events):
            self.close()
            return events
        image = self.display.snapshot()  # mode "1": bytes 0 or 255 once in "L"
        frame = pygame.image.frombytes(image.convert("L").tobytes(), image.size, "P")
        frame.set_palette_at(0, self.colors[0])
        frame.set_palette_at(255, self.colors[1])
        self.surface.blit(pygame.transform.scale(frame, self.surface.get_size()), (0, 0))
        pygame.display.flip()
        return events

    def close(self):
        """Close the window; later update() calls return no events."""
        if not self.closed:
            self.closed = True
            pygame.display.quit()
