//! The documentation stays the program's own: it names no path outside the repository (a user
//! who clones it has nothing beside it), and it speaks of the program, not of how the program
//! was built (issue numbers, work sessions).

use std::fs;
use std::path::{Path, PathBuf};

/// Every Markdown file of the repository, and the sources whose comments cite the docs.
fn texts() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" && name != "out" {
                    walk(&path, out);
                }
            } else if name.ends_with(".md") || name.ends_with(".rs") || name.ends_with(".py") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    for dir in ["docs", "src", "tests", "bench"] {
        walk(&root.join(dir), &mut out);
    }
    out
}

#[test]
fn no_file_names_a_path_outside_the_repository() {
    let outside = ["../shared", "shared/rules"];
    let mut found = Vec::new();
    for path in texts() {
        let text = fs::read_to_string(&path).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            // This file names the paths it looks for.
            if path.ends_with("tests/it/docs.rs") {
                break;
            }
            if outside.iter().any(|o| line.contains(o)) {
                found.push(format!("{}:{}: {line}", path.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "paths outside the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rules_of_every_game_are_in_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in kaleido::registry::VARIANT_NAMES {
        let path = root.join("docs/rules").join(format!("{name}.md"));
        let text = fs::read_to_string(&path).unwrap_or_default();
        assert!(text.len() > 2000, "{} is missing or short", path.display());
        assert!(text.contains("## "), "{} has no sections", path.display());
    }
}

/// Words that tell how the program was built rather than what it is.
fn speaks_of_its_making(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let ordinals = [
        "first", "second", "third", "fourth", "fifth", "sixth", "this", "last",
    ];
    let session = ordinals
        .iter()
        .any(|o| lower.contains(&format!("{o} session")));
    let issue = lower
        .split("issue ")
        .skip(1)
        .any(|rest| rest.chars().next().is_some_and(|c| c.is_ascii_digit()))
        || lower.contains("the search issue")
        || lower.contains("the match-runner issue");
    session || issue
}

#[test]
fn the_docs_speak_of_the_program_not_of_its_making() {
    let mut found = Vec::new();
    for path in texts() {
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            if speaks_of_its_making(line) {
                found.push(format!("{}:{}: {line}", path.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "docs that speak of how kaleido was built:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_tells_making_from_program() {
    assert!(speaks_of_its_making("Targets of issue 2: chess"));
    assert!(speaks_of_its_making("## Sixth session (2026-11-25)"));
    assert!(!speaks_of_its_making(
        "`session.rs` holds the game behind `Box<dyn Session>`"
    ));
    assert!(!speaks_of_its_making("a known issue of XBoard"));
}
