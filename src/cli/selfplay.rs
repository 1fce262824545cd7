//! `kaleido selfplay`: games between two in-process players of one variant, for strength
//! measurements (docs/strength.md). Output lines follow cutechess-cli's.

use super::CliError;
use crate::registry::{with_searchable_variant, SearchVisitor};
use crate::search::{Limits, Searchable};
use crate::selfplay::{play_game, PlayerKind, Tally};
use clap::Args;
use rayon::prelude::*;
use std::time::Duration;

#[derive(Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// Variant to play
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Games to play (rounded up to pairs with colours swapped)
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// First player: oneply, depth:D, nodes:N or movetime:MS
    #[arg(long, default_value = "nodes:20000")]
    pub first: String,
    /// Second player, in the same form
    #[arg(long, default_value = "oneply")]
    pub second: String,
    /// Random plies that open each pair of games
    #[arg(long, default_value_t = 4)]
    pub opening_plies: usize,
    /// Games played at once
    #[arg(long, default_value_t = 2)]
    pub concurrency: usize,
    /// Seed of the openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies after which a game is adjudicated drawn
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
}

/// Reads `oneply`, `depth:D`, `nodes:N` or `movetime:MS`.
pub fn parse_player(spec: &str) -> Result<PlayerKind, CliError> {
    let bad = || {
        CliError(format!(
            "player '{}': expected oneply, depth:D, nodes:N or movetime:MS",
            crate::errors::quote(spec, 30)
        ))
    };
    if spec == "oneply" {
        return Ok(PlayerKind::OnePly);
    }
    let (kind, value) = spec.split_once(':').ok_or_else(bad)?;
    let n: u64 = value.parse().map_err(|_| bad())?;
    if n == 0 {
        return Err(bad());
    }
    let limits = match kind {
        "depth" => Limits {
            depth: Some(n.min(100) as i32),
            ..Limits::default()
        },
        "nodes" => Limits {
            nodes: Some(n),
            ..Limits::default()
        },
        "movetime" => Limits {
            movetime: Some(Duration::from_millis(n)),
            ..Limits::default()
        },
        _ => return Err(bad()),
    };
    Ok(PlayerKind::Search(limits))
}

struct Selfplay {
    args: SelfplayArgs,
    first: PlayerKind,
    second: PlayerKind,
}

impl SearchVisitor for Selfplay {
    type Output = Tally;

    fn visit<G: Searchable>(self) -> Tally {
        let pairs = self.args.games.div_ceil(2);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.args.concurrency.clamp(1, 64))
            .build();
        let play = |game: u32| {
            let pair = (game / 2) as u64;
            let first_is_white = game.is_multiple_of(2);
            let (score, outcome, record) = play_game::<G>(
                &self.first,
                &self.second,
                first_is_white,
                self.args.opening_plies,
                self.args.seed.wrapping_mul(1_000_003).wrapping_add(pair),
                self.args.max_plies,
            );
            let reason = outcome.map_or("adjudicated: move limit".to_string(), |o| {
                o.reason().to_string()
            });
            eprintln!(
                "Finished game {} ({} as {}): {:?} {{{reason}}} after {} plies",
                game + 1,
                self.args.first,
                if first_is_white { "white" } else { "black" },
                score,
                record.moves().len()
            );
            score
        };
        let scores: Vec<_> = match pool {
            Ok(pool) => pool.install(|| (0..pairs * 2).into_par_iter().map(play).collect()),
            Err(_) => (0..pairs * 2).map(play).collect(),
        };
        let mut tally = Tally::default();
        for s in scores {
            tally.add(s);
        }
        tally
    }
}

pub fn run(args: SelfplayArgs) -> Result<(), CliError> {
    let first = parse_player(&args.first)?;
    let second = parse_player(&args.second)?;
    if args.games == 0 {
        return Err(CliError("--games must be at least 1".into()));
    }
    let names = (args.first.clone(), args.second.clone());
    let variant = args.variant.clone();
    let tally = with_searchable_variant(
        &variant,
        Selfplay {
            args,
            first,
            second,
        },
    )?;
    let (elo, margin) = tally.elo();
    println!(
        "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
        names.0,
        names.1,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games()
    );
    println!("Elo difference: {elo:.1} +/- {margin:.1}");
    Ok(())
}
