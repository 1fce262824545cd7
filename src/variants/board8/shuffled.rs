//! Shuffled starts (Chess960, Fischer Random): the men of the first rank in one of 960
//! arrangements (the bishops on squares of both colours, the king between the rooks), pawns
//! and the mirrored black rank as usual. Numbered as Scharnagl numbers them, 0 to 959; 518 is
//! the classical start. A double-shuffled start gives each side its own arrangement.

use super::piece::Role;
use std::fmt::Write;

/// How many shuffled starts there are.
pub const CHESS960_STARTS: u16 = 960;
/// The number of the classical start.
pub const CLASSICAL_START: u16 = 518;

/// The first rank of start `number` (a to h), or None past 959.
pub fn chess960_rank(number: u16) -> Option<[Role; 8]> {
    if number >= CHESS960_STARTS {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = number as usize;
    // The light-squared bishop on b, d, f or h; the dark-squared one on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let free = |rank: &[Option<Role>; 8], i: usize| {
        (0..8)
            .filter(|&f| rank[f].is_none())
            .nth(i)
            .expect("enough empty files")
    };
    let queen = free(&rank, n % 6);
    rank[queen] = Some(Role::Queen);
    n /= 6;
    // The two knights' places among the five files left, in Scharnagl's order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n];
    let (first, second) = (free(&rank, first), free(&rank, second));
    rank[first] = Some(Role::Knight);
    rank[second] = Some(Role::Knight);
    // Rook, king, rook on the three files left.
    for role in [Role::Rook, Role::King, Role::Rook] {
        let file = free(&rank, 0);
        rank[file] = Some(role);
    }
    Some(rank.map(|role| role.expect("every file filled")))
}

/// The FEN of the start with White's first rank `white` and Black's `black` (the same number
/// for a Chess960 start, two for a double-shuffled one); None for a number past 959.
/// Castling is written `KQkq`, as X-FEN does where each side has just its two rooks.
pub fn shuffled_start_fen(white: u16, black: u16) -> Option<String> {
    let letters = |number: u16| -> Option<String> {
        Some(chess960_rank(number)?.iter().map(|r| r.letter()).collect())
    };
    let black_rank = letters(black)?;
    let white_rank = letters(white)?.to_ascii_uppercase();
    let mut fen = String::with_capacity(64);
    let _ = write!(
        fen,
        "{black_rank}/pppppppp/8/8/8/8/PPPPPPPP/{white_rank} w KQkq - 0 1"
    );
    Some(fen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::board8::START_FEN;
    use std::collections::HashSet;

    fn letters(number: u16) -> String {
        chess960_rank(number)
            .unwrap()
            .iter()
            .map(|r| r.letter())
            .collect()
    }

    #[test]
    fn scharnagl_numbers_give_the_published_arrangements() {
        assert_eq!(letters(518), "rnbqkbnr");
        assert_eq!(letters(0), "bbqnnrkr");
        assert_eq!(letters(959), "rkrnnqbb");
        assert_eq!(chess960_rank(960), None);
        assert_eq!(shuffled_start_fen(518, 518).unwrap(), START_FEN);
    }

    #[test]
    fn all_960_are_different_and_legal_arrangements() {
        let mut seen = HashSet::new();
        for n in 0..CHESS960_STARTS {
            let rank = chess960_rank(n).unwrap();
            assert!(seen.insert(rank), "{n} repeats");
            let files = |role| (0..8).filter(move |&f| rank[f] == role);
            let bishops: Vec<usize> = files(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(
                rooks[0] < king && king < rooks[1],
                "{n}: king not between rooks"
            );
            assert_eq!(files(Role::Queen).count(), 1);
            assert_eq!(files(Role::Knight).count(), 2);
        }
    }
}
