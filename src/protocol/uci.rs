//! The UCI protocol, for every variant the search plays (UCI_Variant). Commands are read on
//! this thread; a search runs on its own, so `isready` and `stop` are answered at once while it
//! thinks. Every answer goes to stdout as one protocol line; nothing else does.

use super::engine::{currmove_line, serve, EngineCore, SearchJob, UciShapedDialect};
use super::error::CommandError;
use super::go::{parse_go, GoRequest, GoWords, SearchRequest};
use super::options::{self, OptionError};
use super::output::Output;
use super::session::{
    default_session, default_variant, new_session, playable_names, Answer, Report, SearchEvent,
    Session,
};
use crate::core::Player;
use crate::errors::quote;
use crate::outcome::Outcome;
use crate::search::multi::result_score;
use crate::search::points::outcome_shares;
use crate::search::{score, Limits};
use std::io::BufRead;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// `Move Overhead`'s default.
fn overhead() -> Duration {
    Duration::from_millis(options::MOVE_OVERHEAD.default as u64)
}

/// What a `go` asks for.
struct Go {
    limits: Limits,
    ponder: bool,
    search_moves: Vec<String>,
}

/// UCI over the shared engine: MultiPV, pondering and the one-`bestmove`-per-`go` rule are its
/// own.
struct Uci {
    engine: EngineCore,
    multi_pv: usize,
    /// `UCI_ShowWDL`.
    show_wdl: bool,
    /// `UCI_Chess960`, kept across variant changes (a game without shuffled starts leaves it
    /// unused).
    chess960: bool,
    /// The limits of a `go ponder`, applied when `ponderhit` arrives.
    pondering: Option<Go>,
    /// Whether the running search may still send its `bestmove` (see `ANSWER_*` below).
    answer: Arc<AtomicU8>,
}

/// A search's answer is still to come and will be sent.
const ANSWER_PENDING: u8 = 0;
/// The search has sent its `bestmove`.
const ANSWER_SENT: u8 = 1;
/// The search's answer is to be dropped: a `ponderhit` turned it into another search, whose
/// answer is the one the GUI waits for (one `go`, one `bestmove`).
const ANSWER_DROPPED: u8 = 2;

/// The score of a finished game for the side to move (`mover`, of `players`): `mate 0` when
/// it is left without points, a share of the points priced as the search prices it, `cp 0`
/// otherwise.
fn final_score(outcome: Outcome, mover: usize, players: usize) -> String {
    let shares = outcome_shares(outcome, players);
    if shares.get(mover).is_some_and(|&s| s == 0) {
        return "mate 0".to_string();
    }
    match outcome {
        Outcome::Points { .. } => {
            let value = result_score(Some(outcome), Player(mover as u8), 0);
            format!("cp {value}")
        }
        _ => "cp 0".to_string(),
    }
}

/// One `info` line of a search's iteration.
fn info_line(r: &Report, show_wdl: bool) -> String {
    let nps = r.nodes as u128 * 1000 / r.time_ms.max(1);
    // Stockfish's place for the chances: right after the score.
    let wdl = match (show_wdl, r.wdl) {
        (true, Some(w)) => format!(" wdl {} {} {}", w.win, w.draw, w.loss),
        _ => String::new(),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        score::uci(r.score),
        wdl,
        r.nodes,
        nps,
        r.hashfull,
        r.time_ms,
        r.pv.join(" ")
    )
}

impl Uci {
    fn new(out: Output) -> Uci {
        Uci {
            engine: EngineCore::new(out, default_session(), overhead()),
            multi_pv: 1,
            show_wdl: options::SHOW_WDL.default,
            chess960: options::CHESS960.default,
            pondering: None,
            answer: Arc::new(AtomicU8::new(ANSWER_SENT)),
        }
    }

    fn send(&self, line: &str) {
        self.engine.send(line);
    }

    fn error(&self, error: impl Into<CommandError>) {
        self.engine.error(error);
    }

    fn session(&self) -> std::sync::MutexGuard<'_, Box<dyn Session>> {
        self.engine.session()
    }

    fn id(&self) {
        self.send(&format!("id name {}", crate::version::engine_name()));
        self.send("id author the kaleido developers");
        let vars: String = playable_names().map(|v| format!(" var {v}")).collect();
        let default = default_variant();
        self.send(&format!(
            "option name UCI_Variant type combo default {default}{vars}"
        ));
        self.send(&options::HASH.uci_line());
        self.send(&options::THREADS.uci_line());
        self.send(&options::MULTI_PV.uci_line());
        self.send(&options::MOVE_OVERHEAD.uci_line());
        self.send(&options::PONDER.uci_line());
        self.send(&options::LIMIT_STRENGTH.uci_line());
        self.send(&options::UCI_ELO.uci_line());
        self.send(&options::SKILL_LEVEL.uci_line());
        self.send(&options::ANALYSE_MODE.uci_line());
        self.send(&options::SHOW_WDL.uci_line());
        self.send(&options::CHESS960.uci_line());
        self.send(&options::tri_search::uci_line());
        self.send(&options::USE_NNUE.uci_line());
        self.send(&options::eval_file::uci_line());
        for t in options::tunables::offered() {
            self.send(&options::tunables::uci_line(t));
        }
        self.send("uciok");
    }

    fn set_option(&mut self, args: &str) {
        let (name, value) = match options::name_value(args) {
            Ok(option) => option,
            Err(e) => return self.error(e),
        };
        let name = name.to_ascii_lowercase();
        if let Some(set) = self.engine.set_shared_option(&name, value) {
            return set.unwrap_or_else(|e| self.error(e));
        }
        let set = match name.as_str() {
            "uci_variant" => self.set_variant(value),
            "multipv" => options::MULTI_PV
                .parse(value)
                .map(|n| self.multi_pv = n)
                .map_err(CommandError::from),
            "uci_showwdl" => options::SHOW_WDL
                .parse(value)
                .map(|on| self.show_wdl = on)
                .map_err(CommandError::from),
            "uci_chess960" => options::CHESS960
                .parse(value)
                .and_then(|on| {
                    self.session().set_chess960(on)?;
                    self.chess960 = on;
                    Ok(())
                })
                .map_err(CommandError::from),
            "ponder" => Ok(()),
            _ => Err(OptionError::Unknown(quote(&name, 40)).into()),
        };
        if let Err(e) = set {
            self.error(e);
        }
    }

    /// `UCI_Variant`: a fresh game of the variant, told to the GUI with its board's size.
    fn set_variant(&mut self, value: &str) -> Result<(), CommandError> {
        let mut session = new_session(value)?;
        // Kept on for a later game with shuffled starts; this one has none to write.
        let _ = session.set_chess960(self.chess960);
        let start = session.start_fen();
        let (files, ranks) = session.board_size();
        let evaluation = self.engine.replace_session(session);
        self.send(&format!(
            "info string variant {value} files {files} ranks {ranks} startpos {start}"
        ));
        Ok(evaluation?)
    }

    /// A `go` of the shared reading (protocol/go.rs), with UCI's options added and its
    /// `searchmoves` checked against the position.
    fn search_request(&self, request: SearchRequest) -> Result<Go, CommandError> {
        let limits = Limits {
            overhead: self.engine.overhead,
            multi_pv: self.multi_pv,
            ..request.limits
        };
        let search_moves = match request.search_moves {
            None => Vec::new(),
            Some(moves) => {
                let session = self.session();
                for token in &moves {
                    session
                        .check_move(token)
                        .map_err(CommandError::SearchMove)?;
                }
                moves
            }
        };
        Ok(Go {
            limits,
            ponder: request.ponder,
            search_moves,
        })
    }

    fn go(&mut self, args: &str) {
        self.engine.wait_search();
        self.pondering = None;
        let mover = self.session().side_to_move();
        let go = match parse_go(args, GoWords::Uci, mover) {
            Ok(GoRequest::Perft(depth)) => return self.engine.perft(depth),
            Ok(GoRequest::Search(request)) => self.search_request(request),
            Err(e) => Err(e.into()),
        };
        let go = match go {
            Ok(go) => go,
            Err(e) => return self.error(e),
        };
        if go.ponder {
            let infinite = Limits {
                infinite: true,
                multi_pv: go.limits.multi_pv,
                ..Limits::default()
            };
            self.start(infinite, go.search_moves.clone());
            self.pondering = Some(go);
        } else {
            self.start(go.limits, go.search_moves);
        }
    }

    /// `ponderhit`: the ponder search becomes a normal one.
    fn ponderhit(&mut self) {
        if let Some(go) = self.pondering.take() {
            // The ponder search becomes a normal one: stop it with its bestmove
            // dropped, and think again with the real limits (the table remembers). A
            // ponder search that has already answered (the game was over) is left be:
            // a second bestmove would answer a `go` the GUI never sent.
            let dropped = self.answer.compare_exchange(
                ANSWER_PENDING,
                ANSWER_DROPPED,
                Ordering::AcqRel,
                Ordering::Acquire,
            );
            if dropped.is_ok() {
                self.engine.stop_search();
                self.start(go.limits, go.search_moves);
            }
        }
    }

    fn start(&mut self, limits: Limits, search_moves: Vec<String>) {
        // A `go` with no limit at all (bare `go`) is as open-ended as `go infinite`: nothing
        // but a `stop` would end it, so a new position or the end of input must stop it.
        self.answer = Arc::new(AtomicU8::new(ANSWER_PENDING));
        let answer = self.answer.clone();
        let show_wdl = self.show_wdl;
        self.engine
            .start(limits.is_open_ended(), move |session, job: SearchJob| {
                let out = &job.out;
                let mut on_event = |event: SearchEvent| match event {
                    SearchEvent::Line(r) => out.send(&info_line(&r, show_wdl)),
                    SearchEvent::RootMove(root) => out.send(&currmove_line(&root)),
                };
                let result = session.think(&limits, &search_moves, job.context(), &mut on_event);
                let claimed = answer.compare_exchange(
                    ANSWER_PENDING,
                    ANSWER_SENT,
                    Ordering::AcqRel,
                    Ordering::Acquire,
                );
                if claimed.is_err() {
                    return;
                }
                match result {
                    Answer::Move(token) => out.send(&format!("bestmove {token}")),
                    Answer::GameOver(outcome) => {
                        let score = final_score(outcome, session.side_to_move(), session.players());
                        out.send(&format!("info depth 0 score {score}"));
                        out.send("bestmove (none)");
                    }
                }
            });
    }
}

impl UciShapedDialect for Uci {
    const HANDSHAKE: &'static str = "uci";
    fn engine(&mut self) -> &mut EngineCore {
        &mut self.engine
    }
    fn greet(&mut self) {
        self.id();
    }
    fn set_option(&mut self, args: &str) {
        Uci::set_option(self, args);
    }
    fn own_command(&mut self, cmd: &str, args: &str) -> bool {
        match cmd {
            "ucinewgame" => self.engine.new_game(),
            "go" => self.go(args),
            "stop" => {
                self.pondering = None;
                self.engine.stop_search();
            }
            "ponderhit" => self.ponderhit(),
            "d" => {
                self.engine.wait_search();
                let description = self.session().describe();
                let variant = self.engine.variant();
                self.engine
                    .info_lines(&format!("variant {variant}\n{description}"));
            }
            _ => return false,
        }
        true
    }
}

/// The UCI loop over `input`, after its first `uci` line; returns at `quit` or end of input.
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    serve(input, Uci::new(out));
}
