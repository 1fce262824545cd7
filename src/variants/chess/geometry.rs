//! FIDE geometry: the board has edges on all four sides.

use super::attacks;
use crate::core::{Bitboard, Square};
use crate::variants::board8::{attacks_from, Board, Geometry, Role, Safety};

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Flat;

impl Geometry for Flat {
    const VARIANT: &'static str = "chess";
    const XBOARD: crate::game::XboardFacts = super::xboard::XBOARD;
    const WRAPS: bool = false;
    const NOTE: &'static str = "";
    /// Trained on four million positions of kaleido's own games (docs/nnue.md), and stronger
    /// than the hand-written evaluation at equal time (docs/strength.md).
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("../../../nets/chess.nnue"));

    attacks_from!(attacks);

    /// Sliders that would see the king through our own men ("snipers") check it when nothing
    /// stands between, and pin the one man that does.
    #[inline(always)]
    fn safety(b: &Board<Self>, king: Square) -> Safety {
        let us = b.side_to_move();
        let them = !us;
        let theirs = b.by_color(them);
        let occ = b.occupied();
        let mut safety = Safety::leaper_checks(b, king);
        let queens = b.pieces(them, Role::Queen);
        let snipers = (attacks::rook(king, theirs) & (b.pieces(them, Role::Rook) | queens))
            | (attacks::bishop(king, theirs) & (b.pieces(them, Role::Bishop) | queens));
        for sniper in snipers {
            let path = attacks::between(king, sniper);
            let blockers = path & occ;
            if blockers.is_empty() {
                safety.add_check(path.with(sniper));
            } else if blockers.at_most_one() {
                // A lone enemy man in between is no pin of ours (it may be a discovered check).
                if (blockers & b.by_color(us)).any() {
                    safety.add_pin(blockers.lsb(), path.with(sniper));
                }
            }
        }
        safety
    }

    /// Dead by material: no pawns, rooks or queens, and either at most one knight or bishop in
    /// all, or only bishops, all on squares of one colour (then no mate can ever be set up).
    fn is_dead_position(b: &Board<Self>) -> bool {
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        let minors = knights | bishops;
        minors.at_most_one()
            || (knights.is_empty()
                && ((bishops & Bitboard::LIGHT).is_empty()
                    || (bishops & !Bitboard::LIGHT).is_empty()))
    }
}
