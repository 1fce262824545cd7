//! The sample conversations of docs/protocol.md are kaleido's real answers. Each fenced block
//! whose lines start with `> ` (sent) or `< ` (received) is played against the binary:
//! - a block that starts with `uci`, `xboard` or `tri` starts a new conversation; any other
//!   block goes on with the conversation of the block before it;
//! - what kaleido answers must match the `< ` lines in order, where a `< ...` line (or one
//!   starting `< ... (`) stands for any number of lines and `...` inside a line for any text;
//! - the lines that vary from run to run are compared without them: `nps` and `time` of
//!   `info` lines, and the centiseconds of XBoard's thinking lines (written as 0);
//! - the commit a build adds to the engine name (`kaleido 0.2.0 (abc1234)`) is left out, since
//!   it changes with every commit; the version is compared.

use crate::common;

use kaleido::version::GIT_HASH;
use std::io::Write;
use std::process::{Command, Stdio};

const DOC: &str = include_str!("../../docs/protocol.md");

/// One conversation: the lines sent, and the lines expected back (with their doc line).
#[derive(Default)]
struct Conversation {
    sent: Vec<String>,
    expected: Vec<(usize, String)>,
}

fn conversations() -> Vec<Conversation> {
    let mut out: Vec<Conversation> = Vec::new();
    let mut in_block = false;
    let mut block_started = false;
    for (n, line) in DOC.lines().enumerate() {
        if line.starts_with("```") {
            in_block = !in_block;
            block_started = false;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("> ") {
            let opens = ["uci", "xboard", "tri"].contains(&command.trim());
            if !block_started && (opens || out.is_empty()) {
                out.push(Conversation::default());
            }
            block_started = true;
            if let Some(c) = out.last_mut() {
                c.sent.push(command.to_string());
            }
        } else if let Some(answer) = line.strip_prefix("< ") {
            block_started = true;
            if let Some(c) = out.last_mut() {
                c.expected.push((n + 1, answer.to_string()));
            }
        }
    }
    out
}

/// kaleido's answer lines to `sent`, with what varies from run to run taken out.
fn play(sent: &[String]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kaleido starts");
    if let Some(stdin) = child.stdin.as_mut() {
        for line in sent {
            writeln!(stdin, "{line}").expect("kaleido reads");
        }
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("kaleido ends");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(without_commit)
        .map(|line| steady(&line))
        .collect()
}

/// `line` without the commit the engine name carries in a build from a git checkout.
fn without_commit(line: &str) -> String {
    if GIT_HASH.is_empty() {
        return line.to_string();
    }
    line.replace(&format!(" ({GIT_HASH})"), "")
}

/// `line` without its timing: `nps N` and `time N` of an `info` line; the centiseconds of an
/// XBoard thinking line (`ply score cs nodes pv`) set to 0.
fn steady(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    if words.first() == Some(&"info") {
        return common::info_without_timing(line);
    }
    let number = |w: &&str| w.trim_start_matches('-').parse::<i64>().is_ok();
    if words.len() >= 4 && words[..4].iter().all(number) {
        let mut words = words;
        words[2] = "0";
        return words.join(" ");
    }
    line.to_string()
}

/// Whether `actual` fits `pattern`, where `...` stands for any text.
fn fits(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let Some(rest) = actual.strip_prefix(parts[0]) else {
        return false;
    };
    let mut rest = rest;
    for (i, part) in parts.iter().enumerate().skip(1) {
        if i == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Matches `actual` against `expected` in order; a `...` line skips any number of lines. The
/// first expected line that finds no answer, if any.
fn first_mismatch(expected: &[(usize, String)], actual: &[String]) -> Option<String> {
    fn wildcard(line: &str) -> bool {
        line == "..." || line.starts_with("... (")
    }
    fn matches(expected: &[(usize, String)], actual: &[String]) -> bool {
        match expected.split_first() {
            None => actual.is_empty(),
            Some(((_, line), rest)) if wildcard(line) => {
                (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
            }
            Some(((_, line), rest)) => {
                actual.first().is_some_and(|a| fits(line, a)) && matches(rest, &actual[1..])
            }
        }
    }
    if matches(expected, actual) {
        return None;
    }
    // The longest prefix that matches names the line at fault.
    let bad = (0..=expected.len())
        .rev()
        .find(|&k| {
            let mut with_rest = expected[..k].to_vec();
            with_rest.push((0, "...".into()));
            matches(&with_rest, actual)
        })
        .unwrap_or(0);
    let (line_no, text) = expected
        .get(bad)
        .cloned()
        .unwrap_or((0, "(the end of the answer)".into()));
    Some(format!(
        "docs/protocol.md:{line_no}: `< {text}` does not match"
    ))
}

#[test]
fn the_sample_conversations_are_what_kaleido_answers() {
    let conversations = conversations();
    assert!(conversations.len() >= 3, "no sample conversations found");
    for c in &conversations {
        let actual = play(&c.sent);
        if let Some(why) = first_mismatch(&c.expected, &actual) {
            panic!(
                "{why}\nsent:\n> {}\nkaleido answered:\n< {}",
                c.sent.join("\n> "),
                actual.join("\n< ")
            );
        }
    }
}

#[test]
fn the_matching_rules_work() {
    assert!(fits("a ... c", "a b b c"));
    assert!(!fits("a ... c", "a b b d"));
    assert!(fits("startpos ...", "startpos x y"));
    assert_eq!(
        steady("info depth 1 seldepth 1 score cp 12 nodes 41 nps 4100 hashfull 0 time 10 pv e2e4"),
        "info depth 1 seldepth 1 score cp 12 nodes 41 hashfull 0 pv e2e4"
    );
    assert_eq!(steady("3 -1 12 1307 e7e5 d2d4"), "3 -1 0 1307 e7e5 d2d4");
    let expected = vec![(1, "a".to_string()), (2, "...".into()), (3, "c".into())];
    let actual = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(first_mismatch(&expected, &actual(&["a", "b", "c"])).is_none());
    assert!(first_mismatch(&expected, &actual(&["a", "c"])).is_none());
    assert!(first_mismatch(&expected, &actual(&["b", "c"])).is_some());
}
