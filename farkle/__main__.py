"""``python -m farkle``: the host command line (host-only; see farkle.cli)."""

import sys

from farkle.cli import main

sys.exit(main())
