//! Standard algebraic notation (FIDE SAN) for the 8x8 boards: `Nf3`, `exd5`, `e8=Q`, `O-O`,
//! with file/rank disambiguation over the moves the caller says are possible.

use super::board::Board;
use super::geometry::Geometry;
use super::moves::{Move, MoveKind};
use super::piece::Role;

/// SAN of `mv` without the check suffix. `rivals` are the moves to disambiguate against (the
/// legal moves, in FIDE chess); `mv` itself may be among them.
pub fn san_body<G: Geometry>(b: &Board<G>, mv: Move, rivals: &[Move]) -> String {
    let (from, to) = (mv.from(), mv.to());
    if mv.kind() == MoveKind::Castle {
        return if to.file() == 6 { "O-O" } else { "O-O-O" }.to_string();
    }
    let role = b.piece_at(from).map_or(Role::Pawn, |p| p.role);
    let capture = b.piece_at(to).is_some() || mv.kind() == MoveKind::EnPassant;
    let mut out = String::with_capacity(8);
    if role == Role::Pawn {
        if capture {
            out.push((b'a' + from.file()) as char);
        }
    } else {
        out.push(role.letter().to_ascii_uppercase());
        let others: Vec<Move> = rivals
            .iter()
            .copied()
            .filter(|m| {
                m.to() == to
                    && m.from() != from
                    && b.piece_at(m.from()).map(|p| p.role) == Some(role)
            })
            .collect();
        if !others.is_empty() {
            let same_file = others.iter().any(|m| m.from().file() == from.file());
            let same_rank = others.iter().any(|m| m.from().rank() == from.rank());
            if !same_file {
                out.push((b'a' + from.file()) as char);
            } else if !same_rank {
                out.push((b'1' + from.rank()) as char);
            } else {
                out.push_str(&from.to_string());
            }
        }
    }
    if capture {
        out.push('x');
    }
    out.push_str(&to.to_string());
    if let Some(promoted) = mv.promotion() {
        out.push('=');
        out.push(promoted.letter().to_ascii_uppercase());
    }
    out
}

/// The check suffix of a position just reached: `#` mate, `+` check, or nothing.
pub fn check_suffix(in_check: bool, has_moves: bool) -> &'static str {
    match (in_check, has_moves) {
        (true, false) => "#",
        (true, true) => "+",
        _ => "",
    }
}

impl<G: Geometry> Board<G> {
    /// FIDE SAN of a legal move, with `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let mut legal = Vec::with_capacity(64);
        self.legal_moves(&mut legal);
        let mut after = *self;
        after.play(mv);
        san_body(self, mv, &legal) + check_suffix(after.in_check(), after.count_legal_moves() > 0)
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::board8::Move;
    use crate::variants::chess::Chess;
    use crate::variants::cylinder::Cylinder;

    fn san(fen: &str, uci: &str) -> String {
        let b = Chess::from_fen(fen).unwrap();
        let mut moves: Vec<Move> = Vec::new();
        b.legal_moves(&mut moves);
        let mv = *moves.iter().find(|m| m.to_string() == uci).unwrap();
        b.san(mv)
    }

    #[test]
    fn fide_san() {
        let start = super::super::START_FEN;
        assert_eq!(san(start, "g1f3"), "Nf3");
        assert_eq!(san(start, "e2e4"), "e4");
        let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(san(kiwi, "e1g1"), "O-O");
        assert_eq!(san(kiwi, "e1c1"), "O-O-O");
        assert_eq!(san(kiwi, "d5e6"), "dxe6");
        assert_eq!(san(kiwi, "e5f7"), "Nxf7");
        assert_eq!(san(kiwi, "f3f6"), "Qxf6");
        assert_eq!(san(kiwi, "c3b5"), "Nb5");
        assert_eq!(san("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1d1"), "Rd1");
        assert_eq!(san("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
        assert_eq!(san("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2"), "R1a2");
        assert_eq!(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
        assert_eq!(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
        assert_eq!(san("8/8/8/3pP3/8/8/8/4K2k w - d6 0 2", "e5d6"), "exd6");
    }

    #[test]
    fn cylinder_disambiguates_over_the_deduplicated_list() {
        // Rooks on a1 and g1 both reach h1 (one of them round the edge from a1).
        let b = Cylinder::from_fen("4k3/8/8/8/8/8/8/R3K1R1 w - - 0 1").unwrap();
        let mut moves: Vec<Move> = Vec::new();
        b.legal_moves(&mut moves);
        let mv = *moves.iter().find(|m| m.to_string() == "a1h1").unwrap();
        assert_eq!(b.san(mv), "Rah1");
    }
}
