//! Engines described on the command line: `--engine KEY=VALUE ...` once per engine and
//! `--each KEY=VALUE ...` for all of them, as cutechess-cli's `-engine` and `-each` do. The
//! keys are engines.ini's (docs/match.md) plus three of the command line's own:
//! `conf=NAME` starts from that engine of the engines file, `name=NAME` names the engine, and
//! `arg=WORD` adds one word to its command. `--each` is applied after each engine's own words,
//! so it has the last say, as in cutechess.

use super::config::{ConfigError, EngineConfig, EngineList};
use std::path::Path;

/// One engine's words split into `(key, value)` pairs; a word without `=` is a mistake.
pub fn pairs(words: &[String]) -> Result<Vec<(String, String)>, ConfigError> {
    words
        .iter()
        .map(|word| match word.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => {
                Ok((key.trim().to_string(), value.to_string()))
            }
            _ => Err(ConfigError::NotAPair {
                word: crate::errors::quote(word, 40),
            }),
        })
        .collect()
}

/// The engine `pairs` describe, then `each` applied on top. Relative `workdir`s are taken
/// from `base` (where the match runs). Without `name=` the engine is called by its `conf=`
/// engine's name, else by its program's file name.
pub fn engine(
    list: &EngineList,
    pairs: &[(String, String)],
    each: &[(String, String)],
    base: &Path,
) -> Result<EngineConfig, ConfigError> {
    let mut conf = None;
    let mut name = None;
    let mut args = Vec::new();
    let mut keys = Vec::new();
    for (key, value) in pairs.iter().chain(each) {
        match key.as_str() {
            "conf" => conf = Some(value.trim()),
            "name" => name = Some(value.trim().to_string()),
            "arg" => args.push(value.clone()),
            _ => keys.push((key.clone(), value.clone())),
        }
    }
    if name.as_deref() == Some("") {
        return Err(ConfigError::EmptyName);
    }
    let mut engine = match conf {
        Some(conf) => {
            let from = list.get(conf)?;
            from.with_pairs(name.as_deref().unwrap_or(&from.name), &keys, base)?
        }
        None => EngineConfig::from_pairs("", &keys, base)?,
    };
    engine.command.extend(args);
    engine.name = match name {
        Some(name) => name,
        None if conf.is_some() => engine.name,
        None => program_name(&engine.command[0]),
    };
    Ok(engine)
}

/// How an engine with no name is called: its program's file name, without an extension.
fn program_name(program: &str) -> String {
    let path = Path::new(program);
    path.file_stem()
        .or(path.file_name())
        .map(|stem| stem.to_string_lossy().into_owned())
        .filter(|stem| !stem.is_empty())
        .unwrap_or_else(|| program.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::config::Protocol;

    fn words(text: &str) -> Vec<(String, String)> {
        let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        pairs(&words).unwrap_or_else(|e| panic!("{e}"))
    }

    fn list() -> EngineList {
        EngineList::parse(
            "[sf]\ncommand = /usr/games/stockfish\nprotocol = uci\noption.Hash = 64\ntc = 5+0.05\n",
            Path::new("/etc"),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_engine_is_built_from_its_words() {
        let e = engine(
            &list(),
            &words("command=./engines/fm protocol=xboard arg=-x arg=8 workdir=w st=0.5"),
            &[],
            Path::new("/here"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.name, "fm");
        assert_eq!(e.command, vec!["./engines/fm", "-x", "8"]);
        assert_eq!(e.protocol, Protocol::Xboard);
        assert_eq!(e.workdir, Path::new("/here/w"));
        assert_eq!(
            e.control.map(|c| c.to_string()).as_deref(),
            Some("0.5/move")
        );
    }

    #[test]
    fn conf_starts_from_the_file_and_later_words_win() {
        let e = engine(
            &list(),
            &words("conf=sf name=weak option.hash=16 depth=3"),
            &words("tc=inf option.Threads=1"),
            Path::new("."),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e.name, "weak");
        assert_eq!(e.command, vec!["/usr/games/stockfish"]);
        // One Hash option, the later one: UCI names are case-blind.
        assert_eq!(
            e.options,
            vec![
                ("hash".to_string(), "16".to_string()),
                ("Threads".to_string(), "1".to_string())
            ]
        );
        assert_eq!(e.limit.depth, Some(3));
        assert_eq!(e.control, None);
        let kept = engine(&list(), &words("conf=sf"), &[], Path::new("."))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(kept.name, "sf");
        assert_eq!(
            kept.control.map(|c| c.to_string()).as_deref(),
            Some("5+0.05")
        );
    }

    #[test]
    fn mistakes_are_named() {
        let bad = |engine_words: &[&str]| {
            let words: Vec<String> = engine_words.iter().map(|w| w.to_string()).collect();
            match pairs(&words) {
                Err(e) => e.to_string(),
                Ok(p) => engine(&list(), &p, &[], Path::new("."))
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default(),
            }
        };
        assert_eq!(bad(&["ponder"]), "'ponder' is not KEY=VALUE");
        assert_eq!(bad(&["=x"]), "'=x' is not KEY=VALUE");
        assert_eq!(
            bad(&["conf=nobody"]),
            "no engine 'nobody' in engines.ini (known: sf)"
        );
        assert_eq!(bad(&["protocol=uci"]), "no 'command'");
        assert_eq!(
            bad(&["command=x", "protocol=uci", "colour=red"]),
            "unknown key 'colour'"
        );
        assert_eq!(bad(&["conf=sf", "name="]), "the engine's name is empty");
        assert_eq!(
            bad(&["command=x", "protocol=uci", "tc=inf"]),
            "tc = inf needs depth or nodes, or the engine would never move"
        );
    }
}
