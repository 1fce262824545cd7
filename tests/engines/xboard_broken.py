#!/usr/bin/env python3
"""An XBoard engine that breaks on purpose, for kaleido match's forfeit tests.

usage: xboard_broken.py MODE
  illegal  answers go with move a1a1
  resign   resigns when asked to move
  refuse   says 'Illegal move' to the first move it is sent
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "protover":
        send('feature myname="broken-%s" usermove=1 ping=1 setboard=1 variants="normal,cylinder" done=1' % mode)
    elif cmd == "ping":
        send("pong " + words[1])
    elif cmd == "usermove" and mode == "refuse":
        send("Illegal move: " + words[1])
    elif cmd == "go":
        if mode == "resign":
            send("resign")
        else:
            send("move a1a1")
    elif cmd == "quit":
        break
