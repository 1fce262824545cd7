//! The version kaleido reports is the crate's, the same everywhere: `kaleido --version`, UCI
//! and tri `id name`, XBoard `myname`. In a git checkout it names the commit built; a source
//! package names its commit or nothing, and still builds. CHANGELOG.md has a section for it.

use crate::common;

use kaleido::version::{engine_name, long, GIT_HASH, VERSION};
use std::path::Path;
use std::process::Command;

/// kaleido's stdout for `args`, with `input` on its stdin.
fn kaleido(args: &[&str], input: &str) -> String {
    let run = common::kaleido_fed(args, input);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.stdout
}

#[test]
fn the_version_is_the_crates_with_the_commit_where_known() {
    assert_eq!(VERSION, env!("CARGO_PKG_VERSION"));
    if GIT_HASH.is_empty() {
        assert_eq!(long(), VERSION);
    } else {
        assert!(GIT_HASH.len() >= 7, "{GIT_HASH}");
        assert!(
            GIT_HASH.chars().all(|c| c.is_ascii_hexdigit()),
            "{GIT_HASH}"
        );
        assert_eq!(long(), format!("{VERSION} ({GIT_HASH})"));
    }
    assert_eq!(engine_name(), format!("kaleido {}", long()));
}

#[test]
fn dash_dash_version_prints_the_name_and_version() {
    let out = kaleido(&["--version"], "");
    assert_eq!(out, format!("kaleido {}\n", long()));
    assert!(out.starts_with(&format!("kaleido {VERSION}")), "{out}");
}

#[test]
fn every_protocol_announces_the_same_name() {
    let name = engine_name();
    let uci = kaleido(&[], "uci\nquit\n");
    assert_eq!(uci.lines().next(), Some(format!("id name {name}").as_str()));
    let tri = kaleido(&[], "tri\nquit\n");
    assert_eq!(tri.lines().next(), Some(format!("id name {name}").as_str()));
    let xboard = kaleido(&[], "xboard\nprotover 2\nquit\n");
    assert!(
        xboard.contains(&format!("feature myname=\"{name}\" ")),
        "{xboard}"
    );
}

/// Built in a git checkout (with git at hand), the version names the commit checked out:
/// build.rs reruns when HEAD moves, so the hash cannot lag behind.
#[test]
fn a_checkout_names_its_commit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join(".git").exists() {
        eprintln!("not a git checkout: the commit is the source package's, if it names one");
        return;
    }
    let Ok(out) = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--short", "HEAD"])
        .output()
    else {
        eprintln!("git is not installed: the build could not name the commit either");
        assert_eq!(GIT_HASH, "");
        return;
    };
    let head = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert_eq!(GIT_HASH, head);
}

#[test]
fn the_changelog_has_a_dated_section_for_this_version() {
    let changelog = include_str!("../../CHANGELOG.md");
    let heading = format!("## [{VERSION}] - ");
    let line = changelog
        .lines()
        .find(|l| l.starts_with(&heading))
        .unwrap_or_else(|| panic!("CHANGELOG.md has no `{heading}YYYY-MM-DD` section"));
    let date = &line[heading.len()..];
    let shape: String = date
        .chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect();
    assert_eq!(shape, "9999-99-99", "{line}");
    assert!(changelog.contains("## [Unreleased]"));
}
