//! Openings files as other tools write them: kaleido's own lines (`FEN moves m1 m2`), PGN
//! games (the main line), EPD positions, and polyglot books; and `--openings` itself, a
//! path or cutechess's words (`file=book.pgn format=pgn order=random plies=16 start=1`).

use super::error::SettingError;
use super::openings::{OpeningLine, Origin};
use super::pgn;
use super::words::{key_values, missing, number};
use crate::errors::quote;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// One opening per line: `FEN`, `FEN moves ...`, `startpos moves ...`.
    Lines,
    Pgn,
    Epd,
    /// A polyglot `.bin` book.
    Polyglot,
}

impl OpeningFormat {
    fn named(name: &str) -> Option<OpeningFormat> {
        match name.to_ascii_lowercase().as_str() {
            "lines" | "fen" => Some(OpeningFormat::Lines),
            "pgn" => Some(OpeningFormat::Pgn),
            "epd" => Some(OpeningFormat::Epd),
            "polyglot" | "bin" => Some(OpeningFormat::Polyglot),
            _ => None,
        }
    }

    /// The format a file's name says: `.pgn`, `.epd`, `.bin`; anything else is lines.
    fn of_path(path: &Path) -> OpeningFormat {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(OpeningFormat::named)
            .filter(|f| *f != OpeningFormat::Lines)
            .unwrap_or(OpeningFormat::Lines)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpeningOrder {
    /// As the file has them, from `start`, starting over at the end.
    #[default]
    Sequential,
    /// Shuffled by `--seed`: every opening once before any comes again.
    Random,
}

/// What `--openings` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsSpec {
    pub file: PathBuf,
    pub format: OpeningFormat,
    pub order: OpeningOrder,
    /// Book moves at most: a PGN game's main line or a book walk is cut there (whole turns).
    pub plies: Option<usize>,
    /// The first opening played, counted from 1.
    pub start: usize,
}

impl OpeningsSpec {
    /// A path alone, or cutechess's `file= format= order= plies= start=` words.
    pub fn parse(words: &[String]) -> Result<OpeningsSpec, SettingError> {
        const OPTION: &str = "--openings";
        if let [path] = words {
            if !path.contains('=') {
                let file = PathBuf::from(path);
                return Ok(OpeningsSpec {
                    format: OpeningFormat::of_path(&file),
                    file,
                    order: OpeningOrder::Sequential,
                    plies: None,
                    start: 1,
                });
            }
        }
        let keys = ["file", "format", "order", "plies", "start"];
        let (mut file, mut format, mut order, mut plies, mut start) = (None, None, None, None, 1);
        for (key, value) in key_values(OPTION, words, &keys)? {
            let bad = || SettingError::OpeningsValue {
                key,
                value: quote(value, 30),
            };
            match key {
                "file" => file = Some(PathBuf::from(value)),
                "format" => format = Some(OpeningFormat::named(value).ok_or_else(bad)?),
                "order" => {
                    order = Some(match value.to_ascii_lowercase().as_str() {
                        "sequential" => OpeningOrder::Sequential,
                        "random" => OpeningOrder::Random,
                        _ => return Err(bad()),
                    })
                }
                "plies" => plies = Some(number(OPTION, key, value)? as usize),
                _ => start = (number(OPTION, key, value)? as usize).max(1),
            }
        }
        let file = file.ok_or_else(|| missing(OPTION, "file"))?;
        Ok(OpeningsSpec {
            format: format.unwrap_or_else(|| OpeningFormat::of_path(&file)),
            file,
            order: order.unwrap_or_default(),
            plies,
            start,
        })
    }
}

/// Reads the openings of a text file in `format` (not polyglot, which is binary).
pub fn read_text(text: &str, format: OpeningFormat) -> Vec<OpeningLine> {
    match format {
        OpeningFormat::Pgn => read_pgn(text),
        OpeningFormat::Epd => read_epd(text),
        OpeningFormat::Lines | OpeningFormat::Polyglot => read_lines(text),
    }
}

/// Skips blank lines and `#` comments, numbering the rest from 1.
fn numbered_lines(text: &str) -> impl Iterator<Item = (Origin, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (Origin::Line(i + 1), line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// One opening per line: `FEN`, `FEN moves m1 m2 ...` or `startpos moves m1 m2 ...`.
pub fn read_lines(text: &str) -> Vec<OpeningLine> {
    numbered_lines(text)
        .map(|(origin, line)| {
            let (setup, moves) = match line.split_once("moves") {
                Some((s, m)) if s.is_empty() || s.ends_with(' ') => {
                    (s.trim(), m.split_whitespace().map(String::from).collect())
                }
                _ => (line, Vec::new()),
            };
            let fen = match setup {
                "startpos" | "" => None,
                fen => Some(fen.to_string()),
            };
            OpeningLine { fen, moves, origin }
        })
        .collect()
}

/// Every game's start (its FEN tag, else the start position) and main line, in SAN or the
/// variant's own notation.
pub fn read_pgn(text: &str) -> Vec<OpeningLine> {
    pgn::read(text)
        .iter()
        .enumerate()
        .map(|(i, game)| OpeningLine {
            fen: game.tag("FEN").map(String::from),
            moves: game.mainline().map(String::from).collect(),
            origin: Origin::Game(i + 1),
        })
        .collect()
}

/// EPD: a FEN's first four fields (placement, side, castling, en passant), then opcodes
/// ending in `;`. `hmvc` and `fmvn` give the move counters; the others (`id`, `bm`, `c0`)
/// say nothing of where a game starts and are passed over.
pub fn read_epd(text: &str) -> Vec<OpeningLine> {
    numbered_lines(text)
        .map(|(origin, line)| {
            let fields: Vec<&str> = line.splitn(5, char::is_whitespace).collect();
            let position = fields[..fields.len().min(4)].join(" ");
            let opcodes = fields.get(4).copied().unwrap_or("");
            let counter = |name: &str, default: &str| {
                opcodes
                    .split(';')
                    .filter_map(|op| op.trim().split_once(char::is_whitespace))
                    .find(|(code, _)| *code == name)
                    .map(|(_, value)| value.trim().to_string())
                    .unwrap_or_else(|| default.to_string())
            };
            // A line that is a whole FEN (counters in place of opcodes) is read as one.
            let fen = match opcodes.split_whitespace().collect::<Vec<_>>()[..] {
                [h, f] if h.parse::<u32>().is_ok() && f.parse::<u32>().is_ok() => {
                    format!("{position} {h} {f}")
                }
                _ => format!(
                    "{position} {} {}",
                    counter("hmvc", "0"),
                    counter("fmvn", "1")
                ),
            };
            OpeningLine {
                fen: Some(fen),
                moves: Vec::new(),
                origin,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_option_takes_a_path_or_cutechess_words() {
        let spec =
            OpeningsSpec::parse(&words("books/8moves.pgn")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(spec.format, OpeningFormat::Pgn);
        assert_eq!(
            (spec.order, spec.plies, spec.start),
            (OpeningOrder::Sequential, None, 1)
        );
        assert_eq!(
            OpeningsSpec::parse(&words("performance.bin")).map(|s| s.format),
            Ok(OpeningFormat::Polyglot)
        );
        assert_eq!(
            OpeningsSpec::parse(&words("lines.txt")).map(|s| s.format),
            Ok(OpeningFormat::Lines)
        );
        let spec =
            OpeningsSpec::parse(&words("file=o.txt format=epd order=random plies=8 start=3"))
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(spec.file, PathBuf::from("o.txt"));
        assert_eq!(spec.format, OpeningFormat::Epd);
        assert_eq!(
            (spec.order, spec.plies, spec.start),
            (OpeningOrder::Random, Some(8), 3)
        );
        for (bad, says) in [
            ("format=pgn", "--openings: file= is missing"),
            ("file=a.pgn format=cbh", "--openings: format = 'cbh'"),
            (
                "file=a.pgn order=shuffled",
                "--openings: order = 'shuffled'",
            ),
            ("file=a.pgn plies=many", "--openings: plies = 'many'"),
            (
                "file=a.pgn policy=round",
                "--openings: unknown key 'policy'",
            ),
        ] {
            let e = OpeningsSpec::parse(&words(bad))
                .map(|_| ())
                .unwrap_err()
                .to_string();
            assert!(e.starts_with(says), "{bad}: {e}");
        }
    }

    #[test]
    fn lines_files() {
        let lines = read_lines(
            "# comment\n\nstartpos moves e2e4 e7e5\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n\
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4\n",
        );
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].fen, None);
        assert_eq!(lines[0].moves, vec!["e2e4", "e7e5"]);
        assert_eq!(lines[0].origin, Origin::Line(3));
        assert!(lines[1].moves.is_empty());
        assert_eq!(lines[2].moves, vec!["d2d4"]);
    }

    #[test]
    fn pgn_files_give_each_games_main_line() {
        let text = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $1 \
                    {a comment (not a variation)} Nc6 *\n\n\
                    [Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                    1. e3 ; rest of line\nKd7 1/2-1/2\n";
        let games = read_pgn(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, vec!["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(games[0].fen, None);
        assert_eq!(games[1].origin, Origin::Game(2));
        assert_eq!(
            games[1].fen.as_deref(),
            Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
        );
        assert_eq!(games[1].moves, vec!["e3", "Kd7"]);
    }

    #[test]
    fn epd_lines_are_four_fields_and_opcodes() {
        let lines = read_epd(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"e4\"; hmvc 0; fmvn 1;\n\
             r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3;\n\
             4k3/8/8/8/8/8/4P3/4K3 w - -\n\
             4k3/8/8/8/8/8/4P3/4K3 b - - 5 40\n",
        );
        let fens: Vec<&str> = lines.iter().filter_map(|l| l.fen.as_deref()).collect();
        assert_eq!(
            fens,
            [
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                "4k3/8/8/8/8/8/4P3/4K3 b - - 5 40",
            ]
        );
        assert_eq!(lines[2].origin, Origin::Line(3));
    }
}
