//! `kaleido datagen`, `kaleido merge-data` and `kaleido train` end to end: the files they
//! write, resuming a stopped run, shards of a run merged into what the run writes, and
//! refusing a file that is not its variant's (or its run's) training data without touching it.

use crate::common::{error_line, kaleido, show, Scratch};
use kaleido::datagen::format::read_games;
use kaleido::variants::chess::Chess;

/// Runs datagen for `positions` positions into `out` and returns its stderr.
fn datagen(variant: &str, positions: u32, threads: u32, out: &str) -> String {
    datagen_with(variant, positions, threads, out, &[])
}

/// `datagen` with further arguments.
fn datagen_with(variant: &str, positions: u32, threads: u32, out: &str, more: &[&str]) -> String {
    let (positions, threads) = (positions.to_string(), threads.to_string());
    let mut args = vec![
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
    args.extend_from_slice(more);
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
    datagen("chess", 300, 2, &whole);
    let bytes = read(&whole);
    assert!(
        bytes.starts_with(b"KLDG\x02\x02\x05chess"),
        "header {:?}",
        &bytes[..12]
    );

    // The same seed in two steps. The first plays one game (a run stops with the game that
    // reaches its positions); then the file is cut in the middle of the second game, as a run
    // stopped while writing it leaves it. The cut is taken from the whole run's bytes, so the
    // test holds however long the built-in network's games are.
    let parts = dir.file("parts.bin");
    let said = datagen("chess", 1, 1, &parts);
    assert!(said.contains("positions from 1 games"), "{said}");
    let one_game = read(&parts);
    assert!(
        one_game.len() < bytes.len() && bytes.starts_with(&one_game),
        "the whole run's file starts with its first game and holds more"
    );
    let cut = one_game.len() + (bytes.len() - one_game.len()) / 2;
    std::fs::write(&parts, &bytes[..cut]).unwrap();
    let said = datagen("chess", 300, 2, &parts);
    assert!(said.contains("resuming at game 1"), "{said}");
    assert_eq!(read(&parts), bytes);
}

/// Two shards of a run, merged, are the games the whole run plays (the whole run stops at
/// its positions, so the merged file holds its games and a few more); another seed's shard is
/// refused and nothing is written; the merged file trains.
#[test]
fn shards_merge_into_the_runs_games_and_another_runs_shard_is_refused() {
    let dir = Scratch::new("datagen-shards");
    let (whole, even, odd) = (dir.file("whole.bin"), dir.file("0.bin"), dir.file("1.bin"));
    datagen("chess", 300, 2, &whole);
    datagen_with("chess", 150, 1, &even, &["--shard", "0/2"]);
    datagen_with("chess", 150, 1, &odd, &["--shard", "1/2"]);
    let merged = dir.file("merged.bin");
    let args = ["merge-data", "--out", &merged, &odd, &even];
    let run = kaleido(&args);
    assert_eq!(run.code, Some(0), "{}", show(&args, &run));
    assert!(
        run.stderr.contains("games of 2 shards"),
        "{}",
        show(&args, &run)
    );
    let games = |path: &str| {
        let mut games = Vec::new();
        read_games::<Chess>(&mut &read(path)[..], |g| games.push(g)).unwrap();
        games
    };
    let (in_whole, in_merged) = (games(&whole), games(&merged));
    let mut numbers: Vec<u32> = games(&even)
        .iter()
        .chain(&games(&odd))
        .map(|g| g.number)
        .collect();
    numbers.sort_unstable();
    assert_eq!(
        in_merged.iter().map(|g| g.number).collect::<Vec<_>>(),
        numbers
    );
    let mut shared = 0;
    for game in &in_merged {
        if let Some(w) = in_whole.iter().find(|w| w.number == game.number) {
            assert_eq!(w, game, "game {}", game.number);
            shared += 1;
        }
    }
    assert!(shared >= 3, "{shared} games in both");

    let foreign = dir.file("foreign.bin");
    datagen_with(
        "chess",
        20,
        1,
        &foreign,
        &["--shard", "1/2", "--opening-plies", "6"],
    );
    let refused = dir.file("refused.bin");
    let args = ["merge-data", "--out", &refused, &even, &foreign];
    let run = kaleido(&args);
    error_line(
        &run,
        &show(&args, &run),
        &["another run", "opening-plies=6"],
    );
    assert!(!std::path::Path::new(&refused).exists());
    let args = ["merge-data", "--out", &refused, &even, &even];
    let run = kaleido(&args);
    error_line(&run, &show(&args, &run), &["is in both"]);
    let args = ["merge-data", "--out", &even, &odd, &even];
    let run = kaleido(&args);
    error_line(&run, &show(&args, &run), &["one of the shards"]);
    for bad in [["--opening-depth", "0"], ["--soft-nodes", "9000"]] {
        let mut args = vec!["datagen", "--positions", "20", "--out", &refused];
        args.extend(bad);
        let run = kaleido(&args);
        error_line(&run, &show(&args, &run), &[bad[0]]);
    }
    let args = [
        "datagen",
        "--positions",
        "20",
        "--shard",
        "2/2",
        "--out",
        &refused,
    ];
    let run = kaleido(&args);
    error_line(&run, &show(&args, &run), &["I/N"]);

    let net = dir.file("merged.nnue");
    let args = [
        "train",
        "--variant",
        "chess",
        "--data",
        &merged,
        "--out",
        &net,
        "--hidden",
        "8",
        "--epochs",
        "1",
    ];
    let run = kaleido(&args);
    assert_eq!(run.code, Some(0), "{}", show(&args, &run));
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

    // The same variant with another budget: another run's file, left alone too.
    let chess = dir.file("chess.bin");
    datagen("chess", 20, 1, &chess);
    let before = read(&chess);
    let args = [
        "datagen",
        "--positions",
        "40",
        "--seed",
        "3",
        "--nodes",
        "300",
        "--out",
        &chess,
    ];
    let run = kaleido(&args);
    error_line(
        &run,
        &show(&args, &run),
        &["another run", "(nodes=400, not nodes=300)"],
    );
    assert_eq!(read(&chess), before);

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
