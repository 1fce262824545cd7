//! The searches that run beside the XBoard command loop: thinking on kaleido's move (which plays
//! and sends the move, claims a result, then ponders on the opponent's time when `hard` is on),
//! and analysing. The loop only starts, stops and waits for them (mod.rs).

use super::notation;
use crate::protocol::engine::lock;
use crate::protocol::output::Output;
use crate::protocol::session::{Answer, Report, RootMoveReport, SearchEvent, Session};
use crate::search::level::Level;
use crate::search::{score, Context, Limits, TranspositionTable, ROOT_MOVES_AFTER};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a search thread is doing; a thinking search turns into a ponder search after its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    Thinking,
    Pondering,
    Analysing,
}

/// A search thread's phase, shared with the command loop: it changes on the search's thread.
#[derive(Clone)]
pub(super) struct SharedPhase(Arc<AtomicU8>);

impl SharedPhase {
    pub(super) fn new(phase: Phase) -> SharedPhase {
        SharedPhase(Arc::new(AtomicU8::new(phase as u8)))
    }

    pub(super) fn get(&self) -> Phase {
        match self.0.load(Ordering::Relaxed) {
            0 => Phase::Thinking,
            1 => Phase::Pondering,
            _ => Phase::Analysing,
        }
    }

    pub(super) fn set(&self, phase: Phase) {
        self.0.store(phase as u8, Ordering::Relaxed);
    }
}

/// The progress of the running search, for `.` (`stat01`) and `hint`.
#[derive(Default)]
pub(super) struct Progress {
    pub(super) depth: i32,
    pub(super) nodes: u64,
    /// Legal moves of the analysed position.
    pub(super) moves: usize,
    /// The move to suggest on `hint`.
    pub(super) expected_reply: Option<String>,
    /// The root move being searched, in an iteration deeper than `depth`; None between
    /// iterations.
    pub(super) searching: Option<RootMoveReport>,
}

impl Progress {
    /// What the search has told: a line of a completed iteration, or a root move started.
    fn hear(&mut self, event: &SearchEvent, hint_ply: usize) {
        match event {
            SearchEvent::Line(r) => {
                self.depth = r.depth;
                self.nodes = r.nodes;
                self.expected_reply = r.pv.get(hint_ply).cloned();
                if self.searching.as_ref().is_some_and(|m| m.depth <= r.depth) {
                    self.searching = None;
                }
            }
            SearchEvent::RootMove(root) => {
                self.searching = Some(RootMoveReport {
                    depth: root.depth,
                    token: root.token.clone(),
                    number: root.number,
                })
            }
        }
    }

    /// `.`'s answer after `centiseconds` of analysis: `stat01: time nodes depth mvleft mvtot
    /// mvname` while a root move is searched (its iteration's depth, the moves after it, and
    /// it), else `stat01: time nodes depth 0 mvtot` of the last completed iteration.
    pub(super) fn stat01(&self, centiseconds: u128) -> String {
        let (nodes, total) = (self.nodes, self.moves);
        match &self.searching {
            Some(root) => format!(
                "stat01: {centiseconds} {nodes} {} {} {total} {}",
                root.depth,
                total.saturating_sub(root.number),
                root.token
            ),
            None => format!("stat01: {centiseconds} {nodes} {} 0 {total}", self.depth),
        }
    }
}

/// A search on its own thread.
pub(super) struct Running {
    pub(super) handle: JoinHandle<()>,
    pub(super) phase: SharedPhase,
    /// Stops the thinking (or analysing) search; the move is still played and sent.
    pub(super) stop: Arc<AtomicBool>,
    /// Stops a ponder search.
    pub(super) stop_ponder: Arc<AtomicBool>,
    /// Set before stopping when the search's answer must not be played (`force`, `new`, ...).
    pub(super) discard: Arc<AtomicBool>,
    pub(super) started: Instant,
}

/// What an XBoard search thread works with, cloned from the engine when it starts: the
/// shared session and table, and XBoard's own settings and progress.
pub(super) struct XboardJob {
    pub(super) out: Output,
    pub(super) session: Arc<Mutex<Box<dyn Session>>>,
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) threads: usize,
    /// The strength kaleido plays its moves at (None: full); pondering and analysis are at
    /// full strength (`search::think`).
    pub(super) level: Option<Level>,
    pub(super) post: Arc<AtomicBool>,
    pub(super) ponder: Arc<AtomicBool>,
    pub(super) moves_made: Arc<AtomicU32>,
    pub(super) progress: Arc<Mutex<Progress>>,
    pub(super) phase: SharedPhase,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) stop_ponder: Arc<AtomicBool>,
    pub(super) discard: Arc<AtomicBool>,
}

/// A thinking line, `depth score time nodes pv`.
fn thinking_line(r: &Report) -> String {
    notation::thinking(r.depth, &score::uci(r.score), r.time_ms, r.nodes, &r.pv)
}

impl XboardJob {
    /// Runs a search with thinking output (when `post` is on) and progress for `.`.
    fn search(&self, session: &dyn Session, limits: &Limits, stop: &AtomicBool) -> Answer {
        if let Ok(mut p) = self.progress.lock() {
            p.depth = 0;
            p.nodes = 0;
            p.searching = None;
        }
        // A hint is for the opponent: after kaleido's own move, the reply its search expects;
        // while pondering or analysing, the best move of the side on move.
        let hint_ply = usize::from(self.phase.get() == Phase::Thinking);
        let mut on_event = |event: SearchEvent| {
            if let Ok(mut p) = self.progress.lock() {
                p.hear(&event, hint_ply);
            }
            if let SearchEvent::Line(r) = &event {
                if self.post.load(Ordering::Relaxed) {
                    self.out.send(&thinking_line(r));
                }
            }
        };
        // `.` may ask for the move being analysed at any moment: analysis hears of every root
        // move from the start. Only the progress keeps it, so nothing more is sent.
        let root_moves_after = match self.phase.get() {
            Phase::Analysing => Duration::ZERO,
            Phase::Thinking | Phase::Pondering => ROOT_MOVES_AFTER,
        };
        let ctx = Context {
            threads: self.threads,
            level: self.level,
            root_moves_after,
            ..Context::new(&self.tt, stop)
        };
        session.think(limits, &[], ctx, &mut on_event)
    }

    /// Thinks, plays and sends the move (or the result when there is none), then ponders on
    /// the opponent's time when `hard` is on.
    pub(super) fn think(self, limits: Limits) {
        let mut session = lock(&self.session);
        let answer = self.search(session.as_ref(), &limits, &self.stop);
        if self.discard.load(Ordering::Relaxed) {
            return;
        }
        if let Answer::Move(token) = answer {
            let shown = session.xboard_move(&token);
            if let Err(e) = session.play(&token) {
                // The search's own move should always be legal; say so rather than desync.
                log::error!("kaleido's own move {token} was refused: {e}");
                self.out
                    .send(&format!("Error (internal: own move refused): {token}"));
                return;
            }
            self.moves_made.fetch_add(1, Ordering::Relaxed);
            self.out.send(&format!("move {shown}"));
        }
        if let Some(outcome) = session.outcome() {
            self.out.send(&notation::result(outcome));
            return;
        }
        if self.ponder.load(Ordering::Relaxed) && !self.discard.load(Ordering::Relaxed) {
            self.phase.set(Phase::Pondering);
            self.ponder_on(session.as_ref());
        }
    }

    /// Searches the position with the opponent to move until stopped: the table keeps what it
    /// learns for kaleido's next move.
    pub(super) fn ponder_on(&self, session: &dyn Session) {
        let open = Limits {
            infinite: true,
            ..Limits::default()
        };
        let _ = self.search(session, &open, &self.stop_ponder);
    }

    /// Analyse mode: searches until stopped, with thinking output.
    pub(super) fn analyse(self) {
        let session = lock(&self.session);
        if let Some(outcome) = session.outcome() {
            if self.post.load(Ordering::Relaxed) {
                self.out
                    .send(&format!("0 0 0 0 ({})", notation::result(outcome)));
            }
            return;
        }
        let open = Limits {
            infinite: true,
            ..Limits::default()
        };
        let _ = self.search(session.as_ref(), &open, &self.stop);
    }
}

#[cfg(test)]
mod tests {
    use super::{Phase, SharedPhase};

    #[test]
    fn a_shared_phase_reads_back_what_was_set_on_any_clone() {
        let phase = SharedPhase::new(Phase::Thinking);
        let seen_by_the_loop = phase.clone();
        assert_eq!(seen_by_the_loop.get(), Phase::Thinking);
        for next in [Phase::Pondering, Phase::Analysing, Phase::Thinking] {
            phase.set(next);
            assert_eq!(seen_by_the_loop.get(), next);
        }
    }
}
