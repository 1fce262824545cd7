#!/usr/bin/env python3
"""Runs an engine and rewrites the scores it reports, for kaleido match's adjudication tests.

usage: scored.py SCORE... -- COMMAND...

The engine's n-th move of a game is reported with the n-th SCORE (the last one repeats);
a new game (ucinewgame, newgame, new) starts the list again. A SCORE is written
  -600      centipawns
  M3, -M3   a mate in 3 for, or against, the engine
  30,40,130 the tri dialect's expected points per seat, in hundredths
and is put into UCI/tri `info ... score` lines and XBoard thinking lines
(`depth score time nodes pv`); every other line passes through untouched.
"""
import sys
import threading

import relay

split = sys.argv.index("--")
scripted = sys.argv[1:split]
command = sys.argv[split + 1:]
moves = 0
lock = threading.Lock()


def current():
    with lock:
        return scripted[min(moves, len(scripted) - 1)]


def uci_words(score):
    if "," in score:
        return score.split(",")
    if score.lstrip("-").startswith("M"):
        return ["mate", score.replace("M", "")]
    return ["cp", score]


def xboard_number(score):
    if score.lstrip("-").startswith("M"):
        n = int(score.replace("M", ""))
        return str(100000 + n if n > 0 else -100000 + n)
    return score


def rewrite(line):
    words = line.split()
    if words and words[0] == "info" and "score" in words:
        i = words.index("score") + 1
        # The old score: cp/mate and a number (and a bound), or the tri dialect's numbers.
        j = i + 2 if i < len(words) and words[i] in ("cp", "mate") else i
        while j < len(words) and words[j].lstrip("-").isdigit():
            j += 1
        while j < len(words) and words[j] in ("lowerbound", "upperbound"):
            j += 1
        return " ".join(words[:i] + uci_words(current()) + words[j:])
    if len(words) >= 4 and words[0].rstrip(".&").isdigit() and words[1].lstrip("-").isdigit():
        return " ".join([words[0], xboard_number(current())] + words[2:])
    return line


def passes(line):
    global moves
    word = line.split()[:1]
    if word and word[0] in ("ucinewgame", "newgame", "new"):
        with lock:
            moves = 0
    return True


engine = relay.start(command, passes)
for line in engine.stdout:
    line = line.rstrip("\n")
    sys.stdout.write(rewrite(line) + "\n")
    sys.stdout.flush()
    word = line.split()[:1]
    if word and word[0] in ("bestmove", "move"):
        with lock:
            moves += 1
sys.exit(engine.wait())
