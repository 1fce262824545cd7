//! A game of more than two players (trichess) played over a protocol: the three-player search
//! (search/multi.rs) behind the same `Session` the UCI loop uses, plus what the `tri` dialect
//! needs beyond it: every player's score, the final points, a drawing of the board.

use super::session::{perft_lines, record_from, Answer, Report, Session};
use crate::outcome::Outcome;
use crate::record::GameRecord;
use crate::search::multi::{result_score, search_multi, Algorithm, MultiInfo, MultiSearchable};
use crate::search::shares::{expected_shares, outcome_shares};
use crate::search::{score, Limits, TranspositionTable};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What one iteration of a multi-player search reports, formatted for the protocols.
pub struct MultiReport {
    pub depth: i32,
    pub seldepth: usize,
    /// The side to move's score in the search's own unit (centipawns; see search/multi.rs).
    pub score: i32,
    /// Every player's expected points at the end of the principal variation, in hundredths, in
    /// seat order (search/shares.rs).
    pub shares: Vec<i32>,
    pub nodes: u64,
    pub time_ms: u128,
    pub pv: Vec<String>,
}

/// The outcome of a `go` in a multi-player game.
pub enum MultiAnswer {
    Move(String),
    /// The game is over: each player's points in hundredths, the result (`0-1-1`), the reason.
    GameOver {
        shares: Vec<i32>,
        result: String,
        reason: String,
    },
}

/// A session of a multi-player variant, as the `tri` dialect uses it.
pub trait MultiSession: Session {
    fn players(&self) -> usize;
    fn algorithm(&self) -> Algorithm;
    /// Searches the current position with `tt` as the table; `on_info` hears each iteration.
    fn think_multi(
        &self,
        limits: &Limits,
        tt: &TranspositionTable,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(MultiReport),
    ) -> MultiAnswer;
    /// The board drawn as text.
    fn diagram(&self) -> String;
}

pub struct MultiGameSession<G: MultiSearchable> {
    record: GameRecord<G>,
    algorithm: Algorithm,
}

impl<G: MultiSearchable> MultiGameSession<G> {
    pub fn new() -> Self {
        MultiGameSession {
            record: GameRecord::new(G::startpos()),
            algorithm: Algorithm::DEFAULT,
        }
    }

    fn report(pos: &G, info: &MultiInfo<G>) -> MultiReport {
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
        MultiReport {
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score,
            shares: expected_shares(&info.leaf),
            nodes: info.nodes,
            time_ms: info.time.as_millis(),
            pv,
        }
    }

    fn game_over(outcome: Outcome) -> MultiAnswer {
        MultiAnswer::GameOver {
            shares: outcome_shares(outcome, G::PLAYERS),
            result: outcome.result_string(),
            reason: outcome.reason().to_string(),
        }
    }
}

impl<G: MultiSearchable> Default for MultiGameSession<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: MultiSearchable> Session for MultiGameSession<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.record = record_from(fen, moves)?;
        Ok(())
    }

    fn describe(&self) -> String {
        let pos = self.record.current();
        format!("{}Fen: {}", pos.diagram(), pos.fen())
    }

    fn start_fen(&self) -> String {
        G::startpos().fen()
    }

    fn board_size(&self) -> (u8, u8) {
        (G::FILES, G::RANKS)
    }

    /// UCI's view: one score, the side to move's, in centipawns (or mate when the search sees
    /// all the points won); at the end, `mate 0` for a player left without points, `cp 0` for
    /// an equal split, and otherwise the same centipawn mapping of its share the search uses.
    /// `go searchmoves` and MultiPV are two-player search features: the three-player search
    /// always weighs every root move and reports one line (see `restricts_root_moves`).
    fn think_among(
        &self,
        limits: &Limits,
        _search_moves: &[String],
        tt: &TranspositionTable,
        _threads: usize,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(Report),
    ) -> Answer {
        if let Some(outcome) = self.record.outcome() {
            let mover = self.record.current().side_to_move();
            let value = result_score(Some(outcome), mover, 0);
            let lost = outcome_shares(outcome, G::PLAYERS)
                .get(mover.index())
                .is_some_and(|&s| s == 0);
            let score = if lost {
                "mate 0".to_string()
            } else {
                format!("cp {value}")
            };
            return Answer::GameOver { score };
        }
        let answer = self.think_multi(limits, tt, stop, &mut |r: MultiReport| {
            on_info(Report {
                depth: r.depth,
                seldepth: r.seldepth,
                score: score::uci(r.score),
                nodes: r.nodes,
                time_ms: r.time_ms,
                hashfull: tt.hashfull(),
                pv: r.pv,
                multipv: 1,
            })
        });
        match answer {
            MultiAnswer::Move(token) => Answer::Move(token),
            MultiAnswer::GameOver { .. } => Answer::GameOver {
                score: "cp 0".to_string(),
            },
        }
    }

    fn check_move(&self, token: &str) -> Result<(), String> {
        self.record
            .current()
            .parse_turn(token)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn restricts_root_moves(&self) -> bool {
        false
    }

    fn perft(&self, depth: u32) -> Vec<String> {
        perft_lines(self.record.current(), depth)
    }

    fn side_to_move(&self) -> usize {
        self.record.current().side_to_move().index()
    }

    fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.algorithm = algorithm;
    }
}

impl<G: MultiSearchable> MultiSession for MultiGameSession<G> {
    fn players(&self) -> usize {
        G::PLAYERS
    }

    fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    fn think_multi(
        &self,
        limits: &Limits,
        tt: &TranspositionTable,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(MultiReport),
    ) -> MultiAnswer {
        let pos = self.record.current();
        if let Some(outcome) = self.record.outcome() {
            return Self::game_over(outcome);
        }
        let history = self.record.hashes_before_current();
        let result = search_multi(pos, &history, limits, self.algorithm, tt, stop, |info| {
            on_info(Self::report(pos, info))
        });
        // `go infinite` answers only after `stop`, even when the search ran out of depth.
        while limits.infinite && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        match result.best {
            Some(mv) => MultiAnswer::Move(pos.format_move(mv)),
            // Unreachable after the outcome test above (no move means the game is over), but
            // a position the rules cannot judge still gets an answer rather than a panic.
            None => Self::game_over(Outcome::draw(
                G::PLAYERS,
                crate::outcome::EndReason::NoMoves,
            )),
        }
    }

    fn diagram(&self) -> String {
        let pos = self.record.current();
        let mover = pos.side_to_move();
        let letter = char::from(b'a' + mover.0);
        format!(
            "{}Player to move: {} ({letter})\nFen: {}",
            pos.diagram(),
            mover.index(),
            pos.fen()
        )
    }
}

/// Makes a session for a multi-player variant.
pub struct NewMultiSession;

impl crate::registry::MultiVisitor for NewMultiSession {
    type Output = Box<dyn MultiSession>;
    fn visit<G: MultiSearchable>(self) -> Box<dyn MultiSession> {
        Box::new(MultiGameSession::<G>::new())
    }
}
