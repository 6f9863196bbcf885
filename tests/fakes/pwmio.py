"""Fake pwmio: PWMOut keeps frequency and duty_cycle; ``history`` logs each change."""


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self.pin = pin
        self.variable_frequency = variable_frequency
        self.history = []
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
        self.history.append((self._frequency, value))

    def deinit(self):
        self.pin = None
