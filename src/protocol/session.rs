//! One game being played over a protocol, for whichever variant is selected, whatever its
//! number of players. The protocol loops hold a `Box<dyn Session>`, made once per variant
//! change through the registry (`new_session` and the lists of names at the end), so the
//! variant can change at run time while the search and rules stay monomorphised.

use super::error::{NetworkRefused, PositionError};
use super::options::OptionError;
use crate::errors::MoveError;
use crate::game::{castling_word, written_along, Game, Variant, XboardFacts};
use crate::nnue::{self, EvalChoice, QuantisedNetwork};
use crate::outcome::{EndReason, Outcome};
use crate::record::GameRecord;
use crate::registry::{
    with_default_variant, with_variant, UnknownVariant, VariantVisitor, VARIANT_NAMES,
};
use crate::search::wdl::{wdl_of, Wdl};
use crate::search::{self, Context, Event, Info, Limits, RootMove};
use std::sync::Arc;

/// What a search reports, with the principal variation in the variant's notation.
pub struct Report {
    pub depth: i32,
    pub seldepth: usize,
    /// The side to move's score, in centipawns or as a mate score (`score::uci` writes it).
    pub score: i32,
    pub nodes: u64,
    pub time_ms: u128,
    pub hashfull: usize,
    pub pv: Vec<String>,
    /// Which of the best lines this is, from 1.
    pub multipv: usize,
    /// In games of more than two players, every player's expected points in hundredths at
    /// the end of the principal variation, in seat order (search/shares.rs); empty otherwise.
    pub shares: Vec<i32>,
    /// In two-player games, the win, draw and loss chances of `score` (search/wdl.rs).
    pub wdl: Option<Wdl>,
}

/// The root move a search has started on, in the variant's notation.
pub struct RootMoveReport {
    /// The depth of the iteration searching it.
    pub depth: i32,
    pub token: String,
    /// Its place in the order searched, from 1.
    pub number: usize,
}

/// What a search tells while it runs.
pub enum SearchEvent {
    /// One line of a completed iteration.
    Line(Report),
    /// A root move it starts on, once it has run for `Context::root_moves_after`.
    RootMove(RootMoveReport),
}

/// The outcome of a `go`: the move to play (a whole turn where turns have several plies), or
/// the end of the game when there is none.
pub enum Answer {
    Move(String),
    /// No move: the game is over, with this outcome (a position without moves that the rules
    /// cannot judge counts as drawn).
    GameOver(Outcome),
}

pub trait Session: Send {
    fn variant(&self) -> &'static str;
    /// How many players the variant has.
    fn players(&self) -> usize;
    /// Sets the position: the start or a FEN, then moves in the variant's notation.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError>;
    /// The board as text, the player to move where there are more than two, and the current
    /// position's FEN, for `d`.
    fn describe(&self) -> String;
    fn start_fen(&self) -> String;
    /// Files and ranks of the board, for GUIs that must size it.
    fn board_size(&self) -> (u8, u8);
    /// Searches the current position, over the root moves named in `search_moves` only (all
    /// when it is empty); `on_event` hears each iteration's lines and the root moves searched.
    fn think(
        &self,
        limits: &Limits,
        search_moves: &[String],
        ctx: Context<'_>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> Answer;
    /// Checks that `token` is a legal move (or turn) in the current position.
    fn check_move(&self, token: &str) -> Result<(), MoveError>;
    /// `go perft` lines: `move: count` per root move, blank, `Nodes searched: N`.
    fn perft(&self, depth: u32) -> Vec<String>;
    /// Whose turn it is (0 = White).
    fn side_to_move(&self) -> usize;

    // What a protocol that keeps the game itself (XBoard) needs beyond UCI's `position`.

    /// Plays one token in the variant's notation (a whole turn, or one ply of it) on top of the
    /// current position; on error (with the reason) nothing is played.
    fn play(&mut self, token: &str) -> Result<(), MoveError>;
    /// Takes back the last ply; false when there is none.
    fn undo(&mut self) -> bool;
    /// The end of the game, if the rules (or the repetitions played) have decided it.
    fn outcome(&self) -> Option<Outcome>;
    /// Every legal move of the position, one ply each, in the variant's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// How the variant is offered over XBoard.
    fn xboard(&self) -> XboardFacts;
    /// `token` (a legal move here) as XBoard writes it: castling as `O-O` or `O-O-O` where
    /// the game writes castling king-takes-rook, which is CECP's form for Fischer Random
    /// castling; anything else unchanged.
    fn xboard_move(&self, token: &str) -> String;
    /// The token of the castling that XBoard's `O-O` or `O-O-O` names here (zeros, `+` and
    /// `#` allowed), or why there is none; None when `word` is not a castling word.
    fn castling_word(&self, word: &str) -> Option<Result<String, MoveError>>;
    /// Writes castling king-takes-rook (UCI_Chess960) in this and every later position; refused
    /// when turned on in a game without shuffled starts.
    fn set_chess960(&mut self, on: bool) -> Result<(), OptionError>;
    /// Chooses the evaluation the searches use, and says which it is. When the chosen network
    /// cannot be had, the error says why and the hand-written evaluation judges instead.
    fn set_evaluation(&mut self, choice: &EvalChoice) -> Result<String, NetworkRefused>;
}

pub struct GameSession<G: Variant> {
    record: GameRecord<G>,
    /// UCI_Chess960: castling written king-takes-rook.
    chess960: bool,
    /// The evaluation network; None for the hand-written evaluation.
    network: Option<Arc<QuantisedNetwork>>,
}

impl<G: Variant> GameSession<G> {
    /// A game from the start position, evaluated by the variant's built-in network where it
    /// has one.
    pub fn new() -> Self {
        GameSession {
            record: GameRecord::new(G::startpos()),
            chess960: false,
            network: nnue::built_in::<G>(),
        }
    }
}

impl<G: Variant> Default for GameSession<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// `moves`, played in turn from `pos`, each in the variant's notation.
fn tokens<G: Game>(pos: &G, moves: &[G::Move]) -> Vec<String> {
    written_along(pos, moves, G::format_move)
}

fn event<G: Variant>(pos: &G, event: &Event<G::Move>) -> SearchEvent {
    match event {
        Event::Line(info) => SearchEvent::Line(report(pos, info)),
        &Event::RootMove(RootMove { mv, number, depth }) => SearchEvent::RootMove(RootMoveReport {
            depth,
            token: pos.format_move(mv),
            number,
        }),
    }
}

fn report<G: Variant>(pos: &G, info: &Info<G::Move>) -> Report {
    let pv = tokens(pos, &info.pv);
    Report {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score,
        nodes: info.nodes,
        time_ms: info.time.as_millis(),
        hashfull: info.hashfull,
        pv,
        multipv: info.multipv,
        shares: info.shares.clone(),
        wdl: wdl_of(pos, info.score),
    }
}

impl<G: Variant> Session for GameSession<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        G::PLAYERS
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        self.record = record_from(fen, moves, self.chess960)?;
        Ok(())
    }

    fn describe(&self) -> String {
        let pos = self.record.current();
        let mover = if G::PLAYERS > 2 {
            let player = pos.side_to_move();
            let letter = char::from(b'a' + player.0);
            format!("Player to move: {} ({letter})\n", player.index())
        } else {
            String::new()
        };
        // A Chess960 game also shows its castling rights by file, as Shredder-FEN writes them.
        let shredder = match pos.shredder_fen() {
            Some(fen) if pos.chess960() => format!("\nShredder-FEN: {fen}"),
            _ => String::new(),
        };
        format!(
            "{}\n{mover}Fen: {}{shredder}",
            pos.diagram().trim_end(),
            pos.fen()
        )
    }

    fn start_fen(&self) -> String {
        G::startpos().fen()
    }

    fn board_size(&self) -> (u8, u8) {
        (G::FILES, G::RANKS)
    }

    fn think(
        &self,
        limits: &Limits,
        search_moves: &[String],
        ctx: Context<'_>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> Answer {
        let pos = self.record.current();
        if let Some(outcome) = self.record.outcome() {
            return Answer::GameOver(outcome);
        }
        let history = self.record.hashes_before_current();
        // A turn of several plies (doublemove) is restricted by its first ply.
        let roots: Vec<G::Move> = search_moves
            .iter()
            .filter_map(|token| pos.parse_turn(token).ok()?.first().copied())
            .collect();
        let ctx = Context {
            network: self.network.as_deref(),
            ..ctx
        };
        let thought = search::think(pos, &history, limits, &roots, ctx, &mut |e| {
            on_event(event(pos, e))
        });
        if thought.turn.is_empty() {
            return Answer::GameOver(Outcome::draw(G::PLAYERS, EndReason::NoMoves));
        }
        // A turn of several plies is written as one token, its plies joined by commas.
        Answer::Move(tokens(pos, &thought.turn).join(","))
    }

    fn check_move(&self, token: &str) -> Result<(), MoveError> {
        self.record.current().parse_turn(token).map(|_| ())
    }

    fn perft(&self, depth: u32) -> Vec<String> {
        perft_lines(self.record.current(), depth)
    }

    fn side_to_move(&self) -> usize {
        self.record.current().side_to_move().index()
    }

    fn play(&mut self, token: &str) -> Result<(), MoveError> {
        self.record.play_token(token).map(|_| ())
    }

    fn undo(&mut self) -> bool {
        self.record.undo()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.record.current();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.into_iter().map(|mv| pos.format_move(mv)).collect()
    }

    fn xboard(&self) -> XboardFacts {
        G::XBOARD
    }

    fn xboard_move(&self, token: &str) -> String {
        let pos = self.record.current();
        let castling = pos
            .chess960()
            .then(|| pos.parse_move(token).ok())
            .flatten()
            .and_then(|mv| castling_word(&pos.human_notation(mv)));
        castling.map_or_else(|| token.to_string(), str::to_string)
    }

    fn castling_word(&self, word: &str) -> Option<Result<String, MoveError>> {
        let side = castling_word(word)?;
        let pos = self.record.current();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let found = moves
            .into_iter()
            .find(|&mv| castling_word(&pos.human_notation(mv)) == Some(side));
        Some(found.map(|mv| pos.format_move(mv)).ok_or_else(|| {
            MoveError::illegal(word, format!("no legal castling {side} in this position"))
        }))
    }

    fn set_chess960(&mut self, on: bool) -> Result<(), OptionError> {
        if on && !G::SHUFFLED_STARTS {
            return Err(OptionError::NotInVariant {
                name: super::options::CHESS960.name,
                variant: G::NAME,
            });
        }
        self.chess960 = on;
        // The game so far keeps its moves; only how castling is written changes.
        let moves = self.record.moves().to_vec();
        let mut start = self.record.start().clone();
        start.set_chess960(on);
        let mut record = GameRecord::new(start);
        for mv in moves {
            record.play(mv);
        }
        self.record = record;
        Ok(())
    }

    fn set_evaluation(&mut self, choice: &EvalChoice) -> Result<String, NetworkRefused> {
        let loaded = nnue::load::<G>(choice);
        self.network = loaded.clone().unwrap_or(None);
        loaded
            .map(|net| nnue::describe(net.as_deref(), choice))
            .map_err(NetworkRefused)
    }
}

/// A game record from the start position or `fen`, then `moves` in the variant's notation;
/// an error names the FEN field or the move (`move 2: ...`) at fault.
pub(super) fn record_from<G: Game>(
    fen: Option<&str>,
    moves: &[&str],
    chess960: bool,
) -> Result<GameRecord<G>, PositionError> {
    let mut start = match fen {
        Some(fen) => G::from_fen(fen)?,
        None => G::startpos(),
    };
    start.set_chess960(chess960);
    let mut record = GameRecord::new(start);
    for (i, token) in moves.iter().enumerate() {
        record
            .play_token(token)
            .map_err(|error| PositionError::Move {
                number: i + 1,
                error,
            })?;
    }
    Ok(record)
}

/// `go perft` lines: `move: count` per root move (sorted), blank, `Nodes searched: N`.
pub(super) fn perft_lines<G: Game>(pos: &G, depth: u32) -> Vec<String> {
    let counts = crate::perft::divide(pos, depth.max(1), 1);
    let mut lines: Vec<String> = counts
        .iter()
        .map(|&(mv, n)| format!("{}: {}", pos.format_move(mv), n))
        .collect();
    lines.sort();
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|c| c.1).sum()
    };
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
}

/// Makes a session for a variant by name.
struct NewSession;

impl VariantVisitor for NewSession {
    type Output = Box<dyn Session>;
    fn visit<G: Variant>(self) -> Box<dyn Session> {
        Box::new(GameSession::<G>::new())
    }
}

/// Every variant a session can be made for, in the order they are listed to users.
pub fn playable_names() -> impl Iterator<Item = &'static str> {
    VARIANT_NAMES.iter().copied()
}

/// A fresh session (start position) of the variant called `name`.
pub fn new_session(name: &str) -> Result<Box<dyn Session>, UnknownVariant> {
    with_variant(name, NewSession)
}

/// The registry's default variant (the first listed).
pub fn default_variant() -> &'static str {
    VARIANT_NAMES.first().copied().unwrap_or_default()
}

/// A fresh session of the registry's default variant.
pub fn default_session() -> Box<dyn Session> {
    with_default_variant(NewSession)
}

/// The variants of more than two players (for the `tri` dialect), in the registry's order.
pub fn multi_player_names() -> Vec<&'static str> {
    playable_names()
        .filter(|name| new_session(name).is_ok_and(|s| s.players() > 2))
        .collect()
}

/// A fresh session of the first variant of more than two players, or of the default variant
/// when the registry had none.
pub fn default_multi_session() -> Box<dyn Session> {
    multi_player_names()
        .first()
        .and_then(|name| new_session(name).ok())
        .unwrap_or_else(default_session)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    /// The Italian game with both kings free to castle short.
    const ITALIAN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 6 5";

    #[test]
    fn xboard_writes_castling_o_o_only_where_chess960_writes_it_king_takes_rook() {
        let mut session = GameSession::<Chess>::new();
        session.set_position(Some(ITALIAN), &[]).unwrap();
        assert_eq!(session.xboard_move("e1g1"), "e1g1");
        assert_eq!(session.xboard_move("f3e5"), "f3e5");
        session.set_chess960(true).unwrap();
        assert_eq!(session.xboard_move("e1h1"), "O-O");
        assert_eq!(session.xboard_move("f3e5"), "f3e5");
        // A start whose rooks are off the corners writes king-takes-rook without being asked.
        session.set_chess960(false).unwrap();
        session
            .set_position(Some("4k3/8/8/8/8/8/8/RK5R w KQ - 0 1"), &[])
            .unwrap();
        assert_eq!(session.xboard_move("b1a1"), "O-O-O");
        assert_eq!(session.xboard_move("b1c2"), "b1c2");
    }

    #[test]
    fn castling_words_name_the_legal_castling_in_either_form() {
        let mut session = GameSession::<Chess>::new();
        session.set_position(Some(ITALIAN), &[]).unwrap();
        for word in ["O-O", "0-0", "O-O+"] {
            assert_eq!(session.castling_word(word), Some(Ok("e1g1".to_string())));
        }
        let refused = session.castling_word("O-O-O").unwrap().unwrap_err();
        assert_eq!(refused.token, "O-O-O");
        assert!(
            refused.message.contains("no legal castling O-O-O"),
            "{refused}"
        );
        assert_eq!(session.castling_word("e1g1"), None);
        session.set_chess960(true).unwrap();
        assert_eq!(session.castling_word("O-O"), Some(Ok("e1h1".to_string())));
    }
}
