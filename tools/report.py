"""How the tools hand over their figures: JSON on standard output and, when asked, the same
text in a file (the docs/*.json files that the README's figures come from)."""

import json


def emit(data, path=None, indent=1):
    text = json.dumps(data, indent=indent)
    print(text)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
