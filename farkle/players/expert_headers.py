"""farkle.players.expert_headers: where the expert's solved files are, and whether one
fits the rules, from the files' headers alone (``has_table``).

The set-up menu's question, apart from the code that opens a file for a game
(``farkle.players.expert_files``): a board loads a module a frame, and a module's load (with
the collection CircuitPython runs after it) is one call: the two in one module took a
board's frame past 50 ms under the set-up menu.
"""

import struct
import sys


MAGIC = b"FKX2"
HEADER = "<4sIHHHBBHHHIIII"
HEADER_SIZE = 38
DIR = __file__.rsplit("/", 2)[0] + "/policies" if "/" in __file__ else "farkle/policies"
PRESETS = ("classic", "scorecard", "duel", "doubling", "farkel")  # expert_<name>.bin in DIR
FILES = ["expert_%s.bin" % name for name in PRESETS]  # in order of preference (a deploy short of room keeps the first)
PATHS = []  # extra full paths (tests, variants); tried first
# The expert level for 3-8 players: MultiExpert beat hard seats in classic (one against two:
# 33.88%, 33.41% to 34.34% over 40,000 games; one against three: 25.66%, 25.23% to 26.09%).
MULTI = True


def fingerprint(rules):
    """Every rules field's fingerprint (``Rules.fingerprint``)."""
    return rules.fingerprint()


def fits(table, rules, players):
    return players == table.players and fingerprint(rules) == table.fingerprint


def paths(rules):
    """The files a table for ``rules`` may be in, in the order they are tried."""
    own = ["expert_%s.bin" % rules.name] if rules.name in PRESETS else []
    rest = [name for name in FILES if name not in own]
    return list(PATHS) + [DIR + "/" + name for name in own + rest]


def has_table(rules, players=2):
    """Whether ``table_for`` finds a table, from the files' headers only: the set-up menu
    asks, and a board should not read a table's roll groups (a 2 KB block) just for that."""
    if players != 2 and not MULTI:
        return False
    opened = sys.modules.get("farkle.players.expert_table")  # its open tables, if it is loaded
    wanted = None  # the rules' fingerprint, worked out once a header asks for it
    for path in paths(rules):
        table = opened._TABLES.get(path) if opened is not None else None
        if table is not None:
            if fits(table, rules, 2):
                return True
            continue
        try:
            with open(path, "rb") as f:
                head = f.read(HEADER_SIZE)
        except OSError:
            continue
        if len(head) == HEADER_SIZE:
            fields = struct.unpack(HEADER, head)
            if fields[0] == MAGIC and fields[6] == 2:
                if wanted is None:
                    wanted = fingerprint(rules)
                if fields[1] == wanted:
                    return True
    return False
