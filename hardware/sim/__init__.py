"""Host simulator of the dice tower's hardware; host-only, never copied to the board.

Needs the packages pinned in requirements-sim.txt (Blinka displayio, Pillow, pygame).
"""
