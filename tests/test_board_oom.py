"""tools/board_oom.py: what the core built with tools/core-oom.patch prints, read back."""
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import board_oom  # noqa: E402

STDERR = """something else
OOM 1024 bytes, 2896 free, largest hole 112
OOM in farkle/players/expert_turns.mpy bN
OOM in farkle/players/expert_turns.mpy build
OOM 96 bytes, 2912 free, largest hole 64
OOM 4096 bytes, 1488 free, largest hole 96
OOM in hardware/nvm_store.mpy _erased
"""


def test_each_failed_allocation_lists_the_functions_it_left_with_their_own_names():
    found = board_oom.failures(STDERR, {"bN": "_bank_row"})
    assert found == [
        ("1024 bytes, 2896 free, largest hole 112",
         ["farkle.players.expert_turns._bank_row", "farkle.players.expert_turns.build"]),
        ("96 bytes, 2912 free, largest hole 64", []),  # C's own: no Python function left
        ("4096 bytes, 1488 free, largest hole 96", ["hardware.nvm_store._erased"]),
    ]
