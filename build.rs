//! Generates the attack tables at build time, so the engine starts with them ready and the hot
//! paths read plain statics (no lazy initialisation check on every lookup). Also finds the
//! commit being built, which `kaleido --version` and the engine's name report.

#[path = "src/variants/board8/reference.rs"]
mod reference;

#[path = "src/variants/board8/flat/tables_gen.rs"]
mod flat;

#[path = "src/variants/cylinder/tables_gen.rs"]
mod cylinder;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

fn main() {
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out = Path::new(&out_dir);
    fs::write(out.join("chess_tables.rs"), flat::generate()).expect("write chess tables");
    fs::write(out.join("cylinder_tables.rs"), cylinder::generate()).expect("write cylinder tables");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/variants/board8/reference.rs");
    println!("cargo:rerun-if-changed=src/variants/board8/flat/tables_gen.rs");
    println!("cargo:rerun-if-changed=src/variants/cylinder/tables_gen.rs");

    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!("cargo:rustc-env=KALEIDO_GIT_HASH={}", git_hash(&root));
}

/// The short hash of the commit being built: from git in a checkout; from the
/// `.cargo_vcs_info.json` that `cargo package` writes in a source package; else empty. A
/// missing git, or a tree that is neither, must still build, so nothing here fails.
fn git_hash(root: &Path) -> String {
    // Only a checkout of this crate itself: a source package unpacked inside some other
    // repository (cargo's own target/package/, a vendored tree) must not take that
    // repository's commit as its own.
    if root.join(".git").exists() {
        watch_git(root);
        return git(root, &["rev-parse", "--short", "HEAD"]).unwrap_or_default();
    }
    let info = root.join(".cargo_vcs_info.json");
    let Ok(text) = fs::read_to_string(&info) else {
        return String::new();
    };
    println!("cargo:rerun-if-changed={}", info.display());
    sha1_of_vcs_info(&text)
        .map(|sha| sha.chars().take(7).collect())
        .unwrap_or_default()
}

/// The value of `"sha1"` in `.cargo_vcs_info.json`, when it is a commit hash.
fn sha1_of_vcs_info(text: &str) -> Option<&str> {
    let after = text.split("\"sha1\"").nth(1)?;
    let value = after.trim_start().strip_prefix(':')?.trim_start();
    let value = value.strip_prefix('"')?;
    let sha = &value[..value.find('"')?];
    (sha.len() >= 7 && sha.chars().all(|c| c.is_ascii_hexdigit())).then_some(sha)
}

/// Asks cargo to run this script again when the commit changes, and only then: when HEAD
/// moves to another branch or commit, or the branch it names gets a new commit (a loose ref
/// file, or packed-refs where the ref was packed). git names these files, since in a worktree
/// they lie outside the checkout.
fn watch_git(root: &Path) {
    let mut watched = Vec::new();
    if let Some(head) = git(root, &["rev-parse", "--git-path", "HEAD"]) {
        watched.push(root.join(head));
    }
    if let Some(branch) = git(root, &["symbolic-ref", "-q", "HEAD"]) {
        if let Some(file) = git(root, &["rev-parse", "--git-path", &branch]) {
            let file = root.join(file);
            // A packed ref comes back as a loose file with the next commit: the folder
            // that gets it is watched then.
            if !file.exists() {
                watched.extend(file.parent().map(Path::to_path_buf));
            }
            watched.push(file);
        }
        if let Some(packed) = git(root, &["rev-parse", "--git-path", "packed-refs"]) {
            watched.push(root.join(packed));
        }
    }
    // A path that does not exist would make cargo rerun this script on every build.
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// git's one-line answer in `root`, or None when git is missing or fails.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let line = text.trim();
    (out.status.success() && !line.is_empty()).then(|| line.to_string())
}
