"""Farkle rules engine: pure Python for CircuitPython, MicroPython and CPython."""
