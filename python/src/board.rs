//! `kaleido.Board`: a game of any of the six variants in python-chess's manner.

use crate::analysis::SearchResult;
use crate::errors::{limit_error, move_error, setup_error};
use crate::outcome::Outcome;
use crate::position::{new_position, Key, Popped, Position, Start};
use crate::search::{Asked, LimitError, Request};
use crate::strings::{packed, Listed, Strings};
use pyo3::exceptions::PyIndexError;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyType};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A game of one variant: its position, the moves pushed since its start, and the engine's
/// search. Moves are the variant's tokens (`e2e4`, `e7e8q`, doublemove's turn `e2e4,d2d4`).
#[pyclass(module = "kaleido")]
pub struct Board {
    game: Box<dyn Position>,
    /// Set by `stop()` to end a search of this board running in another thread.
    stop: Arc<AtomicBool>,
    /// The legal moves last listed, as handed out: listed again in the same position they
    /// cost no new strings, and a push of one of them (the usual program's loop) is found by
    /// identity or by its packed bytes, without reading the token.
    listing: Option<(Key, Vec<Listed>)>,
    strings: Strings,
}

impl Board {
    fn from_game(game: Box<dyn Position>) -> Board {
        Board {
            game,
            stop: Arc::new(AtomicBool::new(false)),
            listing: None,
            strings: Strings::default(),
        }
    }

    /// The legal moves here as listed for Python, listed now if they were not.
    fn listing(&mut self, py: Python<'_>) -> &[Listed] {
        let key = self.game.key();
        if self.listing.as_ref().is_none_or(|(k, _)| *k != key) {
            let mut listed = Vec::with_capacity(64);
            let Board { game, strings, .. } = self;
            game.for_each_legal_move(&mut |token| listed.push(strings.get(py, token)));
            self.listing = Some((key, listed));
        }
        self.listing.as_ref().map_or(&[], |(_, l)| l)
    }

    /// The place of `token` among the moves listed here: by identity when it is one of the
    /// strings the listing handed out, else by its packed bytes.
    fn listed_index(&self, token: &Bound<'_, PyString>) -> Option<usize> {
        let (key, listed) = self.listing.as_ref()?;
        if *key != self.game.key() {
            return None;
        }
        if let Some(at) = listed
            .iter()
            .position(|l| l.string.as_ptr() == token.as_ptr())
        {
            return Some(at);
        }
        let wanted = packed(&token.to_cow().ok()?)?;
        listed.iter().position(|l| l.packed == wanted)
    }
}

#[pymethods]
impl Board {
    /// A game of `variant` from its start, or from `fen`; `chess960` reads castling as
    /// Chess960's (king takes rook) in the variants with shuffled starts.
    #[new]
    #[pyo3(signature = (variant="chess", fen=None, chess960=false))]
    fn new(variant: &str, fen: Option<&str>, chess960: bool) -> PyResult<Board> {
        let game = new_position(variant, Start { fen, chess960 }).map_err(setup_error)?;
        Ok(Board::from_game(game))
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant()
    }

    /// How many seats the game has (2, or 3 in trichess).
    #[getter]
    fn players(&self) -> usize {
        self.game.players()
    }

    /// The seats' names in seat order (`White`, `Black`; trichess's `Player a`, ...).
    #[getter]
    fn seats(&self) -> Vec<&'static str> {
        self.game.seat_names()
    }

    /// The seat to move: 0 is White, 1 Black (trichess: 0, 1, 2).
    #[getter]
    fn turn(&self) -> usize {
        self.game.turn()
    }

    /// Whether castling is read and written as Chess960's.
    #[getter]
    fn chess960(&self) -> bool {
        self.game.chess960()
    }

    /// Every legal move (one ply: in doublemove each of a turn's two moves) as a token.
    #[getter]
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.listing(py).iter().map(|l| l.string.bind(py)))
    }

    /// The moves pushed since the start, oldest first, as `push` played them.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.game.move_stack()
    }

    /// The position as the variant's FEN.
    fn fen(&self) -> String {
        self.game.fen()
    }

    /// The FEN the game started from.
    #[getter]
    fn starting_fen(&self) -> String {
        self.game.start_fen()
    }

    /// Whether `token` is a legal move or turn here.
    fn is_legal(&self, token: &str) -> bool {
        self.game.is_legal(token)
    }

    /// Plays a move or a whole turn given as the variant's token(s).
    fn push(&mut self, token: &Bound<'_, PyString>) -> PyResult<()> {
        if let Some(index) = self.listed_index(token) {
            if self.game.push_listed(index) {
                return Ok(());
            }
        }
        self.game.push(&token.to_cow()?).map_err(move_error)
    }

    /// Plays a move written in the variant's human notation (SAN where it has one; a token
    /// reads too) and gives its token.
    fn push_san(&mut self, text: &str) -> PyResult<String> {
        self.game
            .push_san(text)
            .map(|plies| plies.join(","))
            .map_err(move_error)
    }

    /// Takes back the last push and gives its token.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<PyString>> {
        let popped = self
            .game
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a board with no moves pushed"))?;
        Ok(match popped {
            Popped::Listed(index) => match self.listing(py).get(index) {
                Some(listed) => listed.string.clone_ref(py),
                None => PyString::new(py, "").unbind(),
            },
            Popped::Tokens(plies) => self.strings.get(py, &plies.join(",")).string,
        })
    }

    /// The human notation (SAN where the variant has one) of a move or turn token, here.
    fn san(&self, token: &str) -> PyResult<String> {
        self.game
            .san(token)
            .map(|plies| plies.join(","))
            .map_err(move_error)
    }

    /// Whether the side to move is in check (False in games without check).
    fn is_check(&self) -> bool {
        self.game.is_check()
    }

    /// How the game ended, or None while it goes on: the position's own rules, threefold
    /// repetition and the move-count rule, judged as kaleido's arbiter judges them.
    fn outcome(&self) -> Option<Outcome> {
        let players = self.game.players();
        self.game.outcome().map(|o| Outcome::new(o, players))
    }

    fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    fn is_checkmate(&self) -> bool {
        self.termination() == Some("checkmate")
    }

    fn is_stalemate(&self) -> bool {
        self.termination() == Some("stalemate")
    }

    /// Whether the current position has stood on the board at least `count` times (now
    /// included) since the last irreversible move.
    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game.repetitions() >= count
    }

    /// The leaf nodes of the move tree `depth` plies deep (the GIL is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: Bound<'_, PyInt>) -> PyResult<u64> {
        let depth = int(&depth, "depth", LimitError::PerftDepth)?;
        let depth = u32::try_from(depth)
            .map_err(|_| limit_error(LimitError::PerftDepth(depth.to_string())))?;
        let game = self.game.clone_box();
        Ok(py.detach(move || game.perft(depth)))
    }

    /// Searches the position with the built-in network until a limit: `depth` (plies),
    /// `nodes`, `movetime` (seconds), at least one of them; or until `stop()` from another
    /// thread. `multipv` lines are searched and given (1 unless asked), on `threads` threads
    /// (1) with a table of `hash` MiB (16). The GIL is released while it runs.
    #[pyo3(signature = (depth=None, nodes=None, movetime=None, threads=None, multipv=None, hash=None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        depth: Option<Bound<'_, PyInt>>,
        nodes: Option<Bound<'_, PyInt>>,
        movetime: Option<f64>,
        threads: Option<Bound<'_, PyInt>>,
        multipv: Option<Bound<'_, PyInt>>,
        hash: Option<Bound<'_, PyInt>>,
    ) -> PyResult<SearchResult> {
        let request = Request::new(&Asked {
            depth: depth
                .map(|d| int(&d, "depth", LimitError::Depth))
                .transpose()?,
            nodes: nodes
                .map(|n| int(&n, "nodes", LimitError::Nodes))
                .transpose()?,
            movetime,
            threads: or_default(threads, 1, "threads", LimitError::Threads)?,
            multipv: or_default(multipv, 1, "multipv", LimitError::MultiPv)?,
            hash_mib: or_default(hash, DEFAULT_HASH_MIB, "hash", LimitError::Hash)?,
        })
        .map_err(limit_error)?;
        // The search runs on a copy, with the board left free: another thread can stop it,
        // or read and play on the board meanwhile.
        let game = slf.game.clone_box();
        let stop = Arc::clone(&slf.stop);
        drop(slf);
        stop.store(false, Ordering::Relaxed);
        let report = py.detach(move || game.search(&request, &stop));
        Ok(SearchResult::new(report))
    }

    /// Stops a search of this board running in another thread; it answers with what it has.
    /// As UCI's `stop`, it only stops a search that has started: one given while none runs
    /// is forgotten when the next starts.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// An independent copy of the game, its moves included.
    fn copy(&self) -> Board {
        Board::from_game(self.game.clone_box())
    }

    fn __copy__(&self) -> Board {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.copy()
    }

    /// The board as a text diagram.
    fn __str__(&self) -> String {
        self.game.diagram()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.game.variant(), self.game.fen())
    }

    /// Boards are equal when they hold the same variant's same position (its FEN, counters
    /// included); the moves that led there do not count.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Board>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.borrow();
        let same = self.game.variant() == other.game.variant() && self.fen() == other.fen();
        match op {
            CompareOp::Eq => Ok(same.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!same).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// The position's hash (Zobrist), equal for equal boards.
    fn __hash__(&self) -> u64 {
        self.game.hash()
    }

    /// Pickles as the variant, the start and the moves pushed, which `__setstate__` replays.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (
        Bound<'py, PyType>,
        (&'static str, String, bool),
        Vec<String>,
    ) {
        let start = (
            self.game.variant(),
            self.game.start_fen(),
            self.game.chess960(),
        );
        (py.get_type::<Board>(), start, self.game.move_stack())
    }

    fn __setstate__(&mut self, moves: Vec<String>) -> PyResult<()> {
        for token in &moves {
            self.game.push(token).map_err(move_error)?;
        }
        Ok(())
    }
}

/// The table of a search, in MiB, unless one is asked for: the web board's size, enough
/// for the short searches a program asks for.
const DEFAULT_HASH_MIB: i64 = 16;

/// `value` as `int` reads it, or `default` when it was not given (None).
fn or_default(
    value: Option<Bound<'_, PyInt>>,
    default: i64,
    name: &str,
    error: fn(String) -> LimitError,
) -> PyResult<i64> {
    value.map_or(Ok(default), |v| int(&v, name, error))
}

/// A Python int as an i64: a bool is refused (`depth=True` is surely a mistake), and one too
/// big for the engine is a limit out of range, named by `error`.
fn int(value: &Bound<'_, PyInt>, name: &str, error: fn(String) -> LimitError) -> PyResult<i64> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not a bool"
        )));
    }
    value
        .extract::<i64>()
        .map_err(|_| limit_error(error(value.to_string())))
}

impl Board {
    fn termination(&self) -> Option<&'static str> {
        let players = self.game.players();
        self.game
            .outcome()
            .map(|o| Outcome::new(o, players).termination())
    }
}
