//! One game on the web board: its record, who sits where, and what kaleido last thought. The
//! server holds tables as `Box<dyn Table>`, made through the registry, so it never names a
//! variant; everything here is generic over `Variant`.

use super::levels;
use super::pgn;
use crate::arbiter::pgn::variant_tag;
use crate::errors::{FenError, MoveError, MoveErrorKind};
use crate::game::{Gesture, Variant};
use crate::outcome::Outcome;
use crate::record::GameRecord;
use crate::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use crate::search::wdl::wdl_of;
use crate::search::Info;
use crate::variants::board8::shuffled::CHESS960_STARTS;
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use thiserror::Error;

/// What a table refuses. `kind` names the refusal for the page's code, so that it can tell a
/// typo (`malformed_move`) from a move the rules forbid (`illegal_move`) without reading the
/// message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    #[error("bad position: {0}")]
    BadPosition(#[from] FenError),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("the game is over ({0})")]
    GameOver(String),
    #[error("kaleido has no move to play here")]
    NoReply,
    #[error("kaleido's move could not be played: {0}")]
    ReplyRefused(Box<TableError>),
    #[error("{variant} has {players} seats, not {given}")]
    Seats {
        variant: &'static str,
        players: usize,
        given: usize,
    },
    #[error("{variant} has no shuffled starts (Chess960); these have: {}", shuffled.join(", "))]
    NoShuffledStarts {
        variant: &'static str,
        /// The variants that have them, for the message.
        shuffled: Vec<&'static str>,
    },
    #[error(
        "no shuffled start {number}: the starts are numbered 0 to {last} (518 is the usual one)"
    )]
    StartOutOfRange { number: i64, last: u16 },
    #[error("a game starts from a FEN or from a shuffled start, not both")]
    FenAndStart,
}

impl TableError {
    pub fn kind(&self) -> &'static str {
        match self {
            TableError::BadPosition(_) => "bad_position",
            TableError::Move(e) => match e.kind {
                MoveErrorKind::Malformed => "malformed_move",
                MoveErrorKind::Illegal => "illegal_move",
            },
            TableError::GameOver(_) => "game_over",
            TableError::NoReply | TableError::ReplyRefused(_) => "engine_move_refused",
            TableError::Seats { .. } => "bad_seats",
            TableError::NoShuffledStarts { .. }
            | TableError::StartOutOfRange { .. }
            | TableError::FenAndStart => "bad_start",
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    Kaleido { level: u8 },
}

/// What kaleido found, in notation, ready to be played on the table it came from.
#[derive(Clone, Debug)]
pub struct EngineReply {
    /// The turn's plies as tokens, each read in the position after the ones before.
    pub tokens: Vec<String>,
    pub report: Value,
}

/// A search to run without holding the table: it owns a copy of the game. It runs until the
/// flag is set or its level's budget is spent, and hands each completed depth, as JSON (see
/// `info_json`), to the callback.
pub type Search = Box<dyn FnOnce(&AtomicBool, &mut dyn FnMut(Value)) -> EngineReply + Send>;

pub trait Table: Send {
    fn variant(&self) -> &'static str;
    /// Plies played so far: a search is played only if this has not changed meanwhile.
    fn plies(&self) -> usize;
    fn is_over(&self) -> bool;
    /// The seat to move.
    fn side(&self) -> usize;
    /// Everything the page shows, as JSON.
    fn state(&self) -> Value;
    /// Plays a turn token (one or more plies, see Game::parse_turn) of the side to move.
    fn play(&mut self, token: &str) -> Result<(), TableError>;
    /// Takes back one ply, or with `to_human` back to a human seat's turn start; the number
    /// taken back.
    fn undo(&mut self, to_human: bool) -> usize;
    fn pgn(&self) -> String;
    fn seat_kinds(&self) -> Vec<SeatKind>;
    /// A search of the current position at `level`.
    fn search(&self, level: u8) -> Search;
    /// Plays a search's turn and keeps its report.
    fn play_reply(&mut self, reply: EngineReply) -> Result<(), TableError>;
}

/// Where a game begins: the variant's own start (or a FEN), or a shuffled start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    Usual,
    /// White's and Black's first ranks by their Scharnagl numbers (0 to 959): one number for
    /// both is a Chess960 start, two a double-shuffled one.
    Shuffled {
        white: u16,
        black: u16,
    },
}

impl Start {
    /// How the page and the PGN name a shuffled start (`Chess960 #357`).
    pub fn name(self) -> Option<String> {
        match self {
            Start::Usual => None,
            Start::Shuffled { white, black } if white == black => {
                Some(format!("Chess960 #{white}"))
            }
            Start::Shuffled { white, black } => {
                Some(format!("Double-shuffled: White #{white}, Black #{black}"))
            }
        }
    }
}

pub struct GuiTable<G: Variant> {
    start: G,
    /// Which start it was, for the page (`start.fen()` says where the men stood).
    start_kind: Start,
    record: GameRecord<G>,
    seats: Vec<SeatKind>,
    /// kaleido's last report, shown until the next one.
    report: Option<Value>,
}

impl<G: Variant> GuiTable<G> {
    /// A game from `fen` or a shuffled start (the variant's start when neither is given) with
    /// these seats (missing ones human). A shuffled game writes castling as the king taking its
    /// own rook, as UCI_Chess960 does, in every shuffled start alike (the classical one too).
    pub fn new(
        fen: Option<&str>,
        start_kind: Start,
        seats: &[SeatKind],
    ) -> Result<GuiTable<G>, TableError> {
        let start = match (fen, start_kind) {
            (Some(_), Start::Shuffled { .. }) => return Err(TableError::FenAndStart),
            (Some(fen), Start::Usual) => G::from_fen(fen)?,
            (None, Start::Usual) => G::startpos(),
            (None, Start::Shuffled { white, black }) => {
                let mut start = G::shuffled_start(white, black).ok_or_else(|| {
                    if G::SHUFFLED_STARTS {
                        let number = if white >= CHESS960_STARTS {
                            white
                        } else {
                            black
                        };
                        TableError::StartOutOfRange {
                            number: number.into(),
                            last: CHESS960_STARTS - 1,
                        }
                    } else {
                        TableError::NoShuffledStarts {
                            variant: G::NAME,
                            shuffled: variants_with_shuffled_starts(),
                        }
                    }
                })?;
                start.set_chess960(true);
                start
            }
        };
        let seats = (0..G::PLAYERS)
            .map(|i| seats.get(i).copied().unwrap_or(SeatKind::Human))
            .collect();
        Ok(GuiTable {
            record: GameRecord::new(start.clone()),
            start,
            start_kind,
            seats,
            report: None,
        })
    }

    /// Every ply so far with the position before it, oldest first.
    fn plies_with_positions(&self) -> Vec<(G, G::Move)> {
        let mut pos = self.start.clone();
        self.record
            .moves()
            .iter()
            .map(|&mv| {
                let before = pos.clone();
                pos.play(mv);
                (before, mv)
            })
            .collect()
    }

    fn seat_name(player: usize) -> &'static str {
        G::SEATS.get(player).map_or("?", |s| s.name)
    }

    /// The shuffled start the game began from, with its name; null for the usual start or a
    /// FEN.
    fn start_json(&self) -> Value {
        match self.start_kind {
            Start::Usual => Value::Null,
            Start::Shuffled { white, black } => json!({
                "white": white,
                "black": black,
                "name": self.start_kind.name(),
            }),
        }
    }

    fn outcome_json(outcome: Outcome) -> Value {
        let text = match outcome {
            Outcome::Win { winner, reason } => {
                format!("{} wins: {reason}", Self::seat_name(winner.index()))
            }
            Outcome::Draw { reason } => format!("Draw: {reason}"),
            Outcome::Points { reason, .. } => {
                let result = outcome.result_string();
                let shares: Vec<String> = G::SEATS
                    .iter()
                    .zip(result.split('-'))
                    .map(|(seat, points)| format!("{} {points}", seat.name))
                    .collect();
                format!("Game over, {reason}: {}", shares.join(", "))
            }
        };
        json!({
            "result": outcome.result_string(),
            "reason": outcome.reason().to_string(),
            "text": text,
        })
    }
}

/// The variants that have shuffled starts, by the registry's order.
pub fn variants_with_shuffled_starts() -> Vec<&'static str> {
    struct Shuffles;
    impl VariantVisitor for Shuffles {
        type Output = bool;
        fn visit<G: Variant>(self) -> bool {
            G::SHUFFLED_STARTS
        }
    }
    VARIANT_NAMES
        .iter()
        .copied()
        .filter(|name| with_variant(name, Shuffles).unwrap_or(false))
        .collect()
}

/// A word for the colour the board draws a seat's men in. Trichess's rules give its players no
/// colours, so a page names its seats by the colours it draws (ivory, orange, black).
pub fn colour_name(css: &str) -> Option<&'static str> {
    match css.to_ascii_lowercase().as_str() {
        "#fbfbf8" => Some("ivory"),
        "#d9822b" => Some("orange"),
        "#26221f" => Some("black"),
        _ => None,
    }
}

/// Every legal move of `pos` for the page: its token, its gestures, and the other forms a
/// person may pick it by (`other_gestures`). Another form is kept only where every move its
/// first gesture begins shares the move's own first gesture: a king's step that is both an
/// ordinary move and where castling lands stays the ordinary move, castling then being the
/// king put onto its rook alone.
fn moves_json<G: Variant>(pos: &G, moves: &[G::Move]) -> Vec<Value> {
    let forms: Vec<(Vec<Gesture>, Vec<Vec<Gesture>>)> = moves
        .iter()
        .map(|&mv| (pos.gestures(mv), pos.other_gestures(mv)))
        .collect();
    let unambiguous = |first: &Gesture, own: Option<&Gesture>| {
        forms.iter().all(|(gestures, others)| {
            let begins = gestures.first() == Some(first)
                || others.iter().any(|form| form.first() == Some(first));
            !begins || gestures.first() == own
        })
    };
    moves
        .iter()
        .zip(&forms)
        .map(|(&mv, (gestures, others))| {
            let others: Vec<&Vec<Gesture>> = others
                .iter()
                .filter(|form| {
                    form.first()
                        .is_some_and(|first| unambiguous(first, gestures.first()))
                })
                .collect();
            json!({
                "token": pos.format_move(mv),
                "gestures": gestures,
                "other_gestures": others,
            })
        })
        .collect()
}

/// A principal variation in the variant's human notation, read from `pos`.
fn pv_notation<G: Variant>(pos: &G, pv: &[G::Move]) -> Vec<String> {
    let mut walk = pos.clone();
    pv.iter()
        .map(|&mv| {
            let text = walk.human_notation(mv);
            walk.play(mv);
            text
        })
        .collect()
}

/// One completed depth of a running search, for the page: the score from the mover's view,
/// the principal variation in human notation, and in games of more than two players every
/// player's expected points in hundredths (`shares`, in seat order); in games of two the
/// mover's win, draw and loss chances in per mille (`wdl`).
fn info_json<G: Variant>(pos: &G, info: &Info<G::Move>) -> Value {
    json!({
        "depth": info.depth,
        "seldepth": info.seldepth,
        "score": levels::score_text(info.score),
        "nodes": info.nodes,
        "time_ms": info.time.as_millis() as u64,
        "pv": pv_notation(pos, &info.pv),
        "shares": info.shares,
        "wdl": wdl_json(pos, info.score),
    })
}

/// The mover's win, draw and loss chances at `score` in per mille; null beyond two players.
fn wdl_json<G: Variant>(pos: &G, score: i32) -> Value {
    match wdl_of(pos, score) {
        Some(w) => json!([w.win, w.draw, w.loss]),
        None => Value::Null,
    }
}

fn seat_json(kind: SeatKind) -> Value {
    match kind {
        SeatKind::Human => json!({"kind": "human"}),
        SeatKind::Kaleido { level } => json!({"kind": "kaleido", "level": level}),
    }
}

impl<G: Variant> Table for GuiTable<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn plies(&self) -> usize {
        self.record.moves().len()
    }

    fn is_over(&self) -> bool {
        self.record.outcome().is_some()
    }

    fn side(&self) -> usize {
        self.record.current().side_to_move().index()
    }

    fn state(&self) -> Value {
        let pos = self.record.current();
        let outcome = self.record.outcome();
        let mut moves = Vec::new();
        if outcome.is_none() {
            pos.legal_moves(&mut moves);
        }
        let moves = moves_json(pos, &moves);
        let history: Vec<Value> = self
            .plies_with_positions()
            .into_iter()
            .map(|(before, mv)| {
                json!({
                    "player": before.side_to_move().index(),
                    "token": before.format_move(mv),
                    "san": before.human_notation(mv),
                    "gestures": before.gestures(mv),
                })
            })
            .collect();
        let seats: Vec<Value> = G::SEATS
            .iter()
            .zip(&self.seats)
            .map(|(seat, &kind)| {
                let mut v = seat_json(kind);
                v["name"] = json!(seat.name);
                v["colour"] = json!(seat.colour);
                v["colour_name"] = json!(colour_name(seat.colour));
                v["view_angle"] = json!(seat.view_angle);
                v
            })
            .collect();
        let side = pos.side_to_move().index();
        json!({
            "variant": G::NAME,
            "fen": pos.fen(),
            "start_fen": self.start.fen(),
            "start": self.start_json(),
            "side": side,
            "turn_boundary": pos.is_turn_boundary(),
            "seats": seats,
            "board": G::board_shape(),
            "men": pos.men(),
            "check": pos.kings_in_check(),
            "moves": moves,
            "history": history,
            "outcome": outcome.map(Self::outcome_json),
            "engine": self.report,
        })
    }

    fn play(&mut self, token: &str) -> Result<(), TableError> {
        if let Some(outcome) = self.record.outcome() {
            let text = Self::outcome_json(outcome)["text"]
                .as_str()
                .map(str::to_string);
            return Err(TableError::GameOver(text.unwrap_or_default()));
        }
        self.record.play_token(token)?;
        Ok(())
    }

    fn undo(&mut self, to_human: bool) -> usize {
        // With no person at the table, "back to a person's turn" is one ply.
        let to_human = to_human && self.seats.contains(&SeatKind::Human);
        let mut taken = 0;
        while self.record.undo() {
            taken += 1;
            if !to_human {
                break;
            }
            let pos = self.record.current();
            let human = self.seats.get(pos.side_to_move().index()) == Some(&SeatKind::Human);
            if human && pos.is_turn_boundary() {
                break;
            }
        }
        if taken > 0 {
            self.report = None;
        }
        taken
    }

    fn pgn(&self) -> String {
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|kind| match kind {
                SeatKind::Human => "Human".to_string(),
                SeatKind::Kaleido { level } => format!("kaleido {}", levels::name(*level)),
            })
            .collect();
        let plies: Vec<(usize, String)> = self
            .plies_with_positions()
            .into_iter()
            .map(|(before, mv)| (before.side_to_move().index(), before.human_notation(mv)))
            .collect();
        let start_fen = self.start.fen();
        // A shuffled start is always written out, the classical arrangement too: its castling
        // is Chess960's.
        let shuffled = self.start_kind != Start::Usual;
        let custom_start = shuffled || start_fen != G::startpos().fen();
        pgn::write(&pgn::PgnGame {
            variant: variant_tag::<G>(self.start.chess960()),
            seat_tags: G::SEATS.iter().map(|s| s.pgn_tag).collect(),
            players: names,
            start_fen: custom_start.then_some(start_fen.as_str()),
            plies: &plies,
            result: self.record.outcome().map(|o| o.result_string()),
            date: pgn::today(),
        })
    }

    fn seat_kinds(&self) -> Vec<SeatKind> {
        self.seats.clone()
    }

    fn search(&self, level: u8) -> Search {
        let record = self.record.clone();
        Box::new(move |stop: &AtomicBool, on_info: &mut dyn FnMut(Value)| {
            let started = Instant::now();
            let root = record.current();
            // The last depth's shares stay in the report: the search's answer has none.
            let mut shares = Vec::new();
            let thought = levels::think(&record, level, stop, |info| {
                shares.clone_from(&info.shares);
                on_info(info_json(root, info));
            });
            let mut walk = root.clone();
            let mut tokens = Vec::new();
            for &mv in thought.pv.iter().take(thought.turn.len()) {
                tokens.push(walk.format_move(mv));
                walk.play(mv);
            }
            let pv = pv_notation(root, &thought.pv);
            let report = json!({
                "level": level,
                "score": levels::score_text(thought.score),
                "depth": thought.depth,
                "nodes": thought.nodes,
                "time_ms": started.elapsed().as_millis() as u64,
                "pv": pv,
                "played": pv.iter().take(tokens.len()).collect::<Vec<_>>(),
                "mover": record.current().side_to_move().index(),
                "shares": shares,
                "wdl": wdl_json(root, thought.score),
                "player_scores": thought
                    .player_scores
                    .iter()
                    .map(|&s| levels::score_text(s))
                    .collect::<Vec<_>>(),
            });
            EngineReply { tokens, report }
        })
    }

    fn play_reply(&mut self, reply: EngineReply) -> Result<(), TableError> {
        if reply.tokens.is_empty() {
            return Err(TableError::NoReply);
        }
        let before = self.record.moves().len();
        for token in &reply.tokens {
            if let Err(e) = self.play(token) {
                // Never half a turn: take back what was played of it.
                while self.record.moves().len() > before {
                    self.record.undo();
                }
                return Err(TableError::ReplyRefused(Box::new(e)));
            }
        }
        self.report = Some(reply.report);
        Ok(())
    }
}
