//! The arguments of `go`, read once for every dialect: one rule per field, so that the same
//! value gets the same answer in UCI and tri, and XBoard's `sd`, `time` and `otim` read their
//! numbers by the same rules. The search's own `Limits` is what comes out.
//!
//! The rules: a clock, an increment or a move time is whole milliseconds (centiseconds for
//! XBoard), and a negative one reads as zero (some GUIs send one when a flag has fallen); a
//! count (`depth`, `nodes`, `movestogo`, `mate`) is a whole number and a negative one is an
//! error; `depth` and `mate` of 0 read as 1 (a search of depth 0 has nothing to say, and a GUI
//! that asks for one still waits for a move) and are capped at what the search can use;
//! `movestogo` 0 reads as 1 (GUIs send it at the control).

use crate::errors::quote;
use crate::search::Limits;
use std::time::Duration;
use thiserror::Error;

/// The deepest `depth` passed on (the search's ply cap is 128; the search of more than two
/// players caps it lower itself).
pub const MAX_DEPTH: u64 = 127;
/// The longest mate `go mate` looks for, in moves.
pub const MAX_MATE: u64 = 63;
/// The most moves to the next time control: the time budget spreads the clock over at most
/// 50 anyway, and this keeps the value inside a `u32`.
pub const MAX_MOVES_TO_GO: u64 = 1000;
/// The deepest `go perft`.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// A `go` (or XBoard clock command) that cannot be read; `field` is the word it is about.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LimitError {
    #[error("{field} needs a number")]
    Missing { field: String },
    #[error("{field} needs a whole number, not '{value}'")]
    NotANumber { field: String, value: String },
    #[error("{field} cannot be negative, not {value}")]
    Negative { field: String, value: String },
    #[error("{field} must be 1 or more, not {value}")]
    BelowOne { field: String, value: String },
    #[error("go perft needs a depth from 0 to {MAX_PERFT_DEPTH}")]
    PerftDepth,
    #[error("unknown go parameter '{0}'")]
    Unknown(String),
    #[error("'{0}' is UCI's; the tri dialect gives a clock per seat: t0 t1 t2, inc0 inc1 inc2")]
    ColourClock(String),
    /// Clocks without the mover's would leave the search without any limit: a GUI that meant
    /// to play on time would wait for ever.
    #[error("go gives clocks but not the side to move's: add t{0}")]
    NoMoverClock(usize),
}

/// How a dialect names clocks and which of `go`'s words it has. Both have `mate`: the search
/// of more than two players proves wins too, and a GUI analysing a trichess game asks for a
/// forced win as it would in chess.
#[derive(Clone, Copy, Debug)]
pub enum GoWords {
    /// UCI: `wtime btime winc binc`, and `ponder`, `searchmoves`.
    Uci,
    /// The tri dialect: a clock and an increment per seat (`t0 t1 t2 inc0 inc1 inc2`).
    Tri { players: usize },
}

/// What a `go` asks for.
#[derive(Clone, Debug)]
pub enum GoRequest {
    /// `go perft N`.
    Perft(u32),
    Search(SearchRequest),
}

/// A search's limits, as read from `go`; the dialect adds its options (overhead, MultiPV).
#[derive(Clone, Debug, Default)]
pub struct SearchRequest {
    pub limits: Limits,
    pub ponder: bool,
    /// The root moves of `searchmoves`, unchecked (the session checks them); None without it.
    pub search_moves: Option<Vec<String>>,
}

/// The words that end a `go searchmoves` list.
const UCI_WORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "infinite",
    "ponder",
    "mate",
    "searchmoves",
];

/// Reads `go`'s arguments for the player `mover`, in a dialect's words.
pub fn parse_go(args: &str, words: GoWords, mover: usize) -> Result<GoRequest, LimitError> {
    let mut iter = args.split_whitespace().peekable();
    if iter.peek() == Some(&"perft") {
        iter.next();
        let depth = iter.next().and_then(|d| d.parse::<u32>().ok());
        return match (depth, iter.next()) {
            (Some(d), None) if d <= MAX_PERFT_DEPTH => Ok(GoRequest::Perft(d)),
            _ => Err(LimitError::PerftDepth),
        };
    }
    let mut request = SearchRequest::default();
    let limits = &mut request.limits;
    let mut clocks_given = false;
    while let Some(word) = iter.next() {
        match (word, words) {
            ("depth", _) => limits.depth = Some(depth(word, iter.next())?),
            ("nodes", _) => limits.nodes = Some(count(word, iter.next())?),
            ("movetime", _) => limits.movetime = Some(milliseconds(word, iter.next())?),
            ("movestogo", _) => limits.moves_to_go = Some(moves_to_go(word, iter.next())?),
            ("infinite", _) => limits.infinite = true,
            ("wtime" | "btime" | "winc" | "binc", GoWords::Uci) => {
                let t = milliseconds(word, iter.next())?;
                // White's clock is seat 0's; Black's is every other seat's (a GUI that speaks
                // UCI to a trichess engine sends the mover's clock as Black's).
                let black = word.starts_with('b');
                if black == (mover != 0) {
                    match word.ends_with("time") {
                        true => limits.time_left = Some(t),
                        false => limits.increment = t,
                    }
                }
            }
            ("mate", _) => limits.mate = Some(mate(word, iter.next())?),
            ("ponder", GoWords::Uci) => request.ponder = true,
            ("searchmoves", GoWords::Uci) => {
                let moves = request.search_moves.get_or_insert_with(Vec::new);
                while let Some(token) = iter.next_if(|w| !UCI_WORDS.contains(w)) {
                    moves.push(token.to_string());
                }
            }
            ("wtime" | "btime" | "winc" | "binc", GoWords::Tri { .. }) => {
                return Err(LimitError::ColourClock(word.to_string()))
            }
            (_, GoWords::Tri { players }) => {
                let Some((is_clock, seat)) = seat_word(word, players) else {
                    return Err(LimitError::Unknown(quote(word, 20)));
                };
                let t = milliseconds(word, iter.next())?;
                clocks_given |= is_clock;
                if seat == mover {
                    match is_clock {
                        true => limits.time_left = Some(t),
                        false => limits.increment = t,
                    }
                }
            }
            (_, GoWords::Uci) => return Err(LimitError::Unknown(quote(word, 20))),
        }
    }
    if clocks_given && request.limits.time_left.is_none() {
        return Err(LimitError::NoMoverClock(mover));
    }
    Ok(GoRequest::Search(request))
}

/// `t<seat>` (a clock: true) or `inc<seat>` (an increment: false) of a seat below `players`.
fn seat_word(word: &str, players: usize) -> Option<(bool, usize)> {
    let (is_clock, seat) = match word.strip_prefix("inc") {
        Some(seat) => (false, seat),
        None => (true, word.strip_prefix('t')?),
    };
    // `t+1` would parse as seat 1: only digits name a seat.
    if seat.is_empty() || !seat.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let seat = seat.parse::<usize>().ok().filter(|&s| s < players)?;
    Some((is_clock, seat))
}

/// The number after `field`, as a whole number of any sign (wide enough that no count a GUI
/// sends overflows it).
fn whole(field: &str, value: Option<&str>) -> Result<i128, LimitError> {
    let value = value.ok_or_else(|| LimitError::Missing {
        field: quote(field, 20),
    })?;
    value.parse().map_err(|_| LimitError::NotANumber {
        field: quote(field, 20),
        value: quote(value, 20),
    })
}

/// A whole number from 0 up, saturating at `u64::MAX`, and what was negative.
fn saturate(n: i128) -> Result<u64, i128> {
    match n < 0 {
        true => Err(n),
        false => Ok(u64::try_from(n).unwrap_or(u64::MAX)),
    }
}

/// A time in milliseconds; a negative one reads as zero.
pub fn milliseconds(field: &str, value: Option<&str>) -> Result<Duration, LimitError> {
    Ok(Duration::from_millis(
        saturate(whole(field, value)?).unwrap_or(0),
    ))
}

/// A clock reading in centiseconds (XBoard's `time` and `otim`), by the rule of milliseconds.
pub fn centiseconds(field: &str, value: Option<&str>) -> Result<Duration, LimitError> {
    let cs = saturate(whole(field, value)?).unwrap_or(0);
    Ok(Duration::from_millis(cs.saturating_mul(10)))
}

/// A count: a whole number that is not negative.
pub fn count(field: &str, value: Option<&str>) -> Result<u64, LimitError> {
    saturate(whole(field, value)?).map_err(|n| LimitError::Negative {
        field: quote(field, 20),
        value: n.to_string(),
    })
}

/// A count where 0 means 1: at least one of it is always done.
fn at_least_one(field: &str, value: Option<&str>) -> Result<u64, LimitError> {
    let n = whole(field, value)?;
    match saturate(n) {
        Ok(n) => Ok(n.max(1)),
        Err(_) => Err(LimitError::BelowOne {
            field: quote(field, 20),
            value: n.to_string(),
        }),
    }
}

/// A count of 1 or more.
fn positive(field: &str, value: Option<&str>) -> Result<u64, LimitError> {
    let n = whole(field, value)?;
    match saturate(n) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(LimitError::BelowOne {
            field: quote(field, 20),
            value: n.to_string(),
        }),
    }
}

/// `go depth N`: plies, capped at `MAX_DEPTH`.
fn depth(field: &str, value: Option<&str>) -> Result<i32, LimitError> {
    Ok(at_least_one(field, value)?.min(MAX_DEPTH) as i32)
}

/// XBoard's `sd N`: plies, 1 or more (XBoard has always refused `sd 0`), capped at
/// `MAX_DEPTH`.
pub fn sd_depth(value: &str) -> Result<i32, LimitError> {
    Ok(positive("sd", Some(value))?.min(MAX_DEPTH) as i32)
}

/// `go mate N`: moves, capped at `MAX_MATE`.
fn mate(field: &str, value: Option<&str>) -> Result<u32, LimitError> {
    Ok(at_least_one(field, value)?.min(MAX_MATE) as u32)
}

/// `movestogo N`: 1 to `MAX_MOVES_TO_GO`.
fn moves_to_go(field: &str, value: Option<&str>) -> Result<u32, LimitError> {
    Ok(count(field, value)?.clamp(1, MAX_MOVES_TO_GO) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRI: GoWords = GoWords::Tri { players: 3 };

    fn search(args: &str, words: GoWords, mover: usize) -> Limits {
        match parse_go(args, words, mover) {
            Ok(GoRequest::Search(request)) => request.limits,
            other => panic!("go {args}: {other:?}"),
        }
    }

    fn error(args: &str, words: GoWords) -> String {
        match parse_go(args, words, 0) {
            Err(e) => e.to_string(),
            Ok(request) => panic!("go {args} was accepted: {request:?}"),
        }
    }

    #[test]
    fn a_bad_value_gets_the_same_answer_in_uci_and_tri() {
        for args in [
            "depth x",
            "depth -1",
            "nodes -5",
            "nodes 1.5",
            "movetime soon",
            "movestogo -2",
            "depth",
            "infinite nodes",
            "perft 21",
            "perft x",
            "bogus 3",
        ] {
            let uci = error(args, GoWords::Uci);
            assert_eq!(uci, error(args, TRI), "go {args}");
        }
        assert_eq!(
            error("nodes -5", GoWords::Uci),
            "nodes cannot be negative, not -5"
        );
        assert_eq!(error("depth x", TRI), "depth needs a whole number, not 'x'");
        assert_eq!(error("movetime", TRI), "movetime needs a number");
    }

    #[test]
    fn each_field_has_one_range_in_every_dialect() {
        for (args, depth, moves_to_go) in [
            ("depth 1 movestogo 0", 1, 1),
            ("depth 100 movestogo 5000", 100, 1000),
            ("depth 999 movestogo 40", 127, 40),
        ] {
            for words in [GoWords::Uci, TRI] {
                let limits = search(args, words, 0);
                assert_eq!(limits.depth, Some(depth), "{args}");
                assert_eq!(limits.moves_to_go, Some(moves_to_go), "{args}");
            }
        }
        // A count too big for u64 is as good as endless, not an error.
        let limits = search("nodes 99999999999999999999999", TRI, 0);
        assert_eq!(limits.nodes, Some(u64::MAX));
        for words in [GoWords::Uci, TRI] {
            assert_eq!(search("mate 99", words, 0).mate, Some(63));
            assert_eq!(search("mate 0", words, 0).mate, Some(1));
        }
        assert_eq!(error("mate -2", TRI), error("mate -2", GoWords::Uci));
    }

    #[test]
    fn clocks_are_the_movers_and_negative_ones_read_as_zero() {
        let white = search("wtime -20 btime 900 winc 5 binc 7", GoWords::Uci, 0);
        assert_eq!(white.time_left, Some(Duration::ZERO));
        assert_eq!(white.increment, Duration::from_millis(5));
        let black = search("wtime 100 btime 900 winc 5 binc 7", GoWords::Uci, 1);
        assert_eq!(black.time_left, Some(Duration::from_millis(900)));
        assert_eq!(black.increment, Duration::from_millis(7));
        // In trichess over UCI, seats b and c both play on Black's clock.
        let seat_c = search("wtime 100 btime 900 winc 5 binc 7", GoWords::Uci, 2);
        assert_eq!(seat_c.time_left, Some(Duration::from_millis(900)));
        assert_eq!(seat_c.increment, Duration::from_millis(7));
        let seat2 = search("t0 1 t1 2 t2 -3 inc2 40", TRI, 2);
        assert_eq!(seat2.time_left, Some(Duration::ZERO));
        assert_eq!(seat2.increment, Duration::from_millis(40));
        assert_eq!(
            error("t1 500 t2 500", TRI),
            "go gives clocks but not the side to move's: add t0"
        );
        assert!(error("wtime 5", TRI).starts_with("'wtime' is UCI's"));
        assert_eq!(error("t3 5", TRI), "unknown go parameter 't3'");
        assert_eq!(error("t0 5", GoWords::Uci), "unknown go parameter 't0'");
        assert_eq!(error("t+0 5", TRI), "unknown go parameter 't+0'");
    }

    #[test]
    fn uci_words_perft_and_searchmoves() {
        let Ok(GoRequest::Search(request)) =
            parse_go("searchmoves e2e4 d2d4 depth 3 ponder", GoWords::Uci, 0)
        else {
            panic!("searchmoves refused");
        };
        assert_eq!(
            request.search_moves,
            Some(vec!["e2e4".to_string(), "d2d4".to_string()])
        );
        assert_eq!(request.limits.depth, Some(3));
        assert!(request.ponder);
        assert!(matches!(
            parse_go("perft 3", TRI, 0),
            Ok(GoRequest::Perft(3))
        ));
        assert_eq!(error("ponder", TRI), "unknown go parameter 'ponder'");
    }

    #[test]
    fn xboard_fields_read_by_the_same_rules() {
        assert_eq!(sd_depth("500"), Ok(127));
        assert_eq!(
            sd_depth("-3").map_err(|e| e.to_string()),
            Err("sd must be 1 or more, not -3".to_string())
        );
        assert_eq!(
            sd_depth("0").map_err(|e| e.to_string()),
            Err("sd must be 1 or more, not 0".to_string())
        );
        assert_eq!(
            depth("depth", Some("0")),
            Ok(1),
            "go depth 0 searches one ply"
        );
        assert_eq!(centiseconds("time", Some("-30")), Ok(Duration::ZERO));
        assert_eq!(
            centiseconds("time", Some("150")),
            Ok(Duration::from_millis(1500))
        );
        assert!(centiseconds("otim", Some(&i64::MAX.to_string())).is_ok());
    }
}
