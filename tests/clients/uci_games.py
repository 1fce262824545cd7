#!/usr/bin/env python3
"""A real UCI client against kaleido: python-chess plays whole standard-chess games, and
Chess960 games from shuffled starts (python-chess sets UCI_Chess960 and sends and expects
castling as king-takes-rook).

python-chess checks every `bestmove` against its own rules and raises on an illegal or garbled
one, on a desynchronised conversation, or on an engine that dies; so a game that reaches its
end proves the UCI loop works with a client people use. Run by .ci/run.

Usage: uci_games.py PATH_TO_KALEIDO
"""
import sys

import chess
import chess.engine


# Black's only legal move is Chess960 castling with the king standing still on g8 (the rook h8
# walled in, f8, f7 and g7 covered): kaleido must send it as king-takes-rook, g8h8.
ONLY_CASTLING = "6kr/7p/7P/8/8/8/8/K4R2 b k - 0 1"


def play(engine_path, white_time, black_time, max_plies=400, start=None, fen=None):
    """One game of kaleido against itself at two move times, from the classical start, from
    Chess960 start number `start`, or from a Chess960 position `fen`; returns the finished
    board."""
    white = chess.engine.SimpleEngine.popen_uci(engine_path)
    black = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        black.configure({"Hash": 16})
        if fen is not None:
            board = chess.Board(fen, chess960=True)
        elif start is not None:
            board = chess.Board.from_chess960_pos(start)
        else:
            board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
            engine, seconds = (white, white_time) if board.turn == chess.WHITE else (black, black_time)
            result = engine.play(board, chess.engine.Limit(time=seconds), info=chess.engine.INFO_SCORE)
            if result.move is None or result.move not in board.legal_moves:
                raise AssertionError(f"illegal answer {result.move} in {board.fen()}")
            board.push(result.move)
        # Analysis mode with a node limit, as GUIs use it.
        info = white.analyse(board, chess.engine.Limit(nodes=5000)) if not board.is_game_over() else {}
        if info and "score" not in info:
            raise AssertionError("analysis gave no score")
        return board
    finally:
        white.quit()
        black.quit()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    games = [play(sys.argv[1], 0.02, 0.01), play(sys.argv[1], 0.01, 0.02)]
    # Start 0 (BBQNNRKR: O-O leaves the king on g1, only the rook moves), start 959 (RKRNNQBB:
    # O-O-O walks the king from b1 to c1, away from its rook), and one from the middle.
    shuffled = [play(sys.argv[1], 0.01, 0.01, start=n) for n in (0, 959, 357)]
    # Whether those castle is up to the engines; this one castles on its first move.
    shuffled.append(play(sys.argv[1], 0.01, 0.01, max_plies=120, fen=ONLY_CASTLING))
    castled = 0
    for board in games + shuffled:
        outcome = board.outcome(claim_draw=True)
        ending = outcome.termination.name.lower() if outcome else "ply limit"
        kind = "Chess960" if board.chess960 else "UCI"
        print(f"python-chess {kind} game: {board.ply()} plies, {board.result(claim_draw=True)} ({ending})")
        if board.chess960:
            replay = board.root()
            for move in board.move_stack:
                castled += replay.is_castling(move)
                replay.push(move)
    if castled == 0:
        raise AssertionError("no Chess960 game castled")
    print(f"python-chess Chess960 games: {castled} castlings")


if __name__ == "__main__":
    main()
