"""The library against python-chess over random chess games: at every ply the legal moves,
the FEN, the SAN of every legal move, check and the outcome agree."""

import random

import chess
import pytest

import kaleido

GAMES = 16
MAX_PLIES = 300


def expected_outcome(board):
    """python-chess's judgement in kaleido's terms: the position's own end, then threefold
    repetition, then the fifty-move rule, all automatic as kaleido's arbiter has them."""
    if board.is_checkmate():
        return "checkmate", 1 if board.turn == chess.WHITE else 0
    if board.is_stalemate():
        return "stalemate", None
    if board.is_insufficient_material():
        return "insufficient_material", None
    if board.is_repetition(3):
        return "threefold_repetition", None
    if board.halfmove_clock >= 100:
        return "move_count_rule", None
    return None


def kaleido_outcome(board):
    outcome = board.outcome()
    return None if outcome is None else (outcome.termination, outcome.winner)


def compare(theirs, ours):
    assert ours.fen() == theirs.fen()
    legal = sorted(m.uci() for m in theirs.legal_moves)
    assert sorted(ours.legal_moves) == legal
    for uci in legal:
        assert ours.san(uci) == theirs.san(chess.Move.from_uci(uci)), uci
    assert ours.is_check() == theirs.is_check()
    assert ours.turn == (0 if theirs.turn == chess.WHITE else 1)
    assert kaleido_outcome(ours) == expected_outcome(theirs)


def play_random_game(theirs, ours, rng):
    for _ in range(MAX_PLIES):
        compare(theirs, ours)
        if ours.outcome() is not None:
            return
        move = rng.choice(sorted(m.uci() for m in theirs.legal_moves))
        theirs.push_uci(move)
        ours.push(move)


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_agree_with_python_chess(seed):
    rng = random.Random(seed)
    play_random_game(chess.Board(), kaleido.Board("chess"), rng)


@pytest.mark.parametrize("number", [0, 518, 959, 212])
def test_random_chess960_games_agree_with_python_chess(number):
    theirs = chess.Board.from_chess960_pos(number)
    ours = kaleido.Board("chess", theirs.fen(), chess960=True)
    play_random_game(theirs, ours, random.Random(number))


def test_pop_walks_the_game_back_in_step():
    rng = random.Random(7)
    theirs, ours = chess.Board(), kaleido.Board()
    for _ in range(60):
        move = rng.choice(sorted(m.uci() for m in theirs.legal_moves))
        theirs.push_uci(move)
        ours.push(move)
    while theirs.move_stack:
        assert ours.pop() == theirs.pop().uci()
        assert ours.fen() == theirs.fen()


def test_san_moves_push_as_python_chess_reads_them():
    rng = random.Random(11)
    theirs, ours = chess.Board(), kaleido.Board()
    for _ in range(80):
        if theirs.is_game_over():
            break
        move = rng.choice(list(theirs.legal_moves))
        san = theirs.san(move)
        theirs.push(move)
        assert ours.push_san(san) == move.uci()
        assert ours.fen() == theirs.fen()
