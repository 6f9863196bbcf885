"""Every test, and every ``python code.py`` a test starts, keeps the simulator's flash in a
temporary file: never in the user's cache, where ``make sim`` keeps a saved game. The folder
goes when the run ends."""

import atexit
import os
import shutil
import tempfile

_FLASH = tempfile.mkdtemp(prefix="farkle-test-nvm-")
atexit.register(shutil.rmtree, _FLASH, True)
os.environ["FARKLE_SIM_NVM"] = os.path.join(_FLASH, "nvm.bin")
