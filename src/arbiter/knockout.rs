//! A knockout tournament (cutechess's `-tournament knockout`): single elimination in a
//! two-player game. The engines are seeded in the order given and drawn into a bracket
//! (tournament.rs), the best seeds getting the byes; each pair plays `--games` games (every
//! opening with both colours) and the one with more points goes on. A tied pair plays one more
//! opening with both colours, up to `TIE_BREAKS` times; still tied, the better seed goes on.
//! Every stage has openings of its own, and the games are numbered on from the stage before,
//! so the PGN reads as one tournament.

use super::error::MatchError;
use super::report::Reporter;
use super::schedule::Schedule;
use super::tournament::bracket;
use super::{play_all, MatchSettings, MatchSummary};
use crate::game::Game;
use std::sync::atomic::Ordering;

/// Extra game pairs a tied pairing plays before the better seed is sent on.
const TIE_BREAKS: usize = 5;

pub fn run<G: Game>(s: &MatchSettings) -> Result<MatchSummary, MatchError> {
    if G::PLAYERS != 2 {
        return Err(MatchError::KnockoutPlayers {
            variant: G::NAME,
            players: G::PLAYERS,
        });
    }
    for (used, option) in [
        (s.shard.is_some(), "--shard"),
        (s.resume, "--resume"),
        (s.sprt.is_some(), "--sprt"),
        (s.rounds > 1, "--rounds"),
    ] {
        if used {
            return Err(MatchError::KnockoutWith(option));
        }
    }
    let openings = s.games.div_ceil(2);
    // Checks the engines and settings before any game, and sizes the plan: one pairing fewer
    // than engines, tie-breaks aside.
    let first = Schedule::<G>::stage(s, Vec::new(), openings, 0, 0)?;
    let pairings = s.engines.len().saturating_sub(1);
    let planned = pairings * openings * first.seatings.len();
    let mut reporter = Reporter::new::<G>(s, planned, planned)?;
    reporter.say(&format!(
        "Tournament: knockout of {} engines, {} pairing{}, {} games (more if a pairing ties)",
        s.engines.len(),
        pairings,
        if pairings == 1 { "" } else { "s" },
        planned
    ));
    let name = |i: usize| s.names[i].as_str();
    let mut slots = bracket(s.engines.len());
    let (mut first_game, mut first_opening) = (0, 0);
    let mut stage = 1;
    while slots.len() > 1 && !s.stop.load(Ordering::Relaxed) {
        let pairs: Vec<Vec<usize>> = slots
            .chunks(2)
            .filter_map(|pair| match pair {
                [Some(a), Some(b)] => Some(vec![*a, *b]),
                _ => None,
            })
            .collect();
        let byes: Vec<&str> = slots
            .chunks(2)
            .filter_map(|pair| match pair {
                [Some(a), None] | [None, Some(a)] => Some(name(*a)),
                _ => None,
            })
            .collect();
        let shown: Vec<String> = pairs
            .iter()
            .map(|p| format!("{} vs {}", name(p[0]), name(p[1])))
            .collect();
        let mut line = format!("Knockout round {stage}: {}", shown.join(", "));
        if !byes.is_empty() {
            line += &format!(" (a bye for {})", byes.join(", "));
        }
        reporter.say(&line);

        // Each pair's points, [first, second], over its games and tie-breaks.
        let mut points = vec![[0.0f64; 2]; pairs.len()];
        // Pairings still level after every tie-break, sent on by seeding.
        let mut by_seed = vec![false; pairs.len()];
        let mut undecided: Vec<usize> = (0..pairs.len()).collect();
        let mut per_pair = openings;
        let mut tie_breaks = 0;
        while !undecided.is_empty() && !s.stop.load(Ordering::Relaxed) {
            if tie_breaks > TIE_BREAKS {
                for &p in &undecided {
                    reporter.say(&format!(
                        "{} vs {} still tied after {TIE_BREAKS} tie-break pairs: {}, the better seed, goes on",
                        name(pairs[p][0]),
                        name(pairs[p][1]),
                        name(pairs[p][0])
                    ));
                    by_seed[p] = true;
                }
                break;
            }
            let encounters: Vec<Vec<usize>> = undecided.iter().map(|&p| pairs[p].clone()).collect();
            let schedule =
                Schedule::<G>::stage(s, encounters, per_pair, first_game, first_opening)?;
            if tie_breaks > 0 {
                reporter.plan_more(schedule.total);
            }
            let todo: Vec<usize> = schedule.games.clone().collect();
            for game in play_all(s, &schedule, &todo, &mut reporter) {
                let Some(&p) = undecided
                    .iter()
                    .find(|&&p| game.seating.iter().all(|e| pairs[p].contains(e)))
                else {
                    continue;
                };
                for (seat, &engine) in game.seating.iter().enumerate() {
                    let side = usize::from(engine != pairs[p][0]);
                    points[p][side] += game.points[seat];
                }
            }
            first_game += schedule.total;
            first_opening += per_pair;
            undecided.retain(|&p| points[p][0] == points[p][1]);
            if !undecided.is_empty() && !s.stop.load(Ordering::Relaxed) && tie_breaks < TIE_BREAKS {
                let tied: Vec<String> = undecided
                    .iter()
                    .map(|&p| format!("{} vs {}", name(pairs[p][0]), name(pairs[p][1])))
                    .collect();
                reporter.say(&format!(
                    "Tied, one more opening each way: {}",
                    tied.join(", ")
                ));
            }
            tie_breaks += 1;
            per_pair = 1;
        }
        if s.stop.load(Ordering::Relaxed) {
            break;
        }
        let mut winners = pairs
            .iter()
            .zip(&points)
            .zip(&by_seed)
            .map(|((pair, [a, b]), &seed)| {
                let (won, lost, score) = if a > b || seed {
                    (pair[0], pair[1], format!("{a} - {b}"))
                } else {
                    (pair[1], pair[0], format!("{b} - {a}"))
                };
                let how = if seed { " as the better seed" } else { "" };
                reporter.say(&format!("{} beats {} {score}{how}", name(won), name(lost)));
                won
            });
        slots = slots
            .chunks(2)
            .map(|pair| match pair {
                [Some(_), Some(_)] => winners.next(),
                [Some(a), None] | [None, Some(a)] => Some(*a),
                _ => None,
            })
            .collect();
        stage += 1;
    }
    if let [Some(champion)] = slots.as_slice() {
        reporter.say(&format!("Knockout winner: {}", name(*champion)));
    }
    reporter.finish()
}
