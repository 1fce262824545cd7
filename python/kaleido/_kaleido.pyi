"""Type stubs of kaleido's native module (python/src/); the package re-exports all of it."""

from typing import List, Optional, Sequence, Tuple

__version__: str

class KaleidoError(ValueError):
    """Bad input to kaleido: the base of the library's exceptions."""

class UnknownVariantError(KaleidoError):
    """A variant name kaleido does not know."""

class InvalidFenError(KaleidoError):
    """A position string that does not read in the variant."""

class InvalidMoveError(KaleidoError):
    """A move that does not read as a move of the variant."""

class IllegalMoveError(KaleidoError):
    """A move that reads, but is not legal in the position."""

class SearchLimitError(KaleidoError):
    """A search limit out of range, or a search asked for with none."""

class Outcome:
    """How a game ended."""

    termination: str
    """checkmate, stalemate, move_count_rule, threefold_repetition, insufficient_material,
    king_captured or no_moves."""
    winner: Optional[int]
    """The winning seat (0 is White), or None for a draw or a share of the points."""
    points: List[float]
    """Each seat's points, in seat order."""
    def result(self) -> str:
        """The result as PGN writes it: 1-0, 0-1, 1/2-1/2, or three seats' points."""

class Line:
    """One of the best lines a search found."""

    score: Optional[int]
    """Centipawns for the side to move; None when the line is a mate."""
    mate: Optional[int]
    """Moves to mate, negative when the side to move is mated; None otherwise."""
    pv: List[str]
    wdl: Optional[Tuple[int, int, int]]
    """Win, draw and loss chances of the side to move in per mille (two-player games)."""
    shares: List[int]
    """Each seat's expected points in hundredths (games of more than two players)."""

class SearchResult:
    """What a search found."""

    best_move: Optional[str]
    """The turn to play as one token for Board.push; None when there is no legal move."""
    depth: int
    seldepth: int
    nodes: int
    time: float
    """Seconds the search took."""
    lines: List[Line]
    """The best lines, best first; the first is best_move's."""
    score: Optional[int]
    mate: Optional[int]
    pv: List[str]
    wdl: Optional[Tuple[int, int, int]]

class Board:
    """A game of one variant: its position, the moves pushed since its start, and the
    engine's search. Moves are the variant's tokens."""

    def __init__(
        self, variant: str = "chess", fen: Optional[str] = None, chess960: bool = False
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def seats(self) -> List[str]: ...
    @property
    def turn(self) -> int:
        """The seat to move: 0 is White, 1 Black (trichess: 0, 1, 2)."""
    @property
    def chess960(self) -> bool: ...
    @property
    def legal_moves(self) -> List[str]:
        """Every legal move as a token (in doublemove each of a turn's two moves)."""
    @property
    def move_stack(self) -> List[str]: ...
    @property
    def starting_fen(self) -> str: ...
    def fen(self) -> str: ...
    def is_legal(self, token: str) -> bool: ...
    def push(self, token: str) -> None:
        """Plays a move or a whole turn given as the variant's token(s)."""
    def push_san(self, text: str) -> str:
        """Plays a move in the variant's human notation (SAN); gives its token."""
    def pop(self) -> str:
        """Takes back the last push; IndexError when nothing was pushed."""
    def san(self, token: str) -> str: ...
    def is_check(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def is_game_over(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_repetition(self, count: int = 3) -> bool: ...
    def perft(self, depth: int) -> int: ...
    def search(
        self,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
        threads: Optional[int] = None,
        multipv: Optional[int] = None,
        hash: Optional[int] = None,
    ) -> SearchResult:
        """Searches until a limit (depth in plies, nodes, movetime in seconds) or stop():
        multipv lines (1 when None) on threads threads (1) with a hash-MiB table (16)."""
    def stop(self) -> None:
        """Stops a search of this board running in another thread."""
    def copy(self) -> "Board": ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> object: ...
    def __setstate__(self, moves: List[str]) -> None: ...

def variants() -> List[str]: ...
def start_fen(variant: str) -> str: ...
def legal_moves(variant: str, fen: str, moves: Sequence[str] = ...) -> List[str]: ...
def get_fen(variant: str, fen: str, moves: Sequence[str] = ...) -> str: ...
def get_san(variant: str, fen: str, token: str) -> str: ...
def get_san_moves(variant: str, fen: str, moves: Sequence[str]) -> List[str]: ...
def game_result(variant: str, fen: str, moves: Sequence[str] = ...) -> str:
    """1-0, 0-1, 1/2-1/2, three seats' points, or * while the game goes on."""
def game_outcome(variant: str, fen: str, moves: Sequence[str] = ...) -> Optional[Outcome]: ...
def validate_fen(variant: str, fen: str) -> bool: ...
