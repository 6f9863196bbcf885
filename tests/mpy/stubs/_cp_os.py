"""os as on a CircuitPython board: no system, putenv, mount, ilistdir, Vfs* (the Unix
port's); getenv() reads settings.toml in the current folder, as a board reads the one at
the root of its drive (strings and integers; no settings.toml: every key is missing).
"""
from os import (chdir, getcwd, listdir, mkdir, remove, rename, rmdir,  # noqa: F401
                sep, stat, statvfs, unlink, urandom)

__name__ = "os"  # so errors name the module the code imported


def getenv(key, default=None):
    try:
        handle = open("settings.toml")
    except OSError:
        return default
    with handle:
        for line in handle:
            name, eq, value = line.partition("=")
            if eq and name.strip() == key:
                value = value.split("#")[0].strip() if value.strip()[:1] != '"' else value.strip()
                if value[:1] == '"':
                    return value[1:value.index('"', 1)]
                try:
                    return int(value)
                except ValueError:
                    return default
    return default
