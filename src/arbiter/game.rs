//! One game between engines, refereed by kaleido's own rules: the arbiter keeps the record and
//! the clocks, asks the seat on move for its move, checks it with the variant's parser (and,
//! over XBoard, against the legal moves' SAN: notation.rs), and ends the game when the rules
//! say so (mate, stalemate, repetition, the move-count rule, dead material, king capture,
//! trichess's point split). An engine that sends an illegal move, exits, or does not answer in
//! time loses the game, and the reason is kept.

use super::adjudication::{Adjudicator, DrawRule, ResignRule, Verdict};
use super::clock::{Clocks, TimeControl};
use super::config::EngineConfig;
use super::engine::{Client, EngineComment, EngineDecision, Fault, GameSetup, ThinkRequest};
use super::launch::launch;
use super::notation::read_turn;
use super::openings::Opening;
use crate::game::{castling_word, Game};
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
    /// Whether the game is played as Chess960 (openings::plays_chess960): castling is then
    /// written king-takes-rook in the game's tokens, UCI engines are put in UCI_Chess960 mode
    /// and XBoard engines are sent `O-O`.
    pub chess960: bool,
    /// The control each seat plays to; None for a seat with a fixed depth or node count.
    pub controls: Vec<Option<TimeControl>>,
    pub margin: Duration,
    /// How long an engine without a clock (fixed depth/nodes) may think before it is taken
    /// to hang.
    pub move_timeout: Duration,
    /// Adjudicate a draw once every player has made this many moves (cutechess's
    /// `-maxmoves`); the opening's moves do not count.
    pub max_moves: Option<u32>,
    /// Adjudication by the engines' scores (`--draw`, `--resign`).
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
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
    /// The arbiter's move limit (`--max-moves`), or the engines' scores (`--draw`,
    /// `--resign`).
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
    /// Played as Chess960 (the PGN's Variant tag says so where the game's shuffled form has a
    /// name of its own).
    pub chess960: bool,
    /// The position the game ended in (`--epd-out`).
    pub end_fen: String,
    /// One PGN move per turn (a turn of several plies is one move, its plies joined by commas).
    pub moves: Vec<PlayedMove>,
    /// Plies played, the opening's included (PGN's PlyCount).
    pub plies: usize,
    /// `1-0`, `1/2-1/2`, `4/3-2/3-0`, ...
    pub result: String,
    /// Each seat's points.
    pub points: Vec<f64>,
    pub reason: String,
    pub termination: Termination,
    /// The control each seat played to (the PGN's TimeControl tags).
    pub controls: Vec<Option<TimeControl>>,
    /// The seat whose engine crashed, failed to start or stalled, losing the game: without
    /// `--recover` the match stops after such a game.
    pub broken: Option<usize>,
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
fn comment(thought: &EngineComment, used: Duration) -> String {
    let time = format!("{:.3}s", used.as_secs_f64());
    match (thought.score.as_ref().map(|s| s.display()), thought.depth) {
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

/// The game so far as the arbiter keeps it: the record (which judges the rules), the move
/// tokens engines are sent, and the moves as the PGN writes them.
struct Scoresheet<G: Game> {
    record: GameRecord<G>,
    tokens: Vec<String>,
    /// `tokens` a turn at a time, the plies of a turn joined by commas.
    turns: Vec<String>,
    /// `turns` with a castling turn written `O-O` or `O-O-O`, as CECP writes it from shuffled
    /// starts.
    cecp_turns: Vec<String>,
    moves: Vec<PlayedMove>,
    /// The move number of the next ply of the first seat.
    number: u32,
}

impl<G: Game> Scoresheet<G> {
    fn new(start: G, start_fen: &str) -> Scoresheet<G> {
        Scoresheet {
            record: GameRecord::new(start),
            tokens: Vec::new(),
            turns: Vec::new(),
            cecp_turns: Vec::new(),
            moves: Vec::new(),
            number: full_move_number(start_fen),
        }
    }

    /// Plays `plies`; the last carries `comment` in the PGN. The plies of one turn (doublemove's
    /// two sub-moves) make one PGN move, joined by a comma (`e5,Nc6`), as the rules write it.
    fn push(&mut self, plies: &[G::Move], comment: &str) {
        for (i, &mv) in plies.iter().enumerate() {
            let pos = self.record.current();
            let notation = pos.human_notation(mv);
            let token = pos.format_move(mv);
            let cecp = castling_as_cecp(&token, &notation);
            let last_of_push = i + 1 == plies.len();
            match self.moves.last_mut() {
                // The turn goes on: this ply joins its PGN move.
                Some(turn) if !pos.is_turn_boundary() => {
                    turn.notation = format!("{},{notation}", turn.notation);
                    if last_of_push {
                        turn.comment = comment.to_string();
                    }
                }
                _ => {
                    let seat = pos.side_to_move().index();
                    let label = if seat == 0 && pos.is_turn_boundary() {
                        Some(format!("{}.", self.number))
                    } else if self.moves.is_empty() {
                        Some(format!("{}...", self.number))
                    } else {
                        None
                    };
                    self.moves.push(PlayedMove {
                        notation,
                        number: label,
                        comment: if last_of_push {
                            comment.to_string()
                        } else {
                            String::new()
                        },
                    });
                }
            }
            match (self.turns.last_mut(), self.cecp_turns.last_mut()) {
                // A turn of several plies goes to CECP engines in the variant's own tokens.
                (Some(turn), Some(cecp_turn)) if !pos.is_turn_boundary() => {
                    turn.push(',');
                    turn.push_str(&token);
                    cecp_turn.clone_from(turn);
                }
                _ => {
                    self.turns.push(token.clone());
                    self.cecp_turns.push(cecp);
                }
            }
            self.tokens.push(token);
            self.record.play(mv);
            let next = self.record.current();
            if next.side_to_move().index() == 0 && next.is_turn_boundary() {
                self.number += 1;
            }
        }
    }
}

/// A ply's token as CECP writes it from a shuffled start: castling (the ply whose human
/// notation is `O-O` or `O-O-O`) as that notation, the king's step being no castling where the
/// king may already stand on its castled square; any other ply, and a token that says more
/// than the move (spinchess's castling with a spin), as it is. Turns of several plies are sent
/// in the variant's own tokens (castling king-takes-rook), which engines read leg by leg.
pub fn castling_as_cecp(token: &str, notation: &str) -> String {
    if token.contains(',') {
        return token.to_string();
    }
    castling_word(notation).map_or_else(|| token.to_string(), str::to_string)
}

/// Plays one game of variant G.
pub fn play<G: Game>(spec: &GameSpec) -> GameEnd {
    let mut start = match &spec.opening.fen {
        Some(fen) => match G::from_fen(fen) {
            Ok(p) => p,
            Err(e) => return GameEnd::Misconfigured(format!("opening: {e}")),
        },
        None => G::startpos(),
    };
    // The game's own tokens write castling as the engines of a Chess960 game are sent it.
    start.set_chess960(spec.chess960);
    let chess960 = start.chess960();
    let start_fen = start.fen();
    let from_startpos = start_fen == G::startpos().fen();
    let mut sheet = Scoresheet::new(start, &start_fen);
    for token in &spec.opening.moves {
        match sheet.record.current().parse_turn(token) {
            Ok(plies) => sheet.push(&plies, "book"),
            Err(e) => return GameEnd::Misconfigured(format!("opening: {e}")),
        }
    }
    let setup = GameSetup {
        variant: G::NAME,
        shuffled_variant: G::XBOARD.shuffled_name,
        start_fen: &start_fen,
        from_startpos,
        chess960,
        players: G::PLAYERS,
        control: None,
    };
    let (mut clients, failed) = match start_engines(spec, &setup) {
        Ok(started) => started,
        Err(end) => return end,
    };
    let Decided {
        points,
        result,
        reason,
        termination,
        broken,
    } = match referee(spec, &setup, &mut sheet, &mut clients, failed) {
        Ok(end) => end,
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
        chess960,
        end_fen: sheet.record.current().fen(),
        plies: sheet.tokens.len(),
        moves: sheet.moves,
        result,
        points,
        reason,
        termination,
        controls: spec.controls.clone(),
        broken,
    }))
}

/// The engines of a game, one per seat, and the first seat whose engine failed to start the
/// game (it loses the game).
type Started = (Vec<Box<dyn Client>>, Option<(usize, Fault)>);

/// Starts every seat's engine. One that cannot be launched ends the game unplayed.
fn start_engines(spec: &GameSpec, setup: &GameSetup) -> Result<Started, GameEnd> {
    let players = setup.players;
    let mut clients: Vec<Box<dyn Client>> = Vec::new();
    let mut failed = None;
    for (seat, config) in spec.seats.iter().enumerate() {
        let label = format!("{}({})", spec.names[seat], seat_label(players, seat));
        let mut client = match launch(config, label, spec.debug, spec.stop.clone()) {
            Ok(c) => c,
            Err(e) => return Err(finish_all(clients, GameEnd::Misconfigured(e.to_string()))),
        };
        if failed.is_none() {
            let setup = GameSetup {
                control: spec.controls[seat],
                ..*setup
            };
            if let Err(fault) = client.start(&setup) {
                failed = Some((seat, fault));
            }
        }
        clients.push(client);
    }
    Ok((clients, failed))
}

/// Asks the seat on move for its turn, again and again, until the game ends: by the rules,
/// by the arbiter's move limit or the engines' scores, or by an engine's fault.
fn referee<G: Game>(
    spec: &GameSpec,
    setup: &GameSetup,
    sheet: &mut Scoresheet<G>,
    clients: &mut [Box<dyn Client>],
    mut failed: Option<(usize, Fault)>,
) -> Ending {
    let players = G::PLAYERS;
    let mut clocks = Clocks::new(&spec.controls, spec.margin);
    // Turns the engines have played (an answer is one turn, whatever its plies).
    let mut engine_turns = 0usize;
    let mut adjudicator = Adjudicator::new(spec.draw, spec.resign, players);
    let mut verdict = None;
    loop {
        if let Some((seat, fault)) = failed.take() {
            return forfeit(players, seat, fault);
        }
        // The rules first: a move that mates is not adjudicated.
        if let Some(end) = rule_end(spec, &sheet.record, engine_turns) {
            return Ok(end);
        }
        if let Some(verdict) = verdict {
            return Ok(adjudged(spec, players, verdict));
        }
        let mover = sheet.record.current().side_to_move().index();
        // An engine with a fixed depth or node count has no clock, only the hang limit.
        let timed = clocks.allowance(mover);
        let allowance = timed.unwrap_or(spec.move_timeout);
        let sent = Instant::now();
        let turn = ThinkRequest {
            start_fen: setup.start_fen,
            from_startpos: setup.from_startpos,
            moves: &sheet.tokens,
            turns: &sheet.turns,
            cecp_turns: &sheet.cecp_turns,
            mover,
            clocks: &clocks,
            deadline: sent + allowance,
        };
        let (token, at, thought) = match clients[mover].think(&turn) {
            Ok(EngineDecision::Move { token, at, thought }) => (token, at, thought),
            Ok(EngineDecision::Resign { .. }) => {
                let (points, result) = forfeit_points(players, mover);
                let reason = format!("{} resigns", seat_label(players, mover));
                return Ok(Decided::new(points, result, reason, Termination::Resigned));
            }
            // Without a clock, silence past the hang limit is a stall, not a flag.
            Err(Fault::Timeout) if timed.is_none() => {
                return forfeit(players, mover, Fault::Hang(allowance))
            }
            Err(fault) => return forfeit(players, mover, fault),
        };
        let used = at.saturating_duration_since(sent);
        if !clocks.charge(mover, used) {
            return forfeit(players, mover, Fault::Timeout);
        }
        let notation = clients[mover].move_notation();
        match read_turn(sheet.record.current(), &token, notation) {
            Ok(plies) if !plies.is_empty() => {
                engine_turns += 1;
                sheet.push(&plies, &comment(&thought, used));
                let reversible = sheet.record.current().reversible_plies() as usize >= plies.len();
                let full_moves = (sheet.moves.len() / players) as u32;
                verdict = adjudicator.hear(mover, thought.score.as_ref(), full_moves, reversible);
            }
            Ok(_) => return illegal(players, mover, &token, "no move".into()),
            Err(e) => return illegal(players, mover, &token, e.message),
        }
    }
}

/// The end the rules (or the arbiter's move limit) give the game now, if any.
fn rule_end<G: Game>(
    spec: &GameSpec,
    record: &GameRecord<G>,
    engine_turns: usize,
) -> Option<Decided> {
    let players = G::PLAYERS;
    if let Some(outcome) = record.outcome() {
        let (points, result) = score(players, outcome);
        let to_move = record.current().side_to_move().index();
        let reason = describe(players, outcome, &points, to_move);
        return Some(Decided::new(points, result, reason, Termination::Normal));
    }
    let limit = spec.max_moves?;
    if engine_turns < limit as usize * players {
        return None;
    }
    let (points, result) = arbiter_draw(players);
    let reason = format!("Draw by adjudication: {limit} moves each");
    Some(Decided::new(
        points,
        result,
        reason,
        Termination::Adjudication,
    ))
}

/// A draw the arbiter declares (a move limit, the engines' scores): the rules' points and
/// result for a draw. The rules have no "adjudicated" reason; the fifty-move rule's draw
/// scores the same as any other.
fn arbiter_draw(players: usize) -> (Vec<f64>, String) {
    score(players, Outcome::draw(players, EndReason::FiftyMoveRule))
}

/// The end the engines' scores gave the game.
fn adjudged(spec: &GameSpec, players: usize, verdict: Verdict) -> Decided {
    match verdict {
        Verdict::Draw => {
            let (points, result) = arbiter_draw(players);
            let rule = spec.draw.expect("a draw verdict comes from a draw rule");
            let reason = format!(
                "Draw by adjudication: every score within {} of level for {} moves",
                rule.score, rule.move_count
            );
            Decided::new(points, result, reason, Termination::Adjudication)
        }
        Verdict::Loss(loser) => {
            let (points, result) = forfeit_points(players, loser);
            let rule = spec
                .resign
                .expect("a loss verdict comes from a resign rule");
            let loser_label = seat_label(players, loser);
            let reason = match players {
                2 => format!(
                    "{} wins by adjudication: {loser_label} scored {} or worse for {} moves",
                    seat_label(players, 1 - loser),
                    -rule.score,
                    rule.move_count
                ),
                _ => format!(
                    "{loser_label} loses by adjudication: scored {} or worse for {} moves",
                    -rule.score, rule.move_count
                ),
            };
            Decided::new(points, result, reason, Termination::Adjudication)
        }
    }
}

/// How the referee ended a game: each seat's points, the result and reason as the PGN writes
/// them, and the seat whose engine broke down, if that ended it.
struct Decided {
    points: Vec<f64>,
    result: String,
    reason: String,
    termination: Termination,
    broken: Option<usize>,
}

impl Decided {
    fn new(points: Vec<f64>, result: String, reason: String, termination: Termination) -> Self {
        Decided {
            points,
            result,
            reason,
            termination,
            broken: None,
        }
    }
}

type Ending = Result<Decided, GameEnd>;

fn illegal(players: usize, seat: usize, token: &str, why: String) -> Ending {
    let (points, result) = forfeit_points(players, seat);
    let reason = format!(
        "{} makes an illegal move: {} ({why})",
        seat_label(players, seat),
        crate::errors::quote(token, 40)
    );
    Ok(Decided::new(
        points,
        result,
        reason,
        Termination::RulesInfraction,
    ))
}

fn forfeit(players: usize, seat: usize, fault: Fault) -> Ending {
    let who = seat_label(players, seat);
    // A crash, a failed start or a stall means the engine process is no longer fit to play;
    // a time loss or an illegal move does not.
    let broken = matches!(fault, Fault::Exited | Fault::Startup(_) | Fault::Hang(_));
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
    let (points, result) = forfeit_points(players, seat);
    Ok(Decided {
        broken: broken.then_some(seat),
        ..Decided::new(points, result, reason, termination)
    })
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
    fn castling_is_written_as_cecp_writes_it_only_as_a_turn_of_its_own() {
        assert_eq!(castling_as_cecp("b1h1", "O-O"), "O-O");
        assert_eq!(castling_as_cecp("b1a1", "O-O-O+"), "O-O-O");
        assert_eq!(castling_as_cecp("e2e4", "e4"), "e2e4");
        assert_eq!(castling_as_cecp("e1h1,g1cw", "O-O↻"), "e1h1,g1cw");
    }

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
                &EngineComment {
                    score: Some(super::super::adjudication::EngineScore::Centipawns(35)),
                    depth: Some(12)
                },
                Duration::from_millis(520)
            ),
            "+0.35/12 0.520s"
        );
    }
}
