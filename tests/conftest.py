"""Every test, and every ``python code.py`` a test starts, keeps the simulator's flash in a
temporary file: never in the user's cache, where ``make sim`` keeps a saved game."""

import os
import tempfile

os.environ["FARKLE_SIM_NVM"] = os.path.join(tempfile.mkdtemp(prefix="farkle-test-nvm-"), "nvm.bin")
