//! The `tri` dialect: UCI's shape for games of three players (trichess). A GUI sends `tri`;
//! the engine names itself and its options and answers `triok`. Clocks and increments come per
//! seat (`go t0 t1 t2 inc0 inc1 inc2`), and every `info` line carries one score per seat: that
//! player's expected points in hundredths (search/points.rs), the real split of the two points
//! once the game is over. Commands are read on this thread and a search runs on its own, so
//! `isready` and `stop` are answered at once while it thinks. See docs/protocol.md.

use super::engine::{currmove_line, serve, EngineCore, SearchJob, UciShapedDialect};
use super::error::CommandError;
use super::go::{parse_go, GoRequest, GoWords};
use super::options::{self, OptionError};
use super::output::Output;
use super::session::{
    default_multi_session, multi_player_names, new_session, Answer, Report, SearchEvent, Session,
};
use crate::errors::quote;
use crate::search::points::outcome_shares;
use crate::search::Limits;
use std::io::BufRead;
use std::sync::MutexGuard;
use std::time::Duration;

/// The tri dialect over the shared engine.
struct Tri {
    engine: EngineCore,
}

/// One `info` line of a search.
fn info_line(r: &Report) -> String {
    let nps = r.nodes as u128 * 1000 / r.time_ms.max(1);
    let scores: Vec<String> = r.shares.iter().map(|s| s.to_string()).collect();
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        r.depth,
        r.seldepth,
        scores.join(" "),
        r.nodes,
        nps,
        r.time_ms
    );
    if !r.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&r.pv.join(" "));
    }
    line
}

impl Tri {
    fn new(out: Output) -> Tri {
        Tri {
            engine: EngineCore::new(
                out,
                default_multi_session(),
                Duration::from_millis(options::MOVE_OVERHEAD.default as u64),
            ),
        }
    }

    fn send(&self, line: &str) {
        self.engine.send(line);
    }

    fn error(&self, error: impl Into<CommandError>) {
        self.engine.error(error);
    }

    fn session(&self) -> MutexGuard<'_, Box<dyn Session>> {
        self.engine.session()
    }

    fn id(&self) {
        self.send(&format!("id name {}", crate::version::engine_name()));
        self.send("id author the kaleido developers");
        let variants: String = multi_player_names()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect();
        let variant = self.engine.variant();
        self.send(&format!(
            "option name Variant type combo default {variant}{variants}"
        ));
        self.send(&options::tri_search::uci_line());
        self.send(&options::HASH.uci_line());
        self.send(&options::THREADS.uci_line());
        self.send(&options::MOVE_OVERHEAD.uci_line());
        self.send(&options::LIMIT_STRENGTH.uci_line());
        self.send(&options::UCI_ELO.uci_line());
        self.send(&options::SKILL_LEVEL.uci_line());
        self.send(&options::ANALYSE_MODE.uci_line());
        self.send(&options::USE_NNUE.uci_line());
        self.send(&options::eval_file::uci_line());
        self.send("triok");
    }

    /// `Variant`: a fresh session of the variant, which must have more than two players.
    fn set_variant(&mut self, value: &str) -> Result<(), CommandError> {
        let session = new_session(value)?;
        if session.players() < 3 {
            return Err(CommandError::TwoPlayers {
                variant: session.variant(),
                offered: multi_player_names().join(", "),
            });
        }
        let evaluation = self.engine.replace_session(session);
        let variant = self.engine.variant();
        self.send(&format!("info string variant {variant}"));
        Ok(evaluation?)
    }

    fn set_option(&mut self, args: &str) {
        let (name, value) = match options::name_value(args) {
            Ok(option) => option,
            Err(e) => return self.error(e),
        };
        let name = name.to_ascii_lowercase();
        // `Threads` is accepted, since GUIs send it to every engine; the search of more than
        // two players runs on one thread.
        let set = match self.engine.set_shared_option(&name, value) {
            Some(set) => set,
            None if name == "variant" => self.set_variant(value),
            None => Err(OptionError::Unknown(quote(&name, 40)).into()),
        };
        if let Err(e) = set {
            self.error(e);
        }
    }

    fn go(&mut self, args: &str) {
        self.engine.wait_search();
        let (mover, players) = {
            let session = self.session();
            (session.side_to_move(), session.players())
        };
        match parse_go(args, GoWords::Tri { players }, mover) {
            Ok(GoRequest::Perft(depth)) => self.engine.perft(depth),
            Ok(GoRequest::Search(request)) => self.start(Limits {
                overhead: self.engine.overhead,
                ..request.limits
            }),
            Err(e) => self.error(e),
        }
    }

    fn start(&mut self, limits: Limits) {
        self.engine
            .start(limits.infinite, move |session, job: SearchJob| {
                let out = &job.out;
                let mut on_event = |event: SearchEvent| match event {
                    SearchEvent::Line(r) => out.send(&info_line(&r)),
                    SearchEvent::RootMove(root) => out.send(&currmove_line(&root)),
                };
                match session.think(&limits, &[], job.context(), &mut on_event) {
                    Answer::Move(token) => out.send(&format!("bestmove {token}")),
                    Answer::GameOver(outcome) => {
                        let scores: Vec<String> = outcome_shares(outcome, session.players())
                            .iter()
                            .map(|s| s.to_string())
                            .collect();
                        out.send(&format!("info depth 0 score {}", scores.join(" ")));
                        out.send(&format!(
                            "info string game over: {} ({})",
                            outcome.result_string(),
                            outcome.reason()
                        ));
                        out.send("bestmove (none)");
                    }
                }
            });
    }
}

impl UciShapedDialect for Tri {
    const HANDSHAKE: &'static str = "tri";
    fn engine(&mut self) -> &mut EngineCore {
        &mut self.engine
    }
    fn greet(&mut self) {
        self.id();
    }
    fn set_option(&mut self, args: &str) {
        Tri::set_option(self, args);
    }
    fn own_command(&mut self, cmd: &str, args: &str) -> bool {
        match cmd {
            "newgame" | "trinewgame" => self.engine.new_game(),
            "go" => self.go(args),
            "stop" => self.engine.stop_search(),
            "d" => {
                self.engine.wait_search();
                let text = format!(
                    "variant {} search {}\n{}",
                    self.engine.variant(),
                    self.engine.algorithm.name(),
                    self.session().describe()
                );
                self.engine.info_lines(&text);
            }
            _ => return false,
        }
        true
    }
}

/// The tri loop over `input`, after its first `tri` line; returns at `quit` or end of input.
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    serve(input, Tri::new(out));
}
