//! One game between engines, refereed by kaleido's own rules: the arbiter keeps the record and
//! the clocks, asks the seat on move for its move, checks it with the variant's parser, and
//! ends the game when the rules say so (mate, stalemate, repetition, the move-count rule, dead
//! material, king capture, trichess's point split). An engine that sends an illegal move,
//! exits, or does not answer in time loses the game, and the reason is kept.

use super::clock::{Clocks, TimeControl};
use super::config::EngineConfig;
use super::engine::{launch, Client, Fault, GameSetup, Reply, Thought, Turn};
use super::openings::Opening;
use crate::game::Game;
use crate::outcome::{EndReason, Outcome};
use crate::record::GameRecord;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Everything one game needs to know.
pub struct GameSpec<'a> {
    pub number: usize,
    /// The engine in each seat (0 = White / player a), and its display name.
    pub seats: Vec<&'a EngineConfig>,
    pub names: Vec<String>,
    pub opening: &'a Opening,
    pub tc: Option<TimeControl>,
    pub margin: Duration,
    /// How long an engine without a clock (fixed depth/nodes) may think before it is taken
    /// to hang.
    pub move_timeout: Duration,
    /// Adjudicate a draw once every player has made this many moves (cutechess's
    /// `-maxmoves`); the opening's moves do not count.
    pub max_moves: Option<u32>,
    pub debug: bool,
    pub stop: Arc<AtomicBool>,
}

/// One ply as the PGN shows it.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move as people write it (SAN where the variant has it).
    pub notation: String,
    /// `N.` or `N...` when the PGN needs a move number before this ply.
    pub number: Option<String>,
    /// Opening moves are marked `{book}`; engine moves carry eval/depth/time.
    pub comment: String,
}

/// How a game ended, for the PGN's Termination tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the variant.
    Normal,
    TimeForfeit,
    /// Illegal move, crash, refused move, failed start.
    RulesInfraction,
    /// Resignation.
    Resigned,
    /// The arbiter's move limit (`--max-moves`).
    Adjudication,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal | Termination::Resigned => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub number: usize,
    pub names: Vec<String>,
    pub start_fen: String,
    pub from_startpos: bool,
    pub moves: Vec<PlayedMove>,
    /// `1-0`, `1/2-1/2`, `4/3-2/3-0`, ...
    pub result: String,
    /// Each seat's points.
    pub points: Vec<f64>,
    pub reason: String,
    pub termination: Termination,
}

pub enum GameEnd {
    Played(Box<GameReport>),
    /// Stopped by Ctrl-C or the end of the match: not scored, not written.
    Aborted,
    /// The match cannot go on (an engine cannot play this variant, a command cannot start).
    Misconfigured(String),
}

/// How seats are called in results: White and Black for two players, player a, b, c for more
/// (the letters of TriFEN).
pub fn seat_label(players: usize, seat: usize) -> String {
    match (players, seat) {
        (2, 0) => "White".into(),
        (2, _) => "Black".into(),
        _ => format!("player {}", (b'a' + seat.min(25) as u8) as char),
    }
}

/// Each seat's points and the result string of an outcome of the rules.
fn score(players: usize, outcome: Outcome) -> (Vec<f64>, String) {
    (outcome.seat_points(players), outcome.result_string())
}

/// The reason in words, cutechess's where it has one (`White mates`, `Draw by stalemate`).
/// `to_move` is the seat on move in the final position (the mated one, at a mate).
fn describe(players: usize, outcome: Outcome, points: &[f64], to_move: usize) -> String {
    match outcome {
        Outcome::Win {
            winner,
            reason: EndReason::Checkmate,
        } => format!("{} mates", seat_label(players, winner.index())),
        Outcome::Win {
            winner,
            reason: EndReason::KingCapture,
        } => format!("{} captures the king", seat_label(players, winner.index())),
        Outcome::Win { winner, reason } => {
            format!("{} wins by {reason}", seat_label(players, winner.index()))
        }
        Outcome::Draw { reason } => format!("Draw by {reason}"),
        Outcome::Points { reason, .. } => {
            let equal = points.windows(2).all(|w| (w[0] - w[1]).abs() < 1e-9);
            match reason {
                _ if equal => format!("Draw by {reason}, points shared equally"),
                EndReason::Checkmate => format!(
                    "{} is mated, points split among the attackers",
                    seat_label(players, to_move)
                ),
                _ => format!("{reason}, points split"),
            }
        }
    }
}

/// Points when `loser` forfeits: nothing for it, the rest shared equally among the others
/// (1 each: a win in a two-player game, trichess's 2 points split in two).
fn forfeit_points(players: usize, loser: usize) -> (Vec<f64>, String) {
    let points: Vec<f64> = (0..players)
        .map(|s| if s == loser { 0.0 } else { 1.0 })
        .collect();
    let result = points
        .iter()
        .map(|p| format!("{p:.0}"))
        .collect::<Vec<_>>()
        .join("-");
    (points, result)
}

/// `{+0.35/12 0.52s}` as cutechess writes it.
fn comment(thought: &Thought, used: Duration) -> String {
    let time = format!("{:.3}s", used.as_secs_f64());
    match (&thought.score, thought.depth) {
        (Some(s), Some(d)) => format!("{s}/{d} {time}"),
        (Some(s), None) => format!("{s} {time}"),
        (None, Some(d)) => format!("depth {d} {time}"),
        (None, None) => time,
    }
}

fn full_move_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// Plays one game of variant G.
pub fn play<G: Game>(spec: &GameSpec) -> GameEnd {
    let players = G::PLAYERS;
    let start = match &spec.opening.fen {
        Some(fen) => match G::from_fen(fen) {
            Ok(p) => p,
            Err(e) => return GameEnd::Misconfigured(format!("opening: {e}")),
        },
        None => G::startpos(),
    };
    let start_fen = start.fen();
    let from_startpos = start_fen == G::startpos().fen();
    let mut record = GameRecord::new(start);
    let mut tokens: Vec<String> = Vec::new();
    let mut moves: Vec<PlayedMove> = Vec::new();
    let mut number = full_move_number(&start_fen);
    // Appends the plies of one turn to the record, the tokens and the PGN moves.
    let mut push = |record: &mut GameRecord<G>,
                    plies: &[G::Move],
                    tokens: &mut Vec<String>,
                    moves: &mut Vec<PlayedMove>,
                    comment: String| {
        for (i, &mv) in plies.iter().enumerate() {
            let pos = record.current();
            let seat = pos.side_to_move().index();
            let turn_start = pos.is_turn_boundary();
            let label = if seat == 0 && turn_start {
                Some(format!("{number}."))
            } else if moves.is_empty() {
                Some(format!("{number}..."))
            } else {
                None
            };
            moves.push(PlayedMove {
                notation: pos.human_notation(mv),
                number: label,
                comment: if i + 1 == plies.len() {
                    comment.clone()
                } else {
                    String::new()
                },
            });
            tokens.push(pos.format_move(mv));
            record.play(mv);
            if record.current().side_to_move().index() == 0 && record.current().is_turn_boundary() {
                number += 1;
            }
        }
    };
    for token in &spec.opening.moves {
        match record.current().parse_turn(token) {
            Ok(plies) => push(&mut record, &plies, &mut tokens, &mut moves, "book".into()),
            Err(e) => return GameEnd::Misconfigured(format!("opening: {e}")),
        }
    }

    // Start every seat's engine; one that cannot start loses the game.
    let mut clients: Vec<Box<dyn Client>> = Vec::new();
    let setup = GameSetup {
        variant: G::NAME,
        start_fen: &start_fen,
        from_startpos,
        players,
        clock: spec.tc.map(|tc| (tc.base, tc.increment)),
    };
    let mut failed: Option<(usize, Fault)> = None;
    for (seat, config) in spec.seats.iter().enumerate() {
        let label = format!("{}({})", spec.names[seat], seat_label(players, seat));
        let mut client = match launch(config, label, spec.debug, spec.stop.clone()) {
            Ok(c) => c,
            Err(e) => return finish_all(clients, GameEnd::Misconfigured(e)),
        };
        if failed.is_none() {
            if let Err(fault) = client.start(&setup) {
                failed = Some((seat, fault));
            }
        }
        clients.push(client);
    }

    let mut clocks = spec.tc.map(|tc| Clocks::new(tc, players, spec.margin));
    // Turns the engines have played (an answer is one turn, whatever its plies).
    let mut engine_turns = 0usize;
    let end: Result<(Vec<f64>, String, String, Termination), GameEnd> = loop {
        if let Some((seat, fault)) = failed.take() {
            break forfeit(players, seat, fault, spec);
        }
        if let Some(outcome) = record.outcome() {
            let (points, result) = score(players, outcome);
            let to_move = record.current().side_to_move().index();
            let reason = describe(players, outcome, &points, to_move);
            break Ok((points, result, reason, Termination::Normal));
        }
        if spec
            .max_moves
            .is_some_and(|n| engine_turns >= n as usize * players)
        {
            let (points, result) = score(players, Outcome::draw(players, EndReason::FiftyMoveRule));
            let reason = format!(
                "Draw by adjudication: {} moves each",
                spec.max_moves.unwrap_or(0)
            );
            break Ok((points, result, reason, Termination::Adjudication));
        }
        let mover = record.current().side_to_move().index();
        let limited = spec.seats[mover].limit.is_set();
        let allowance = match (&clocks, limited) {
            (Some(c), false) => c.allowance(mover),
            _ => spec.move_timeout,
        };
        let sent = Instant::now();
        let turn = Turn {
            start_fen: &start_fen,
            from_startpos,
            moves: &tokens,
            mover,
            clocks: clocks.as_ref().map(|c| (c.left.as_slice(), c.increment)),
            deadline: sent + allowance,
        };
        let reply = match clients[mover].think(&turn) {
            Ok(r) => r,
            Err(fault) => {
                let fault = match fault {
                    // Without a clock, silence past the hang limit is a stall, not a flag.
                    Fault::Timeout if limited || clocks.is_none() => Fault::Hang(allowance),
                    other => other,
                };
                break forfeit(players, mover, fault, spec);
            }
        };
        let (token, at, thought) = match reply {
            Reply::Move { token, at, thought } => (token, at, thought),
            Reply::Resign { .. } => {
                let (points, result) = forfeit_points(players, mover);
                let reason = format!("{} resigns", seat_label(players, mover));
                break Ok((points, result, reason, Termination::Resigned));
            }
        };
        let used = at.saturating_duration_since(sent);
        if let (Some(c), false) = (clocks.as_mut(), limited) {
            if !c.charge(mover, used) {
                break forfeit(players, mover, Fault::Timeout, spec);
            }
        }
        match record.current().parse_turn(&token) {
            Ok(plies) if !plies.is_empty() => {
                engine_turns += 1;
                push(
                    &mut record,
                    &plies,
                    &mut tokens,
                    &mut moves,
                    comment(&thought, used),
                )
            }
            Ok(_) => break illegal(players, mover, &token, "no move".into()),
            Err(e) => break illegal(players, mover, &token, e.message),
        }
    };
    let (points, result, reason, termination) = match end {
        Ok(e) => e,
        Err(other) => return finish_all(clients, other),
    };
    for client in clients.iter_mut() {
        client.finish(&result, &reason);
    }
    GameEnd::Played(Box::new(GameReport {
        number: spec.number,
        names: spec.names.clone(),
        start_fen,
        from_startpos,
        moves,
        result,
        points,
        reason,
        termination,
    }))
}

type Ending = Result<(Vec<f64>, String, String, Termination), GameEnd>;

fn illegal(players: usize, seat: usize, token: &str, why: String) -> Ending {
    let (points, result) = forfeit_points(players, seat);
    let reason = format!(
        "{} makes an illegal move: {} ({why})",
        seat_label(players, seat),
        crate::errors::quote(token, 40)
    );
    Ok((points, result, reason, Termination::RulesInfraction))
}

fn forfeit(players: usize, seat: usize, fault: Fault, spec: &GameSpec) -> Ending {
    let who = seat_label(players, seat);
    let (reason, termination) = match fault {
        Fault::Timeout => (format!("{who} loses on time"), Termination::TimeForfeit),
        Fault::Exited => (format!("{who} disconnects"), Termination::RulesInfraction),
        Fault::Startup(why) => (
            format!("{who} fails to start: {why}"),
            Termination::RulesInfraction,
        ),
        Fault::Refused(why) => (
            format!("{who} refuses the game: {}", crate::errors::quote(&why, 80)),
            Termination::RulesInfraction,
        ),
        Fault::Hang(limit) => (
            format!(
                "{who}'s connection stalls: no move within {} s",
                limit.as_secs()
            ),
            Termination::RulesInfraction,
        ),
        Fault::Unsupported(why) => return Err(GameEnd::Misconfigured(why)),
        Fault::Interrupted => return Err(GameEnd::Aborted),
    };
    let _ = spec;
    let (points, result) = forfeit_points(players, seat);
    Ok((points, result, reason, termination))
}

/// Ends every engine of a game that will not be scored.
fn finish_all(mut clients: Vec<Box<dyn Client>>, end: GameEnd) -> GameEnd {
    for c in clients.iter_mut() {
        c.finish("*", "game abandoned");
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Player;

    #[test]
    fn results_and_reasons() {
        let mate = Outcome::Win {
            winner: Player::BLACK,
            reason: EndReason::Checkmate,
        };
        let (points, result) = score(2, mate);
        assert_eq!(
            (points.as_slice(), result.as_str()),
            (&[0.0, 1.0][..], "0-1")
        );
        assert_eq!(describe(2, mate, &points, 0), "Black mates");
        let draw = Outcome::Draw {
            reason: EndReason::Repetition,
        };
        assert_eq!(
            describe(2, draw, &[0.5, 0.5], 0),
            "Draw by threefold repetition"
        );
        let split = Outcome::split([0, 1, 2], EndReason::Checkmate);
        let (points, result) = score(3, split);
        assert_eq!(result, "0-2/3-4/3");
        assert!((points[2] - 4.0 / 3.0).abs() < 1e-12);
        assert_eq!(
            describe(3, split, &points, 0),
            "player a is mated, points split among the attackers"
        );
        assert_eq!(forfeit_points(3, 1).1, "1-0-1");
        assert_eq!(forfeit_points(2, 0).1, "0-1");
        assert_eq!(
            comment(
                &Thought {
                    score: Some("+0.35".into()),
                    depth: Some(12)
                },
                Duration::from_millis(520)
            ),
            "+0.35/12 0.520s"
        );
    }
}
