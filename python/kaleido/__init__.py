"""kaleido's rules and search for six chess variants.

Chess, cylinder, spinchess, doublemove, gigachess and trichess, each exactly by kaleido's rules
files, with the engine's search and its built-in evaluation networks.

Two ways in:

* ``Board``, a game in python-chess's manner: ``legal_moves``, ``push``, ``pop``, ``fen()``,
  ``outcome()``, ``perft()``, ``search()``.
* Stateless functions in pyffish's manner for programs that keep a game as a FEN and a list
  of moves: ``legal_moves``, ``get_fen``, ``get_san``, ``game_result``, ``validate_fen``.

Every bad input raises a ``KaleidoError``, a ``ValueError``. See docs/python.md.
"""

from ._kaleido import (
    Board,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    KaleidoError,
    Line,
    Outcome,
    SearchLimitError,
    SearchResult,
    UnknownVariantError,
    __version__,
    game_outcome,
    game_result,
    get_fen,
    get_san,
    get_san_moves,
    legal_moves,
    start_fen,
    validate_fen,
    variants,
)

#: The seat indices of the two-player games' sides (``Board.turn``, ``Outcome.winner``).
WHITE = 0
BLACK = 1

__all__ = [
    "BLACK",
    "Board",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "KaleidoError",
    "Line",
    "Outcome",
    "SearchLimitError",
    "SearchResult",
    "UnknownVariantError",
    "WHITE",
    "__version__",
    "game_outcome",
    "game_result",
    "get_fen",
    "get_san",
    "get_san_moves",
    "legal_moves",
    "start_fen",
    "validate_fen",
    "variants",
]
