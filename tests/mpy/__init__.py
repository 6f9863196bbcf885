"""MicroPython test harness: see README.md here."""
