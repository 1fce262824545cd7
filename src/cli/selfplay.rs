//! `kaleido selfplay`: games between two in-process players of one variant, for strength
//! measurements (docs/strength.md). Output lines follow cutechess-cli's. In a variant of more
//! than two players (trichess) the first player takes one seat and the second all the others,
//! the first moving round every seat (selfplay/multi.rs).

use super::CliError;
use crate::registry::{
    with_multi_variant, with_searchable_variant, MultiVisitor, SearchVisitor, MULTI_NAMES,
};
use crate::search::multi::{Algorithm, MultiSearchable};
use crate::search::{Limits, Searchable};
use crate::selfplay::multi::{seat_name, LoneMatch, LoneTally};
use crate::selfplay::{play_game, PlayerKind, Tally};
use clap::Args;
use rayon::prelude::*;
use std::time::Duration;

#[derive(Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// Variant to play
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Games to play, rounded up to whole rotations: pairs with colours swapped, or with three
    /// players (trichess) triples with the first player in each seat
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// First player: oneply, depth:D, nodes:N or movetime:MS (in trichess it takes one seat,
    /// round all three in turn)
    #[arg(long, default_value = "nodes:20000")]
    pub first: String,
    /// Second player, in the same form (in trichess it takes the other two seats)
    #[arg(long, default_value = "oneply")]
    pub second: String,
    /// Random plies that open each pair (or triple) of games
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
    /// Search algorithm of a game of three players: brs+ (the default), brs (Best-Reply) or
    /// paranoid
    #[arg(long, value_name = "ALGORITHM")]
    pub tri_search: Option<String>,
    /// Print each game's moves (after its result line), to replay or study it
    #[arg(long)]
    pub moves: bool,
}

impl SelfplayArgs {
    /// With `--moves`, a game's moves on one line of the error stream, below its result.
    fn print_moves<G: crate::game::Game>(&self, record: &crate::record::GameRecord<G>) {
        if self.moves {
            eprintln!("Moves: {}", record.tokens().join(" "));
        }
    }
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
            self.args.print_moves(&record);
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
    if MULTI_NAMES.contains(&args.variant.as_str()) {
        return run_multi(args, first, second);
    }
    if args.tri_search.is_some() {
        return Err(CliError(format!(
            "--tri-search applies to games of three players ({}), not to {}",
            MULTI_NAMES.join(", "),
            crate::errors::quote(&args.variant, 40)
        )));
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

/// Games of more than two players: the first player alone, the second in every other seat.
struct MultiSelfplay {
    args: SelfplayArgs,
    lone: LoneMatch,
}

impl MultiVisitor for MultiSelfplay {
    type Output = (LoneTally, usize);

    fn visit<G: MultiSearchable>(self) -> (LoneTally, usize) {
        let players = G::PLAYERS.max(1);
        let rotations = self.args.games.div_ceil(players as u32);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.args.concurrency.clamp(1, 64))
            .build();
        let play = |game: u32| {
            let (seat, played) = self.lone.play::<G>(game);
            let reason = played
                .outcome
                .map_or("adjudicated: move limit".to_string(), |o| {
                    o.reason().to_string()
                });
            let result = played
                .points
                .iter()
                .map(|p| format!("{p:.2}"))
                .collect::<Vec<_>>()
                .join("-");
            eprintln!(
                "Finished game {} ({} in seat {}): {result} {{{reason}}} after {} plies",
                game + 1,
                self.args.first,
                seat_name(seat),
                played.record.moves().len()
            );
            self.args.print_moves(&played.record);
            (seat, played.points)
        };
        let games = rotations * players as u32;
        let results: Vec<_> = match pool {
            Ok(pool) => pool.install(|| (0..games).into_par_iter().map(play).collect()),
            Err(_) => (0..games).map(play).collect(),
        };
        let mut tally = LoneTally::new(players);
        for (seat, points) in results {
            tally.add(seat, &points);
        }
        (tally, players)
    }
}

fn run_multi(args: SelfplayArgs, first: PlayerKind, second: PlayerKind) -> Result<(), CliError> {
    let algorithm = match &args.tri_search {
        None => Algorithm::DEFAULT,
        Some(name) => Algorithm::from_name(name).ok_or_else(|| {
            CliError(format!(
                "--tri-search '{}': expected {}",
                crate::errors::quote(name, 30),
                Algorithm::ALL.map(Algorithm::name).join(" or ")
            ))
        })?,
    };
    let lone = LoneMatch {
        lone: first,
        field: second,
        algorithm,
        opening_plies: args.opening_plies,
        seed: args.seed,
        max_plies: args.max_plies,
    };
    let (first_name, second_name) = (args.first.clone(), args.second.clone());
    let variant = args.variant.clone();
    let (tally, players) = with_multi_variant(&variant, MultiSelfplay { args, lone })?;
    for line in multi_report(&tally, players, &first_name, &second_name) {
        println!("{line}");
    }
    Ok(())
}

/// The final lines of a multi-player self-play: the first player's points and share, its
/// head-to-head score against the second player's seats (see `LoneTally`) with the Elo it
/// implies, and the second player's points seat by seat.
pub fn multi_report(tally: &LoneTally, players: usize, first: &str, second: &str) -> Vec<String> {
    let games = tally.games();
    let per_game = tally.points_per_game();
    let h2h = tally.head_to_head();
    let field = tally
        .field_points()
        .iter()
        .enumerate()
        .map(|(k, p)| format!("+{}: {p:.2}", k + 1))
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        format!(
            "Points of {first} vs {second} x{}: {:.2} of the {:.2} shared in {games} games \
             [{:.1}%, par {:.1}%]",
            players.saturating_sub(1),
            tally.points(),
            per_game * f64::from(games),
            100.0 * tally.share(),
            100.0 / players.max(1) as f64
        ),
        format!(
            "Head-to-head of {first} vs each {second} seat: {} - {} - {} [{:.1}%] {}",
            h2h.wins,
            h2h.losses,
            h2h.draws,
            100.0 * h2h.ratio(),
            h2h.games()
        ),
        h2h.elo_line(),
        format!("Points of the {second} seats, by turns after {first}'s: {field}"),
    ]
}
