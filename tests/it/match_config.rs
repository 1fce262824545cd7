//! Where `kaleido match` finds its engines (docs/match.md, "Where the engines file is looked
//! for"): `--config`, then `KALEIDO_ENGINES`, then ./engines.ini, then the user's config folder,
//! then kaleido's built-in levels. Every run starts in an empty folder with HOME an empty
//! folder, as an installed kaleido would be run, so nothing of the checkout is found by chance.
//! A match is two games at depth 1-2 (well under a second); the order itself is checked with
//! unknown engine names, whose error names the list that was read.

use crate::common::Scratch;
use kaleido::arbiter::pgn;
use std::path::Path;
use std::process::Command;

const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");

/// An engines file at `path` seating kaleido at depth 1 as `name`, run by `command`.
fn write_engines(path: &Path, name: &str, command: &str) {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).unwrap_or_else(|e| panic!("{e}"));
    }
    let text =
        format!("[{name}]\ncommand = {command}\nprotocol = uci\nvariants = chess\ndepth = 1\n");
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn quoted_kaleido() -> String {
    format!("\"{KALEIDO}\"")
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `kaleido match ARGS` in `work` with HOME at `home`, the lookup variables unset unless
/// `vars` sets them.
fn kaleido_match(work: &Path, home: &Path, vars: &[(&str, &Path)], args: &[&str]) -> Run {
    let mut command = Command::new(KALEIDO);
    command
        .arg("match")
        .args(args)
        .current_dir(work)
        .env("HOME", home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("KALEIDO_ENGINES")
        .env_remove("RUST_LOG");
    for (name, value) in vars {
        command.env(name, value);
    }
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("run kaleido: {e}"));
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The run finished its match, and the PGN at `pgn_path` holds `games` games between `names`.
fn assert_played(run: &Run, pgn_path: &Path, games: usize, names: [&str; 2]) {
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Finished match"), "{}", run.stdout);
    let text = std::fs::read_to_string(pgn_path).unwrap_or_default();
    let played = pgn::read(&text);
    assert_eq!(played.len(), games, "{text}");
    for game in &played {
        let mut seats = [game.tag("White"), game.tag("Black")];
        seats.sort();
        let mut expected = names.map(Some);
        expected.sort();
        assert_eq!(seats, expected);
        pgn::replay(game).unwrap_or_else(|e| panic!("the game does not replay: {e}"));
    }
}

/// An installed kaleido, run where there is no engines file, plays its own built-in levels.
#[test]
fn the_built_in_list_plays_from_any_folder() {
    let scratch = Scratch::new("match-config-built-in");
    let (work, home) = (scratch.dir("work"), scratch.dir("home"));
    let pgn_path = work.join("games.pgn");
    let run = kaleido_match(
        &work,
        &home,
        &[],
        &[
            "--engines",
            "kaleido-d1,kaleido-d2",
            "--games",
            "2",
            "--pgn",
            "games.pgn",
        ],
    );
    assert_played(&run, &pgn_path, 2, ["kaleido-d1", "kaleido-d2"]);
}

/// `--config` names a file in another folder; its relative command is taken from that folder,
/// and it wins over KALEIDO_ENGINES and ./engines.ini, which lack the engine.
#[test]
fn a_config_file_elsewhere_is_used() {
    let scratch = Scratch::new("match-config-flag");
    let (work, home, elsewhere) = (
        scratch.dir("work"),
        scratch.dir("home"),
        scratch.dir("elsewhere"),
    );
    std::os::unix::fs::symlink(KALEIDO, scratch.dir("elsewhere/bin").join("kaleido"))
        .unwrap_or_else(|e| panic!("link kaleido: {e}"));
    let config = elsewhere.join("mine.ini");
    write_engines(&config, "mine", "bin/kaleido");
    write_engines(&work.join("engines.ini"), "here", &quoted_kaleido());
    let from_var = scratch.dir("var").join("engines.ini");
    write_engines(&from_var, "from-var", &quoted_kaleido());
    let pgn_path = work.join("games.pgn");
    let config_arg = config.display().to_string();
    let run = kaleido_match(
        &work,
        &home,
        &[("KALEIDO_ENGINES", &from_var)],
        &[
            "--config",
            &config_arg,
            "--engines",
            "mine,mine",
            "--games",
            "2",
            "--pgn",
            "games.pgn",
        ],
    );
    assert_played(&run, &pgn_path, 2, ["mine", "mine#2"]);
}

/// KALEIDO_ENGINES names the file when there is no `--config`, before ./engines.ini.
#[test]
fn kaleido_engines_names_the_file() {
    let scratch = Scratch::new("match-config-var");
    let (work, home) = (scratch.dir("work"), scratch.dir("home"));
    let from_var = scratch.dir("var").join("engines.ini");
    write_engines(&from_var, "from-var", &quoted_kaleido());
    write_engines(&work.join("engines.ini"), "here", &quoted_kaleido());
    let pgn_path = work.join("games.pgn");
    let run = kaleido_match(
        &work,
        &home,
        &[("KALEIDO_ENGINES", &from_var)],
        &[
            "--engines",
            "from-var,from-var",
            "--games",
            "2",
            "--pgn",
            "games.pgn",
        ],
    );
    assert_played(&run, &pgn_path, 2, ["from-var", "from-var#2"]);
}

/// The whole order, each source taken away in turn: the error about an unknown engine names
/// the list that was read, and the built-in one says which files were looked for.
#[test]
fn the_first_source_found_wins() {
    let scratch = Scratch::new("match-config-order");
    let (work, home, xdg) = (scratch.dir("work"), scratch.dir("home"), scratch.dir("xdg"));
    let flag = scratch.dir("flag").join("engines.ini");
    let from_var = scratch.dir("var").join("engines.ini");
    let here = work.join("engines.ini");
    let in_xdg = xdg.join("kaleido/engines.ini");
    let in_home = home.join(".config/kaleido/engines.ini");
    for path in [&flag, &from_var, &here, &in_xdg, &in_home] {
        write_engines(path, "someone", &quoted_kaleido());
    }
    let flag_arg = flag.display().to_string();
    let unknown = |vars: &[(&str, &Path)], with_flag: bool| {
        let mut args = vec!["--engines", "nobody,nobody"];
        if with_flag {
            args.extend(["--config", flag_arg.as_str()]);
        }
        let run = kaleido_match(&work, &home, vars, &args);
        assert_eq!(run.code, Some(2), "{}\n{}", run.stdout, run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        run.stderr
    };
    let read = |path: &Path| format!("no engine 'nobody' in {} (known:", path.display());
    let vars: &[(&str, &Path)] = &[("KALEIDO_ENGINES", &from_var), ("XDG_CONFIG_HOME", &xdg)];
    let xdg_only: &[(&str, &Path)] = &[("XDG_CONFIG_HOME", &xdg)];
    for (vars, with_flag, expected) in [
        (vars, true, &flag),
        (vars, false, &from_var),
        (xdg_only, false, &here),
    ] {
        let stderr = unknown(vars, with_flag);
        assert!(stderr.contains(&read(expected)), "{stderr}");
    }
    std::fs::remove_file(&here).unwrap_or_else(|e| panic!("{e}"));
    let stderr = unknown(xdg_only, false);
    assert!(stderr.contains(&read(&in_xdg)), "{stderr}");
    let stderr = unknown(&[], false);
    assert!(stderr.contains(&read(&in_home)), "{stderr}");
    std::fs::remove_file(&in_home).unwrap_or_else(|e| panic!("{e}"));
    let stderr = unknown(&[], false);
    assert!(
        stderr.contains(&format!(
            "no engine 'nobody' in kaleido's built-in list (no engines file at {}, {}) (known: \
             kaleido, kaleido-d1, kaleido-d2, kaleido-d4,",
            here.display(),
            in_home.display()
        )),
        "{stderr}"
    );
}

/// A file named by `--config` or KALEIDO_ENGINES that is not there is the error, in one line,
/// even where ./engines.ini or the built-in list would have served.
#[test]
fn a_missing_named_file_is_a_one_line_error() {
    let scratch = Scratch::new("match-config-missing");
    let (work, home) = (scratch.dir("work"), scratch.dir("home"));
    write_engines(&work.join("engines.ini"), "kaleido-d1", &quoted_kaleido());
    let missing = scratch.path("nowhere/engines.ini");
    let missing_arg = missing.display().to_string();
    let args = ["--engines", "kaleido-d1,kaleido-d1", "--games", "2"];
    let flag_args: Vec<&str> = ["--config", missing_arg.as_str()]
        .into_iter()
        .chain(args)
        .collect();
    for (vars, args, named_by) in [
        (&[][..], &flag_args[..], "--config"),
        (
            &[("KALEIDO_ENGINES", missing.as_path())][..],
            &args[..],
            "KALEIDO_ENGINES",
        ),
    ] {
        let run = kaleido_match(&work, &home, vars, args);
        assert_eq!(run.code, Some(2), "{}\n{}", run.stdout, run.stderr);
        assert_eq!(run.stdout, "");
        let expected = format!(
            "error: cannot read the engines file {} named by {named_by}: ",
            missing.display()
        );
        assert!(run.stderr.starts_with(&expected), "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
}
