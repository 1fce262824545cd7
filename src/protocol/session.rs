//! One game being played over a protocol, for whichever variant is selected. The protocol
//! loops hold a `Box<dyn Session>`, made once per variant change through the registry, so the
//! variant can change at run time while the search and rules stay monomorphised.

use crate::game::Game;
use crate::record::GameRecord;
use crate::search::score;
use crate::search::{search, Info, Limits, Searchable, TranspositionTable};
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
    /// The current position's FEN, for `d`.
    fn describe(&self) -> String;
    fn start_fen(&self) -> String;
    /// Files and ranks of the board, for GUIs that must size it.
    fn board_size(&self) -> (u8, u8);
    /// Searches the current position; `on_info` hears each iteration.
    fn think(
        &self,
        limits: &Limits,
        tt: &TranspositionTable,
        threads: usize,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(Report),
    ) -> Answer;
    /// `go perft` lines: `move: count` per root move, blank, `Nodes searched: N`.
    fn perft(&self, depth: u32) -> Vec<String>;
    /// Whose turn it is (0 = White).
    fn side_to_move(&self) -> usize;
    /// The multi-player search's algorithm (a UCI option); variants of two players ignore it.
    fn set_algorithm(&mut self, _algorithm: crate::search::multi::Algorithm) {}
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
    }
}

impl<G: Searchable> Session for GameSession<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
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
        self.record = record;
        Ok(())
    }

    fn describe(&self) -> String {
        format!("Fen: {}", self.record.current().fen())
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
        tt: &TranspositionTable,
        threads: usize,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(Report),
    ) -> Answer {
        let pos = self.record.current();
        if let Some(outcome) = self.record.outcome() {
            let lost = matches!(outcome, crate::outcome::Outcome::Win { winner, .. } if winner != pos.side_to_move());
            return Answer::GameOver {
                score: if lost { "mate 0" } else { "cp 0" }.to_string(),
            };
        }
        let history = self.record.hashes_before_current();
        let result = search(pos, &history, limits, tt, threads, stop, |info| {
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

    fn perft(&self, depth: u32) -> Vec<String> {
        let pos = self.record.current();
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

    fn side_to_move(&self) -> usize {
        self.record.current().side_to_move().index()
    }
}

/// Makes a session for a searchable variant by name.
pub struct NewSession;

impl crate::registry::SearchVisitor for NewSession {
    type Output = Box<dyn Session>;
    fn visit<G: Searchable>(self) -> Box<dyn Session> {
        Box::new(GameSession::<G>::new())
    }
}
