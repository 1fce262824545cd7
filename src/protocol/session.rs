//! One game being played over a protocol, for whichever variant is selected. The protocol
//! loops hold a `Box<dyn Session>`, made once per variant change through the registry, so the
//! variant can change at run time while the search and rules stay monomorphised.

use crate::game::Game;
use crate::outcome::Outcome;
use crate::protocol::xboard::XboardFacts;
use crate::record::GameRecord;
use crate::search::score;
use crate::search::{search, search_among, Info, Limits, Searchable, TranspositionTable};
use std::sync::atomic::AtomicBool;

/// What a search reports, already formatted in the variant's notation.
pub struct Report {
    pub depth: i32,
    pub seldepth: usize,
    pub score: String,
    pub nodes: u64,
    pub time_ms: u128,
    pub hashfull: usize,
    pub pv: Vec<String>,
    /// Which of the best lines this is, from 1.
    pub multipv: usize,
}

/// The outcome of a `go`: the move to play (a whole turn where turns have several plies), or
/// the end of the game when there is none.
pub enum Answer {
    Move(String),
    /// No move: the game is over; the score is `mate 0` for a loss, `cp 0` for a draw.
    GameOver {
        score: String,
    },
}

pub trait Session: Send {
    fn variant(&self) -> &'static str;
    /// Sets the position: the start or a FEN, then moves in the variant's notation.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// The board as text and the current position's FEN, for `d`.
    fn describe(&self) -> String;
    fn start_fen(&self) -> String;
    /// Files and ranks of the board, for GUIs that must size it.
    fn board_size(&self) -> (u8, u8);
    /// Searches the current position, over the root moves named in `search_moves` only (all
    /// when it is empty); `on_info` hears each iteration.
    fn think_among(
        &self,
        limits: &Limits,
        search_moves: &[String],
        tt: &TranspositionTable,
        threads: usize,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(Report),
    ) -> Answer;
    /// Whether `think_among` honours its `search_moves` (UCI refuses `go searchmoves` if not).
    fn restricts_root_moves(&self) -> bool {
        true
    }
    /// Checks that `token` is a legal move (or turn) in the current position.
    fn check_move(&self, token: &str) -> Result<(), String>;
    /// `go perft` lines: `move: count` per root move, blank, `Nodes searched: N`.
    fn perft(&self, depth: u32) -> Vec<String>;
    /// Whose turn it is (0 = White).
    fn side_to_move(&self) -> usize;
    /// The multi-player search's algorithm (a UCI option); variants of two players ignore it.
    fn set_algorithm(&mut self, _algorithm: crate::search::multi::Algorithm) {}

    // What a protocol that keeps the game itself (XBoard) needs beyond UCI's `position`. The
    // defaults say "not supported", so a session written for UCI alone need not implement them.

    /// Plays one token in the variant's notation (a whole turn, or one ply of it) on top of the
    /// current position; on error (with the reason) nothing is played.
    fn play(&mut self, token: &str) -> Result<(), String> {
        let _ = token;
        Err(format!(
            "{} sessions cannot play moves one by one",
            self.variant()
        ))
    }
    /// Takes back the last ply; false when there is none.
    fn undo(&mut self) -> bool {
        false
    }
    /// The end of the game, if the rules (or the repetitions played) have decided it.
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    /// Every legal move of the position, one ply each, in the variant's notation.
    fn legal_moves(&self) -> Vec<String> {
        Vec::new()
    }
    /// How the variant is offered over XBoard.
    fn xboard(&self) -> XboardFacts {
        XboardFacts::NONE
    }
}

pub struct GameSession<G: Searchable> {
    record: GameRecord<G>,
}

impl<G: Searchable> GameSession<G> {
    pub fn new() -> Self {
        GameSession {
            record: GameRecord::new(G::startpos()),
        }
    }
}

impl<G: Searchable> Default for GameSession<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn report<G: Game>(pos: &G, info: &Info<G::Move>) -> Report {
    // The principal variation is written move by move from the root.
    let mut walk = pos.clone();
    let pv = info
        .pv
        .iter()
        .map(|&mv| {
            let token = walk.format_move(mv);
            walk.play(mv);
            token
        })
        .collect();
    Report {
        depth: info.depth,
        seldepth: info.seldepth,
        score: score::uci(info.score),
        nodes: info.nodes,
        time_ms: info.time.as_millis(),
        hashfull: info.hashfull,
        pv,
        multipv: info.multipv,
    }
}

impl<G: Searchable> Session for GameSession<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.record = record_from(fen, moves)?;
        Ok(())
    }

    fn describe(&self) -> String {
        let pos = self.record.current();
        format!("{}\nFen: {}", pos.diagram().trim_end(), pos.fen())
    }

    fn start_fen(&self) -> String {
        G::startpos().fen()
    }

    fn board_size(&self) -> (u8, u8) {
        (G::FILES, G::RANKS)
    }

    fn think_among(
        &self,
        limits: &Limits,
        search_moves: &[String],
        tt: &TranspositionTable,
        threads: usize,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(Report),
    ) -> Answer {
        let pos = self.record.current();
        if let Some(outcome) = self.record.outcome() {
            let lost =
                matches!(outcome, Outcome::Win { winner, .. } if winner != pos.side_to_move());
            return Answer::GameOver {
                score: if lost { "mate 0" } else { "cp 0" }.to_string(),
            };
        }
        let history = self.record.hashes_before_current();
        // A turn of several plies (doublemove) is restricted by its first ply.
        let roots: Vec<G::Move> = search_moves
            .iter()
            .filter_map(|token| pos.parse_turn(token).ok()?.first().copied())
            .collect();
        let result = search_among(pos, &history, limits, &roots, tt, threads, stop, |info| {
            on_info(report(pos, info))
        });
        let Some(best) = result.best else {
            return Answer::GameOver {
                score: "cp 0".to_string(),
            };
        };
        let mut token = pos.format_move(best);
        // Where the same side moves again (doublemove's second sub-move), the answer is the
        // whole turn: the second leg from the principal variation, or a short search for it.
        let mut after = pos.clone();
        after.play(best);
        if after.side_to_move() == pos.side_to_move() && after.rule_outcome().is_none() {
            let second = match result.pv.get(1) {
                Some(&mv) => Some(mv),
                None => {
                    let quick = Limits {
                        depth: Some(2),
                        ..Limits::default()
                    };
                    let no_stop = AtomicBool::new(false);
                    search(&after, &history, &quick, tt, 1, &no_stop, |_| {}).best
                }
            };
            if let Some(mv) = second {
                token = format!("{token},{}", after.format_move(mv));
            }
        }
        Answer::Move(token)
    }

    fn check_move(&self, token: &str) -> Result<(), String> {
        self.record
            .current()
            .parse_turn(token)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn perft(&self, depth: u32) -> Vec<String> {
        perft_lines(self.record.current(), depth)
    }

    fn side_to_move(&self) -> usize {
        self.record.current().side_to_move().index()
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        self.record
            .play_token(token)
            .map(|_| ())
            .map_err(|e| e.message)
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
}

/// A game record from the start position or `fen`, then `moves` in the variant's notation;
/// an error names the FEN field or the move (`move 2: ...`) at fault.
pub(super) fn record_from<G: Game>(
    fen: Option<&str>,
    moves: &[&str],
) -> Result<GameRecord<G>, String> {
    let start = match fen {
        Some(fen) => G::from_fen(fen).map_err(|e| e.to_string())?,
        None => G::startpos(),
    };
    let mut record = GameRecord::new(start);
    for (i, token) in moves.iter().enumerate() {
        record
            .play_token(token)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
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

/// Makes a session for a searchable variant by name.
pub struct NewSession;

impl crate::registry::SearchVisitor for NewSession {
    type Output = Box<dyn Session>;
    fn visit<G: Searchable>(self) -> Box<dyn Session> {
        Box::new(GameSession::<G>::new())
    }
}
