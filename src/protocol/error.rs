//! What a protocol command can fail with, kept typed until the dialect writes it: UCI and tri
//! as `info string error: <Display>`, XBoard as `Illegal move (...)`, `Error (...)` or
//! `tellusererror` by its kind (xboard/mod.rs). One `Display` per error, so that the same error
//! reads the same wherever it is printed.

use super::go::LimitError;
use super::options::OptionError;
use crate::errors::{quote, FenError, MoveError};
use crate::registry::UnknownVariant;
use thiserror::Error;

/// A position (`position`, `setboard`) that cannot be set; the position stays as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("position needs 'startpos' or 'fen <FEN>'")]
    Syntax,
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The move (from 1) of the `moves` list that could not be played.
    #[error("move {number}: {error}")]
    Move { number: usize, error: MoveError },
}

/// A network that cannot be had (unreadable, not a network, for another variant): the
/// hand-written evaluation judges instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}; the hand-written evaluation is used")]
pub struct NetworkRefused(pub String);

/// A command that could not be done; nothing changed but what the error says.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Limit(#[from] LimitError),
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Network(#[from] NetworkRefused),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error("searchmoves: {0}")]
    SearchMove(MoveError),
    #[error("{variant} is a game of two players; the tri dialect plays {offered}")]
    TwoPlayers {
        variant: &'static str,
        offered: String,
    },
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error("line too long, ignored")]
    LineTooLong,
}

impl CommandError {
    pub fn unknown_command(command: &str) -> CommandError {
        CommandError::UnknownCommand(quote(command, 40))
    }
}
