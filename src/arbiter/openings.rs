//! Where games start. An opening is a start position (the variant's own, or a FEN) and moves
//! played from it before the engines take over ("book" moves, sent to the engines as part of
//! the game). From a file (opening_files.rs reads them), checked here against the variant's
//! rules; from a walk through a polyglot book; or random legal plies. The book walks and the
//! random plies are drawn from `--seed` and the opening's number, so a given seed always
//! gives the same openings. In the games that have them, the random plies and book walks may
//! begin from a shuffled start (Chess960, or a different arrangement for each side), drawn the
//! same way.

use super::error::{MatchError, OpeningError, SettingError};
use super::opening_files::OpeningOrder;
use super::pgn::read_ply;
use super::polyglot::PolyglotBook;
use crate::game::{Game, Variant};
use crate::record::GameRecord;
use crate::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use crate::selfplay::random_source;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// Where in its file an opening was read, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Line(usize),
    /// The n-th game of a PGN file.
    Game(usize),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Line(n) => write!(f, "line {n}"),
            Origin::Game(n) => write!(f, "game {n}"),
        }
    }
}

impl Default for Origin {
    fn default() -> Self {
        Origin::Line(0)
    }
}

/// An opening as read from a file, before a variant has checked it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningLine {
    /// None: the variant's start position.
    pub fen: Option<String>,
    /// In the variant's notation or its human one (SAN).
    pub moves: Vec<String>,
    pub origin: Origin,
}

/// A checked opening: the start FEN and one token per ply in the variant's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Which shuffled starts games begin from (`--shuffle`): Chess960's, both sides alike, or
/// double-shuffled, each side's arrangement drawn on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    Chess960,
    Double,
}

impl Shuffle {
    /// Reads `chess960` (also `960` and `frc`) or `double`.
    pub fn parse(text: &str) -> Result<Shuffle, SettingError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "chess960" | "960" | "frc" => Ok(Shuffle::Chess960),
            "double" => Ok(Shuffle::Double),
            _ => Err(SettingError::Shuffle(crate::errors::quote(text, 30))),
        }
    }

    /// The shuffled start of opening `number`: Scharnagl numbers drawn from the seed and the
    /// number, so every game of a block, and every run with the seed, starts alike. None where
    /// the game has no shuffled starts.
    pub fn start<G: Game>(self, seed: u64, number: u64) -> Option<G> {
        let mut rng =
            random_source(seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(41));
        let white = rng.random_range(0..960u16);
        let black = match self {
            Shuffle::Chess960 => white,
            Shuffle::Double => rng.random_range(0..960u16),
        };
        G::shuffled_start(white, black)
    }

    /// Whether `G` has shuffled starts at all.
    pub fn allowed<G: Game>() -> bool {
        G::SHUFFLED_STARTS && G::shuffled_start(518, 518).is_some()
    }

    /// Refuses `G` unless it has shuffled starts, naming the games that have.
    pub fn check<G: Game>(self) -> Result<(), MatchError> {
        if Self::allowed::<G>() {
            return Ok(());
        }
        struct Allowed;
        impl VariantVisitor for Allowed {
            type Output = bool;
            fn visit<V: Variant>(self) -> bool {
                Shuffle::allowed::<V>()
            }
        }
        let with: Vec<&str> = VARIANT_NAMES
            .iter()
            .copied()
            .filter(|name| with_variant(name, Allowed).unwrap_or(false))
            .collect();
        Err(MatchError::NoShuffledStarts {
            shuffle: self,
            variant: G::NAME,
            with: with.join(", "),
        })
    }
}

impl fmt::Display for Shuffle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shuffle::Chess960 => "chess960",
            Shuffle::Double => "double",
        })
    }
}

/// Whether a game from `opening` is played as Chess960, castling written king-takes-rook for
/// the engines (UCI_Chess960, XBoard's `O-O`): in a match of shuffled starts always, and from
/// any start whose castling rooks stand off the classical squares, where castling cannot be
/// written as the king's step.
pub fn plays_chess960<G: Game>(shuffled_match: bool, opening: &Opening) -> bool {
    shuffled_match
        || opening
            .fen
            .as_deref()
            .and_then(|fen| G::from_fen(fen).ok())
            .is_some_and(|start| start.chess960())
}

/// Checks an opening against the variant's rules and writes its moves one ply per token,
/// keeping at most `plies` of them (cut back to the end of a turn).
pub fn check<G: Game>(line: &OpeningLine, plies: Option<usize>) -> Result<Opening, MatchError> {
    let here = |problem: OpeningError| MatchError::Opening {
        at: line.origin,
        problem,
    };
    let start = match &line.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| here(e.into()))?,
        None => G::startpos(),
    };
    let limit = plies.unwrap_or(usize::MAX);
    let mut record = GameRecord::new(start);
    let mut tokens = Vec::new();
    // Plies up to the last end of a turn.
    let mut whole = 0;
    let mut legal = Vec::new();
    for token in &line.moves {
        if tokens.len() >= limit {
            break;
        }
        if record.outcome().is_some() {
            return Err(here(OpeningError::OverBefore(token.clone())));
        }
        let before = record.current().clone();
        let moves = match record.play_token(token) {
            Ok(moves) => moves,
            // Not the variant's notation: a PGN's SAN, one ply.
            Err(e) => {
                let mv =
                    read_ply(record.current(), token, &mut legal).map_err(|_| here(e.into()))?;
                record.play(mv);
                vec![mv]
            }
        };
        write_plies(before, &moves, &mut tokens, &mut whole);
    }
    if record.outcome().is_some() {
        return Err(here(OpeningError::OverAfter));
    }
    tokens.truncate(whole.min(limit));
    Ok(Opening {
        fen: line.fen.clone(),
        moves: tokens,
    })
}

/// Writes `moves`, played from `from`, one token per ply onto `tokens`; `whole` becomes
/// the count of tokens up to the last end of a turn.
fn write_plies<G: Game>(
    mut from: G,
    moves: &[G::Move],
    tokens: &mut Vec<String>,
    whole: &mut usize,
) {
    for &mv in moves {
        tokens.push(from.format_move(mv));
        from.play(mv);
        if from.is_turn_boundary() {
            *whole = tokens.len();
        }
    }
}

/// A walk through a polyglot book from the start position: at each position a book move
/// drawn by its weight, from the seed and the opening's number, until `plies` or the end of
/// the book (or a book move this variant does not allow). Cut back to the end of a turn.
pub fn from_book<G: Game>(book: &PolyglotBook, plies: usize, seed: u64, number: u64) -> Opening {
    from_book_at(G::startpos(), None, book, plies, seed, number)
}

/// The same walk from `start`, whose FEN the opening carries (None: the variant's start).
pub fn from_book_at<G: Game>(
    start: G,
    fen: Option<String>,
    book: &PolyglotBook,
    plies: usize,
    seed: u64,
    number: u64,
) -> Opening {
    let mut rng = random_source(seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29));
    let mut record = GameRecord::new(start);
    let mut tokens = Vec::new();
    let mut whole = 0;
    while tokens.len() < plies {
        let moves = book.moves(&record.current().fen());
        let total: u32 = moves.iter().map(|m| u32::from(m.weight)).sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.random_range(0..total);
        let Some(chosen) = moves.iter().find(|m| {
            let hit = pick < u32::from(m.weight);
            pick = pick.saturating_sub(u32::from(m.weight));
            hit
        }) else {
            break;
        };
        let before = record.current().clone();
        let Ok(played) = record.play_token(&chosen.token) else {
            break;
        };
        // A book line that ends the game is no opening.
        if record.outcome().is_some() {
            break;
        }
        write_plies(before, &played, &mut tokens, &mut whole);
    }
    tokens.truncate(whole);
    Opening { fen, moves: tokens }
}

/// The openings in the order they are played: shuffled by the seed if asked, then from the
/// `start`-th (counted from 1).
pub fn arrange(
    mut openings: Vec<Opening>,
    order: OpeningOrder,
    start: usize,
    seed: u64,
) -> Vec<Opening> {
    if order == OpeningOrder::Random {
        openings.shuffle(&mut random_source(seed));
    }
    if !openings.is_empty() {
        let first = (start.max(1) - 1) % openings.len();
        openings.rotate_left(first);
    }
    openings
}

/// `plies` random legal plies from the start position, the same for the same seed and
/// number. No ply may end the game, and the opening stops at the end of a turn (a variant
/// whose turns have several plies is never handed over in the middle of one).
pub fn random<G: Game>(plies: usize, seed: u64, number: u64) -> Opening {
    random_from(G::startpos(), None, plies, seed, number)
}

/// The same random plies from `start`, whose FEN the opening carries (None: the variant's
/// start).
pub fn random_from<G: Game>(
    start: G,
    fen: Option<String>,
    plies: usize,
    seed: u64,
    number: u64,
) -> Opening {
    let mut rng = random_source(seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17));
    let mut record = GameRecord::new(start);
    let mut tokens = Vec::new();
    let mut moves = Vec::new();
    while tokens.len() < plies || !record.current().is_turn_boundary() {
        moves.clear();
        record.current().legal_moves(&mut moves);
        // Keep only moves after which the game goes on; try them in a seeded random order.
        let mut candidates = moves.clone();
        let mut chosen = None;
        while !candidates.is_empty() {
            let mv = candidates.swap_remove(rng.random_range(0..candidates.len()));
            record.play(mv);
            let over = record.outcome().is_some();
            record.undo();
            if !over {
                chosen = Some(mv);
                break;
            }
        }
        let Some(mv) = chosen else { break };
        tokens.push(record.current().format_move(mv));
        record.play(mv);
        // A pathological position could keep a turn open for ever; never loop without end.
        if tokens.len() > plies + 16 {
            break;
        }
    }
    Opening { fen, moves: tokens }
}

/// Opening `number` of a match: `plies` random plies (none: the start alone) from the
/// variant's start, or from a shuffled start where `shuffle` asks for one. None where the
/// game has no shuffled starts.
pub fn seeded<G: Game>(
    shuffle: Option<Shuffle>,
    plies: usize,
    seed: u64,
    number: u64,
) -> Option<Opening> {
    let (start, fen) = match shuffle {
        None => (G::startpos(), None),
        Some(shuffle) => {
            let start: G = shuffle.start(seed, number)?;
            let fen = start.fen();
            (start, Some(fen))
        }
    };
    Some(random_from(start, fen, plies, seed, number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::polyglot::encode_entry;
    use crate::variants::chess::Chess;
    use crate::variants::doublemove::Doublemove;

    fn line(fen: Option<&str>, moves: &str) -> OpeningLine {
        OpeningLine {
            fen: fen.map(String::from),
            moves: moves.split_whitespace().map(String::from).collect(),
            origin: Origin::Line(7),
        }
    }

    #[test]
    fn openings_are_checked_and_written_in_the_variants_notation() {
        let moves = |l: &OpeningLine, plies| check::<Chess>(l, plies).map(|o| o.moves);
        let own = line(None, "e2e4 e7e5");
        assert_eq!(moves(&own, None), Ok(vec!["e2e4".into(), "e7e5".into()]));
        // SAN, as a PGN writes it, with its annotations.
        let san = line(None, "e4 e5 Nf3! Nc6 Bb5+?");
        assert_eq!(
            moves(&san, None).map(|m| m.join(" ")),
            Ok("e2e4 e7e5 g1f3 b8c6 f1b5".to_string())
        );
        assert_eq!(moves(&san, Some(3)).map(|m| m.len()), Ok(3));
        // K against k: a dead position, the game is over before it starts.
        assert!(check::<Chess>(&line(Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"), ""), None).is_err());
        let e = check::<Chess>(&line(None, "e2e5"), None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("line 7") && e.contains("e2e5"), "{e}");
        // In doublemove White opens with one move, then turns have two: two plies are cut
        // back to the end of White's turn, three are whole.
        let d = |plies| {
            check::<Doublemove>(&line(None, "e2e4 e7e5 d7d5 d2d4"), Some(plies))
                .map(|o| o.moves.len())
        };
        assert_eq!((d(2), d(3)), (Ok(1), Ok(3)));
    }

    #[test]
    fn book_walks_follow_the_weights_and_the_seed() {
        // The start position (e4 or d4, 3 to 1) and the position after 1.e4 (c5 only).
        let bytes = [
            encode_entry(0x463b96181691fc9c, (4, 1), (4, 3), 3),
            encode_entry(0x463b96181691fc9c, (3, 1), (3, 3), 1),
            encode_entry(0x823c9b50fd114196, (2, 6), (2, 4), 1),
        ]
        .concat();
        let book = PolyglotBook::read(&bytes).unwrap_or_default();
        let walks: Vec<Opening> = (0..200)
            .map(|n| from_book::<Chess>(&book, 8, 5, n))
            .collect();
        let e4 = walks.iter().filter(|w| w.moves == ["e2e4", "c7c5"]).count();
        let d4 = walks.iter().filter(|w| w.moves == ["d2d4"]).count();
        assert_eq!(e4 + d4, 200);
        assert!(
            (120..180).contains(&e4),
            "{e4} of 200 walks chose e4, weight 3 of 4"
        );
        assert_eq!(walks[17], from_book::<Chess>(&book, 8, 5, 17));
        assert_eq!(from_book::<Chess>(&book, 1, 5, 0).moves.len(), 1);
    }

    #[test]
    fn arranged_openings_shuffle_by_the_seed_and_start_where_asked() {
        let list: Vec<Opening> = (0..10)
            .map(|i| Opening {
                fen: None,
                moves: vec![i.to_string()],
            })
            .collect();
        let first = |o: &[Opening]| o[0].moves[0].clone();
        let sequential = arrange(list.clone(), OpeningOrder::Sequential, 3, 1);
        assert_eq!(first(&sequential), "2");
        assert_eq!(sequential.len(), 10);
        let a = arrange(list.clone(), OpeningOrder::Random, 1, 1);
        assert_eq!(a, arrange(list.clone(), OpeningOrder::Random, 1, 1));
        assert_ne!(a, arrange(list.clone(), OpeningOrder::Random, 1, 2));
        let mut sorted = a.clone();
        sorted.sort_by_key(|o| o.moves[0].parse::<u32>().unwrap_or(0));
        assert_eq!(sorted, list);
    }

    #[test]
    fn random_openings_follow_the_seed() {
        let a = random::<Chess>(8, 42, 3);
        assert_eq!(a.moves.len(), 8);
        assert_eq!(a, random::<Chess>(8, 42, 3));
        assert_ne!(a, random::<Chess>(8, 42, 4));
        assert_ne!(a, random::<Chess>(8, 43, 3));
        // Doublemove turns have two plies: an odd count is completed to the end of the turn.
        let d = random::<Doublemove>(3, 1, 0);
        let line = OpeningLine {
            fen: None,
            moves: d.moves.clone(),
            origin: Origin::Line(1),
        };
        let checked = check::<Doublemove>(&line, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(checked.moves, d.moves);
        let mut pos = Doublemove::startpos();
        for t in &d.moves {
            let mv = pos.parse_move(t).unwrap_or_else(|e| panic!("{e}"));
            pos.play(mv);
        }
        assert!(pos.is_turn_boundary());
    }
}
