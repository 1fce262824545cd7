//! `kaleido bench`: its last line is OpenBench's `N nodes M nps`, and on one thread N is the
//! same on every run (the search's signature).

use std::process::Command;

fn bench_nodes(depth: &str) -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(["bench", "--depth", depth])
        .output()
        .expect("run kaleido bench");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().expect("a last line");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
    assert!(words[2].parse::<u64>().is_ok(), "{last}");
    words[0].parse().expect("a node count")
}

#[test]
fn bench_signature_is_deterministic() {
    let first = bench_nodes("4");
    assert!(first > 1000);
    assert_eq!(bench_nodes("4"), first);
}

#[test]
fn bench_rejects_bad_depth() {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(["bench", "--depth", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --depth"));
}
