"""Every kind of bad input raises one of the library's exceptions (all ValueErrors) with the
engine's message, or Python's own TypeError/IndexError, and leaves the board as it was."""

import math

import pytest

import kaleido

START = kaleido.start_fen("chess")


def test_the_exceptions_are_value_errors():
    for error in (
        kaleido.UnknownVariantError,
        kaleido.InvalidFenError,
        kaleido.InvalidMoveError,
        kaleido.IllegalMoveError,
        kaleido.SearchLimitError,
    ):
        assert issubclass(error, kaleido.KaleidoError)
    assert issubclass(kaleido.KaleidoError, ValueError)


@pytest.mark.parametrize("name", ["", "Chess", "xiangqi", "chess ", "x" * 100_000])
def test_unknown_variants(name):
    with pytest.raises(kaleido.UnknownVariantError, match="unknown variant"):
        kaleido.Board(name)
    with pytest.raises(kaleido.UnknownVariantError):
        kaleido.start_fen(name)
    with pytest.raises(kaleido.UnknownVariantError):
        kaleido.legal_moves(name, START)
    with pytest.raises(kaleido.UnknownVariantError):
        kaleido.validate_fen(name, START)


BAD_FENS = [
    ("", "fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "placement"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1", "castling"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fullmove"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", None),
    ("\x00" * 1_000_000, None),
]


@pytest.mark.parametrize("fen,field", BAD_FENS)
def test_malformed_fens(fen, field):
    with pytest.raises(kaleido.InvalidFenError, match=field):
        kaleido.Board("chess", fen)
    assert kaleido.validate_fen("chess", fen) is False
    with pytest.raises(kaleido.InvalidFenError):
        kaleido.legal_moves("chess", fen)


@pytest.mark.parametrize("variant", kaleido.variants())
def test_another_variants_fen_is_refused(variant):
    for other in kaleido.variants():
        fen = kaleido.start_fen(other)
        if kaleido.validate_fen(variant, fen):
            # Games on the same board share a start (chess, cylinder, spinchess, doublemove).
            continue
        with pytest.raises(kaleido.InvalidFenError):
            kaleido.Board(variant, fen)


@pytest.mark.parametrize(
    "token,error",
    [
        ("e2e5", kaleido.IllegalMoveError),
        ("e7e5", kaleido.IllegalMoveError),
        ("e1e2", kaleido.IllegalMoveError),
        ("zz", kaleido.InvalidMoveError),
        ("", kaleido.InvalidMoveError),
        ("e2e4e5", kaleido.InvalidMoveError),
        ("e2", kaleido.InvalidMoveError),
        ("é2é4", kaleido.InvalidMoveError),
        ("e" * 100_000, kaleido.InvalidMoveError),
    ],
)
def test_bad_moves_leave_the_board_as_it_was(token, error):
    board = kaleido.Board()
    with pytest.raises(error, match="move"):
        board.push(token)
    with pytest.raises(kaleido.KaleidoError):
        board.push_san(token)
    with pytest.raises(kaleido.KaleidoError):
        board.san(token)
    assert board.is_legal(token) is False
    assert board.fen() == START and board.move_stack == []
    with pytest.raises(error):
        kaleido.get_fen("chess", START, ["d2d4", "d7d5", token])
    with pytest.raises(kaleido.KaleidoError):
        kaleido.get_san("chess", START, token)


def test_san_errors():
    board = kaleido.Board("chess", "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1")
    with pytest.raises(kaleido.KaleidoError, match="ambiguous"):
        board.push_san("Ne4")
    assert board.move_stack == []
    assert board.push_san("Nce4") == "c3e4"
    with pytest.raises(kaleido.KaleidoError, match="no legal move is written that way"):
        kaleido.Board().push_san("Nf6")
    with pytest.raises(kaleido.KaleidoError):
        kaleido.Board().push_san("Qxh7#")


def test_an_illegal_move_in_the_middle_of_a_list_names_it():
    with pytest.raises(kaleido.IllegalMoveError, match="e4e5"):
        kaleido.legal_moves("chess", START, ["e2e4", "e7e5", "e4e5"])


def test_pop_of_an_empty_board():
    board = kaleido.Board()
    with pytest.raises(IndexError):
        board.pop()
    board.push("e2e4")
    board.pop()
    with pytest.raises(IndexError):
        board.pop()


@pytest.mark.parametrize(
    "limits,message",
    [
        ({}, "needs a limit"),
        ({"depth": 0}, "depth"),
        ({"depth": -3}, "depth"),
        ({"depth": 129}, "depth"),
        ({"depth": 2**70}, "depth"),
        ({"nodes": 2**64}, "nodes"),
        ({"nodes": 0}, "nodes"),
        ({"nodes": -1}, "nodes"),
        ({"movetime": 0}, "movetime"),
        ({"movetime": -1.5}, "movetime"),
        ({"movetime": math.nan}, "movetime"),
        ({"movetime": math.inf}, "movetime"),
        ({"movetime": 1e9}, "movetime"),
        ({"depth": 3, "threads": 0}, "threads"),
        ({"depth": 3, "threads": 257}, "threads"),
        ({"depth": 3, "multipv": 0}, "multipv"),
        ({"depth": 3, "multipv": 1000}, "multipv"),
        ({"depth": 3, "hash": 0}, "hash"),
        ({"depth": 3, "hash": 10**9}, "hash"),
    ],
)
def test_search_limits_out_of_range(limits, message):
    board = kaleido.Board()
    with pytest.raises(kaleido.SearchLimitError, match=message):
        board.search(**limits)


@pytest.mark.parametrize(
    "call",
    [
        lambda: kaleido.Board(3),
        lambda: kaleido.Board("chess", 3),
        lambda: kaleido.Board().push(None),
        lambda: kaleido.Board().push(["e2e4"]),
        lambda: kaleido.Board().search(depth="3"),
        lambda: kaleido.Board().search(movetime="fast"),
        lambda: kaleido.Board().search(depth=True),
        lambda: kaleido.Board().search(depth=2.5),
        lambda: kaleido.Board().perft("2"),
        lambda: kaleido.legal_moves("chess", START, "e2e4"),
        lambda: kaleido.legal_moves("chess", START, [1, 2]),
        lambda: kaleido.get_fen("chess", None, []),
    ],
)
def test_wrong_python_types(call):
    with pytest.raises(TypeError):
        call()


def test_a_negative_perft_depth():
    with pytest.raises(kaleido.SearchLimitError, match="perft depth"):
        kaleido.Board().perft(-1)
    with pytest.raises(kaleido.SearchLimitError, match="perft depth"):
        kaleido.Board().perft(2**40)


def test_chess960_only_where_the_game_has_shuffled_starts():
    for variant in ("gigachess", "trichess"):
        with pytest.raises(kaleido.KaleidoError, match="shuffled"):
            kaleido.Board(variant, chess960=True)
    for variant in ("chess", "cylinder", "spinchess", "doublemove"):
        assert kaleido.Board(variant, chess960=True).chess960
