//! `kaleido datagen` end to end: the file it writes, resuming a stopped run, and refusing a
//! file that is not its variant's training data without touching it.

mod common;

use common::{error_line, kaleido, show};
use std::path::PathBuf;

/// A scratch folder for one test, removed when it ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("kaleido-datagen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("scratch dir: {e}"));
        Scratch(dir)
    }
    fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs datagen for `positions` positions into `out` and returns its stderr.
fn datagen(variant: &str, positions: u32, threads: u32, out: &str) -> String {
    let (positions, threads) = (positions.to_string(), threads.to_string());
    let args = [
        "datagen",
        "--variant",
        variant,
        "--nodes",
        "400",
        "--positions",
        &positions,
        "--threads",
        &threads,
        "--seed",
        "3",
        "--out",
        out,
    ];
    let run = kaleido(&args);
    assert_eq!(run.code, Some(0), "{}", show(&args, &run));
    assert!(
        run.stdout.is_empty(),
        "datagen prints on stderr only\n{}",
        show(&args, &run)
    );
    run.stderr
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_stopped_run_resumes_to_the_file_one_run_writes() {
    let dir = Scratch::new("resume");
    let whole = dir.file("whole.bin");
    datagen("chess", 150, 2, &whole);
    let bytes = read(&whole);
    assert!(
        bytes.starts_with(b"KLDG\x01\x02\x05chess"),
        "header {:?}",
        &bytes[..12]
    );

    // The same seed in two steps, the first stopped in the middle of writing a game.
    let parts = dir.file("parts.bin");
    let said = datagen("chess", 60, 1, &parts);
    assert!(said.contains("positions from"), "{said}");
    let cut = read(&parts);
    std::fs::write(&parts, &cut[..cut.len() - 9]).unwrap();
    let said = datagen("chess", 150, 2, &parts);
    assert!(said.contains("resuming at game"), "{said}");
    assert_eq!(read(&parts), bytes);
}

#[test]
fn another_variants_file_or_a_stranger_is_refused_and_left_alone() {
    let dir = Scratch::new("refuse");
    let data = dir.file("cylinder.bin");
    datagen("cylinder", 20, 1, &data);
    let before = read(&data);
    let args = [
        "datagen",
        "--variant",
        "chess",
        "--positions",
        "20",
        "--out",
        &data,
    ];
    let run = kaleido(&args);
    error_line(&run, &show(&args, &run), &["cylinder"]);
    assert_eq!(read(&data), before);

    let stranger = dir.file("notes.txt");
    std::fs::write(&stranger, "not training data\n").unwrap();
    let args = ["datagen", "--positions", "20", "--out", &stranger];
    let run = kaleido(&args);
    error_line(
        &run,
        &show(&args, &run),
        &["not a kaleido training-data file"],
    );
    assert_eq!(read(&stranger), b"not training data\n");

    let args = [
        "datagen",
        "--positions",
        "20",
        "--nodes",
        "0",
        "--out",
        &stranger,
    ];
    let run = kaleido(&args);
    error_line(&run, &show(&args, &run), &["--nodes"]);
}
