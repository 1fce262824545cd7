//! Evaluation networks: the file format (file.rs), the accumulators the search keeps along its
//! line (accumulator.rs), their inner loops in the processor's vector instructions
//! (simd.rs), and the choice of evaluation a user makes (`EvalFile`, `Use NNUE`).
//! A variant may carry a network in the binary (`NetworkInputs::NETWORK`); one read from a
//! file replaces it, and the hand-written evaluation (`Searchable::evaluate`) stays as the
//! fallback wherever no network is chosen or the chosen one cannot be read. Networks are
//! trained on the mover's score; the search of more than two players also asks how the
//! position stands for the root player when another is to move, and reads the same network
//! with that player's perspective first.

mod accumulator;
mod buckets;
mod file;
pub mod king_buckets;
mod simd;

pub use accumulator::{Accumulators, MAX_CELLS};
pub use buckets::OutputBuckets;
pub use file::{
    NetworkError, QuantisedNetwork, EVAL_SCALE, MAGIC, MAX_HIDDEN, MAX_INPUTS, QA, QB, VERSION,
};
pub use king_buckets::KingBuckets;
pub use simd::{Simd, SimdError};

use crate::core::Player;
use crate::game::{NetworkInputs, Searchable};
use std::path::PathBuf;
use std::sync::Arc;

/// The `EvalFile` value that names the network built into the binary.
pub const EMBEDDED: &str = "<embedded>";

/// Which evaluation a search uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalChoice {
    /// The variant's built-in network, or the hand-written evaluation where it has none.
    Embedded,
    HandWritten,
    File(PathBuf),
}

impl EvalChoice {
    /// The choice that the options `Use NNUE` and `EvalFile` make together.
    pub fn from_options(use_network: bool, eval_file: &str) -> EvalChoice {
        let file = eval_file.trim();
        if !use_network {
            EvalChoice::HandWritten
        } else if file.is_empty() || file == EMBEDDED {
            EvalChoice::Embedded
        } else {
            EvalChoice::File(PathBuf::from(file))
        }
    }
}

/// The network `choice` selects for `G`: None for the hand-written evaluation. A file that
/// cannot be read, or is no network for `G`, is an error saying why.
pub fn load<G: NetworkInputs>(
    choice: &EvalChoice,
) -> Result<Option<Arc<QuantisedNetwork>>, String> {
    let bytes = match choice {
        EvalChoice::HandWritten => return Ok(None),
        EvalChoice::Embedded => match G::NETWORK {
            Some(bytes) => bytes.to_vec(),
            None => return Ok(None),
        },
        EvalChoice::File(path) => std::fs::read(path)
            .map_err(|e| format!("cannot read network file {}: {e}", path.display()))?,
    };
    let net =
        QuantisedNetwork::from_bytes(&bytes, G::NAME, G::INPUTS, G::PLAYERS).map_err(|e| {
            match choice {
                EvalChoice::File(path) => format!("{}: {e}", path.display()),
                _ => format!("the built-in network: {e}"),
            }
        })?;
    if !Accumulators::fits::<G>(&net) {
        return Err(format!("the network does not fit {}'s inputs", G::NAME));
    }
    Ok(Some(Arc::new(net)))
}

/// The variant's built-in network, None where it has none: the evaluation the engine plays
/// with unless told otherwise.
pub fn built_in<G: NetworkInputs>() -> Option<Arc<QuantisedNetwork>> {
    load::<G>(&EvalChoice::Embedded).unwrap_or(None)
}

/// In a test build, checks `score`, the incremental evaluation of `pos` for `seat` at the
/// search's `nodes`-th node, against one from scratch; release builds check nothing. One
/// node in sixteen: checking every one made test builds search six times slower (the
/// from-scratch sum reads every man's row), and every test and client run that searches paid
/// for it; a sixteenth still checks thousands of positions a second, and
/// tests/it/nnue_inference.rs compares every position of random lines in every variant.
#[inline]
pub fn check_incremental<G: NetworkInputs>(
    net: &QuantisedNetwork,
    pos: &G,
    seat: usize,
    score: i32,
    nodes: u64,
) {
    if cfg!(debug_assertions) && nodes.is_multiple_of(16) {
        assert_eq!(score, evaluate_from_scratch(net, pos, seat));
    }
}

/// The network's evaluation of `pos` from scratch for the player in `seat` (the side to move
/// for the trained meaning; another seat where a search of more players asks for it).
pub fn evaluate_from_scratch<G: NetworkInputs>(
    net: &QuantisedNetwork,
    pos: &G,
    seat: usize,
) -> i32 {
    let views = perspective_inputs(pos, seat, &net.king_buckets);
    let views: Vec<&[u32]> = views.iter().map(Vec::as_slice).collect();
    net.evaluate(&views)
}

/// What the search of more than two players adds to `net`'s output for the player in `seat`:
/// the hand-written evaluation where the network corrects it, else nothing.
#[inline]
pub fn hand_written_part<G: Searchable>(net: &QuantisedNetwork, pos: &G, seat: usize) -> i32 {
    match net.corrects_hand_written {
        true => pos.evaluate_for(Player(seat as u8)),
        false => 0,
    }
}

/// `pos`'s active inputs from every seat's perspective, starting at `seat` and going round
/// in playing order (the order the network's blocks take), each read through its king
/// bucket in `layout`.
pub fn perspective_inputs<G: NetworkInputs>(
    pos: &G,
    seat: usize,
    layout: &KingBuckets,
) -> Vec<Vec<u32>> {
    (0..G::PLAYERS)
        .map(|k| {
            let mut inputs = Vec::new();
            layout.active_inputs(pos, (seat + k) % G::PLAYERS, &mut inputs);
            inputs
        })
        .collect()
}

/// One line on the evaluation in use, for `info string` and logs.
pub fn describe(network: Option<&QuantisedNetwork>, choice: &EvalChoice) -> String {
    let shape = |net: &QuantisedNetwork| {
        let correcting = match net.corrects_hand_written {
            true => ", correcting the hand-written evaluation",
            false => "",
        };
        let buckets = match net.buckets.count {
            1 => String::new(),
            n => format!(", {n} output buckets"),
        };
        let kings = &net.king_buckets;
        let buckets = match (kings.count(), kings.mirrors()) {
            (1, false) => buckets,
            (n, false) => format!(", {n} king buckets{buckets}"),
            (n, true) => format!(", {n} king buckets mirrored{buckets}"),
        };
        format!(
            "({}x{}x{}{buckets}{correcting})",
            net.inputs / kings.count(),
            net.hidden,
            net.players
        )
    };
    match (network, choice) {
        (None, _) => "evaluation: hand-written".to_string(),
        (Some(net), EvalChoice::File(path)) => {
            format!("evaluation: network {} {}", path.display(), shape(net))
        }
        (Some(net), _) => format!("evaluation: built-in network {}", shape(net)),
    }
}
