#!/usr/bin/env python3
"""Speed of kaleido's Python package (python/) in two measures. bench/python builds the
package and the binary and runs this; see bench/README.md and docs/python.md ("Speed").

perft: `Board.perft` against the release binary's `kaleido perft D --threads 1` on the same
       positions (both single-threaded, both bulk-counting the last ply), in nodes per second.
       The node counts must agree, and equal the known figure where POSITIONS has one.
       Target: the module within 10% of the binary (ratio >= 0.90).
walk:  the same random chess games walked by kaleido.Board and by python-chess, two ways.
       "list, push, pop back": at each position list the legal moves and push the game's
       move; at the game's end pop every move back to the start. "list + push/pop each": at
       each position list the legal moves, push and pop every one of them, then push the
       game's move. Both walks must list the same number of moves. Target: kaleido 20 times
       as fast as python-chess or more.

Each timing is the best of --rounds runs (default 3); runs alternate between the two sides so
that a change of load on the machine hits both alike.

Usage: bench/python_speed.py [--kaleido BIN] [--rounds N] [--games N] [--quick] [--only ID]
The interpreter that runs it must import kaleido and chess.
"""
import argparse
import platform
import random
import subprocess
import sys
import time
from collections import namedtuple
from pathlib import Path

import chess
import kaleido

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 300  # seconds for one run of the binary

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PERFT_TARGET = 0.90
WALK_TARGET = 20.0

# One row per perft position: fen None is the variant's start. expected: the counts bench/perft
# (and the rules files) establish; the others only have to agree between binary and module.
Row = namedtuple("Row", "id variant fen depth expected what")
POSITIONS = [
    Row("startpos", "chess", None, 6, {5: 4865609, 6: 119060324}, "start position"),
    Row("kiwipete", "chess", KIWIPETE, 5, {4: 4085603, 5: 193690690}, "Kiwipete"),
    Row("cylinder", "cylinder", None, 6, {4: 211036}, "start position"),
    Row("spinchess", "spinchess", None, 5, {3: 29266}, "start position"),
    Row("doublemove", "doublemove", None, 6, {5: 4899991, 6: 120915682}, "start position"),
    Row("gigachess", "gigachess", None, 5, {3: 79548, 4: 3587361}, "start position"),
    Row("trichess", "trichess", None, 4, {4: 29734190}, "start position"),
]


def die(msg):
    print(f"\n*** FAILURE: {msg}", file=sys.stderr)
    sys.exit(1)


def best(times):
    return min(times)


# ---------------------------------------------------------------------------------- perft


def binary_perft(exe, row, depth):
    """(nodes, seconds) of one `kaleido perft` process, timed by wall clock like bench/perft."""
    cmd = [str(exe), "perft", str(depth), "--variant", row.variant, "--threads", "1"]
    if row.fen:
        cmd += ["--fen", row.fen]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        die(f"{' '.join(cmd)} exited {out.returncode}: {out.stderr.strip()}")
    for line in out.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1]), seconds
    die(f"{' '.join(cmd)} printed no 'Nodes searched' line")


def module_perft(row, depth):
    board = kaleido.Board(row.variant, row.fen)
    start = time.perf_counter()
    nodes = board.perft(depth)
    return nodes, time.perf_counter() - start


def run_perft(exe, rows, rounds, quick):
    results = []
    times = {row.id: ([], []) for row in rows}
    counts = {}
    for _ in range(rounds):
        for row in rows:
            depth = row.depth - 1 if quick else row.depth
            for side, run in enumerate((lambda: binary_perft(exe, row, depth),
                                        lambda: module_perft(row, depth))):
                nodes, seconds = run()
                seen = counts.setdefault(row.id, nodes)
                if nodes != seen:
                    die(f"{row.id} depth {depth}: {nodes} nodes, earlier {seen}")
                if depth in row.expected and nodes != row.expected[depth]:
                    die(f"{row.id} depth {depth}: {nodes} nodes, expected {row.expected[depth]}")
                times[row.id][side].append(seconds)
    for row in rows:
        depth = row.depth - 1 if quick else row.depth
        nodes = counts[row.id]
        binary = nodes / best(times[row.id][0])
        module = nodes / best(times[row.id][1])
        results.append((row, depth, nodes, binary, module, module / binary))
    return results


# ----------------------------------------------------------------------------------- walk


def random_games(count, plies, seed):
    """Move lists (UCI) of random chess games, each stopped at its end by either library's
    rules or after `plies` plies."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        ours, theirs = kaleido.Board(), chess.Board()
        moves = []
        while len(moves) < plies and not ours.is_game_over() and not theirs.is_game_over():
            move = rng.choice(sorted(ours.legal_moves))
            ours.push(move)
            theirs.push_uci(move)
            moves.append(move)
        games.append(moves)
    return games


def walk(games, new_board, listing, each):
    """One library's walk of `games` (see the module's docstring): `new_board` makes a board
    at the start, `listing` lists a board's legal moves. Gives the number of moves listed."""
    listed = 0
    for moves in games:
        board = new_board()
        for move in moves:
            legal = listing(board)
            listed += len(legal)
            if each:
                for m in legal:
                    board.push(m)
                    board.pop()
            board.push(move)
        if not each:
            for _ in moves:
                board.pop()
    return listed


def walk_kaleido(games, each):
    return walk(games, kaleido.Board, lambda board: board.legal_moves, each)


def walk_python_chess(games, each):
    return walk(games, chess.Board, lambda board: list(board.legal_moves), each)


def run_walk(rounds, games, plies, seed):
    ours = random_games(games, plies, seed)
    # python-chess pushes Move objects; making them is not part of its walk.
    theirs = [[chess.Move.from_uci(m) for m in moves] for moves in ours]
    positions = sum(len(moves) for moves in ours)
    results = []
    for name, each in (("list, push, pop back", False), ("list + push/pop each", True)):
        times = ([], [])
        listed = set()
        for _ in range(rounds):
            for side, walk in enumerate((lambda: walk_kaleido(ours, each),
                                         lambda: walk_python_chess(theirs, each))):
                start = time.perf_counter()
                listed.add(walk())
                times[side].append(time.perf_counter() - start)
        if len(listed) != 1:
            die(f"walk '{name}': the two libraries listed different numbers of moves: {listed}")
        results.append((name, positions, listed.pop(), best(times[0]), best(times[1])))
    return results


# --------------------------------------------------------------------------------- report


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kaleido", default=str(ROOT / "target/release/kaleido"),
                        help="the binary to compare Board.perft with")
    parser.add_argument("--rounds", type=int, default=3, help="timings per figure (best taken)")
    parser.add_argument("--games", type=int, default=20, help="random games in the walk")
    parser.add_argument("--plies", type=int, default=120, help="longest random game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="perft depths minus 1 and a quarter of the games: a smoke run")
    parser.add_argument("--only", action="append", metavar="ID",
                        help="perft rows to run (repeatable); 'none' for the walk alone")
    args = parser.parse_args()
    exe = Path(args.kaleido)
    if not exe.is_file():
        die(f"{exe} not found (cargo build --release)")
    rows = [r for r in POSITIONS if not args.only or r.id in args.only]
    games = max(1, args.games // 4) if args.quick else args.games

    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True).stdout
    print(f"kaleido module {kaleido.__version__} ({Path(kaleido.__file__).parent}), "
          f"binary {version.strip() or exe}")
    print(f"python-chess {chess.__version__}, {platform.python_implementation()} "
          f"{platform.python_version()}, best of {args.rounds}")

    perft = run_perft(exe, rows, args.rounds, args.quick) if rows else []
    walk = run_walk(args.rounds, games, args.plies, args.seed)

    mark = lambda ok: "" if ok else "  below target"
    if perft:
        print(f"\nperft, one thread: M nodes/s (target: module/binary >= {PERFT_TARGET:.2f})")
        print(f"{'id':<11}{'variant':<11}{'d':>2}{'nodes':>12}{'binary':>9}{'module':>9}"
              f"{'ratio':>7}")
        for row, depth, nodes, binary, module, ratio in perft:
            print(f"{row.id:<11}{row.variant:<11}{depth:>2}{nodes:>12}{binary / 1e6:>9.1f}"
                  f"{module / 1e6:>9.1f}{ratio:>7.3f}{mark(ratio >= PERFT_TARGET)}")
    print(f"\nwalk of {games} random chess games: seconds "
          f"(target: python-chess/kaleido >= {WALK_TARGET:.0f})")
    print(f"{'measure':<17}{'positions':>10}{'moves':>8}{'kaleido':>9}{'py-chess':>9}{'ratio':>7}")
    for name, positions, listed, ours, theirs in walk:
        print(f"{name:<17}{positions:>10}{listed:>8}{ours:>9.4f}{theirs:>9.4f}"
              f"{theirs / ours:>7.1f}{mark(theirs / ours >= WALK_TARGET) if 'push' in name else ''}")

    # The same figures as docs/python.md's table ("Speed") writes them.
    print("\n| measure | kaleido | reference | ratio |")
    print("|---|---|---|---|")
    for row, depth, nodes, binary, module, ratio in perft:
        print(f"| perft, {row.variant} {row.what}, depth {depth} | {module / 1e6:.0f} M nodes/s "
              f"| `kaleido perft`: {binary / 1e6:.0f} M nodes/s | {ratio:.2f} |")
    for name, positions, listed, ours, theirs in walk:
        print(f"| walk, {name}: {games} games, {positions} positions, {listed} moves "
              f"| {ours * 1e3:.0f} ms "
              f"| python-chess: {theirs * 1e3:.0f} ms | {theirs / ours:.1f}x |")


if __name__ == "__main__":
    main()
