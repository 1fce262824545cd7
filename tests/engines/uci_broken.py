#!/usr/bin/env python3
"""A UCI engine that breaks on purpose, for kaleido match's forfeit tests.

usage: uci_broken.py MODE   (or tri_broken: the same engine speaking the tri dialect)
  illegal  answers every go with a move no variant allows here (a1a1 / AAAA)
  exit     exits when asked to move
  silent   never answers go (the arbiter must flag it and go on)
  garbage  answers with a bestmove line that has no move
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
tri = len(sys.argv) > 2 and sys.argv[2] == "tri"


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    cmd = words[0]
    if cmd in ("uci", "tri"):
        send("id name broken-" + mode)
        send("id author kaleido tests")
        send("triok" if cmd == "tri" else "uciok")
    elif cmd == "isready":
        send("readyok")
    elif cmd == "go":
        if mode == "exit":
            sys.exit(3)
        if mode == "silent":
            continue
        send("info depth 1 score cp 0")
        if mode == "garbage":
            send("bestmove")
        else:
            send("bestmove " + ("AAAA" if tri else "a1a1"))
    elif cmd == "quit":
        break
