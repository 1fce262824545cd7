//! What the game loop needs of an engine, whatever protocol it speaks: start a game, think
//! about a position under the arbiter's clocks, hear the result, leave. The three protocol
//! clients (uci_client.rs, xboard_client.rs, tri_client.rs) implement it over an
//! `EngineProcess`, and launch.rs picks one; this file knows none of them, so the clients
//! depend on it and not the other way round. The game loop (game.rs) never sees a protocol
//! line.

use super::adjudication::EngineScore;
use super::clock::{Clocks, TimeControl};
use super::notation::MoveNotation;
use super::process::Silence;
use std::time::{Duration, Instant};

/// How long an engine may take to start up and answer its handshake.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(15);
/// How long an engine may take to leave after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(200);

/// The game as the arbiter knows it when an engine must move.
pub struct ThinkRequest<'a> {
    /// The start position's FEN, and whether it is the variant's standard start.
    pub start_fen: &'a str,
    pub from_startpos: bool,
    /// Every ply from the start, in the variant's own move notation.
    pub moves: &'a [String],
    /// The same plies a turn at a time: a turn of several plies (doublemove's two sub-moves)
    /// is one token, its plies joined by commas, as `Game::parse_turn` reads it. Engines that
    /// are sent one move at a time and answer a whole turn (XBoard's) are sent these.
    pub turns: &'a [String],
    /// `turns` with a castling turn written `O-O` or `O-O-O`, as CECP writes castling in
    /// Chess960 (the king's step would be ambiguous there); a turn of several plies stays in
    /// the variant's tokens, castling king-takes-rook.
    pub cecp_turns: &'a [String],
    /// The seat to move (0 = White / player a).
    pub mover: usize,
    /// Every seat's clock (None for a seat playing to a fixed depth or node count).
    pub clocks: &'a Clocks,
    /// When the mover's flag falls (clock plus the margin), or its hang limit.
    pub deadline: Instant,
}

/// What the engine said it saw, for the PGN comment.
#[derive(Clone, Debug, Default)]
pub struct EngineComment {
    /// The score the engine gave last, for the PGN comment and adjudication.
    pub score: Option<EngineScore>,
    pub depth: Option<u32>,
}

/// An engine's answer to a `think`.
pub enum EngineDecision {
    /// A move (or a whole turn), in the engine's text, and when it arrived.
    Move {
        token: String,
        at: Instant,
        thought: EngineComment,
    },
    /// The engine gave up (XBoard `resign`).
    Resign { at: Instant },
}

/// Why an engine could not go on; the engine loses the game and the reason is logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer before the deadline.
    Timeout,
    /// The engine exited or closed its output.
    Exited,
    /// The handshake failed or timed out; the text says how.
    Startup(String),
    /// The engine refused a legal move or a command mid-game and cannot follow the game.
    Refused(String),
    /// An engine playing without a clock said nothing for this long.
    Hang(Duration),
    /// The engine cannot play this game at all (variant not offered, no FEN set-up); a
    /// configuration error that stops the match rather than forfeiting games one by one.
    Unsupported(String),
    /// Ctrl-C: the game is abandoned, not scored.
    Interrupted,
}

impl From<Silence> for Fault {
    fn from(s: Silence) -> Fault {
        match s {
            Silence::Timeout => Fault::Timeout,
            Silence::Exited => Fault::Exited,
            Silence::Interrupted => Fault::Interrupted,
        }
    }
}

/// How a game started: what every client needs to set it up.
#[derive(Clone, Copy)]
pub struct GameSetup<'a> {
    /// kaleido's name of the variant.
    pub variant: &'a str,
    /// XBoard's name of the variant's shuffled form (`fischerandom`), empty where it has none:
    /// a Chess960 game is then the plain variant set up with `setboard`.
    pub shuffled_variant: &'a str,
    pub start_fen: &'a str,
    pub from_startpos: bool,
    /// Played as Chess960: castling is the king taking its own rook in `ThinkRequest::moves`,
    /// `O-O`/`O-O-O` in its `cecp_turns`, and the engine must be told (UCI_Chess960, XBoard's
    /// shuffled variant or a `setboard`).
    pub chess960: bool,
    pub players: usize,
    /// The control the engine being started plays to (each seat may have its own); None for
    /// one playing to a fixed depth or node count.
    pub control: Option<TimeControl>,
}

pub trait Client: Send {
    /// Handshake, options, variant and new game; ready to think on return.
    fn start(&mut self, setup: &GameSetup) -> Result<(), Fault>;
    fn think(&mut self, turn: &ThinkRequest) -> Result<EngineDecision, Fault>;
    /// The notations the engine's moves may come in.
    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Tokens
    }
    /// The game is over (`result` as in the PGN, `reason` in words); the engine is then shut
    /// down.
    fn finish(&mut self, result: &str, reason: &str);
}
