//! PGN out and back in. Games are written as they finish, each flushed whole, so the file
//! stays valid whatever stops the match. Tags: the Seven Tag Roster (with one player tag per
//! seat: White/Black, or PlayerA/PlayerB/PlayerC for three players), Variant (`Chess960` for
//! chess from a shuffled start, as other programs name it), SetUp/FEN when the game does not
//! start from the variant's start position or is played as Chess960, TimeControl, Termination,
//! PlyCount and Annotator (the kaleido build that wrote the file); moves in the variant's
//! human notation (SAN where it has one), with cutechess's `{score/depth time}` comments,
//! `{book}` on opening moves, and the reason before the result.
//!
//! `replay` reads such a file back through kaleido's own rules, move by move.

use super::clock::TimeControl;
use super::error::ReplayError;
use super::game::GameReport;
use crate::errors::MoveError;
use crate::game::{Game, Variant};
use crate::pgn_text::PgnText;
use crate::record::GameRecord;
use crate::registry::{with_variant, VariantVisitor, VARIANT_NAMES};

/// The tag naming the player of `seat`.
pub fn seat_tag(players: usize, seat: usize) -> String {
    match (players, seat) {
        (2, 0) => "White".into(),
        (2, _) => "Black".into(),
        _ => format!("Player{}", (b'A' + seat.min(25) as u8) as char),
    }
}

/// The match-wide facts every game's tags repeat.
pub struct Header {
    pub event: String,
    pub site: String,
    pub date: String,
    pub variant: String,
    /// The Variant tag of a game played as Chess960 (`variant_tag`).
    pub shuffled_variant: String,
}

/// The name other programs read for a game with a shuffled form of its own, played as
/// Chess960 (python-chess, cutechess and the PGN tools know `Chess960`).
const CHESS960_TAG: &str = "Chess960";

/// The Variant tag of a game of `G`, played as Chess960 or not. A game whose shuffled form has
/// a name of its own elsewhere (XBoard's `fischerandom`: chess) is tagged with the name PGN
/// readers know for it; the others keep kaleido's name, their FEN tag showing the start.
pub fn variant_tag<G: Game>(chess960: bool) -> &'static str {
    if chess960 && !G::XBOARD.shuffled_name.is_empty() {
        CHESS960_TAG
    } else {
        G::NAME
    }
}

/// kaleido's name of the variant a PGN Variant tag names: its own name, or a name for the
/// shuffled form of one (`Chess960`, cutechess's `fischerandom`, without regard to case).
/// Other tags come back as they are, for the registry to refuse.
pub fn variant_of_tag(tag: &str) -> &str {
    struct Aliases;
    impl VariantVisitor for Aliases {
        type Output = [&'static str; 2];
        fn visit<G: Variant>(self) -> [&'static str; 2] {
            [variant_tag::<G>(true), G::XBOARD.shuffled_name]
        }
    }
    if VARIANT_NAMES.contains(&tag) {
        return tag;
    }
    VARIANT_NAMES
        .iter()
        .copied()
        .find(|name| {
            with_variant(name, Aliases).is_ok_and(|aliases| {
                aliases
                    .iter()
                    .any(|alias| *alias != *name && alias.eq_ignore_ascii_case(tag))
            })
        })
        .unwrap_or(tag)
}

/// The TimeControl tags of a game: one `TimeControl` when every seat plays to the same control,
/// else one per seat (`WhiteTimeControl`, `BlackTimeControl`, `PlayerATimeControl`, ...), as
/// cutechess writes time odds. `-` is no clock (a fixed depth or node count).
fn time_control_tags(controls: &[Option<TimeControl>]) -> Vec<(String, String)> {
    let text = |c: &Option<TimeControl>| c.map_or("-".to_string(), |c| c.to_string());
    match controls.first() {
        Some(first) if controls.iter().any(|c| c != first) => controls
            .iter()
            .enumerate()
            .map(|(seat, c)| (seat_tag(controls.len(), seat) + "TimeControl", text(c)))
            .collect(),
        first => vec![(
            "TimeControl".to_string(),
            first.map_or("-".to_string(), text),
        )],
    }
}

/// One game as PGN text, ending with a blank line.
pub fn write(game: &GameReport, header: &Header) -> String {
    let players = game.names.len();
    let mut pgn = PgnText::new();
    let mut tag = |name: &str, value: &str| pgn.tag(name, value);
    tag("Event", &header.event);
    tag("Site", &header.site);
    tag("Date", &header.date);
    tag("Round", &game.number.to_string());
    for (seat, name) in game.names.iter().enumerate() {
        tag(&seat_tag(players, seat), name);
    }
    tag("Result", &game.result);
    if game.chess960 {
        tag("Variant", &header.shuffled_variant);
    } else {
        tag("Variant", &header.variant);
    }
    // A Chess960 game names its start even when it is the classical one (Scharnagl's 518),
    // as readers take a Chess960 game without a FEN to be of unknown start.
    if !game.from_startpos || game.chess960 {
        tag("SetUp", "1");
        tag("FEN", &game.start_fen);
    }
    for (name, value) in time_control_tags(&game.controls) {
        tag(&name, &value);
    }
    tag("Termination", game.termination.pgn());
    tag("PlyCount", &game.plies.to_string());
    tag("Annotator", crate::version::engine_name());
    let mut words: Vec<String> = Vec::new();
    for mv in &game.moves {
        if let Some(n) = &mv.number {
            words.push(n.clone());
        }
        words.push(mv.notation.clone());
        if !mv.comment.is_empty() {
            words.push(format!("{{{}}}", mv.comment.replace('}', ")")));
        }
    }
    words.push(format!("{{{}}}", game.reason.replace('}', ")")));
    words.push(game.result.clone());
    // A blank line ends the game.
    pgn.movetext(&words) + "\n"
}

/// One game read from PGN text: its tags and its movetext tokens (comments and move numbers
/// removed; the result token last).
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub tokens: Vec<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The main line's moves, up to the result.
    pub fn mainline(&self) -> impl Iterator<Item = &str> {
        self.tokens
            .iter()
            .map(String::as_str)
            .take_while(|t| !is_result(t))
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Splits PGN text into games.
pub fn read(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut in_comment = false;
    // Depth of variations `( ... )` being skipped: only the main line is kept.
    let mut in_variation = 0usize;
    for line in text.lines() {
        let trimmed = line.trim();
        if !in_comment && in_variation == 0 && trimmed.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                in_moves = false;
            }
            if let Some(t) = parse_tag(trimmed) {
                game.tags.push(t);
            }
            continue;
        }
        let mut word = String::new();
        let flush = |word: &mut String, game: &mut PgnGame| {
            let w = std::mem::take(word);
            // Move numbers, alone (`12.`, `12...`) or glued to the move (`12.e4`); digits
            // not followed by a dot (`0-1`, `1/2-1/2`) are a result, not a number.
            let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let w = if digits > 0 && w[digits..].starts_with('.') {
                w[digits..].trim_start_matches('.')
            } else {
                w.as_str()
            };
            // `$1` and the like are annotation glyphs, not moves.
            if !w.is_empty() && !w.starts_with('$') {
                game.tokens.push(w.to_string());
            }
        };
        for c in line.chars() {
            if in_comment {
                if c == '}' {
                    in_comment = false;
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word, &mut game);
                    in_comment = true;
                }
                '(' => {
                    flush(&mut word, &mut game);
                    in_variation += 1;
                }
                ')' => {
                    word.clear();
                    in_variation = in_variation.saturating_sub(1);
                }
                _ if in_variation > 0 => {}
                ';' => break,
                c if c.is_whitespace() => flush(&mut word, &mut game),
                c => {
                    in_moves = true;
                    word.push(c);
                }
            }
        }
        flush(&mut word, &mut game);
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    games
}

/// What replaying one game found.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub plies: usize,
    /// The FEN of the position the game ends in.
    pub end_fen: String,
    /// The result the rules give the final position, if they end the game there.
    pub rules_result: Option<String>,
    /// The Result tag.
    pub result_tag: String,
}

/// Result tokens: the two-player ones, `*`, and three-player point lists such as `4/3-2/3-0`.
fn is_result(token: &str) -> bool {
    token == "*"
        || (token.contains('-')
            && token
                .split('-')
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || c == '/')))
}

fn strip_annotations(san: &str) -> &str {
    san.trim_end_matches(['+', '#', '!', '?'])
}

/// The game's moves played through kaleido's rules for G from its start position (the FEN tag,
/// else the variant's start), each one checked.
pub fn record<G: Game>(game: &PgnGame) -> Result<GameRecord<G>, ReplayError> {
    let start = match game.tag("FEN") {
        Some(fen) => G::from_fen(fen)?,
        None => G::startpos(),
    };
    let mut record = GameRecord::new(start);
    let mut plies = 0;
    let mut moves = Vec::new();
    for token in &game.tokens {
        if is_result(token) {
            break;
        }
        if record.outcome().is_some() {
            return Err(ReplayError::AfterTheEnd(token.clone()));
        }
        // A token is one ply, or a turn of several joined by commas (`e5,Nc6`) when no single
        // move is written that way.
        let parts: Vec<&str> = match read_ply(record.current(), token, &mut moves) {
            Ok(_) => vec![token.as_str()],
            Err(_) if token.contains(',') => token.split(',').collect(),
            Err(error) => {
                return Err(ReplayError::Ply {
                    number: plies + 1,
                    error,
                })
            }
        };
        for part in parts {
            let mv =
                read_ply(record.current(), part, &mut moves).map_err(|error| ReplayError::Ply {
                    number: plies + 1,
                    error,
                })?;
            record.play(mv);
            plies += 1;
        }
    }
    Ok(record)
}

struct ReplayGame<'a>(&'a PgnGame);

impl VariantVisitor for ReplayGame<'_> {
    type Output = Result<Replayed, ReplayError>;
    fn visit<G: Game>(self) -> Result<Replayed, ReplayError> {
        let record = record::<G>(self.0)?;
        Ok(Replayed {
            plies: record.moves().len(),
            end_fen: record.current().fen(),
            rules_result: record.outcome().map(|o| o.result_string()),
            result_tag: self.0.tag("Result").unwrap_or("*").to_string(),
        })
    }
}

/// The ply `token` names in `pos`: the variant's own notation first, else the legal move whose
/// human notation (SAN) it is.
pub(crate) fn read_ply<G: Game>(
    pos: &G,
    token: &str,
    moves: &mut Vec<G::Move>,
) -> Result<G::Move, MoveError> {
    match pos.parse_move(token) {
        Ok(mv) => Ok(mv),
        Err(e) => {
            moves.clear();
            pos.legal_moves(moves);
            let wanted = strip_annotations(token);
            moves
                .iter()
                .copied()
                .find(|&m| strip_annotations(&pos.human_notation(m)) == wanted)
                .ok_or(e)
        }
    }
}

/// Replays a game through kaleido's rules for its Variant tag (chess when it has none;
/// `Chess960` is chess).
pub fn replay(game: &PgnGame) -> Result<Replayed, ReplayError> {
    let variant = variant_of_tag(game.tag("Variant").unwrap_or("chess"));
    with_variant(variant, ReplayGame(game))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::game::{PlayedMove, Termination};

    #[test]
    fn written_games_read_back_and_replay() {
        let mv = |n: Option<&str>, san: &str, c: &str| PlayedMove {
            notation: san.into(),
            number: n.map(String::from),
            comment: c.into(),
        };
        let game = GameReport {
            number: 3,
            names: vec!["a \"quoted\"".into(), "b".into()],
            start_fen: String::new(),
            from_startpos: true,
            chess960: false,
            end_fen: String::new(),
            plies: 4,
            moves: vec![
                mv(Some("1."), "f3", "book"),
                mv(None, "e5", "+0.10/3 0.010s"),
                mv(Some("2."), "g4", "-1.00/2 0.020s"),
                mv(None, "Qh4#", "+M1/4 0.030s"),
            ],
            result: "0-1".into(),
            points: vec![0.0, 1.0],
            reason: "Black mates".into(),
            termination: Termination::Normal,
            controls: vec![TimeControl::parse("10+0.1").ok(); 2],
            broken: None,
        };
        let header = Header {
            event: "test".into(),
            site: "Here".into(),
            date: "2026.11.22".into(),
            variant: "chess".into(),
            shuffled_variant: "Chess960".into(),
        };
        let text = write(&game, &header);
        assert!(text.contains("[White \"a \\\"quoted\\\"\"]"), "{text}");
        assert!(text.contains("[TimeControl \"10+0.1\"]"), "{text}");
        assert!(text.contains("[Site \"Here\"]"), "{text}");
        assert!(
            text.contains("1. f3 {book} e5 {+0.10/3 0.010s} 2. g4"),
            "{text}"
        );
        assert!(text.trim_end().ends_with("{Black mates} 0-1"), "{text}");
        let games = read(&(text.clone() + &text));
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("a \"quoted\""));
        assert_eq!(games[0].tokens, vec!["f3", "e5", "g4", "Qh4#", "0-1"]);
        let r = replay(&games[1]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.plies, 4);
        assert_eq!(r.rules_result.as_deref(), Some("0-1"));
        assert_eq!(r.result_tag, "0-1");
        // A move the rules refuse is named.
        let mut bad = games[0].clone();
        bad.tokens[1] = "Ke2".into();
        assert!(replay(&bad).is_err());
    }

    #[test]
    fn chess960_is_tagged_as_pgn_readers_name_it_and_read_back_as_chess() {
        use crate::variants::chess::Chess;
        use crate::variants::cylinder::Cylinder;
        use crate::variants::trichess::Trichess;
        assert_eq!(variant_tag::<Chess>(true), "Chess960");
        assert_eq!(variant_tag::<Chess>(false), "chess");
        assert_eq!(variant_tag::<Cylinder>(true), "cylinder");
        assert_eq!(variant_tag::<Trichess>(true), "trichess");
        for tag in ["Chess960", "chess960", "fischerandom", "chess"] {
            assert_eq!(variant_of_tag(tag), "chess", "{tag}");
        }
        assert_eq!(variant_of_tag("cylinder"), "cylinder");
        assert_eq!(variant_of_tag("crazyhouse"), "crazyhouse");
        // A Chess960 game from a shuffled start, castling in SAN, replays.
        let text = "[Event \"m\"]\n[Round \"1\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
                    [SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/RK5R w KQkq - 0 1\"]\n\n\
                    1. O-O O-O-O 2. Rfe1 *\n";
        let games = read(text);
        let r = replay(&games[0]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.plies, 3);
        assert!(
            r.end_fen.starts_with("2kr3r/8/8/8/8/8/8/R3R1K1 b"),
            "{}",
            r.end_fen
        );
    }

    #[test]
    fn time_odds_get_a_tag_per_seat() {
        let tc = |t: &str| TimeControl::parse(t).ok();
        let tags = |c: &[Option<TimeControl>]| -> Vec<String> {
            time_control_tags(c)
                .into_iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect()
        };
        assert_eq!(tags(&[tc("40/60"), tc("40/60")]), ["TimeControl=40/60"]);
        assert_eq!(tags(&[None, None]), ["TimeControl=-"]);
        assert_eq!(
            tags(&[tc("10+0.1"), tc("5+0.1")]),
            ["WhiteTimeControl=10+0.1", "BlackTimeControl=5+0.1"]
        );
        assert_eq!(
            tags(&[tc("10"), None, tc("10")]),
            [
                "PlayerATimeControl=10",
                "PlayerBTimeControl=-",
                "PlayerCTimeControl=10"
            ]
        );
    }

    #[test]
    fn result_tokens() {
        for t in ["1-0", "0-1", "1/2-1/2", "*", "4/3-2/3-0", "0-1-1"] {
            assert!(is_result(t), "{t}");
        }
        for t in ["e4", "O-O", "O-O-O", "a-b", "Nf3+"] {
            assert!(!is_result(t), "{t}");
        }
    }
}
