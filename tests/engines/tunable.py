#!/usr/bin/env python3
"""Runs a UCI engine as if it offered spin options of its own, for kaleido tune's tests.

usage: tunable.py LOG NAME:MIN:MAX... -- COMMAND...

Each NAME is announced (`option name NAME type spin default MIN min MIN max MAX`) just
before the engine's `uciok`; a `setoption name NAME value V` for one of them is not passed
on but appended to LOG as `NAME=V`. Every other line passes through untouched, so the
engine plays as it always does.
"""
import sys

import relay

split = sys.argv.index("--")
log = sys.argv[1]
spins = [word.split(":") for word in sys.argv[2:split]]
names = {name for name, _, _ in spins}
command = sys.argv[split + 1:]


def passes(line):
    words = line.split()
    if words[:2] == ["setoption", "name"] and len(words) == 5 and words[2] in names:
        with open(log, "a") as f:
            f.write(f"{words[2]}={words[4]}\n")
        return False
    return True


engine = relay.start(command, passes)
for line in engine.stdout:
    if line.strip() == "uciok":
        for name, low, high in spins:
            print(f"option name {name} type spin default {low} min {low} max {high}")
    print(line, end="", flush=True)
engine.wait()
