//! What a search thread runs with besides its limits, the same for every search: the table,
//! the threads, the stop flag, the algorithm for more players, the network and the level.

use super::level::Level;
use super::tt::TranspositionTable;
use crate::nnue::QuantisedNetwork;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How long a search runs before it tells of each root move it starts on (`Event::RootMove`):
/// Stockfish's three seconds, after which a GUI's user waits long enough to want to see it.
pub const ROOT_MOVES_AFTER: Duration = Duration::from_secs(3);

/// How a search runs, besides its limits: the table it shares, its threads, the flag that
/// stops it, the algorithm for games of more than two players, and the evaluation network.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub tt: &'a TranspositionTable,
    /// Threads for the two-player search (Lazy SMP); the search for more players uses one.
    pub threads: usize,
    pub stop: &'a AtomicBool,
    pub algorithm: Algorithm,
    /// The network that evaluates positions; None for the variant's hand-written evaluation.
    /// One that does not fit the variant's inputs is not used (`nnue::load` refuses it first).
    pub network: Option<&'a QuantisedNetwork>,
    /// The strength to play at; None for full strength (level.rs).
    pub level: Option<Level>,
    /// How long the search runs before it tells of the root moves it starts on
    /// (`ROOT_MOVES_AFTER`; zero for a listener that keeps the latest for when it is asked,
    /// as XBoard's `.` asks).
    pub root_moves_after: Duration,
}

impl<'a> Context<'a> {
    /// One thread, the default algorithm, full strength, root moves told after
    /// `ROOT_MOVES_AFTER`.
    pub fn new(tt: &'a TranspositionTable, stop: &'a AtomicBool) -> Context<'a> {
        Context {
            tt,
            threads: 1,
            stop,
            algorithm: Algorithm::DEFAULT,
            network: None,
            level: None,
            root_moves_after: ROOT_MOVES_AFTER,
        }
    }
}

/// The search for games of more than two players (multi/): how the opponents' layers are
/// searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Paranoid,
    BestReply,
    /// BRS+ (Esser et al., 2013): Best-Reply Search whose opponents, other than the one
    /// replying, play their first move by move ordering instead of passing, in the layer of
    /// replies to the root player's move.
    BestReplyPlus,
}

impl Algorithm {
    /// BRS+: Best-Reply Search looks deeper for the root player than paranoid search
    /// (Schadd & Winands, 2011), and BRS+ keeps the replies to the root player's move
    /// playable, so that a threat needing both opponents' moves can show. In trichess it beat
    /// plain BRS at equal nodes and did best against the one-ply player (docs/strength.md).
    pub const DEFAULT: Algorithm = Algorithm::BestReplyPlus;
    /// Every algorithm, by the names protocols use for them.
    pub const ALL: [Algorithm; 3] = [
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
        Algorithm::Paranoid,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Paranoid => "paranoid",
            Algorithm::BestReply => "brs",
            Algorithm::BestReplyPlus => "brs+",
        }
    }

    /// The plies of the tree from one of the root player's moves to its next in a game of
    /// `players`: a layer per opponent in paranoid search, one layer of the single reply in
    /// Best-Reply Search (BRS+'s other opponents' moves are part of that layer's ply).
    pub const fn plies_per_round(self, players: usize) -> usize {
        match self {
            Algorithm::Paranoid => players,
            Algorithm::BestReply | Algorithm::BestReplyPlus => 2,
        }
    }

    /// Whether the opponents' layers are Best-Reply layers (one opponent replies).
    pub const fn best_reply(self) -> bool {
        matches!(self, Algorithm::BestReply | Algorithm::BestReplyPlus)
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name))
    }
}
