//! The documentation stays the program's own: it names no path outside the repository (a user
//! who clones it has nothing beside it), and it speaks of the program, not of how the program
//! was built (issue numbers, work sessions). And it stays current: every repository path the
//! docs name in code exists, and docs/architecture.md names every folder of the source.

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

/// The docs that describe the program as it stands: README.md and every Markdown file under
/// docs/. CHANGELOG.md is history: it may name files that have moved since.
fn current_docs() -> Vec<PathBuf> {
    texts()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter(|p| !p.ends_with("CHANGELOG.md"))
        .filter(|p| {
            let rel = p.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(p);
            rel == Path::new("README.md") || rel.starts_with("docs")
        })
        .collect()
}

/// The repository paths `text` names in inline code (between backticks, outside fenced
/// blocks): each word of a code span that starts with `src/`, `tests/`, `bench/`, `docs/` or
/// `nets/`, without trailing punctuation. Patterns (`tests/perft/<variant>.epd`,
/// `src/variants/*/`) name no one path and are left out. A file of another project is written
/// with its repository in front (`owner/name:src/...`), which this does not read as ours.
fn named_paths(text: &str) -> Vec<String> {
    const ROOTS: [&str; 5] = ["src/", "tests/", "bench/", "docs/", "nets/"];
    let mut found = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Odd pieces between backticks are code spans.
        for span in line.split('`').skip(1).step_by(2) {
            for word in span.split_whitespace() {
                let word = word.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '/');
                let pattern = word.contains(['<', '*', '{', '$', '[']);
                if ROOTS.iter().any(|r| word.starts_with(r)) && !pattern {
                    found.push(word.to_string());
                }
            }
        }
    }
    found
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = current_docs();
    assert!(docs.len() > 10, "the docs were not found");
    let mut missing = Vec::new();
    for doc in docs {
        let text = fs::read_to_string(&doc).unwrap();
        for path in named_paths(&text) {
            if !root.join(&path).exists() {
                missing.push(format!("{}: `{path}`", doc.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths the docs name that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_reader_takes_paths_from_code_spans_only() {
    let text =
        "See `src/cli/` and `bench/sprt HEAD chess`, not src/gui/ or `tests/perft/<v>.epd`.\n\
                ```\n`tests/gone.rs`\n```\n`docs/nnue.md`: the networks; `nets/chess.nnue`.";
    assert_eq!(
        named_paths(text),
        ["src/cli/", "bench/sprt", "docs/nnue.md", "nets/chess.nnue"]
    );
}

#[test]
fn the_architecture_names_every_folder_of_the_source() {
    fn folders(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            if entry.path().is_dir() {
                out.push(entry.path());
                folders(&entry.path(), out);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let mut all = Vec::new();
    folders(&root.join("src"), &mut all);
    assert!(all.len() > 10, "the source folders were not found");
    let mut unnamed: Vec<String> = all
        .iter()
        .map(|dir| dir.strip_prefix(root).unwrap().display().to_string())
        .filter(|rel| !architecture.contains(&format!("{rel}/")))
        .collect();
    unnamed.sort();
    assert!(
        unnamed.is_empty(),
        "folders docs/architecture.md does not name (as `src/.../`): {unnamed:?}"
    );
}
