//! How castling is written in coordinates: as the king's step to the g- or c-file (`e1g1`), or,
//! where `Board::chess960` asks, as the king taking its own rook (`e1h1`), the only form that
//! cannot be read as an ordinary king move in a shuffled start. Both are read.

use super::board::Board;
use super::castling::Castling;
use super::geometry::Geometry;
use super::moves::{write_square, Move, MoveKind};
use super::piece::{Piece, Role};
use crate::core::Square;

impl<G: Geometry> Board<G> {
    /// The coordinate token of `mv`: castling king-takes-rook when `chess960` is on.
    pub fn move_token(&self, mv: Move) -> String {
        let mut token = String::with_capacity(5);
        self.write_move_token(mv, &mut token);
        token
    }

    /// Appends `move_token(mv)` to `out`.
    pub fn write_move_token(&self, mv: Move, out: &mut String) {
        if mv.kind() == MoveKind::Castle && self.chess960 {
            let rook = self.castle_path(self.side, mv.to().file() == 6).rook_from;
            write_square(mv.from(), out);
            write_square(rook, out);
        } else {
            mv.write_token(out);
        }
    }

    /// The king's landing square when `from`-`to` is the mover's king taking its own rook of a
    /// held castling right (`e1h1`), which is how Chess960 writes castling; None otherwise.
    pub fn castling_by_rook(&self, from: Square, to: Square) -> Option<Square> {
        let us = self.side;
        if self.piece_at(from) != Some(Piece::new(us, Role::King))
            || self.piece_at(to) != Some(Piece::new(us, Role::Rook))
        {
            return None;
        }
        [true, false].into_iter().find_map(|kingside| {
            let right = Castling::right(us, kingside);
            (self.castling.has(right) && self.castling_rooks.square(right) == to)
                .then(|| self.castle_path(us, kingside).king_to)
        })
    }

    /// The move of `moves` that a token from `from` to `to` with `promotion` names, castling
    /// read in either form. The king's step names castling only where no ordinary king move
    /// has the same squares.
    pub fn find_move(
        &self,
        moves: &[Move],
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        if promotion.is_none() {
            if let Some(landing) = self.castling_by_rook(from, to) {
                return moves
                    .iter()
                    .copied()
                    .find(|m| m.kind() == MoveKind::Castle && m.to() == landing);
            }
        }
        let mut matching = moves
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to && m.promotion() == promotion);
        let first = matching.next()?;
        // Generated king steps come before castling, but say so rather than lean on it.
        Some(if first.kind() == MoveKind::Castle {
            matching.next().unwrap_or(first)
        } else {
            first
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::variants::chess::Chess;

    fn tokens(fen: &str) -> Vec<String> {
        let b = Chess::from_fen(fen).unwrap();
        let mut moves = Vec::new();
        b.legal_moves(&mut moves);
        let mut out: Vec<String> = moves.iter().map(|&m| b.format_move(m)).collect();
        out.sort();
        out
    }

    #[test]
    fn classical_castling_is_the_kings_step_unless_chess960_is_asked() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert!(tokens(fen).contains(&"e1g1".to_string()));
        let mut b = Chess::from_fen(fen).unwrap();
        b.set_chess960(true);
        let castle = b.parse_move("e1g1").unwrap();
        assert_eq!(b.format_move(castle), "e1h1");
        assert_eq!(b.parse_move("e1h1").unwrap(), castle, "both forms read");
        assert_eq!(b.parse_move("e1a1").unwrap(), b.parse_move("e1c1").unwrap());
        b.set_chess960(false);
        assert_eq!(b.format_move(castle), "e1g1");
    }

    /// `write_move` appends what `format_move` gives, castling in both forms included.
    #[test]
    fn written_moves_are_the_formatted_ones() {
        for fen in [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ] {
            for chess960 in [false, true] {
                let mut b = Chess::from_fen(fen).unwrap();
                b.set_chess960(chess960);
                let mut moves = Vec::new();
                b.legal_moves(&mut moves);
                let mut out = String::from("x");
                for &mv in &moves {
                    out.truncate(1);
                    b.write_move(mv, &mut out);
                    assert_eq!(out[1..], b.format_move(mv));
                }
            }
        }
    }

    #[test]
    fn shuffled_castling_is_king_takes_rook_and_the_step_stays_an_ordinary_move() {
        // King f1, rooks b1 and g1: O-O swaps king and rook (the token is the same in both
        // forms), O-O-O is written f1b1.
        let fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1";
        let list = tokens(fen);
        assert!(list.contains(&"f1b1".to_string()), "O-O-O: {list:?}");
        let b = Chess::from_fen(fen).unwrap();
        let mut after = b;
        after.play(b.parse_move("f1g1").unwrap());
        assert_eq!(
            after.fen(),
            "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
        );
        let mut after = b;
        after.play(b.parse_move("f1b1").unwrap());
        assert_eq!(
            after.fen(),
            "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1"
        );
        // King b1, rook a1: b1c1 is the king's ordinary step, O-O-O is b1a1 and lands the king
        // on c1 all the same.
        let b = Chess::from_fen("4k3/8/8/8/8/8/8/RK5R w KQ - 0 1").unwrap();
        let step = b.parse_move("b1c1").unwrap();
        let long = b.parse_move("b1a1").unwrap();
        assert_ne!(step, long);
        assert_eq!(
            (b.format_move(step), b.format_move(long)),
            ("b1c1".into(), "b1a1".into())
        );
        let mut after = b;
        after.play(long);
        assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
        let mut after = b;
        after.play(step);
        assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/R1K4R b - - 1 1");
    }
}
