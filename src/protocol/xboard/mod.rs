//! The XBoard protocol (CECP v2, docs/protocol.md): the GUI keeps the engine informed of every
//! move, and the engine keeps the game, decides when it is on move, answers with `move`, and
//! claims results by rule. Commands are read on this thread; searches run on their own, so
//! `ping`, `?`, `post` and clock updates are handled while kaleido thinks, ponders or
//! analyses. Per-variant facts (XBoard's name, `setup` and `piece` lines) come from
//! `Game::XBOARD` through the session; nothing here names a variant.

mod clock;
mod notation;
mod thinking;

use super::engine;
use super::error::CommandError;
use super::input::{drive, Commands};
use super::options::{self, OptionError};
use super::output::Output;
use super::session::{default_session, new_session, playable_names, Session};
use crate::errors::{quote, MoveError, MoveErrorKind};
use crate::game::{castling_word, Display};
use clock::Clock;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use thinking::{Phase, Progress, Running, SharedPhase, XboardJob};

struct Xboard {
    out: Output,
    /// The session, table and the options UCI and tri share (protocol/engine.rs).
    core: engine::EngineCore,
    clock: Clock,
    /// `force`: play neither side, only keep the game.
    force: bool,
    /// The side kaleido plays when not in force mode (0 = White).
    engine_side: usize,
    post: Arc<AtomicBool>,
    ponder: Arc<AtomicBool>,
    /// `new` says "do not ponder on this move"; the next move lifts it.
    hold_ponder: bool,
    analysing: bool,
    /// False after a `setboard` kaleido could not read: moves are refused until the next
    /// `new`, `variant` or good `setboard` (the spec's advice).
    position_ok: bool,
    /// kaleido's moves this game, for `level` controls with a move count.
    moves_made: Arc<AtomicU32>,
    progress: Arc<Mutex<Progress>>,
    search: Option<Running>,
}

/// A reason that fits between the parentheses of `Error (...)` and `Illegal move (...)`: one
/// short line, its own brackets square so that a GUI finds the closing parenthesis.
fn parenthesised(reason: &str) -> String {
    quote(reason, 120).replace('(', "[").replace(')', "]")
}

impl Xboard {
    fn new(out: Output) -> Xboard {
        Xboard {
            core: engine::EngineCore::new(
                out.clone(),
                default_session(),
                Duration::from_millis(options::XBOARD_MOVE_OVERHEAD.default as u64),
            ),
            out,
            clock: Clock::default(),
            force: false,
            engine_side: 1,
            post: Arc::new(AtomicBool::new(false)),
            ponder: Arc::new(AtomicBool::new(false)),
            hold_ponder: true,
            analysing: false,
            position_ok: true,
            moves_made: Arc::new(AtomicU32::new(0)),
            progress: Arc::new(Mutex::new(Progress::default())),
            search: None,
        }
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// `Error (reason): command`, the spec's answer to anything that cannot be done.
    fn error(&self, reason: &str, command: &str) {
        self.send(&format!(
            "Error ({}): {}",
            parenthesised(reason),
            quote(command, 60)
        ));
    }

    /// A command's error, in the form XBoard acts on: a network that cannot be had is a
    /// `tellusererror` (the user chose it and should see why), anything else `Error (...)`.
    /// Refused moves have their own form (`refuse_move`).
    fn report(&self, error: CommandError, command: &str) {
        match error {
            CommandError::Network(e) => self.send(&format!("tellusererror {e}")),
            e => self.error(&e.to_string(), command),
        }
    }

    /// A move kaleido cannot play: `Illegal move (...)` for a well-formed move the rules
    /// forbid, and for a token that is no move at all, which says so in the reason. Both are
    /// `Illegal move` since that is the answer that makes XBoard take the move back; an
    /// `Error` would leave it on XBoard's board and the two boards apart.
    /// `token` is the move as sent (the error's may be one leg of a turn).
    fn refuse_move(&self, error: &MoveError, token: &str) {
        let reason = match error.kind {
            MoveErrorKind::Illegal => error.message.clone(),
            MoveErrorKind::Malformed => format!("malformed: {}", error.message),
        };
        self.illegal(&reason, token);
    }

    /// `Illegal move (reason): move`.
    fn illegal(&self, reason: &str, token: &str) {
        self.send(&format!(
            "Illegal move ({}): {}",
            parenthesised(reason),
            quote(token, 40)
        ));
    }

    fn session(&self) -> MutexGuard<'_, Box<dyn Session>> {
        self.core.session()
    }

    fn phase(&self) -> Option<Phase> {
        self.search
            .as_ref()
            .filter(|r| !r.handle.is_finished())
            .map(|r| r.phase.get())
    }

    /// Ends any search without playing its answer.
    fn abort(&mut self) {
        if let Some(running) = self.search.take() {
            running.discard.store(true, Ordering::Relaxed);
            running.stop.store(true, Ordering::Relaxed);
            running.stop_ponder.store(true, Ordering::Relaxed);
            let _ = running.handle.join();
        }
    }

    /// Lets a thinking search finish and send its move (the spec's order for `ping` and
    /// anything else that arrives while kaleido is on move); ends pondering and analysis.
    fn settle(&mut self) {
        while self.phase() == Some(Phase::Thinking) {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.abort();
    }

    /// `?`: the thinking search stops and its move is played.
    fn move_now(&mut self) {
        if self.phase() == Some(Phase::Thinking) {
            if let Some(running) = &self.search {
                running.stop.store(true, Ordering::Relaxed);
            }
            self.settle();
        }
    }

    /// Runs `work` on a new search thread in the given phase.
    fn spawn(&mut self, phase: Phase, work: impl FnOnce(XboardJob) + Send + 'static) {
        let stop = Arc::new(AtomicBool::new(false));
        let stop_ponder = Arc::new(AtomicBool::new(false));
        let discard = Arc::new(AtomicBool::new(false));
        let phase = SharedPhase::new(phase);
        let ctx = XboardJob {
            out: self.out.clone(),
            session: self.core.shared_session(),
            tt: self.core.table(),
            threads: self.core.threads,
            level: self.core.level(),
            post: self.post.clone(),
            ponder: self.ponder.clone(),
            moves_made: self.moves_made.clone(),
            progress: self.progress.clone(),
            phase: phase.clone(),
            stop: stop.clone(),
            stop_ponder: stop_ponder.clone(),
            discard: discard.clone(),
        };
        self.search = Some(Running {
            handle: std::thread::spawn(move || work(ctx)),
            phase,
            stop,
            stop_ponder,
            discard,
            started: Instant::now(),
        });
    }

    /// Starts thinking on kaleido's move.
    fn think(&mut self) {
        self.abort();
        if !self.position_ok {
            return self.error("no valid position; send setboard or new", "go");
        }
        let outcome = self.session().outcome();
        if let Some(outcome) = outcome {
            return self.send(&notation::result(outcome));
        }
        self.hold_ponder = false;
        let limits = self
            .clock
            .limits(self.core.overhead, self.moves_made.load(Ordering::Relaxed));
        self.spawn(Phase::Thinking, move |ctx| ctx.think(limits));
    }

    /// After each command: analyse in analyse mode, ponder when it is the opponent's move and
    /// `hard` is on, unless a search already runs.
    fn resume(&mut self) {
        if self.phase().is_some() {
            return;
        }
        if let Some(done) = self.search.take() {
            let _ = done.handle.join();
        }
        if !self.position_ok {
            return;
        }
        if self.analysing {
            let moves = self.session().legal_moves().len();
            if let Ok(mut p) = self.progress.lock() {
                p.moves = moves;
            }
            self.spawn(Phase::Analysing, XboardJob::analyse);
            return;
        }
        let wants_ponder = self.ponder.load(Ordering::Relaxed) && !self.force && !self.hold_ponder;
        if !wants_ponder {
            return;
        }
        let session = self.session();
        if session.side_to_move() == self.engine_side || session.outcome().is_some() {
            return;
        }
        drop(session);
        self.spawn(Phase::Pondering, |ctx| {
            let session = engine::lock(&ctx.session);
            ctx.ponder_on(session.as_ref());
        });
    }

    fn features(&self) {
        self.send("feature done=0");
        let variants: Vec<&str> = playable_names()
            .filter_map(|v| new_session(v).ok())
            .flat_map(|s| [s.xboard().name, s.xboard().shuffled_name])
            .filter(|name| !name.is_empty())
            .collect();
        self.send(&format!(
            "feature myname=\"{}\" ping=1 setboard=1 playother=1 usermove=1 time=1 \
             draw=0 sigint=0 reuse=1 analyze=1 colors=0 name=0 nps=0 memory=1 \
             smp=1 highlight=1 variants=\"{}\"",
            crate::version::engine_name(),
            variants.join(",")
        ));
        self.send(&options::HASH.xboard_line());
        self.send(&options::THREADS.xboard_line());
        self.send(&options::XBOARD_MOVE_OVERHEAD.xboard_line());
        self.send(&options::LIMIT_STRENGTH.xboard_line());
        self.send(&options::UCI_ELO.xboard_line());
        self.send(&options::SKILL_LEVEL.xboard_line());
        self.send(&options::USE_NNUE.xboard_line());
        self.send(&options::eval_file::xboard_line());
        for t in options::tunables::offered() {
            self.send(&options::tunables::xboard_line(t));
        }
        self.send("feature done=1");
    }

    /// `option NAME=VALUE` for the options announced in `features`, read as `setoption`
    /// reads them.
    fn option(&mut self, args: &str, line: &str) {
        let (name, value) = args.split_once('=').unwrap_or((args, ""));
        let name = name.trim();
        // The table and the session's lock are free only once no search runs.
        if [
            options::HASH.name,
            options::USE_NNUE.name,
            options::eval_file::NAME,
        ]
        .contains(&name)
        {
            self.settle();
        }
        let set = match name {
            "Hash" => self.core.set_hash(value).map_err(CommandError::from),
            "Threads" => self.core.set_threads(value).map_err(CommandError::from),
            "Move Overhead" => self.core.set_overhead(value).map_err(CommandError::from),
            "UCI_LimitStrength" => self
                .core
                .set_limit_strength(value)
                .map_err(CommandError::from),
            "UCI_Elo" => self.core.set_elo(value).map_err(CommandError::from),
            "Skill Level" => self.core.set_skill(value).map_err(CommandError::from),
            // A comment line: XBoard shows nothing for a choice that took.
            "Use NNUE" => self
                .core
                .set_use_network(value)
                .map(|in_use| self.comment(&in_use)),
            "EvalFile" => self
                .core
                .set_eval_file(value)
                .map(|in_use| self.comment(&in_use)),
            _ => options::tunables::set(name, value)
                .unwrap_or_else(|| Err(OptionError::Unknown(quote(name, 40))))
                .map_err(CommandError::from),
        };
        if let Err(e) = set {
            self.report(e, line);
        }
    }

    /// `# text`, a line XBoard logs and does not show.
    fn comment(&self, text: &str) {
        self.send(&format!("# {text}"));
    }

    /// `new`: chess from the start, kaleido plays Black, no depth limit, clocks reset.
    fn new_game(&mut self) {
        self.abort();
        if let Err(e) = self.core.replace_session(default_session()) {
            self.send(&format!("tellusererror {e}"));
        }
        self.start_game();
        self.clock.depth = None;
        self.clock.mine = None;
        self.clock.theirs = None;
    }

    fn start_game(&mut self) {
        self.force = false;
        self.engine_side = 1;
        self.hold_ponder = true;
        self.position_ok = true;
        self.moves_made.store(0, Ordering::Relaxed);
    }

    /// `variant NAME`: the session for the variant XBoard calls NAME, and the lines that tell
    /// XBoard about it. A shuffled form's name (`fischerandom`) gives its game with castling
    /// written as Chess960 writes it; XBoard then sends the start with `setboard` (without one
    /// the classical start stands, itself one of the 960).
    fn variant(&mut self, name: &str, line: &str) {
        self.abort();
        let chosen = playable_names()
            .filter_map(|v| new_session(v).ok())
            .find_map(|s| {
                let facts = s.xboard();
                if !facts.offered() {
                    None
                } else if facts.name == name {
                    Some((s, false))
                } else if !facts.shuffled_name.is_empty() && facts.shuffled_name == name {
                    Some((s, true))
                } else {
                    None
                }
            });
        let Some((mut session, shuffled)) = chosen else {
            return self.error("unsupported variant", line);
        };
        if shuffled {
            if let Err(e) = session.set_chess960(true) {
                return self.report(e.into(), line);
            }
        }
        let facts = session.xboard();
        if let Some(setup) = facts.setup {
            let (files, ranks) = session.board_size();
            self.send(&format!(
                "setup ({}) {files}x{ranks}+0_{} {}",
                setup.piece_to_char,
                setup.parent,
                session.start_fen()
            ));
        }
        for piece in facts.pieces {
            self.send(&format!("piece {piece}"));
        }
        if let Display::OwnTokens { reason, example } = facts.display {
            self.send(&format!(
                "tellusererror kaleido plays {name} over XBoard only with its own move tokens \
                 (e.g. {example}): {reason}. A stock XBoard cannot follow this game; use a UCI \
                 GUI or a client that sends and reads these tokens."
            ));
        }
        if let Err(e) = self.core.replace_session(session) {
            self.send(&format!("tellusererror {e}"));
        }
        let (force, side) = (self.force, self.engine_side);
        self.start_game();
        // `variant` comes after `new`; it changes the game, not who plays which side.
        self.force = force;
        self.engine_side = side;
    }

    fn setboard(&mut self, fen: &str, line: &str) {
        self.abort();
        let result = self.session().set_position(Some(fen.trim()), &[]);
        match result {
            Ok(()) => {
                self.position_ok = true;
                self.moves_made.store(0, Ordering::Relaxed);
            }
            Err(e) => {
                self.position_ok = false;
                log::warn!("setboard refused: {e}");
                self.send(&format!(
                    "tellusererror Illegal position: {}",
                    quote(&e.to_string(), 200)
                ));
                let _ = line;
            }
        }
    }

    /// A move from the user or the other engine; then kaleido thinks if it is on move.
    fn user_move(&mut self, token: &str) {
        self.settle();
        if !self.position_ok {
            return self.illegal("no valid position", token);
        }
        // XBoard writes Fischer Random castling as O-O or O-O-O.
        let castling = self.session().castling_word(token);
        let token = match castling {
            Some(Ok(castling)) => castling,
            Some(Err(e)) => return self.refuse_move(&e, token),
            None => token.to_string(),
        };
        let token = token.as_str();
        let mover = self.session().side_to_move();
        let played = self.session().play(token);
        if let Err(e) = played {
            return self.refuse_move(&e, token);
        }
        self.hold_ponder = false;
        if self.force || self.analysing {
            return;
        }
        let (side, outcome) = {
            let s = self.session();
            (s.side_to_move(), s.outcome())
        };
        if let Some(outcome) = outcome {
            return self.send(&notation::result(outcome));
        }
        if side == mover {
            // Part of a turn of several moves (doublemove): in play, where a GUI would now hand
            // the move to kaleido while the same side is still on move, the whole turn must
            // come as one token. Refusing here is where a stock XBoard would desynchronise.
            self.session().undo();
            let example = match self.session().xboard().display {
                Display::OwnTokens { example, .. } => example,
                Display::Full => "leg1,leg2",
            };
            return self.illegal(
                &format!(
                    "the turn goes on after this move; send the whole turn as one token, \
                     e.g. {example}"
                ),
                token,
            );
        }
        if side == self.engine_side {
            self.think();
        }
    }

    fn undo(&mut self, plies: usize, line: &str) {
        self.settle();
        for _ in 0..plies {
            if !self.session().undo() {
                return self.error("no move to take back", line);
            }
        }
        self.position_ok = true;
    }

    /// `lift SQUARE`: highlight where the man there can go (kaleido knows the rules even
    /// where XBoard does not).
    fn lift(&mut self, args: &str, line: &str) {
        let Some(from) = notation::square(args.trim()) else {
            return self.error("not a square", line);
        };
        self.settle();
        let session = self.session();
        let (files, ranks) = session.board_size();
        if from.0 >= files || from.1 >= ranks {
            drop(session);
            return self.error("square off the board", line);
        }
        let targets: Vec<(u8, u8)> = session
            .legal_moves()
            .iter()
            .filter_map(|t| notation::from_to(t))
            .filter(|&(f, _)| f == from)
            .map(|(_, to)| to)
            .collect();
        drop(session);
        self.send(&notation::highlight(files, ranks, &targets, 'Y'));
    }

    /// `.` in analyse mode: `stat01: time nodes ply mvleft mvtot mvname` with the root move
    /// being searched (`Progress::stat01`).
    fn status(&self) {
        let Some(running) = &self.search else { return };
        if self.phase() != Some(Phase::Analysing) {
            return;
        }
        let centiseconds = running.started.elapsed().as_millis() / 10;
        let line = match self.progress.lock() {
            Ok(p) => p.stat01(centiseconds),
            Err(_) => format!("stat01: {centiseconds} 0 0 0 0"),
        };
        self.send(&line);
    }

    /// Whether an unknown word is meant as a move: coordinate-like (`e2e4`, `l12l14q`),
    /// castling (`O-O`), or one of kaleido's own multi-part tokens (`e7e5,b8c6`, `c7cw`).
    fn looks_like_move(word: &str) -> bool {
        notation::from_to(word).is_some()
            || castling_word(word).is_some()
            || (notation::square(word.get(..2).unwrap_or("")).is_some()
                && (word.contains(',') || word.ends_with("cw")))
            || word == "@@@@"
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = args.trim();
        if cmd == "quit" {
            self.abort();
            return false;
        }
        let handled = self.game_command(cmd, args, line)
            || self.clock_command(cmd, args, line)
            || self.thinking_command(cmd, args, line)
            || self.setting_command(cmd, args, line);
        if !handled {
            match cmd {
                "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name"
                | "rating" | "ics" | "draw" | "put" | "hover" => {}
                "edit" => self.error("not supported, kaleido asks for setboard", line),
                "white" | "black" => self.error("obsolete, kaleido asks for colors=0", line),
                other if Xboard::looks_like_move(other) && args.is_empty() => self.user_move(other),
                _ => self.error("unknown command", line),
            }
        }
        self.resume();
        true
    }

    /// The game and who plays it: new games, variants, positions, moves, sides; false when
    /// `cmd` is none of these.
    fn game_command(&mut self, cmd: &str, args: &str, line: &str) -> bool {
        match cmd {
            "new" => self.new_game(),
            "variant" => self.variant(args, line),
            "force" | "result" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.force = false;
                self.analysing = false;
                self.abort();
                let side = self.session().side_to_move();
                self.engine_side = side;
                self.think();
            }
            "playother" => {
                self.abort();
                self.force = false;
                let side = self.session().side_to_move();
                self.engine_side = 1 - side.min(1);
            }
            "usermove" => {
                if args.is_empty() || args.contains(char::is_whitespace) {
                    self.error("usermove needs one move", line);
                } else {
                    self.user_move(args);
                }
            }
            "setboard" => self.setboard(args, line),
            "undo" => self.undo(1, line),
            "remove" => self.undo(2, line),
            _ => return false,
        }
        true
    }

    /// Time controls and clocks; false when `cmd` is none of these.
    fn clock_command(&mut self, cmd: &str, args: &str, line: &str) -> bool {
        let set = match cmd {
            "level" => self.clock.level(args),
            "st" => self.clock.fixed(args),
            "sd" => self.clock.depth(args),
            "time" => Clock::reading(cmd, args).map(|t| self.clock.mine = Some(t)),
            "otim" => Clock::reading(cmd, args).map(|t| self.clock.theirs = Some(t)),
            _ => return false,
        };
        if let Err(e) = set {
            self.error(&e.to_string(), line);
        }
        true
    }

    /// Thinking, pondering, analysis and what they show; false when `cmd` is none of these.
    fn thinking_command(&mut self, cmd: &str, args: &str, line: &str) -> bool {
        match cmd {
            "?" => self.move_now(),
            "ping" => {
                self.settle();
                self.send(&format!("pong {args}"));
            }
            "hard" => self.ponder.store(true, Ordering::Relaxed),
            "easy" => {
                self.ponder.store(false, Ordering::Relaxed);
                if self.phase() == Some(Phase::Pondering) {
                    self.abort();
                }
            }
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "analyze" => {
                self.abort();
                self.analysing = true;
                self.force = true;
            }
            "exit" => {
                if self.analysing {
                    self.abort();
                    self.analysing = false;
                } else {
                    self.error("not analysing", line);
                }
            }
            "." => self.status(),
            "hint" => {
                let reply = self
                    .progress
                    .lock()
                    .ok()
                    .and_then(|p| p.expected_reply.clone());
                if let Some(reply) = reply {
                    self.send(&format!("Hint: {reply}"));
                }
            }
            _ => return false,
        }
        true
    }

    /// Features, resources and options; false when `cmd` is none of these.
    fn setting_command(&mut self, cmd: &str, args: &str, line: &str) -> bool {
        match cmd {
            "protover" => self.features(),
            "bk" => {
                self.send(" kaleido has no opening book");
                self.send("");
            }
            // `memory` and `cores` are Hash and Threads by another name: the same range, the
            // same refusal.
            "memory" => {
                self.settle();
                if let Err(e) = self.core.set_hash(args) {
                    self.report(e.into(), line);
                }
            }
            "cores" => {
                if let Err(e) = self.core.set_threads(args) {
                    self.report(e.into(), line);
                }
            }
            "option" => self.option(args, line),
            "lift" => self.lift(args, line),
            _ => return false,
        }
        true
    }
}

impl Commands for Xboard {
    fn command(&mut self, line: &str) -> bool {
        Xboard::command(self, line)
    }
    fn line_too_long(&mut self) {
        self.error("line too long", "(a line of over 1 MiB, ignored)");
    }
    /// A thinking search still finishes and sends its move.
    fn end_of_input(&mut self) {
        self.settle();
    }
}

/// The XBoard loop over `input`, after its first `xboard` line; returns at `quit` or at the end
/// of input (where a thinking search still finishes and sends its move).
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    let mut engine = Xboard::new(out);
    drive(input, &mut engine);
}
