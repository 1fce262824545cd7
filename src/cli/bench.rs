//! `kaleido bench`: fixed-depth searches over fixed positions of every variant, each evaluated
//! as the engine plays it by default (a built-in network where the variant has one). On one
//! thread the node count is a signature that changes only when search behaviour changes; the
//! last line, `N nodes M nps`, is the form OpenBench's client reads. `--simd` narrows the
//! network's vector instructions, to measure what they gain (the nodes stay the same).

use super::CliError;
use crate::game::{Game, Variant};
use crate::nnue::{self, EvalChoice, Simd};
use crate::registry::{with_variant, VariantVisitor};
use crate::search::{self, Context, Limits, TranspositionTable};
use clap::Args;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Search depth for every position
    #[arg(long, default_value_t = 9)]
    pub depth: i32,
    /// Threads per search (the node count is deterministic only with one)
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB, cleared before each position
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Evaluate with the hand-written evaluation, not the variants' built-in networks
    #[arg(long)]
    pub hand_written: bool,
    /// The network's instructions: portable, avx2 or avx512 (default: the widest the processor runs)
    #[arg(long)]
    pub simd: Option<String>,
}

/// (variant, FEN): openings, middlegames and endings of each variant (for trichess, the
/// opening and a middlegame).
const POSITIONS: &[(&str, &str)] = &[
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "cylinder",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "cylinder",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "spinchess",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ),
    (
        "spinchess",
        "rn1pkbp1/pp1qb3/2p2p2/1B2p2Q/4P3/2N5/PPPP1PPP/R1B1K1NR b KQq - 3 8",
    ),
    (
        "doublemove",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "doublemove",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w1 KQkq - 1 2",
    ),
    (
        "gigachess",
        "wzjxflhamcxjzw/dernbiqkibnred/ppppoooooopppp/4pppppp4/14/14/14/14/14/14/4PPPPPP4/PPPPOOOOOOPPPP/DERNBIQKIBNRED/WZJXFLHAMCXJZW w - - 0 1",
    ),
    (
        "trichess",
        "bRbP4cPcR/bBbP5cPcB/bNbP6cPcN/bKbP7cPcQ/bQbB8cBcK/bNbP9cPcN/bBbP10cPcB/bRbP11cPcR/bP12cP/13/12/11/10/aPaPaPaPaBaPaPaPaP/aRaBaNaKaQaNaBaR a aKQbKQcKQ 0 1",
    ),
    (
        "trichess",
        "bRbP4cP1/1bP5cP1/bN7cP1/bK1bP1aR4cPcR/bQ1bP1bB5cBcK/2bP7cNcPcN/1bP7aB1cP2/bRbP11cPcR/bPbN1bBcQ8cP/13/6cB5/11/4aP5/aPaP1aNaBaPaPaPaP/2aNaKaQ2aR a bKQcK 1 11",
    ),
];

/// The multi-player search's depth for a bench `depth`: its plies branch over every
/// opponent's replies, so about half as many cost as much.
fn multi_depth(depth: i32) -> i32 {
    (depth + 1) / 2
}

/// A bench search's node count and its best move in the variant's notation.
fn outcome<G: Game>(pos: &G, nodes: u64, best: Option<G::Move>) -> (u64, String) {
    let best = best.map_or("(none)".to_string(), |m| pos.format_move(m));
    (nodes, best)
}

struct BenchPosition<'a> {
    fen: &'a str,
    args: &'a BenchArgs,
    tt: &'a TranspositionTable,
}

impl VariantVisitor for BenchPosition<'_> {
    type Output = Result<(u64, String), CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        let pos = G::from_fen(self.fen)?;
        self.tt.clear();
        let depth = if G::PLAYERS > 2 {
            multi_depth(self.args.depth)
        } else {
            self.args.depth
        };
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let choice = EvalChoice::from_options(!self.args.hand_written, nnue::EMBEDDED);
        let network = nnue::load::<G>(&choice).map_err(CliError)?;
        let ctx = Context {
            threads: self.args.threads,
            network: network.as_deref(),
            ..Context::new(self.tt, &stop)
        };
        let thought = search::think(&pos, &[], &limits, &[], ctx, &mut |_| {});
        Ok(outcome(&pos, thought.nodes, thought.best()))
    }
}

pub fn run(args: BenchArgs) -> Result<(), CliError> {
    if !(1..=64).contains(&args.depth) {
        return Err(CliError("--depth must be from 1 to 64".into()));
    }
    if !(1..=256).contains(&args.threads) {
        return Err(CliError("--threads must be from 1 to 256".into()));
    }
    if let Some(name) = &args.simd {
        Simd::limit(Simd::named(name).map_err(|e| CliError(format!("--simd: {e}")))?);
    }
    eprintln!("network instructions: {}", Simd::chosen().name());
    let tt = TranspositionTable::new(args.hash.clamp(1, 65536));
    let start = Instant::now();
    let mut total = 0u64;
    let count = POSITIONS.len();
    for (i, &(variant, fen)) in POSITIONS.iter().enumerate() {
        let position = BenchPosition {
            fen,
            args: &args,
            tt: &tt,
        };
        let searched = Instant::now();
        let (nodes, best) = with_variant(variant, position)??;
        let nps = nodes as f64 / searched.elapsed().as_secs_f64().max(1e-3);
        eprintln!(
            "position {:>2}/{count} {variant:<10} nodes {nodes:>10} nps {:>8.0} bestmove {best}",
            i + 1,
            nps,
        );
        total += nodes;
    }
    let elapsed = start.elapsed().max(Duration::from_millis(1));
    println!(
        "{} nodes {} nps",
        total,
        (total as f64 / elapsed.as_secs_f64()) as u64
    );
    Ok(())
}
