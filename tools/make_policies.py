"""Regenerate the shipped policy tables: farkle/policies/<preset>.bin and .rch.

host-only. Usage: python tools/make_policies.py [--check]
  --check  do not write; exit 1 if a shipped file differs from what the solver makes now.
Prints the size of every file and, with --verify, proves each table plays exactly like the
solution on every state (slow: about 5 s a preset).
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from farkle.presets import NAMES, preset  # noqa: E402
from farkle.solve import tables  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    parser.add_argument("--verify", action="store_true", help="check every state against the solution")
    args = parser.parse_args(argv)
    report = {}
    stale = []
    for name in NAMES:
        rules = preset(name)
        blobs = {".bin": tables.policy_bytes(rules), ".rch": tables.reach_bytes(rules)}
        for ext, blob in blobs.items():
            path = os.path.join(tables.POLICY_DIR, name + ext)
            if args.check:
                try:
                    with open(path, "rb") as f:
                        if f.read() != blob:
                            stale.append(path)
                except OSError:
                    stale.append(path)
            else:
                with open(path, "wb") as f:
                    f.write(blob)
        report[name] = {"policy_bytes": len(blobs[".bin"]), "reach_bytes": len(blobs[".rch"])}
        if args.verify:
            report[name]["verify"] = tables.check_policy(rules, blobs[".bin"])
    print(json.dumps(report, indent=1))
    if stale:
        print("stale: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
