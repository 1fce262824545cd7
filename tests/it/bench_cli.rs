//! `kaleido bench`: its last line is OpenBench's `N nodes M nps`, and on one thread N is the
//! same on every run (the search's signature).

use crate::common::kaleido;

fn bench_nodes(depth: &str) -> u64 {
    let run = kaleido(&["bench", "--depth", depth]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let last = run.stdout.lines().last().expect("a last line");
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
    let run = kaleido(&["bench", "--depth", "0"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.starts_with("error: --depth"));
}

/// Every variant is benched, the three-player one through the multi-player search, and each
/// position's line names a move.
#[test]
fn bench_covers_every_variant() {
    let run = kaleido(&["bench", "--depth", "3"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for variant in kaleido::registry::VARIANT_NAMES {
        let line = run
            .stderr
            .lines()
            .find(|l| l.split_whitespace().nth(2) == Some(variant))
            .unwrap_or_else(|| panic!("no bench position of {variant}: {}", run.stderr));
        assert!(!line.ends_with("(none)"), "{line}");
    }
}
