#!/usr/bin/env python3
"""Best-Reply Search against paranoid search in trichess games, over the tri dialect.

Three kaleido processes play each game, one per seat, each with its own TriSearch. Every
seating of one algorithm against two of the other is played (the lone algorithm in each of the
three seats, either way round), from seeded random openings of one move per player, with a
fixed node budget per move (a deterministic stand-in for time). The engines themselves judge
the end: a `go` at a finished position answers `info string game over: <result>` and
`bestmove (none)`. Games still going after MAX_PLIES plies are scored as draws (2/3 each).

Reports each algorithm's average points per seat-game (2/3 is par) over all games.

Usage: bench/tri_algorithms.py KALEIDO [GAMES_PER_SEATING] [NODES] [SEED]
"""

import random
import subprocess
import sys
from fractions import Fraction

MAX_PLIES = 450


class Engine:
    def __init__(self, path, algorithm):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("tri")
        self.until("triok")
        self.send(f"setoption name TriSearch value {algorithm}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        seen = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"kaleido ended; saw {seen}")
            line = line.rstrip("\n")
            seen.append(line)
            if line.startswith("info string error"):
                raise RuntimeError(line)
            if line.startswith(prefix):
                return seen

    def legal_moves(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go perft 1")
        lines = self.until("Nodes searched")
        return [l.split(":")[0] for l in lines if len(l) > 4 and l[4] == ":"]

    def think(self, moves, nodes):
        """The engine's move, or (None, result) when the game is over."""
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go nodes {nodes}")
        lines = self.until("bestmove")
        best = lines[-1].split()[1]
        if best == "(none)":
            over = [l for l in lines if l.startswith("info string game over: ")]
            return None, over[-1].split(": ", 1)[1].split(" ")[0]
        return best, None

    def close(self):
        self.send("quit")
        self.p.wait()


def points(result):
    return [Fraction(x) for x in result.split("-")]


def play(path, seats, nodes, rng):
    engines = [Engine(path, a) for a in seats]
    try:
        moves = []
        for _ in range(3):
            legal = engines[0].legal_moves(moves)
            moves.append(rng.choice(legal))
        while len(moves) < MAX_PLIES:
            mover = len(moves) % 3
            best, result = engines[mover].think(moves, nodes)
            if best is None:
                return points(result), len(moves)
            moves.append(best)
        return [Fraction(2, 3)] * 3, len(moves)
    finally:
        for e in engines:
            e.close()


def main():
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    total = {"brs": Fraction(0), "paranoid": Fraction(0)}
    count = {"brs": 0, "paranoid": 0}
    for lone, pair in (("brs", "paranoid"), ("paranoid", "brs")):
        for seat in range(3):
            seats = [pair] * 3
            seats[seat] = lone
            for _ in range(games):
                pts, plies = play(path, seats, nodes, rng)
                for s, a in enumerate(seats):
                    total[a] += pts[s]
                    count[a] += 1
                shown = "-".join(str(p) for p in pts)
                print(f"{'/'.join(seats)}: {shown} in {plies} plies", flush=True)
    for a in total:
        avg = float(total[a] / count[a])
        print(f"{a}: {float(total[a]):.2f} points in {count[a]} seat-games, "
              f"{avg:.3f} per game (par 0.667)")


if __name__ == "__main__":
    main()
