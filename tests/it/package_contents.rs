//! The source package (`cargo package`, what crates.io and `cargo install` get) holds what its
//! build and its tests read, so that it builds and passes `cargo test` on its own: every
//! source and test file, every file an `include_str!`/`include_bytes!` or build.rs's
//! `#[path]` names, and the files the tests open at run time (perft vectors, engines.ini, the
//! test engines, the docs the doc tests check). And it leaves out what it does not need. This
//! reads `cargo package --list`, which takes a moment; `.ci/package-check` builds the package
//! and runs its tests, which takes minutes.
//!
//! It runs in a git checkout, where cargo and git choose the files; in the unpacked package
//! itself there is no choice left to check, and it says so and passes.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;

/// Top-level files the package must hold beside src/, tests/ and docs/.
const TOP_LEVEL: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "build.rs",
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
    "engines.ini",
    "Makefile",
];

/// Folders and files the package leaves out: builds, measurements with their own tools, the
/// fuzz crate, the docs' screenshots.
const LEFT_OUT: &[&str] = &["target/", "bench/", "fuzz/", "docs/images/"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The lines a command prints, or None (with the reason on stderr) when it cannot run.
fn lines_of(program: &str, args: &[&str]) -> Option<Vec<String>> {
    let out = Command::new(program)
        .args(args)
        .current_dir(root())
        .output()
        .map_err(|e| eprintln!("{program} does not run: {e}"))
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "{program} {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    Some(text.lines().map(str::to_string).collect())
}

/// The files `cargo package` puts in the package, as paths relative to the crate root.
fn package_list() -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // --allow-dirty: the check is of what the package would hold, committed or not.
    lines_of(&cargo, &["package", "--list", "--allow-dirty", "--offline"])
        .expect("cargo package --list runs in a checkout")
}

/// The files `include_str!`/`include_bytes!` in `path` (a file under the root) name, relative
/// to the root.
fn included_by(path: &str, text: &str) -> Vec<String> {
    let dir = Path::new(path).parent().unwrap_or(Path::new(""));
    let mut found = Vec::new();
    for mac in ["include_str!(\"", "include_bytes!(\""] {
        for rest in text.split(mac).skip(1) {
            let Some(end) = rest.find('"') else { continue };
            found.push(normalise(&dir.join(&rest[..end])));
        }
    }
    found
}

/// The files build.rs compiles through `#[path = "..."]`.
fn paths_of_build_script(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("#[path = \""))
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect()
}

/// `a/b/../c` as `a/c`, with `/` between the parts.
fn normalise(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for part in path.components() {
        match part.as_os_str().to_string_lossy().as_ref() {
            ".." => {
                parts.pop();
            }
            "." => {}
            p => parts.push(p.to_string()),
        }
    }
    parts.join("/")
}

#[test]
fn the_package_holds_what_its_build_and_tests_read() {
    if !root().join(".git").exists() {
        eprintln!("not a git checkout (the unpacked package?): nothing to check");
        return;
    }
    // What git would hand to cargo: tracked files and new ones it does not ignore.
    let Some(files) = lines_of(
        "git",
        &["ls-files", "--cached", "--others", "--exclude-standard"],
    ) else {
        eprintln!("git is not at hand: cargo could not list the package's files either");
        return;
    };
    let listed: BTreeSet<String> = package_list().into_iter().collect();

    let mut needed: BTreeSet<String> = TOP_LEVEL.iter().map(|f| f.to_string()).collect();
    for file in files.iter().filter(|f| root().join(f).is_file()) {
        let in_code = file.starts_with("src/") || file.starts_with("tests/");
        let doc = file.starts_with("docs/") && file.ends_with(".md");
        if in_code || doc {
            needed.insert(file.clone());
        }
        if file.ends_with(".rs") {
            let text = fs::read_to_string(root().join(file)).unwrap_or_default();
            needed.extend(included_by(file, &text));
        }
    }
    let build = fs::read_to_string(root().join("build.rs")).expect("build.rs");
    needed.extend(paths_of_build_script(&build));

    let missing: Vec<&String> = needed.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "the package leaves out files its build or tests read (Cargo.toml's `include`): {missing:?}"
    );
    let extra: Vec<&String> = listed
        .iter()
        .filter(|f| LEFT_OUT.iter().any(|l| f.starts_with(l)))
        .collect();
    assert!(extra.is_empty(), "the package holds {extra:?}");
}

#[test]
fn included_paths_are_read_relative_to_their_file() {
    let text = "const A: &str = include_str!(\"assets/a.js\");\n\
                const B: &[u8] = include_bytes!(\"../docs/protocol.md\");";
    assert_eq!(
        included_by("src/gui/server.rs", text),
        ["src/gui/assets/a.js", "src/docs/protocol.md"]
    );
    assert_eq!(
        included_by("tests/it/protocol_docs.rs", text),
        ["tests/it/assets/a.js", "tests/docs/protocol.md"]
    );
    assert_eq!(
        paths_of_build_script("#[path = \"src/x/y.rs\"]\nmod y;"),
        ["src/x/y.rs"]
    );
}
