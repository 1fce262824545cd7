//! cutechess-cli's spelling of `kaleido match`: `kaleido match -engine cmd=sf proto=uci
//! -engine conf=fairymax -each tc=40/60 -games 2 -rounds 50 -pgnout out.pgn` is rewritten into
//! kaleido's own options before they are parsed, so that a command line from a cutechess
//! tutorial works as far as these games allow. What has no meaning here (tablebases, a book per
//! engine, pondering) is refused by name rather than ignored. docs/match.md has the table.

use std::ffi::OsString;
use thiserror::Error;

/// Why a cutechess-style command line cannot be rewritten.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CutechessError {
    #[error("unknown option {0} (cutechess-cli's options are listed in docs/match.md)")]
    UnknownOption(String),
    #[error("{option} needs {wanted}")]
    MissingValue {
        option: &'static str,
        wanted: &'static str,
    },
    #[error("{option}: '{value}' is not {wanted}")]
    BadValue {
        option: String,
        value: String,
        wanted: &'static str,
    },
    #[error("{option} is not supported by kaleido match: {why}")]
    Unsupported { option: String, why: &'static str },
    #[error("timemargin: kaleido match has one margin for every engine (--time-margin), and the engines were given {0}")]
    MarginsDiffer(String),
    #[error("an argument is not valid UTF-8: {0}")]
    NotUtf8(String),
}

/// How many values a match option takes.
#[derive(Clone, Copy)]
enum Values {
    None,
    One,
    /// `-repeat [N]`.
    Optional,
    /// `-pgnout FILE [min] [fi]`.
    UpTo3,
    /// Key=value words up to the next option.
    Words,
}

/// cutechess-cli's match options and the values each takes.
const OPTIONS: [(&str, Values); 33] = [
    ("-engine", Values::Words),
    ("-each", Values::Words),
    ("-variant", Values::One),
    ("-concurrency", Values::One),
    ("-draw", Values::Words),
    ("-resign", Values::Words),
    ("-maxmoves", Values::One),
    ("-tb", Values::One),
    ("-tbpieces", Values::One),
    ("-tbignore50", Values::None),
    ("-tournament", Values::One),
    ("-event", Values::One),
    ("-games", Values::One),
    ("-rounds", Values::One),
    ("-sprt", Values::Words),
    ("-ratinginterval", Values::One),
    ("-outcomeinterval", Values::One),
    ("-resultformat", Values::One),
    ("-debug", Values::None),
    ("-openings", Values::Words),
    ("-bookmode", Values::One),
    ("-pgnout", Values::UpTo3),
    ("-epdout", Values::One),
    ("-repeat", Values::Optional),
    ("-noswap", Values::None),
    ("-reverse", Values::None),
    ("-recover", Values::None),
    ("-site", Values::One),
    ("-srand", Values::One),
    ("-wait", Values::One),
    ("-seeds", Values::One),
    ("-engines", Values::None),
    ("-version", Values::None),
];

fn values_of(option: &str) -> Option<Values> {
    OPTIONS
        .iter()
        .find(|(name, _)| *name == option)
        .map(|&(_, values)| values)
}

/// A word that starts an option: `-` or `--` and a letter (so `-5` stays a value).
fn is_option(word: &str) -> bool {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'));
    name.and_then(|n| n.chars().next())
        .is_some_and(|c| c.is_ascii_alphabetic())
}

/// kaleido's arguments for `args` (the whole command line, program name first): unchanged
/// unless it is `match` with at least one of cutechess-cli's single-dash options.
pub fn rewrite(args: Vec<OsString>) -> Result<Vec<OsString>, CutechessError> {
    let is_match = args.get(1).is_some_and(|a| a == "match");
    let cutechess = args
        .iter()
        .skip(2)
        .any(|a| a.to_str().is_some_and(|a| values_of(a).is_some()));
    if !is_match || !cutechess {
        return Ok(args);
    }
    let words = args[2..]
        .iter()
        .map(|a| {
            a.to_str()
                .map(str::to_string)
                .ok_or_else(|| CutechessError::NotUtf8(a.to_string_lossy().into_owned()))
        })
        .collect::<Result<Vec<String>, _>>()?;
    let mut out: Vec<OsString> = args[..2].to_vec();
    out.extend(translate(&words)?.into_iter().map(OsString::from));
    Ok(out)
}

/// The translation proper: cutechess's words after `match` into kaleido's. Options in
/// kaleido's own `--` spelling are passed on with their values.
pub fn translate(words: &[String]) -> Result<Vec<String>, CutechessError> {
    let mut out = Vec::new();
    let mut margins = Margins::default();
    let mut i = 0;
    while i < words.len() {
        let option = words[i].as_str();
        i += 1;
        let mut values: Vec<&str> = Vec::new();
        if option.starts_with("--") {
            while i < words.len() && !is_option(&words[i]) {
                values.push(&words[i]);
                i += 1;
            }
            out.push(option.to_string());
            out.extend(values.iter().map(|v| v.to_string()));
            continue;
        }
        let Some(kind) = values_of(option) else {
            return Err(CutechessError::UnknownOption(crate::errors::quote(
                option, 40,
            )));
        };
        let most = match kind {
            Values::None => 0,
            Values::One | Values::Optional => 1,
            Values::UpTo3 => 3,
            Values::Words => usize::MAX,
        };
        while i < words.len() && values.len() < most && !is_option(&words[i]) {
            values.push(&words[i]);
            i += 1;
        }
        match_option(option, kind, &values, &mut out, &mut margins)?;
    }
    if let Some(margin) = margins.agreed()? {
        out.push("--time-margin".into());
        out.push(margin);
    }
    Ok(out)
}

/// The time margins the engines were given (`timemargin=`), which kaleido holds as one.
#[derive(Default)]
struct Margins {
    each: Option<String>,
    /// One entry per `-engine`: its own margin, if it has one.
    engines: Vec<Option<String>>,
}

impl Margins {
    fn agreed(&self) -> Result<Option<String>, CutechessError> {
        let all: Vec<Option<&String>> = self
            .engines
            .iter()
            .map(|own| self.each.as_ref().or(own.as_ref()))
            .collect();
        let given: Vec<&String> = all.iter().flatten().copied().collect();
        match given.first() {
            None => Ok(None),
            Some(first) if given.len() == all.len() && given.iter().all(|m| m == first) => {
                Ok(Some(first.to_string()))
            }
            Some(_) => {
                let shown: Vec<String> = all
                    .iter()
                    .map(|m| m.map_or("none".to_string(), |m| m.clone()))
                    .collect();
                Err(CutechessError::MarginsDiffer(shown.join(", ")))
            }
        }
    }
}

fn unsupported(option: &str, why: &'static str) -> CutechessError {
    CutechessError::Unsupported {
        option: option.to_string(),
        why,
    }
}

fn one<'a>(
    option: &'static str,
    values: &[&'a str],
    wanted: &'static str,
) -> Result<&'a str, CutechessError> {
    values
        .first()
        .copied()
        .ok_or(CutechessError::MissingValue { option, wanted })
}

fn count(option: &str, value: &str) -> Result<u64, CutechessError> {
    value.parse().map_err(|_| CutechessError::BadValue {
        option: option.to_string(),
        value: crate::errors::quote(value, 30),
        wanted: "a whole number",
    })
}

/// One match option into kaleido's words.
fn match_option(
    option: &str,
    kind: Values,
    values: &[&str],
    out: &mut Vec<String>,
    margins: &mut Margins,
) -> Result<(), CutechessError> {
    let mut push = |words: &[&str]| out.extend(words.iter().map(|w| w.to_string()));
    let single = |name: &'static str, wanted: &'static str| one(name, values, wanted);
    if matches!(kind, Values::Words) && values.is_empty() {
        let name = OPTIONS
            .iter()
            .find(|(n, _)| *n == option)
            .map_or("-engine", |(n, _)| n);
        return Err(CutechessError::MissingValue {
            option: name,
            wanted: "KEY=VALUE words",
        });
    }
    match option {
        "-engine" => {
            let (words, margin) = engine_words(values)?;
            margins.engines.push(margin);
            out.push("--engine".into());
            out.extend(words);
        }
        "-each" => {
            let (words, margin) = engine_words(values)?;
            margins.each = margin.or(margins.each.take());
            out.push("--each".into());
            out.extend(words);
        }
        "-variant" => {
            let variant = single("-variant", "a variant name")?;
            match variant {
                "standard" => push(&["--variant", "chess"]),
                // cutechess's Chess960: chess from shuffled starts, or the positions of an
                // openings file played as Chess960.
                "fischerandom" => push(&["--variant", "chess", "--chess960"]),
                other => push(&["--variant", other]),
            }
        }
        "-concurrency" => push(&["--concurrency", single("-concurrency", "a number")?]),
        // The same key=value words under kaleido's name for the option.
        "-draw" | "-resign" | "-sprt" | "-openings" => {
            push(&[&format!("-{option}")]);
            push(values);
        }
        "-maxmoves" => {
            let n = single("-maxmoves", "a number of moves")?;
            // cutechess's 0 is no limit, which is kaleido's default.
            if count("-maxmoves", n)? > 0 {
                push(&["--max-moves", n]);
            }
        }
        "-tournament" => push(&["--tournament", single("-tournament", "a tournament type")?]),
        "-event" => push(&["--event", single("-event", "a name")?]),
        "-site" => push(&["--site", single("-site", "a name")?]),
        "-games" => push(&["--games", single("-games", "a number")?]),
        "-rounds" => push(&["--rounds", single("-rounds", "a number")?]),
        "-ratinginterval" => push(&["--rating-interval", single("-ratinginterval", "a number")?]),
        "-srand" => push(&["--seed", single("-srand", "a number")?]),
        "-wait" => push(&["--wait", single("-wait", "milliseconds")?]),
        "-epdout" => push(&["--epd", single("-epdout", "a file")?]),
        "-debug" => push(&["--debug"]),
        "-recover" => push(&["--recover"]),
        "-pgnout" => {
            let file = single("-pgnout", "a file")?;
            for flag in &values[1..] {
                match *flag {
                    // kaleido writes only finished games anyway.
                    "fi" => {}
                    "min" => {
                        return Err(unsupported(
                            "-pgnout min",
                            "kaleido writes full PGN only (its comments carry the scores)",
                        ))
                    }
                    other => {
                        return Err(CutechessError::BadValue {
                            option: "-pgnout".into(),
                            value: crate::errors::quote(other, 30),
                            wanted: "min or fi",
                        })
                    }
                }
            }
            push(&["--pgn", file]);
        }
        "-bookmode" => match single("-bookmode", "ram or disk")? {
            // kaleido reads a polyglot book whole; both modes give the same games.
            "ram" | "disk" => {}
            other => {
                return Err(CutechessError::BadValue {
                    option: "-bookmode".into(),
                    value: crate::errors::quote(other, 30),
                    wanted: "ram or disk",
                })
            }
        },
        "-repeat" => {
            // kaleido always plays each opening in every seating: -repeat's default (2) for
            // two players, and more it cannot do.
            let n = values.first().map(|v| count("-repeat", v)).transpose()?;
            if n.is_some_and(|n| n != 2) {
                return Err(unsupported(
                    "-repeat N other than 2",
                    "kaleido plays each opening once in every seating",
                ));
            }
        }
        "-tb" | "-tbpieces" | "-tbignore50" => {
            return Err(unsupported(
                option,
                "there are no tablebases for these games",
            ))
        }
        "-noswap" | "-reverse" => {
            return Err(unsupported(
                option,
                "kaleido plays each opening in every seating",
            ))
        }
        "-seeds" => {
            return Err(unsupported(
                option,
                "a knockout seeds every engine, in the order given",
            ))
        }
        "-outcomeinterval" | "-resultformat" => {
            return Err(unsupported(
                option,
                "kaleido prints cutechess's default report",
            ))
        }
        // `-engines` and `-version` print and leave in cutechess; kaleido has its own.
        _ => {
            return Err(unsupported(
                option,
                "use `kaleido --version`, or read the engines file",
            ))
        }
    }
    Ok(())
}

/// One `-engine` or `-each`'s words in kaleido's keys, and its `timemargin=` if it has one.
fn engine_words(words: &[&str]) -> Result<(Vec<String>, Option<String>), CutechessError> {
    let mut out = Vec::new();
    let mut margin = None;
    for word in words {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let renamed = match key {
            "cmd" => "command",
            "dir" => "workdir",
            "proto" => "protocol",
            "timemargin" => {
                count("timemargin", value)?;
                margin = Some(value.to_string());
                continue;
            }
            "restart" => match value {
                // kaleido starts every engine afresh for each game.
                "auto" | "on" | "off" => continue,
                other => {
                    return Err(CutechessError::BadValue {
                        option: "restart".into(),
                        value: crate::errors::quote(other, 30),
                        wanted: "auto, on or off",
                    })
                }
            },
            // kaleido referees every move and claim by the game's rules; trusting claims
            // would change nothing it does.
            "trust" => continue,
            "ponder" => return Err(unsupported("ponder", "kaleido match does not ponder")),
            "book" | "bookdepth" => {
                return Err(unsupported(
                    key,
                    "books are the match's: -openings file=BOOK.bin format=polyglot",
                ))
            }
            "whitepov" | "initstr" | "stderr" | "tscale" => {
                return Err(unsupported(key, "not implemented"))
            }
            other => other,
        };
        out.push(if word.contains('=') {
            format!("{renamed}={value}")
        } else {
            word.to_string()
        });
    }
    Ok((out, margin))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    fn rewritten(line: &str) -> String {
        translate(&words(line))
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .join(" ")
    }

    fn refused(line: &str) -> String {
        translate(&words(line))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn a_tutorial_line_becomes_kaleidos() {
        assert_eq!(
            rewritten(
                "-engine cmd=./new name=new -engine conf=fairymax -each proto=uci tc=40/60+0.6 \
                 option.Hash=16 -games 2 -rounds 50 -repeat -concurrency 2 -recover \
                 -openings file=book.pgn order=random plies=8 -pgnout out.pgn fi \
                 -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=500 \
                 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 -srand 7 -variant standard \
                 -maxmoves 0 -ratinginterval 10"
            ),
            "--engine command=./new name=new --engine conf=fairymax --each protocol=uci \
             tc=40/60+0.6 option.Hash=16 --games 2 --rounds 50 --concurrency 2 --recover \
             --openings file=book.pgn order=random plies=8 --pgn out.pgn \
             --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=500 \
             --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --seed 7 --variant chess \
             --rating-interval 10"
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        );
    }

    #[test]
    fn engine_words_are_renamed() {
        assert_eq!(
            rewritten("-engine cmd=a dir=/tmp arg=-x arg=--y restart=on trust depth=3 -debug"),
            "--engine command=a workdir=/tmp arg=-x arg=--y depth=3 --debug"
        );
        assert_eq!(
            rewritten("-engine cmd=a -engine cmd=b -each timemargin=50 -epdout e.epd -site Here -wait 100"),
            "--engine command=a --engine command=b --each --epd e.epd --site Here --wait 100 \
             --time-margin 50"
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert_eq!(
            rewritten("-engine cmd=a timemargin=20 -engine cmd=b timemargin=20 --concurrency 2"),
            "--engine command=a --engine command=b --concurrency 2 --time-margin 20"
        );
    }

    #[test]
    fn what_has_no_meaning_here_is_refused_by_name() {
        assert_eq!(
            refused("-engine cmd=a ponder"),
            "ponder is not supported by kaleido match: kaleido match does not ponder"
        );
        assert!(refused("-tb /syzygy").starts_with("-tb is not supported"));
        assert!(refused("-noswap").starts_with("-noswap is not supported"));
        assert!(refused("-repeat 4").starts_with("-repeat N other than 2"));
        assert!(refused("-pgnout x.pgn min").starts_with("-pgnout min"));
        assert_eq!(
            refused("-pgnout x.pgn max"),
            "-pgnout: 'max' is not min or fi"
        );
        assert_eq!(
            rewritten("-variant fischerandom -games 2"),
            "--variant chess --chess960 --games 2"
        );
        assert!(refused("-engine cmd=a book=b.bin").starts_with("book is not supported"));
        assert_eq!(
            refused("-engine cmd=a restart=sometimes"),
            "restart: 'sometimes' is not auto, on or off"
        );
        assert!(refused("-frobnicate 3").starts_with("unknown option -frobnicate"));
        assert_eq!(refused("-games"), "-games needs a number");
        assert_eq!(refused("-engine"), "-engine needs KEY=VALUE words");
        assert!(refused("-engine cmd=a timemargin=20 -engine cmd=b").starts_with("timemargin:"));
        assert_eq!(
            refused("-engine cmd=a timemargin=soon"),
            "timemargin: 'soon' is not a whole number"
        );
    }

    #[test]
    fn only_cutechess_lines_are_rewritten() {
        let os = |line: &str| -> Vec<OsString> { line.split(' ').map(OsString::from).collect() };
        let same = os("kaleido match --engines a,b --games 2");
        assert_eq!(rewrite(same.clone()), Ok(same));
        let perft = os("kaleido perft -engine");
        assert_eq!(rewrite(perft.clone()), Ok(perft));
        assert_eq!(
            rewrite(os("kaleido match -engine conf=a -engine conf=b")),
            Ok(os("kaleido match --engine conf=a --engine conf=b"))
        );
    }
}
