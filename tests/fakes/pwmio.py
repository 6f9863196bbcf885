"""Fake pwmio: PWMOut keeps frequency and duty_cycle; ``changes`` counts the duty changes
(a count, not a log: a log would grow for as long as the board plays sounds)."""


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self.pin = pin
        self.variable_frequency = variable_frequency
        self.changes = 0
        self._frequency = frequency
        self._duty = duty_cycle

    @property
    def frequency(self):
        return self._frequency

    @frequency.setter
    def frequency(self, value):
        if not self.variable_frequency:
            raise ValueError("frequency is fixed")
        self._frequency = value

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        self._duty = value
        self.changes += 1

    def deinit(self):
        self.pin = None
