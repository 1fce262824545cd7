//! Helpers shared by the integration tests: running the `kaleido` binary, scratch folders, the
//! deterministic PRNGs that drive random games, sorted move lists, and the TriFEN builder.
//!
//! Nothing here knows any variant's rules. The differential tests keep their own reference
//! move generators in their own files, independent of each other and of kaleido; only the
//! harness around them (the PRNG, move-list plumbing on kaleido's side) lives here.

use kaleido::game::Game;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

// ---------------------------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------------------------

/// The error line may not grow with the input; anything longer than this is echoing garbage.
pub const MAX_ERROR_LEN: usize = 300;

/// What one run of the binary left behind.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the `kaleido` binary built for this test with `args` and waits for it.
pub fn kaleido(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(args)
        // A user's logging settings must not change what the tests see.
        .env_remove("RUST_LOG")
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the kaleido binary runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs the `kaleido` binary with `args`, `input` on its stdin (then end of file), and waits
/// for it: a whole protocol conversation sent at once.
pub fn kaleido_fed(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("RUST_LOG")
        .env_remove("RUST_BACKTRACE")
        .spawn()
        .expect("the kaleido binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("kaleido reads its input");
    let out = child.wait_with_output().expect("kaleido ends");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// kaleido run as a GUI runs it, over pipes, a line at a time: for the tests that must see
/// lines while a search runs, or time them. Every line it writes must pass the dialect's
/// `check`; `quit` is sent when it is dropped.
pub struct Live {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    check: fn(&str) -> bool,
}

impl Live {
    pub fn start(check: fn(&str) -> bool) -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .env_remove("RUST_LOG")
            .spawn()
            .expect("kaleido starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
            check,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("kaleido reads");
        self.stdin.flush().expect("flushed");
    }

    /// The lines up to and including the first that starts with `prefix`, and how long it
    /// took; panics after `limit`.
    pub fn until(&mut self, prefix: &str, limit: Duration) -> (Vec<String>, Duration) {
        self.until_line(|line| line.starts_with(prefix), prefix, limit)
    }

    /// The lines up to and including the first that is `done`, and how long it took; panics
    /// after `limit`, naming the line awaited by `what`.
    pub fn until_line(
        &mut self,
        done: impl Fn(&str) -> bool,
        what: &str,
        limit: Duration,
    ) -> (Vec<String>, Duration) {
        let started = Instant::now();
        let mut seen = Vec::new();
        loop {
            let left = limit.saturating_sub(started.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    assert!((self.check)(&line), "not a protocol line: {line:?}");
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return (seen, started.elapsed());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{what}' within {limit:?}; saw {seen:#?}")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("kaleido ended; saw {seen:#?}"),
            }
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// `kaleido perft ARGS --variant VARIANT`.
pub fn perft(variant: &str, args: &[&str]) -> Run {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--variant", variant]);
    kaleido(&all)
}

/// The count from the last line of a perft run's stdout, which must be `Nodes searched: N`.
/// `what` names the run in the panic message.
pub fn nodes_searched(stdout: &str, what: &str) -> u64 {
    let last = stdout.lines().last().unwrap_or("");
    last.strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line {last:?} is not 'Nodes searched: N' for {what}"))
}

/// A UCI `info` line without its timing (`nps N` and `time N`), which varies run to run.
pub fn info_without_timing(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if (words[i] == "nps" || words[i] == "time") && i + 1 < words.len() {
            i += 2;
            continue;
        }
        kept.push(words[i]);
        i += 1;
    }
    kept.join(" ")
}

/// Checks that `run` failed cleanly: no panic, exit status 2, and exactly one stderr line that
/// starts `error: `, is shorter than [`MAX_ERROR_LEN`] and contains every one of `needles`.
/// Returns that line. `what` describes the run in the panic messages.
pub fn error_line<'a>(run: &'a Run, what: &str, needles: &[&str]) -> &'a str {
    assert!(!run.stderr.contains("panicked"), "panicked\n{what}");
    assert_eq!(run.code, Some(2), "expected exit status 2\n{what}");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "expected one stderr line\n{what}");
    let line = lines[0];
    assert!(line.starts_with("error: "), "no 'error: ' prefix\n{what}");
    assert!(
        line.len() < MAX_ERROR_LEN,
        "the message is {} bytes long\n{what}",
        line.len()
    );
    for needle in needles {
        assert!(
            line.contains(needle),
            "the message lacks {needle:?}\n{what}"
        );
    }
    line
}

/// The arguments and both streams of a run, for panic messages.
pub fn show(args: &[&str], run: &Run) -> String {
    format!("{args:?}\nstdout:\n{}\nstderr:\n{}", run.stdout, run.stderr)
}

/// The stdout of `kaleido perft ARGS --variant VARIANT`, which must succeed.
pub fn perft_ok(variant: &str, args: &[&str]) -> String {
    let run = perft(variant, args);
    assert_eq!(run.code, Some(0), "{}", show(args, &run));
    run.stdout
}

/// The count printed by `kaleido perft ARGS --variant VARIANT`, which must succeed.
pub fn perft_nodes(variant: &str, args: &[&str]) -> u64 {
    nodes_searched(&perft_ok(variant, args), &format!("{args:?}"))
}

/// A `kaleido perft ARGS --variant VARIANT` run that must fail cleanly (see [`error_line`])
/// with an error line holding every one of `needles`. Returns the run.
pub fn perft_fails(variant: &str, args: &[&str], needles: &[&str]) -> Run {
    let run = perft(variant, args);
    error_line(&run, &show(args, &run), needles);
    run
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/// A folder for one test's files, under the system's temporary folder, with a name no other
/// test or test run shares; it is removed when the value is dropped, so also when the test
/// fails or panics. Written here rather than taken from the tempfile crate: that crate's
/// dependencies turn on features of crates the library uses too (bitflags' `std`), which
/// would give the test build a library of its own, compiled once more beside the one the
/// Python package's build links (tests/run builds both).
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new, empty folder whose name starts `kaleido-WHAT-`.
    pub fn new(what: &str) -> Scratch {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        loop {
            let n = MADE.fetch_add(1, Ordering::Relaxed);
            let name = format!("kaleido-{what}-{}-{nanos}-{n}", std::process::id());
            let dir = std::env::temp_dir().join(name);
            // `create_dir` fails on a folder already there (left by a killed run with the
            // same process id): the next number is tried then.
            match std::fs::create_dir(&dir) {
                Ok(()) => return Scratch(dir),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => panic!("scratch folder {}: {e}", dir.display()),
            }
        }
    }

    /// The folder itself.
    pub fn root(&self) -> &Path {
        &self.0
    }

    /// The path of `name` in the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The path of `name` in the folder, as a command-line argument.
    pub fn file(&self, name: &str) -> String {
        self.path(name).display().to_string()
    }

    /// A folder `name` inside this one, made if missing.
    pub fn dir(&self, name: &str) -> PathBuf {
        let dir = self.path(name);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        dir
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A folder that cannot be removed is left for the system's cleaning; the test's own
        // result is what matters.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// A tiny deterministic PRNG (xorshift64*): reproducible test data without dependencies.
/// `Rng(state)` starts from a raw non-zero state, [`Rng::new`] from any seed.
pub struct Rng(pub u64);

impl Rng {
    /// Spreads `seed` over the state (and keeps it odd, so never zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plain xorshift64 (13, 7, 17), the generator the gigachess tests were written with; kept
/// apart from [`Rng`] so their random games, and what they reach, stay exactly the same.
pub struct Xorshift64(pub u64);

impl Xorshift64 {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// kaleido's tokens for `moves` in `g`, sorted.
pub fn sorted_tokens<G: Game>(g: &G, moves: &[G::Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|&m| g.format_move(m)).collect();
    out.sort();
    out
}

/// kaleido's legal moves in `g` as tokens, sorted.
pub fn sorted_legal<G: Game>(g: &G) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    sorted_tokens(g, &moves)
}

/// Items of `a` not in `b` (both sorted).
pub fn minus(a: &[String], b: &[String]) -> Vec<String> {
    a.iter()
        .filter(|m| b.binary_search(m).is_err())
        .cloned()
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Trichess
// ---------------------------------------------------------------------------------------------

/// A TriFEN from a list of (cell, man) pairs like ("DO", "aK") and the other four fields:
/// rows r = -7..7 of cells by increasing q, runs of empty cells as numbers.
pub fn trifen(men: &[(&str, &str)], rest: &str) -> String {
    let map: std::collections::HashMap<&str, &str> = men.iter().copied().collect();
    assert_eq!(map.len(), men.len(), "a cell listed twice");
    let mut rows = Vec::new();
    for r in -7i32..=7 {
        let (mut row, mut empty) = (String::new(), 0);
        for q in (-7i32..=7).filter(|q| (-q - r).abs() <= 7) {
            let name: String = [(72 + q) as u8 as char, (72 + r) as u8 as char]
                .iter()
                .collect();
            match map.get(name.as_str()) {
                Some(man) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(man);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {rest}", rows.join("/"))
}

/// The test references' own reading of a FEN castling field, X-FEN or Shredder-FEN, over a
/// mailbox of FEN letters (a1 = 0, h8 = 63): the rook square of each right held, in the order
/// White h-side, White a-side, Black h-side, Black a-side. `K`/`Q` name the outermost rook on
/// that side of the king, a file letter the rook on that file.
pub fn reference_castling(board: &[u8; 64], field: &str) -> [Option<usize>; 4] {
    let mut rights = [None; 4];
    for c in field.chars().filter(|&c| c != '-') {
        let white = c.is_ascii_uppercase();
        let base = if white { 0 } else { 56 };
        let (king, rook) = if white { (b'K', b'R') } else { (b'k', b'r') };
        let king_file = (0..8)
            .find(|&f| board[base + f] == king)
            .expect("castling king on its first rank");
        let file = match c.to_ascii_lowercase() {
            'k' => (king_file + 1..8).rev().find(|&f| board[base + f] == rook),
            'q' => (0..king_file).find(|&f| board[base + f] == rook),
            letter => Some((letter as u8 - b'a') as usize),
        }
        .expect("castling rook");
        rights[usize::from(!white) * 2 + usize::from(file < king_file)] = Some(base + file);
    }
    rights
}

/// The castling field in X-FEN for `rights` (as `reference_castling` gives them): `K`/`Q` for
/// an outermost rook, the file letter for an inner one, `-` for none.
pub fn reference_castling_field(board: &[u8; 64], rights: &[Option<usize>; 4]) -> String {
    let mut out = String::new();
    for (i, right) in rights.iter().enumerate() {
        let Some(rook) = *right else { continue };
        let white = i < 2;
        let base = if white { 0 } else { 56 };
        let rook_letter = if white { b'R' } else { b'r' };
        let file = rook - base;
        let outer = if i % 2 == 0 { file + 1..8 } else { 0..file };
        let outermost = !outer.into_iter().any(|f| board[base + f] == rook_letter);
        let letter = match (outermost, i % 2 == 0) {
            (true, true) => 'K',
            (true, false) => 'Q',
            _ => (b'A' + file as u8) as char,
        };
        out.push(if white {
            letter
        } else {
            letter.to_ascii_lowercase()
        });
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// Whether a right's king or rook stands off the classical squares (kaleido then writes
/// castling king-takes-rook).
pub fn reference_chess960(board: &[u8; 64], rights: &[Option<usize>; 4]) -> bool {
    rights.iter().enumerate().any(|(i, right)| {
        right.is_some_and(|rook| {
            let base = if i < 2 { 0 } else { 56 };
            let king = if i < 2 { b'K' } else { b'k' };
            rook - base != if i % 2 == 0 { 7 } else { 0 } || board[base + 4] != king
        })
    })
}
