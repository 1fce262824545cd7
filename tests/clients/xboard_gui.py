#!/usr/bin/env python3
"""The real XBoard against kaleido: a whole cylinder-chess game, kaleido vs Fairy-Max, and a
whole Chess960 game (`fischerandom`), kaleido against itself.

XBoard (Debian `xboard`, run under `xvfb-run`) is the first-engine host, so it accepts
kaleido's `piece` commands (Betza with the cylinder modifier `o`) and keeps legality testing,
mate detection and claim testing on. Each game runs in match mode under an incremental clock
with both engines held to a fixed depth, and XBoard exits by itself at the end. The script then
reads XBoard's debug log and saved PGN: no illegal move or engine error on either side, no
time forfeit, the piece definitions taken (cylinder), the shuffled start set up (Chess960), and
a proper result. Fairy-Max does not play Chess960, so kaleido takes both seats there: XBoard
sends each a Shredder- or X-FEN `setboard` and castling as O-O/O-O-O, and checks their castling
against its own rules. Run by .ci/run; a missing tool is a failure, not a skip.

Usage: xboard_gui.py PATH_TO_KALEIDO
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

XBOARD = "/usr/games/xboard"
FAIRYMAX = "/usr/games/fairymax"
# Seconds for a game: one at 10 s + 0.1 s a move per side ends well inside this.
DEADLINE = 300
# The search depth both engines get (XBoard's `sd`).
DEPTH = 5


def need(path_or_name):
    found = shutil.which(path_or_name) or (os.access(path_or_name, os.X_OK) and path_or_name)
    if not found:
        sys.exit(f"xboard_gui.py: {path_or_name} is missing (apt-get install xboard xvfb fairymax)")
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    kaleido = os.path.abspath(sys.argv[1])
    cylinder = [
        "-scp", need(FAIRYMAX),
        "-variant", "cylinder", "-tc", "0:10", "-inc", "0.1",
        # XBoard tells each engine `computer` when its opponent is one. Debian's Fairy-Max
        # 5.0b does not know that command and, about half the time, crashes on it (any
        # unknown command does it: a segfault after "Error (unknown command)"), which ends
        # the game with "Error writing to second chess program". An empty string makes
        # XBoard send Fairy-Max nothing there; kaleido still gets `computer`.
        "-secondComputerString", "",
    ]
    log, pgn = play(kaleido, cylinder)
    check(log, pgn, "cylinder", pieces=True)
    # Start 212 (NBBQRKNR): only the g-knight stands between king and rook, so short castling
    # is at hand from the first moves.
    chess960 = ["-scp", kaleido, "-variant", "fischerandom", "-defaultFrcPosition", "212",
                "-tc", "0:10", "-inc", "0.1"]
    log, pgn = play(kaleido, chess960)
    check(log, pgn, "Chess960", pieces=False)


def play(kaleido, game):
    """One game in match mode with kaleido as the first engine; the debug log and the PGN."""
    xvfb_run, xboard = need("xvfb-run"), need(XBOARD)
    work = tempfile.mkdtemp(prefix="kaleido-xboard-")
    try:
        log, pgn = os.path.join(work, "debug.log"), os.path.join(work, "game.pgn")
        command = [
            xvfb_run, "-a", xboard,
            "-fcp", kaleido, "-fd", work, "-sd", work, *game,
            "-matchGames", "1", "-autoCallFlag", "true",
            # Both engines search to a fixed depth (`sd`) under the clock: each answers in
            # milliseconds, so the game's length, not the engines' thinking, sets the time it
            # takes, and a busy machine cannot make either lose on time.
            "-depth", str(DEPTH),
            "-testLegality", "true", "-testClaims", "true",
            "-adjudicateDrawMoves", "100",
            "-xponder", "-xexit", "-saveSettingsOnExit", "false",
            "-debug", "-nameOfDebugFile", log, "-saveGameFile", pgn,
        ]
        # A private HOME keeps XBoard from reading or writing the user's settings file.
        env = dict(os.environ, HOME=work)
        try:
            run = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            sys.exit(f"xboard_gui.py: XBoard did not finish the game within {DEADLINE} s")
        if run.returncode != 0:
            sys.exit(f"xboard_gui.py: XBoard exited with {run.returncode}:\n"
                     f"{run.stdout.decode(errors='replace')[-2000:]}")
        return open(log, errors="replace").read(), open(pgn, errors="replace").read()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check(log, pgn, game, pieces):
    failures = []
    # kaleido is the first engine, and in Chess960 the second too.
    from_kaleido = [l.split(":", 1)[1].strip() for l in log.splitlines()
                    if "<first :" in l or (not pieces and "<second:" in l)]
    kaleido_moves = [l for l in from_kaleido if l.startswith("move ")]
    for line in log.splitlines():
        if re.search(r"illegal move", line, re.I):
            failures.append(f"illegal move in the log: {line.strip()}")
        if re.search(r"<(first|second)\s*:\s*Error", line) and (not pieces or "<first" in line):
            failures.append(f"kaleido reported an error: {line.strip()}")
    if pieces:
        sent = [l for l in from_kaleido if l.startswith("piece ")]
        if len(sent) < 6:
            failures.append(f"kaleido sent {len(sent)} piece commands, expected 6 per game")
        if "VariantMen" not in pgn:
            failures.append("XBoard did not take kaleido's piece definitions (no VariantMen tag)")
    else:
        if not re.search(r'\[Variant "fischerandom"\]', pgn, re.I):
            failures.append("the PGN is not a fischerandom game")
        if not re.search(r'\[FEN "', pgn):
            failures.append("the PGN has no FEN tag for the shuffled start")
        if not re.search(r">first\s*:\s*setboard ", log):
            failures.append("XBoard sent kaleido no setboard")
    result = re.search(r'\[Result "([^"]*)"\]', pgn)
    if not result or result.group(1) not in ("1-0", "0-1", "1/2-1/2"):
        failures.append(f"no proper result in the PGN: {result.group(1) if result else 'none'}")
    ending = re.search(r"\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$", pgn.strip())
    reason = ending.group(1) if ending else "unknown"
    if re.search(r"forfeit|time|illegal|false|disconnect|crash", reason, re.I):
        failures.append(f"the game ended badly: {reason}")
    if len(kaleido_moves) < 5:
        failures.append(f"kaleido made only {len(kaleido_moves)} moves")
    if failures:
        sys.exit(f"xboard_gui.py ({game}): " + "\n  ".join(failures))
    white = re.search(r'\[White "([^"]*)"\]', pgn)
    fen = re.search(r'\[FEN "([^"]*)"\]', pgn)
    movetext = re.sub(r"\{[^}]*\}|\[[^]]*\]", " ", pgn).split()
    sans = [t for t in movetext if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
    castlings = sum(1 for t in sans if t.startswith("O-O"))
    print(f"XBoard {game} game: {white.group(1) if white else '?'} as White, "
          f"{len(sans)} plies ({len(kaleido_moves)} by kaleido), {castlings} castlings, "
          f"{result.group(1)} ({reason})" + (f", from {fen.group(1)}" if fen and not pieces else ""))
    print("  " + " ".join(sans))


if __name__ == "__main__":
    main()
