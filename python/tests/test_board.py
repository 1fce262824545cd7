"""The object API's behaviour in each game: turns, pushes and pops, outcomes, repetitions,
copies, equality and diagrams."""

import copy
import pickle

import pytest

import kaleido


def test_variants_and_their_starts():
    assert kaleido.variants() == [
        "chess",
        "cylinder",
        "spinchess",
        "doublemove",
        "gigachess",
        "trichess",
    ]
    for variant in kaleido.variants():
        board = kaleido.Board(variant)
        assert board.variant == variant
        assert board.fen() == kaleido.start_fen(variant) == board.starting_fen
        assert board.turn == 0
        assert board.players == len(board.seats) == (3 if variant == "trichess" else 2)
        assert board.outcome() is None and not board.is_game_over()
        assert board.move_stack == []
    assert kaleido.Board().variant == "chess"


def test_turns_pass_in_seat_order():
    board = kaleido.Board("trichess")
    for seat in (0, 1, 2, 0):
        assert board.turn == seat
        board.push(board.legal_moves[0])


def test_a_doublemove_turn_is_two_pushes_or_one():
    board = kaleido.Board("doublemove")
    board.push("e2e4")  # White's first turn is a single move.
    assert board.turn == kaleido.BLACK
    board.push("e7e5")
    assert board.turn == kaleido.BLACK, "the second move of Black's turn"
    board.push("d7d5")
    assert board.turn == kaleido.WHITE
    board.push("g1f3,f1c4")
    assert board.turn == kaleido.BLACK
    assert board.move_stack == ["e2e4", "e7e5", "d7d5", "g1f3,f1c4"]
    assert board.pop() == "g1f3,f1c4"
    assert board.turn == kaleido.WHITE


def test_a_doublemove_game_ends_by_capturing_the_king():
    # The game's first turn is a single move; a king is taken like any man.
    board = kaleido.Board("doublemove", "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1")
    board.push("e2e8")
    outcome = board.outcome()
    assert outcome.termination == "king_captured"
    assert outcome.winner == kaleido.WHITE and outcome.result() == "1-0"
    assert outcome.points == [1.0, 0.0]


def test_checkmate_and_its_outcome():
    board = kaleido.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    assert board.is_check() and board.is_checkmate() and board.is_game_over()
    outcome = board.outcome()
    assert (outcome.termination, outcome.winner, outcome.result()) == (
        "checkmate",
        kaleido.BLACK,
        "0-1",
    )
    assert board.legal_moves == []
    assert kaleido.game_result("chess", kaleido.start_fen("chess"), board.move_stack) == "0-1"
    assert "checkmate" in repr(outcome)


def test_cylinder_mates_across_the_seam():
    # The queen on h5 attacks a5 round the seam: the same mate in chess is no mate.
    fen = "8/8/8/k7/8/1K6/8/7Q w - - 0 1"
    chess = kaleido.Board("chess", fen)
    cylinder = kaleido.Board("cylinder", fen)
    assert sorted(chess.legal_moves) != sorted(cylinder.legal_moves)
    assert cylinder.perft(3) != chess.perft(3)


def test_threefold_repetition_ends_the_game():
    board = kaleido.Board()
    for _ in range(2):
        for move in ("g1f3", "g8f6", "f3g1", "f6g8"):
            assert not board.is_repetition()
            board.push(move)
    assert board.is_repetition() and board.is_repetition(3) and not board.is_repetition(4)
    outcome = board.outcome()
    assert outcome.termination == "threefold_repetition"
    assert outcome.winner is None and outcome.result() == "1/2-1/2"
    assert outcome.points == [0.5, 0.5]
    board.pop()
    assert board.outcome() is None


def test_the_fifty_move_rule():
    board = kaleido.Board("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    board.push("a1a2")
    assert board.outcome().termination == "move_count_rule"


def test_insufficient_material_and_stalemate():
    board = kaleido.Board("chess", "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")
    assert board.outcome().termination == "insufficient_material"
    board = kaleido.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert board.is_stalemate() and board.outcome().result() == "1/2-1/2"


def test_trichess_repetition_shares_the_two_points():
    board = kaleido.Board("trichess")
    start = board.fen().split()[:3]
    # Each seat in turn moves a man out, then each moves it back: the start position again.
    cycle = None
    for outs in _cycles(board):
        trial = board.copy()
        try:
            for move in outs + [m[len(m) // 2 :] + m[: len(m) // 2] for m in outs]:
                trial.push(move)
        except kaleido.IllegalMoveError:
            continue
        if trial.fen().split()[:3] == start:
            cycle = outs
            break
    assert cycle is not None
    backs = [m[len(m) // 2 :] + m[: len(m) // 2] for m in cycle]
    for _ in range(2):
        assert board.outcome() is None
        for move in cycle + backs:
            board.push(move)
    outcome = board.outcome()
    assert outcome.termination == "threefold_repetition"
    assert outcome.winner is None
    assert outcome.result() == "2/3-2/3-2/3"
    assert outcome.points == pytest.approx([2 / 3] * 3)


def _cycles(board):
    """Candidate first moves, one per seat, tried in order."""
    firsts = board.legal_moves
    for a in firsts:
        after_a = board.copy()
        after_a.push(a)
        for b in after_a.legal_moves[:20]:
            after_b = after_a.copy()
            after_b.push(b)
            for c in after_b.legal_moves[:20]:
                yield [a, b, c]


def test_copies_are_independent_and_equal():
    board = kaleido.Board("spinchess")
    board.push(board.legal_moves[-1])
    for twin in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        assert twin == board and hash(twin) == hash(board)
        assert twin.move_stack == board.move_stack
        twin.push(twin.legal_moves[0])
        assert twin != board
    assert board.move_stack and len(board.move_stack) == 1


def test_equality_is_by_position():
    a, b = kaleido.Board(), kaleido.Board()
    a.push("g1f3")
    a.push("g8f6")
    a.push("f3g1")
    a.push("f6g8")
    # Same men, side and rights, but other move counters: not the same FEN.
    assert a != b
    assert kaleido.Board("chess", a.fen()) == a
    assert kaleido.Board("cylinder") != kaleido.Board("chess")
    assert kaleido.Board() != "not a board"
    assert len({kaleido.Board(), kaleido.Board(), kaleido.Board("gigachess")}) == 2


@pytest.mark.parametrize("variant", kaleido.variants())
def test_a_diagram_and_a_repr(variant):
    board = kaleido.Board(variant)
    text = str(board)
    assert text.count("\n") >= 8
    assert repr(board) == f"Board('{variant}', '{board.fen()}')"


def test_chess960_castling_is_king_takes_rook():
    board = kaleido.Board("chess", "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", chess960=True)
    assert "e1g1" in board.legal_moves and "e1b1" in board.legal_moves
    assert board.san("e1g1") == "O-O"
    board.push_san("O-O-O")
    assert board.move_stack == ["e1b1"]
    assert board.fen().startswith("4k3/8/8/8/8/8/8/2KR2R1 b - -")


def test_a_doublemove_turn_in_san():
    board = kaleido.Board("doublemove")
    board.push("e2e4")
    for text in ("e5,Nc6", "e7e5,Nc6", "e5,b8c6"):
        assert board.push_san(text) == "e7e5,b8c6"
        assert board.pop() == "e7e5,b8c6"
    assert board.san("e7e5,b8c6") == "e5,Nc6"


@pytest.mark.parametrize("variant", kaleido.variants())
def test_boards_pickle_with_their_moves(variant):
    board = kaleido.Board(variant)
    for _ in range(6):
        board.push(board.legal_moves[len(board.legal_moves) // 2])
    again = pickle.loads(pickle.dumps(board))
    assert again == board
    assert again.move_stack == board.move_stack
    assert again.starting_fen == board.starting_fen


def test_version():
    assert kaleido.__version__.count(".") == 2
