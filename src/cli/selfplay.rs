//! `kaleido selfplay`: games between two in-process players of one variant, for strength
//! measurements (docs/strength.md). Output lines follow cutechess-cli's. In a variant of more
//! than two players (trichess) the two players share the seats in every seating in turn, or
//! with `--seatings lone` the first takes one seat and the second all the others
//! (selfplay/seats.rs).

use super::variant_arg::VariantName;
use super::CliError;
use crate::game::Variant;
use crate::registry::{with_variant, VariantVisitor};
use crate::search::multi::Algorithm;
use crate::search::Limits;
use crate::selfplay::seats::{seat_names, SeatTally, SeatedMatch, Seatings};
use crate::selfplay::{play_game, PlayerKind};
use crate::stats::PairedScore;
use clap::Args;
use rayon::prelude::*;
use std::time::Duration;

#[derive(Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// Variant to play
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// Games to play, rounded up to whole rotations: pairs with colours swapped, or with three
    /// players (trichess) one game per seating (6, or 3 with --seatings lone)
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// First player: oneply, depth:D, nodes:N or movetime:MS
    #[arg(long, default_value = "nodes:20000")]
    pub first: String,
    /// Second player, in the same form
    #[arg(long, default_value = "oneply")]
    pub second: String,
    /// Seatings of a game of three players: all (each player alone in each seat and in each
    /// pair of seats, as Schadd & Winands test multi-player searches) or lone (the first
    /// player alone in each seat, the second in the other two)
    #[arg(long, value_name = "SEATINGS")]
    pub seatings: Option<String>,
    /// Random plies that open each rotation of games
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

impl VariantVisitor for Selfplay {
    /// The report's lines.
    type Output = Result<Vec<String>, CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        if G::PLAYERS > 2 {
            return run_multi::<G>(self.args, self.first, self.second);
        }
        for (flag, given) in [
            ("--tri-search", self.args.tri_search.is_some()),
            ("--seatings", self.args.seatings.is_some()),
        ] {
            if given {
                return Err(CliError(format!(
                    "{flag} applies to games of more than two players, not to {}",
                    G::NAME
                )));
            }
        }
        let paired = self.two_players::<G>();
        let score = paired.games;
        // The lines `kaleido match` prints, so that both read alike.
        let mut lines = vec![format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.args.first,
            self.args.second,
            score.wins,
            score.losses,
            score.draws,
            score.ratio(),
            score.games()
        )];
        lines.extend(paired.lines());
        Ok(lines)
    }
}

impl Selfplay {
    /// The first player's score, per game and per pair (the two games of one opening).
    fn two_players<G: Variant>(&self) -> PairedScore {
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
        let mut score = PairedScore::default();
        for (game, result) in scores.into_iter().enumerate() {
            let (mine, theirs) = result.points();
            score.add(game as u64 / 2, mine, theirs);
        }
        score
    }
}

pub fn run(args: SelfplayArgs) -> Result<(), CliError> {
    let first = parse_player(&args.first)?;
    let second = parse_player(&args.second)?;
    if args.games == 0 {
        return Err(CliError("--games must be at least 1".into()));
    }
    let variant = args.variant.clone();
    let lines = with_variant(
        &variant,
        Selfplay {
            args,
            first,
            second,
        },
    )??;
    for line in lines {
        println!("{line}");
    }
    Ok(())
}

/// Games of more than two players: the two players over the seats, in every seating of the
/// rotation.
struct MultiSelfplay {
    args: SelfplayArgs,
    seated: SeatedMatch,
}

impl MultiSelfplay {
    fn play<G: Variant>(self) -> SeatTally {
        let players = G::PLAYERS.max(1);
        let per_rotation = self.seated.rotation_len(players).max(1);
        let games = self.args.games.div_ceil(per_rotation) * per_rotation;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.args.concurrency.clamp(1, 64))
            .build();
        let play = |game: u32| {
            let (mask, played) = self.seated.play::<G>(game);
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
            let seats = seat_names(mask, players);
            let plural = if mask.count_ones() > 1 { "s" } else { "" };
            eprintln!(
                "Finished game {} ({} in seat{plural} {seats}): {result} {{{reason}}} after {} plies",
                game + 1,
                self.args.first,
                played.record.moves().len()
            );
            self.args.print_moves(&played.record);
            (game / per_rotation, mask, played.points)
        };
        let results: Vec<_> = match pool {
            Ok(pool) => pool.install(|| (0..games).into_par_iter().map(play).collect()),
            Err(_) => (0..games).map(play).collect(),
        };
        let mut tally = SeatTally::new(players);
        for (rotation, mask, points) in results {
            tally.add(rotation, mask, &points);
        }
        tally
    }
}

/// The choice a `flag` names (`default` when not given), or an error listing the `names`.
fn named<T>(
    flag: &str,
    given: Option<&str>,
    default: T,
    names: &[&str],
    from_name: impl Fn(&str) -> Option<T>,
) -> Result<T, CliError> {
    let Some(name) = given else {
        return Ok(default);
    };
    from_name(name).ok_or_else(|| {
        CliError(format!(
            "{flag} '{}': expected {}",
            crate::errors::quote(name, 30),
            names.join(" or ")
        ))
    })
}

fn run_multi<G: Variant>(
    args: SelfplayArgs,
    first: PlayerKind,
    second: PlayerKind,
) -> Result<Vec<String>, CliError> {
    let algorithm = named(
        "--tri-search",
        args.tri_search.as_deref(),
        Algorithm::DEFAULT,
        &Algorithm::ALL.map(Algorithm::name),
        Algorithm::from_name,
    )?;
    let seatings = named(
        "--seatings",
        args.seatings.as_deref(),
        Seatings::All,
        &Seatings::NAMES,
        Seatings::from_name,
    )?;
    let seated = SeatedMatch {
        first,
        second,
        seatings,
        algorithm,
        opening_plies: args.opening_plies,
        seed: args.seed,
        max_plies: args.max_plies,
    };
    let (first_name, second_name) = (args.first.clone(), args.second.clone());
    let tally = MultiSelfplay { args, seated }.play::<G>();
    Ok(multi_report(&tally, seatings, &first_name, &second_name))
}

/// The final lines of a multi-player self-play: the first player's points against its share
/// of the seats; the Elo difference (over every seating, from its share of the points, par
/// 50%; over the lone seatings, from its head-to-head score); its head-to-head score against
/// the second player's seats (see `SeatTally`); and that score by how many seats it had.
pub fn multi_report(
    tally: &SeatTally,
    seatings: Seatings,
    first: &str,
    second: &str,
) -> Vec<String> {
    let games = tally.games();
    let players = tally.players().max(1);
    let seats = games as usize * players;
    let shared = tally.points_per_game() * f64::from(games);
    let h2h = tally.head_to_head();
    let by_seats = (1..players)
        .map(|k| (k, tally.head_to_head_with_seats(k)))
        .filter(|(_, s)| s.games() > 0)
        .map(|(k, s)| {
            format!(
                "{k}: {} - {} - {} [{:.1}%]",
                s.wins,
                s.losses,
                s.draws,
                100.0 * s.ratio()
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let elo = match (seatings, tally.points_score()) {
        (Seatings::All, Some((_, elo, margin))) => format!(
            "Elo difference: {:.1} +/- {margin:.1} (from the share of the points in each of {} \
             rotations)",
            elo + 0.0,
            games / Seatings::All.rotation(players).len().max(1) as u32
        ),
        (Seatings::All, None) => {
            "Elo difference: n/a (fewer than two rotations, or all or none of the points)"
                .to_string()
        }
        (Seatings::Lone, _) => h2h.elo_line(),
    };
    vec![
        format!(
            "Points of {first} vs {second}: {:.2} of the {shared:.2} shared in {games} games, \
             {} of the {seats} seats {first}'s [{:.1}%, par {:.1}%]",
            tally.points(),
            tally.seat_games(),
            100.0 * tally.points() / shared.max(1e-12),
            100.0 * f64::from(tally.seat_games()) / seats.max(1) as f64
        ),
        elo,
        format!(
            "Head-to-head of {first} vs {second}: {} - {} - {} [{:.1}%] {}",
            h2h.wins,
            h2h.losses,
            h2h.draws,
            100.0 * h2h.ratio(),
            h2h.games()
        ),
        format!("Head-to-head by seats of {first}: {by_seats}"),
    ]
}
