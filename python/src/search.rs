//! A search from Python: its limits, checked before it starts, and what it found, in the
//! variant's tokens.

use kaleido::game::{written_along, Variant};
use kaleido::nnue;
use kaleido::record::GameRecord;
use kaleido::search::wdl::wdl_of;
use kaleido::search::{think, Context, Event, Info, Limits, TranspositionTable, MAX_PLY};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use thiserror::Error;

/// The most threads, lines and table MiB a search takes: the engine's own option ranges.
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 256;
pub const MAX_HASH_MIB: usize = 65_536;
/// The longest search time asked for in seconds: a day (a longer one is surely a mistake of
/// units, milliseconds given for seconds).
pub const MAX_MOVETIME: f64 = 86_400.0;

/// A search limit out of range.
#[derive(Debug, Error, PartialEq)]
pub enum LimitError {
    #[error("a search needs a limit: depth, nodes or movetime (or all three)")]
    NoLimit,
    #[error("depth must be from 1 to {MAX_PLY}, not {0}")]
    Depth(String),
    #[error("nodes must be at least 1, not {0}")]
    Nodes(String),
    #[error("movetime must be more than 0 and at most {MAX_MOVETIME} seconds, not {0}")]
    Movetime(f64),
    #[error("threads must be from 1 to {MAX_THREADS}, not {0}")]
    Threads(String),
    #[error("multipv must be from 1 to {MAX_MULTIPV}, not {0}")]
    MultiPv(String),
    #[error("hash must be from 1 to {MAX_HASH_MIB} MiB, not {0}")]
    Hash(String),
    #[error("a perft depth must be 0 or more, not {0}")]
    PerftDepth(String),
}

/// What a search is asked for, each value in range.
#[derive(Clone, Debug)]
pub struct Request {
    limits: Limits,
    threads: usize,
    hash_mib: usize,
}

/// A search's limits as Python gives them.
pub struct Asked {
    pub depth: Option<i64>,
    pub nodes: Option<i64>,
    pub movetime: Option<f64>,
    pub threads: i64,
    pub multipv: i64,
    pub hash_mib: i64,
}

fn in_range(value: i64, min: usize, max: usize) -> Option<usize> {
    usize::try_from(value)
        .ok()
        .filter(|v| (min..=max).contains(v))
}

impl Request {
    pub fn new(asked: &Asked) -> Result<Request, LimitError> {
        if asked.depth.is_none() && asked.nodes.is_none() && asked.movetime.is_none() {
            return Err(LimitError::NoLimit);
        }
        let depth = asked
            .depth
            .map(|d| in_range(d, 1, MAX_PLY).ok_or(LimitError::Depth(d.to_string())))
            .transpose()?;
        let nodes = asked
            .nodes
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or(LimitError::Nodes(n.to_string()))
            })
            .transpose()?;
        let movetime = asked
            .movetime
            .map(|t| {
                // NaN fails both comparisons.
                if t > 0.0 && t <= MAX_MOVETIME {
                    Ok(Duration::from_secs_f64(t))
                } else {
                    Err(LimitError::Movetime(t))
                }
            })
            .transpose()?;
        let threads = in_range(asked.threads, 1, MAX_THREADS)
            .ok_or(LimitError::Threads(asked.threads.to_string()))?;
        let multi_pv = in_range(asked.multipv, 1, MAX_MULTIPV)
            .ok_or(LimitError::MultiPv(asked.multipv.to_string()))?;
        let hash_mib = in_range(asked.hash_mib, 1, MAX_HASH_MIB)
            .ok_or(LimitError::Hash(asked.hash_mib.to_string()))?;
        Ok(Request {
            limits: Limits {
                depth: depth.map(|d| d as i32),
                nodes,
                movetime,
                multi_pv,
                ..Limits::default()
            },
            threads,
            hash_mib,
        })
    }
}

/// One of the best lines: its score for the side to move and its plies.
#[derive(Clone, Debug)]
pub struct ReportLine {
    pub score: i32,
    pub pv: Vec<String>,
    /// Win, draw and loss in per mille for the side to move (two-player games).
    pub wdl: Option<(u16, u16, u16)>,
    /// Each seat's expected points in hundredths (games of more than two players).
    pub shares: Vec<i32>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The turn to play, its plies' tokens; empty when there is no legal move.
    pub turn: Vec<String>,
    pub depth: i32,
    pub seldepth: usize,
    pub nodes: u64,
    pub time: Duration,
    /// The best lines, best first (one without multipv); the first is the turn's line.
    pub lines: Vec<ReportLine>,
}

/// Each ply of `moves` in the variant's tokens, from `pos` on.
fn tokens<G: Variant>(pos: &G, moves: &[G::Move]) -> Vec<String> {
    written_along(pos, moves, G::format_move)
}

/// Searches the record's current position, with its earlier positions for repetitions, on a
/// fresh table, evaluating as the engine does by default (the built-in network where the
/// variant has one).
pub fn run<G: Variant>(record: &GameRecord<G>, request: &Request, stop: &AtomicBool) -> Report {
    let pos = record.current();
    let history = record.hashes_before_current();
    let tt = TranspositionTable::new(request.hash_mib);
    let network = nnue::built_in::<G>();
    let ctx = Context {
        threads: request.threads,
        network: network.as_deref(),
        ..Context::new(&tt, stop)
    };
    let started = std::time::Instant::now();
    let mut last: Vec<Info<G::Move>> = Vec::new();
    let thought = think(pos, &history, &request.limits, &[], ctx, &mut |event| {
        if let Event::Line(info) = event {
            if info.multipv == 1 {
                last.clear();
            }
            last.push(info.clone());
        }
    });
    let line = |score: i32, pv: &[G::Move], shares: Vec<i32>| ReportLine {
        score,
        pv: tokens(pos, pv),
        wdl: wdl_of(pos, score).map(|w| (w.win, w.draw, w.loss)),
        shares,
    };
    // The first line is the one played, whatever the iterations reported last.
    let shares = last.first().map(|i| i.shares.clone()).unwrap_or_default();
    let mut lines = vec![line(thought.score, &thought.pv, shares)];
    lines.extend(
        last.iter()
            .skip(1)
            .map(|info| line(info.score, &info.pv, info.shares.clone())),
    );
    if thought.turn.is_empty() {
        lines.clear();
    }
    Report {
        turn: tokens(pos, &thought.turn),
        depth: thought.depth,
        seldepth: last.first().map_or(0, |i| i.seldepth),
        nodes: thought.nodes,
        time: started.elapsed(),
        lines,
    }
}
