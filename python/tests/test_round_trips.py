"""FEN and moves round-trip in all six games, and the stateless functions agree with Board,
over random games."""

import random

import pytest

import kaleido

PLIES = 80


def random_game(variant, seed, plies=PLIES):
    """A random game's boards, ply by ply, and the tokens that led to each."""
    rng = random.Random(seed)
    board = kaleido.Board(variant)
    played = []
    yield board.copy(), list(played)
    for _ in range(plies):
        moves = board.legal_moves
        if not moves or board.is_game_over():
            return
        move = rng.choice(moves)
        board.push(move)
        played.append(move)
        yield board.copy(), list(played)


@pytest.mark.parametrize("variant", kaleido.variants())
@pytest.mark.parametrize("seed", [1, 2])
def test_fen_and_moves_round_trip(variant, seed):
    start = kaleido.start_fen(variant)
    for board, played in random_game(variant, seed):
        fen = board.fen()
        again = kaleido.Board(variant, fen)
        assert again.fen() == fen
        assert again.legal_moves == board.legal_moves
        assert again == board and hash(again) == hash(board)
        assert kaleido.validate_fen(variant, fen)
        # Every legal move pushes and pops back to the same position, and its token reads
        # back as itself.
        for move in board.legal_moves:
            assert board.is_legal(move)
            board.push(move)
            assert board.move_stack[-1] == move
            assert board.pop() == move
            assert board.fen() == fen
        # The stateless functions replay the game from the start to the same answers.
        assert kaleido.get_fen(variant, start, played) == fen
        assert kaleido.legal_moves(variant, start, played) == board.legal_moves
        assert kaleido.legal_moves(variant, fen) == board.legal_moves
        outcome = board.outcome()
        result = kaleido.game_result(variant, start, played)
        assert result == ("*" if outcome is None else outcome.result())


@pytest.mark.parametrize("variant", kaleido.variants())
def test_san_of_every_move_pushes_the_same_move(variant):
    for board, _ in random_game(variant, 3, plies=30):
        fen = board.fen()
        for move in board.legal_moves:
            san = board.san(move)
            assert kaleido.get_san(variant, fen, move) == san
            assert board.push_san(san) == move, (fen, move, san)
            board.pop()


@pytest.mark.parametrize("variant", kaleido.variants())
def test_get_san_moves_writes_each_move_where_it_is_played(variant):
    boards = list(random_game(variant, 4))
    board, played = boards[-1]
    start = kaleido.start_fen(variant)
    replay = kaleido.Board(variant)
    expected = []
    for move in played:
        expected.append(replay.san(move))
        replay.push(move)
    assert kaleido.get_san_moves(variant, start, played) == expected
