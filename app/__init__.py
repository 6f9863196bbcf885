"""app: the dice tower's user interface, the same on every board and in the simulator.

Data flows one way: key events -> ``app.input`` (logical actions) -> ``app.controller``
(the UI state machine, which drives the ``farkle`` engine) -> ``app.view`` (what to show)
-> ``app.screens`` (the displayio tree) and ``app.leds`` (pixel colours). ``app.main`` wires
them to a board object (see ``hardware/__init__.py``). No module here imports hardware at
its top, so the controller runs (and is tested) anywhere.
"""
