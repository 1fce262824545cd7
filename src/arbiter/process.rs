//! One engine program running as a child process: lines in on its stdin, lines out of its
//! stdout read on a thread of their own and stamped with the time they arrived, so that the
//! arbiter's clock charges the engine only for its own thinking, not for our scheduling.

use super::config::EngineConfig;
use super::error::LaunchError;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Lines longer than this are cut: a broken engine must not make the arbiter hold megabytes.
const MAX_LINE: usize = 64 * 1024;
/// How often a wait looks at the match's stop flag (Ctrl-C).
const POLL: Duration = Duration::from_millis(25);

/// Why no line came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Silence {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output or exited.
    Exited,
    /// The match is being stopped.
    Interrupted,
}

pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(String, Instant)>,
    /// The label used in `--debug` traffic logs.
    label: String,
    debug: bool,
    stop: Arc<AtomicBool>,
}

impl EngineProcess {
    /// Starts the engine of `config` in its working directory. Its stderr goes to ours with
    /// `debug`, else nowhere (engines chat there and would bury the match output).
    pub fn spawn(
        config: &EngineConfig,
        label: String,
        debug: bool,
        stop: Arc<AtomicBool>,
    ) -> Result<EngineProcess, LaunchError> {
        let program = Path::new(&config.command[0]);
        // A relative program path with a folder in it is relative to the engine's workdir
        // (std leaves that case platform-defined, so make it explicit).
        let program = if program.is_relative() && program.components().count() > 1 {
            config.workdir.join(program)
        } else {
            program.to_path_buf()
        };
        let mut child = Command::new(&program)
            .args(&config.command[1..])
            .current_dir(&config.workdir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if debug {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|e| LaunchError::Spawn {
                program: program.display().to_string(),
                workdir: config.workdir.display().to_string(),
                reason: e.to_string(),
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or(LaunchError::NoPipe)?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader
                    .by_ref()
                    .take(MAX_LINE as u64)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let text = String::from_utf8_lossy(&buf).trim_end().to_string();
                if tx.send((text, Instant::now())).is_err() {
                    return;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            label,
            debug,
            stop,
        })
    }

    /// Sends one line; false when the engine is gone.
    pub fn send(&mut self, line: &str) -> bool {
        if self.debug {
            eprintln!("{} < {line}", self.label);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .is_ok()
    }

    /// The next line, waiting until `deadline` (None: for ever, but still watching Ctrl-C).
    pub fn recv(&mut self, deadline: Option<Instant>) -> Result<(String, Instant), Silence> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Err(Silence::Interrupted);
            }
            let wait = match deadline {
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(Silence::Timeout);
                    }
                    left.min(POLL)
                }
                None => POLL,
            };
            match self.lines.recv_timeout(wait) {
                Ok((line, at)) => {
                    if self.debug {
                        eprintln!("{} > {line}", self.label);
                    }
                    return Ok((line, at));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Exited),
            }
        }
    }

    /// Throws away whatever the engine said and we have not read (stale thinking output).
    pub fn drain(&mut self) {
        while let Ok((line, _)) = self.lines.try_recv() {
            if self.debug {
                eprintln!("{} > {line}", self.label);
            }
        }
    }

    /// Asks the engine to leave with `quit_line`, gives it `grace`, then kills it.
    pub fn shut_down(&mut self, quit_line: &str, grace: Duration) {
        self.send(quit_line);
        self.stdin = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Never leave an engine behind, whatever ended the game.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
