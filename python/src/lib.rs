//! kaleido's rules and search for Python: the native module `kaleido._kaleido`, which the
//! package `kaleido` re-exports (python/kaleido/__init__.py). docs/python.md is its guide.

mod analysis;
mod board;
mod errors;
mod outcome;
mod position;
mod search;
mod stateless;
mod strings;

use pyo3::prelude::*;

#[pymodule]
mod _kaleido {
    #[pymodule_export]
    use crate::analysis::{Line, SearchResult};
    #[pymodule_export]
    use crate::board::Board;
    #[pymodule_export]
    use crate::errors::{
        IllegalMoveError, InvalidFenError, InvalidMoveError, KaleidoError, SearchLimitError,
        UnknownVariantError,
    };
    #[pymodule_export]
    use crate::outcome::Outcome;
    #[pymodule_export]
    use crate::stateless::{
        game_outcome, game_result, get_fen, get_san, get_san_moves, legal_moves, start_fen,
        validate_fen, variants,
    };

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", kaleido::version::VERSION)?;
        Ok(())
    }
}
