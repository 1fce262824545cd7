//! The library's exceptions: one base class, a subclass of `ValueError` as python-chess's
//! move errors are, and one subclass for each kind of bad input, each carrying the engine's
//! own message.

use crate::position::SetupError;
use crate::search::LimitError;
use kaleido::errors::{MoveError, MoveErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    kaleido,
    KaleidoError,
    PyValueError,
    "Bad input to kaleido: the base of the library's exceptions."
);
create_exception!(
    kaleido,
    UnknownVariantError,
    KaleidoError,
    "A variant name kaleido does not know."
);
create_exception!(
    kaleido,
    InvalidFenError,
    KaleidoError,
    "A position string that does not read in the variant."
);
create_exception!(
    kaleido,
    InvalidMoveError,
    KaleidoError,
    "A move that does not read as a move of the variant (wrong shape, no such square)."
);
create_exception!(
    kaleido,
    IllegalMoveError,
    KaleidoError,
    "A move that reads, but is not legal in the position."
);
create_exception!(
    kaleido,
    SearchLimitError,
    KaleidoError,
    "A search limit out of range, or a search asked for with none."
);

pub fn setup_error(error: SetupError) -> PyErr {
    match error {
        SetupError::UnknownVariant(e) => UnknownVariantError::new_err(e.to_string()),
        SetupError::Fen(e) => InvalidFenError::new_err(format!("bad position: {e}")),
        SetupError::NoChess960(variant) => KaleidoError::new_err(format!(
            "{variant} has no shuffled starts, so no Chess960 game"
        )),
    }
}

pub fn move_error(error: MoveError) -> PyErr {
    match error.kind {
        MoveErrorKind::Malformed => InvalidMoveError::new_err(error.to_string()),
        MoveErrorKind::Illegal => IllegalMoveError::new_err(error.to_string()),
    }
}

pub fn limit_error(error: LimitError) -> PyErr {
    SearchLimitError::new_err(error.to_string())
}
