#!/usr/bin/env python3
"""A real XBoard-protocol client against kaleido: python-chess plays whole standard-chess games.

python-chess's XBoard driver needs `setboard=1`, sends `new`, `force`, `setboard`, `usermove`,
`st` with fractional seconds (or `level`/`time`/`otim` for clock limits), `go`, `ping`, and
reads `move`, thinking output and result claims; it raises on an illegal or garbled move, a
desynchronised conversation or an engine that dies. So finished games prove the XBoard loop
works with a client people use. Run by .ci/run.

Usage: xboard_games.py PATH_TO_KALEIDO
"""
import logging
import sys

import chess
import chess.engine


class StatusLines(logging.Filter):
    """Drops python-chess's warning about kaleido's `stat01:` lines, and only those.

    When python-chess ends an analysis it sends `.` (a status request) before `exit`, and
    kaleido answers, as CECP says an engine in analyse mode does, with a `stat01: time nodes
    ply mvleft mvtot` line. python-chess's XBoard driver does not read that line and logs it as
    "Unexpected engine output". Every other warning, and every error python-chess raises,
    still shows.
    """

    def filter(self, record):
        unread = record.msg.endswith("Unexpected engine output: %r")
        return not (unread and str(record.args[-1]).startswith("stat01: "))


logging.getLogger("chess.engine").addFilter(StatusLines())


def move_limit(seconds_or_clock, board):
    """A fixed time per move, or both clocks with an increment (sent as level/time/otim)."""
    if isinstance(seconds_or_clock, float):
        return chess.engine.Limit(time=seconds_or_clock)
    base, inc = seconds_or_clock
    return chess.engine.Limit(white_clock=base, black_clock=base, white_inc=inc, black_inc=inc)


# Black's only legal move is Chess960 castling with the king standing still on g8 (the rook h8
# walled in, f8, f7 and g7 covered): kaleido must send it as O-O.
ONLY_CASTLING = "6kr/7p/7P/8/8/8/8/K4R2 b k - 0 1"


def play(engine_path, white_limit, black_limit, max_plies=300, chess960=None, fen=None):
    """One game of kaleido against itself over XBoard, from the classical start or from the
    Chess960 start numbered `chess960` (python-chess then sends `variant fischerandom`, a
    Shredder-FEN `setboard` and castling as O-O/O-O-O); returns the finished board."""
    white = chess.engine.SimpleEngine.popen_xboard(engine_path)
    black = chess.engine.SimpleEngine.popen_xboard(engine_path)
    try:
        black.configure({"Hash": 16})
        if fen is not None:
            board = chess.Board(fen, chess960=True)
        elif chess960 is not None:
            board = chess.Board.from_chess960_pos(chess960)
        else:
            board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
            engine, limit = (white, white_limit) if board.turn == chess.WHITE else (black, black_limit)
            result = engine.play(board, move_limit(limit, board), info=chess.engine.INFO_SCORE)
            if result.move is None or result.move not in board.legal_moves:
                raise AssertionError(f"illegal answer {result.move} in {board.fen()}")
            board.push(result.move)
        if not board.is_game_over():
            # Analyse mode (post, analyze, exit), as GUIs use it.
            info = white.analyse(board, chess.engine.Limit(time=0.2))
            if "score" not in info or "pv" not in info:
                raise AssertionError(f"analysis gave no score or pv: {info}")
        return board
    finally:
        white.quit()
        black.quit()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    games = [
        play(sys.argv[1], 0.02, 0.01),
        play(sys.argv[1], 0.01, 0.02),
        # Clock play: 3 s each plus 20 ms a move, through level, time and otim.
        play(sys.argv[1], (3.0, 0.02), (3.0, 0.02), max_plies=120),
        # Chess960 (fischerandom) from starts where castling comes early: 0 (BBQNNRKR, the
        # king beside its rook) and 959 (RKRNNQBB, long castling walks the king).
        play(sys.argv[1], 0.02, 0.01, chess960=0),
        play(sys.argv[1], 0.01, 0.02, chess960=959),
        # Whether those castle is up to the engines; this one castles on its first move.
        play(sys.argv[1], 0.01, 0.01, max_plies=120, fen=ONLY_CASTLING),
    ]
    castlings = 0
    for board in games:
        outcome = board.outcome(claim_draw=True)
        ending = outcome.termination.name.lower() if outcome else "ply limit"
        kind = "Chess960 " if board.chess960 else ""
        replay = board.root()
        for move in board.move_stack:
            if board.chess960 and replay.is_castling(move):
                castlings += 1
            replay.push(move)
        print(f"python-chess XBoard {kind}game: {board.ply()} plies, "
              f"{board.result(claim_draw=True)} ({ending})")
    if castlings == 0:
        raise AssertionError("no Chess960 game castled")
    print(f"python-chess XBoard Chess960 games: {castlings} castlings")


if __name__ == "__main__":
    main()
