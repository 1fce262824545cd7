//! `kaleido datagen` and `kaleido train` end to end: the files they write, resuming a stopped
//! run, and refusing a file that is not its variant's training data without touching it.

use crate::common::{error_line, kaleido, show, Scratch};

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
    let dir = Scratch::new("datagen-resume");
    let whole = dir.file("whole.bin");
    datagen("chess", 150, 2, &whole);
    let bytes = read(&whole);
    assert!(
        bytes.starts_with(b"KLDG\x01\x02\x05chess"),
        "header {:?}",
        &bytes[..12]
    );

    // The same seed in two steps, the first stopped in the middle of writing its second game
    // (the first game gives 118 positions, the second 20).
    let parts = dir.file("parts.bin");
    let said = datagen("chess", 120, 1, &parts);
    assert!(said.contains("positions from"), "{said}");
    let cut = read(&parts);
    std::fs::write(&parts, &cut[..cut.len() - 9]).unwrap();
    let said = datagen("chess", 150, 2, &parts);
    assert!(said.contains("resuming at game"), "{said}");
    assert_eq!(read(&parts), bytes);
}

#[test]
fn another_variants_file_or_a_stranger_is_refused_and_left_alone() {
    let dir = Scratch::new("datagen-refuse");
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

#[test]
fn train_writes_a_network_and_its_loss_curves_from_datagen_files() {
    let dir = Scratch::new("datagen-train");
    let data = dir.file("chess.bin");
    datagen("chess", 400, 2, &data);
    let (net, png) = (dir.file("chess.nnue"), dir.file("loss.png"));
    let args = [
        "train",
        "--variant",
        "chess",
        "--data",
        &data,
        "--out",
        &net,
        "--hidden",
        "8",
        "--epochs",
        "2",
        "--batch",
        "64",
        "--plot",
        &png,
    ];
    let run = kaleido(&args);
    assert_eq!(run.code, Some(0), "{}", show(&args, &run));
    assert!(
        run.stderr.contains("validation loss")
            && run
                .stderr
                .contains("the hand-written evaluation's validation loss: 0.0"),
        "{}",
        show(&args, &run)
    );
    let bytes = read(&net);
    assert!(bytes.starts_with(b"KLNN\x03\x05chess"));
    // Header (flags last), 768 x 8 + 8 + 2 x 8 weights of two bytes, the output bias.
    assert_eq!(
        bytes.len(),
        4 + 1 + 1 + 5 + 4 + 4 + 1 + 1 + 2 * (768 * 8 + 8 + 16) + 4
    );
    assert!(read(&png).starts_with(b"\x89PNG"));

    let args = [
        "train",
        "--variant",
        "cylinder",
        "--data",
        &data,
        "--out",
        &net,
    ];
    let run = kaleido(&args);
    error_line(&run, &show(&args, &run), &["chess"]);
    let args = ["train", "--data", &net, "--out", &dir.file("x.nnue")];
    let run = kaleido(&args);
    error_line(
        &run,
        &show(&args, &run),
        &["not a kaleido training-data file"],
    );
}
