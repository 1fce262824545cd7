//! The stateless functions, in pyffish's manner, for servers that keep a game as a start FEN
//! and a list of moves: each call sets the game up, plays the moves and answers.

use crate::errors::{move_error, setup_error};
use crate::outcome::Outcome;
use crate::position::{new_position, Position, SetupError, Start};
use kaleido::registry::VARIANT_NAMES;
use pyo3::prelude::*;

/// The game of `variant` from `fen` (its start when None) after `moves`.
fn played(variant: &str, fen: Option<&str>, moves: &[String]) -> PyResult<Box<dyn Position>> {
    let mut game = new_position(
        variant,
        Start {
            fen,
            chess960: false,
        },
    )
    .map_err(setup_error)?;
    for token in moves {
        game.push(token).map_err(move_error)?;
    }
    Ok(game)
}

/// The names of the variants kaleido plays.
#[pyfunction]
pub fn variants() -> Vec<&'static str> {
    VARIANT_NAMES.to_vec()
}

/// The FEN of `variant`'s start position.
#[pyfunction]
pub fn start_fen(variant: &str) -> PyResult<String> {
    Ok(played(variant, None, &[])?.fen())
}

/// The legal moves as tokens after `moves` from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves=Vec::new()))]
pub fn legal_moves(variant: &str, fen: &str, moves: Vec<String>) -> PyResult<Vec<String>> {
    Ok(played(variant, Some(fen), &moves)?.legal_moves())
}

/// The FEN after `moves` from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves=Vec::new()))]
pub fn get_fen(variant: &str, fen: &str, moves: Vec<String>) -> PyResult<String> {
    Ok(played(variant, Some(fen), &moves)?.fen())
}

/// The human notation (SAN where the variant has it) of the move `token` at `fen`.
#[pyfunction]
pub fn get_san(variant: &str, fen: &str, token: &str) -> PyResult<String> {
    let game = played(variant, Some(fen), &[])?;
    game.san(token)
        .map(|plies| plies.join(","))
        .map_err(move_error)
}

/// The human notation of each of `moves` from `fen`, each in the position it is played in.
#[pyfunction]
pub fn get_san_moves(variant: &str, fen: &str, moves: Vec<String>) -> PyResult<Vec<String>> {
    let mut game = played(variant, Some(fen), &[])?;
    moves
        .iter()
        .map(|token| {
            let san = game.san(token).map_err(move_error)?.join(",");
            game.push(token).map_err(move_error)?;
            Ok(san)
        })
        .collect()
}

/// The game's result after `moves` from `fen` as PGN writes it (`1-0`, `0-1`, `1/2-1/2`, or
/// trichess's three seats' points), or `*` while the game goes on.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves=Vec::new()))]
pub fn game_result(variant: &str, fen: &str, moves: Vec<String>) -> PyResult<String> {
    let game = played(variant, Some(fen), &moves)?;
    let players = game.players();
    Ok(game
        .outcome()
        .map_or("*".to_string(), |o| Outcome::new(o, players).result()))
}

/// The game's outcome after `moves` from `fen`, or None while it goes on.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves=Vec::new()))]
pub fn game_outcome(variant: &str, fen: &str, moves: Vec<String>) -> PyResult<Option<Outcome>> {
    let game = played(variant, Some(fen), &moves)?;
    let players = game.players();
    Ok(game.outcome().map(|o| Outcome::new(o, players)))
}

/// Whether `fen` reads as a position of `variant` (an unknown variant still raises).
#[pyfunction]
pub fn validate_fen(variant: &str, fen: &str) -> PyResult<bool> {
    match new_position(
        variant,
        Start {
            fen: Some(fen),
            chess960: false,
        },
    ) {
        Ok(_) => Ok(true),
        Err(SetupError::Fen(_)) => Ok(false),
        Err(other) => Err(setup_error(other)),
    }
}
