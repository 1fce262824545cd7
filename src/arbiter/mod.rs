//! `kaleido match`: kaleido as arbiter of engine matches in every variant. No tournament
//! manager knows these rules, so kaleido referees itself: engines.ini (config.rs) names the
//! engines; each game (game.rs) starts one process per seat (process.rs) and speaks its
//! protocol (engine.rs, uci_client.rs, xboard_client.rs, tri_client.rs) under the arbiter's
//! clocks (clock.rs), from seeded or listed openings (openings.rs); games are written to PGN
//! as they finish (pgn.rs) and tallied as cutechess-cli does (crate::stats, sprt.rs).
//!
//! Games run on a pool of `concurrency` threads; all printing happens on the calling thread,
//! which hears of games through a channel, so output lines never interleave.

pub mod clock;
pub mod config;
pub mod engine;
pub mod game;
pub mod openings;
pub mod pgn;
mod process;
mod progress;
pub mod sprt;
pub mod tri_client;
pub mod uci_client;
pub mod xboard_client;

use crate::game::Game;
use crate::registry::{with_variant, VariantVisitor};
use crate::stats::{Score, Table};
use clock::TimeControl;
use config::EngineConfig;
use game::{GameEnd, GameReport, GameSpec};
use openings::{Opening, OpeningLine};
use sprt::{Sprt, Verdict};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Every game from the variant's start position.
    Start,
    /// Lines of an openings file, in order, starting over at the end.
    File(Vec<OpeningLine>),
    /// This many random plies, drawn from the seed and the opening's number.
    Random(usize),
}

/// A match as `kaleido match` describes it.
pub struct MatchSettings {
    pub variant: String,
    /// One entry per participant, in `--engines` order (a name may repeat).
    pub engines: Vec<EngineConfig>,
    /// Display names, distinct (a repeated engine gets `#2`, `#3`).
    pub names: Vec<String>,
    pub games: usize,
    pub tc: Option<TimeControl>,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub seed: u64,
    /// How far past zero a clock may go before the flag falls.
    pub margin: Duration,
    /// The hang limit for engines playing without a clock.
    pub move_timeout: Duration,
    /// Adjudicate a draw after this many moves by each player.
    pub max_moves: Option<u32>,
    /// Engine traffic and stderr on our stderr.
    pub debug: bool,
    pub event: String,
    /// Set by Ctrl-C (or a test) to stop the match; games in progress are abandoned.
    pub stop: Arc<AtomicBool>,
}

/// What a match produced.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub played: usize,
    pub aborted: usize,
    /// Two-player matches: the first engine's score against the second.
    pub score: Score,
    /// Every engine's points.
    pub points: Vec<f64>,
    pub interrupted: bool,
    pub sprt: Option<String>,
}

/// The seat orders a match cycles through: every engine in every seat (both colours for two
/// players, all six seatings for three).
pub fn seatings(players: usize) -> Vec<Vec<usize>> {
    fn permute(prefix: &mut Vec<usize>, rest: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            prefix.push(x);
            permute(prefix, rest, out);
            prefix.pop();
            rest.insert(i, x);
        }
    }
    let mut out = Vec::new();
    permute(&mut Vec::new(), &mut (0..players).collect(), &mut out);
    out
}

/// Runs a match and prints its progress on stdout in cutechess-cli's words.
pub fn run(settings: MatchSettings) -> Result<MatchSummary, String> {
    let variant = settings.variant.clone();
    with_variant(&variant, Runner(settings)).map_err(|e| e.to_string())?
}

struct Runner(MatchSettings);

enum Event {
    Started(usize, Vec<String>),
    Finished(usize, GameEnd),
}

impl VariantVisitor for Runner {
    type Output = Result<MatchSummary, String>;

    fn visit<G: Game>(self) -> Result<MatchSummary, String> {
        let s = self.0;
        let players = G::PLAYERS;
        if s.engines.len() != players {
            return Err(format!(
                "{} is a {players}-player game: give {players} engines (--engines {}), not {}",
                G::NAME,
                (b'A'..b'A' + players as u8)
                    .map(|c| (c as char).to_string())
                    .collect::<Vec<_>>()
                    .join(","),
                s.engines.len()
            ));
        }
        if s.sprt.is_some() && players != 2 {
            return Err(
                "--sprt tests one engine against another: it needs a two-player variant".into(),
            );
        }
        for e in &s.engines {
            if !e.plays(G::NAME) {
                return Err(format!(
                    "engines.ini says {} plays {}, not {}",
                    e.name,
                    e.variants.join(", "),
                    G::NAME
                ));
            }
            if s.tc.is_none() && !e.limit.is_set() {
                return Err(format!(
                    "{} has no depth, nodes or movetime in engines.ini, so the match needs --tc",
                    e.name
                ));
            }
        }
        let file_openings: Vec<Opening> = match &s.openings {
            OpeningSource::File(lines) => {
                if lines.is_empty() {
                    return Err("the openings file has no opening".into());
                }
                lines
                    .iter()
                    .map(openings::check::<G>)
                    .collect::<Result<_, _>>()?
            }
            _ => Vec::new(),
        };
        let cycle = seatings(players);
        let total = s.games.div_ceil(cycle.len()) * cycle.len();
        if total != s.games {
            println!(
                "Note: {} games rounded up to {total} so that every opening is played in all {} seatings",
                s.games,
                cycle.len()
            );
        }
        let opening_for = |g: usize| -> Opening {
            let n = g / cycle.len();
            match &s.openings {
                OpeningSource::Start => Opening::default(),
                OpeningSource::File(_) => file_openings[n % file_openings.len()].clone(),
                OpeningSource::Random(plies) => openings::random::<G>(*plies, s.seed, n as u64),
            }
        };

        let mut pgn_file = match &s.pgn {
            Some(path) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            ),
            None => None,
        };
        let tc_text = s.tc.map_or("-".to_string(), |tc| tc.to_string());
        let date = crate::pgn_text::today();
        let header = pgn::Header {
            event: &s.event,
            date: &date,
            variant: G::NAME,
            time_control: &tc_text,
        };

        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<Event>();
        let mut summary = MatchSummary {
            points: vec![0.0; players],
            ..MatchSummary::default()
        };
        let mut table = Table::new(s.names.clone());
        let progress = progress::Progress::new(total);
        let mut misconfigured: Option<String> = None;
        let mut finished = 0;
        let stdout = std::io::stdout();
        let say = |line: &str| {
            progress.clear();
            let mut out = stdout.lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
            progress.redraw();
        };

        progress.show(0, "games");
        std::thread::scope(|scope| {
            for _ in 0..s.concurrency.clamp(1, 256) {
                let tx = tx.clone();
                let (next, s, cycle, opening_for) = (&next, &s, &cycle, &opening_for);
                scope.spawn(move || loop {
                    if s.stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= total {
                        return;
                    }
                    let seating = &cycle[g % cycle.len()];
                    let names: Vec<String> = seating.iter().map(|&i| s.names[i].clone()).collect();
                    if tx.send(Event::Started(g, names.clone())).is_err() {
                        return;
                    }
                    let opening = opening_for(g);
                    let spec = GameSpec {
                        number: g + 1,
                        seats: seating.iter().map(|&i| &s.engines[i]).collect(),
                        names,
                        opening: &opening,
                        tc: s.tc,
                        margin: s.margin,
                        move_timeout: s.move_timeout,
                        max_moves: s.max_moves,
                        debug: s.debug,
                        stop: s.stop.clone(),
                    };
                    let end = game::play::<G>(&spec);
                    if tx.send(Event::Finished(g, end)).is_err() {
                        return;
                    }
                });
            }
            drop(tx);

            for event in rx {
                match event {
                    Event::Started(g, names) => {
                        say(&format!(
                            "Started game {} of {total} ({})",
                            g + 1,
                            names.join(" vs ")
                        ));
                    }
                    Event::Finished(g, GameEnd::Played(report)) => {
                        finished += 1;
                        summary.played += 1;
                        say(&format!(
                            "Finished game {} ({}): {} {{{}}}",
                            g + 1,
                            report.names.join(" vs "),
                            report.result,
                            report.reason
                        ));
                        if let Some(file) = pgn_file.as_mut() {
                            let text = pgn::write(&report, &header);
                            if let Err(e) =
                                file.write_all(text.as_bytes()).and_then(|_| file.flush())
                            {
                                say(&format!("Warning: cannot write the PGN: {e}"));
                            }
                        }
                        self::tally(&report, &cycle[g % cycle.len()], &mut summary, &mut table);
                        if players == 2 {
                            let sc = summary.score;
                            say(&format!(
                                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
                                s.names[0],
                                s.names[1],
                                sc.wins,
                                sc.losses,
                                sc.draws,
                                sc.ratio(),
                                sc.games()
                            ));
                        }
                        if let Some(sprt) = &s.sprt {
                            let line = sprt.status_line(&summary.score);
                            if sprt.verdict(&summary.score) != Verdict::Continue {
                                say(&line);
                                summary.sprt = Some(line);
                                // The test is decided: no more games; running ones are dropped.
                                s.stop.store(true, Ordering::Relaxed);
                            }
                        }
                        if finished % 10 == 0 && finished < total {
                            report_block(&s, &summary, &table, players, &say);
                        }
                        progress.show(finished, &format!("games, {}", report.result));
                    }
                    Event::Finished(_, GameEnd::Aborted) => summary.aborted += 1,
                    Event::Finished(_, GameEnd::Misconfigured(why)) => {
                        if misconfigured.is_none() {
                            say(&format!("Error: {why}"));
                            misconfigured = Some(why);
                        }
                        s.stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        });
        progress.finish();
        if let Some(why) = misconfigured {
            return Err(why);
        }
        summary.interrupted = summary.sprt.is_none() && summary.played < total;
        report_block(&s, &summary, &table, players, &say);
        if summary.interrupted {
            say(&format!(
                "Match interrupted after {} of {total} games ({} in progress abandoned)",
                summary.played, summary.aborted
            ));
        } else {
            say("Finished match");
        }
        Ok(summary)
    }
}

/// Adds a finished game: `seating[seat]` is the participant in that seat.
fn tally(report: &GameReport, seating: &[usize], summary: &mut MatchSummary, table: &mut Table) {
    let mut engine_points = vec![None; seating.len()];
    for (seat, &who) in seating.iter().enumerate() {
        let p = report.points.get(seat).copied().unwrap_or(0.0);
        summary.points[who] += p;
        engine_points[who] = Some(p);
    }
    if seating.len() == 2 {
        let (a, b) = (
            engine_points[0].unwrap_or(0.0),
            engine_points[1].unwrap_or(0.0),
        );
        if (a - b).abs() < 1e-9 {
            summary.score.draws += 1;
        } else if a > b {
            summary.score.wins += 1;
        } else {
            summary.score.losses += 1;
        }
    }
    table.add(&engine_points);
}

/// The periodic and final statistics block.
fn report_block(
    s: &MatchSettings,
    summary: &MatchSummary,
    table: &Table,
    players: usize,
    say: &impl Fn(&str),
) {
    if players == 2 {
        say(&summary.score.elo_line());
        // A decided test has already said so, right after the deciding game.
        if let (Some(sprt), None) = (&s.sprt, &summary.sprt) {
            say(&sprt.status_line(&summary.score));
        }
    } else {
        for line in table.lines() {
            say(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_cover_every_order() {
        assert_eq!(seatings(2), vec![vec![0, 1], vec![1, 0]]);
        let three = seatings(3);
        assert_eq!(three.len(), 6);
        for seat in 0..3 {
            for engine in 0..3 {
                assert_eq!(three.iter().filter(|s| s[seat] == engine).count(), 2);
            }
        }
    }
}
