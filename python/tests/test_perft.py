"""Every variant's perft vectors (tests/perft/*.epd) through the library's Board.perft."""

from pathlib import Path

import pytest

import kaleido

VECTORS = Path(__file__).resolve().parents[2] / "tests" / "perft"
# Deeper vectors are counted by the Rust tests and bench/; through Python each vector up to
# this many nodes (chess960's 960 starts to depth 3).
MAX_NODES = 2_000_000
CHESS960_DEPTH = 3


def vectors(file):
    """The (id, FEN, depth, nodes) of each vector in a perft file."""
    name = fen = None
    for line in (VECTORS / file).read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "id":
            name = words[1]
        elif words[0] in ("epd", "fen"):
            fen = " ".join(words[1:])
            # An EPD has no move counters; the library reads full FENs.
            if len(fen.split()) == 4:
                fen += " 0 1"
        elif words[0] == "perft":
            yield name, fen, int(words[1]), int(words[2])


def variant_of(file):
    return "chess" if file == "chess960.epd" else file[: -len(".epd")]


FILES = sorted(p.name for p in VECTORS.glob("*.epd"))


def test_every_variant_has_a_vector_file():
    assert {variant_of(f) for f in FILES} == set(kaleido.variants())


@pytest.mark.parametrize("file", FILES)
def test_perft_vectors(file):
    variant = variant_of(file)
    checked = 0
    for name, fen, depth, nodes in vectors(file):
        if file == "chess960.epd" and depth > CHESS960_DEPTH:
            continue
        if nodes > MAX_NODES:
            continue
        board = kaleido.Board(variant, fen, chess960=file == "chess960.epd")
        assert board.perft(depth) == nodes, f"{name} depth {depth}"
        checked += 1
    assert checked > 0


def test_perft_zero_and_one():
    for variant in kaleido.variants():
        board = kaleido.Board(variant)
        assert board.perft(0) == 1
        assert board.perft(1) == len(board.legal_moves)
