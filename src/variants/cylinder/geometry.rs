//! Cylinder geometry (docs/rules/cylinder.md): files a and h are joined, ranks are not.

use super::attacks::{self, Dir};
use crate::core::Square;
use crate::variants::board8::{attacks_from, Board, Geometry, Role, Safety};

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Wrapped;

impl Geometry for Wrapped {
    const VARIANT: &'static str = "cylinder";
    const XBOARD: crate::game::XboardFacts = super::xboard::XBOARD;
    const WRAPS: bool = true;
    const NOTE: &'static str = "The a- and h-files are joined: men move across the side edges.";
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("../../../nets/cylinder.nnue"));
    /// Fitted to kaleido's own games by `kaleido wdl`; docs/wdl.md gives the data and the check.
    const RESULT_MODEL: crate::game::result_model::ResultModel =
        crate::game::result_model::ResultModel::TwoPlayers(
            crate::game::result_model::WinRateModel {
                a: crate::game::result_model::Cubic([1614.1, -3032.0, 147.0, 1598.5]),
                b: crate::game::result_model::Cubic([398.7, -222.3, -1036.2, 1133.8]),
            },
        );

    attacks_from!(attacks);

    /// Checks and pins ray by ray from the king. Two squares can be joined by two different
    /// lines here (round the edge, or two diagonals meeting four ranks away), so "the squares
    /// between king and slider" is only defined per ray: each checking ray narrows the evasion
    /// mask (a slider checking along two rays can then only be captured), and a man pinned along
    /// two rays may move only where both allow.
    #[inline(always)]
    fn safety(b: &Board<Self>, king: Square) -> Safety {
        let us = b.side_to_move();
        let them = !us;
        let occ = b.occupied();
        let ours = b.by_color(us);
        let mut safety = Safety::leaper_checks(b, king);
        let queens = b.pieces(them, Role::Queen);
        let orthogonal = b.pieces(them, Role::Rook) | queens;
        let diagonal = b.pieces(them, Role::Bishop) | queens;
        for dir in Dir::ALL {
            let sliders = if dir.is_orthogonal() {
                orthogonal
            } else {
                diagonal
            };
            if (attacks::full_ray(dir, king) & sliders).is_empty() {
                continue;
            }
            let near = attacks::ray(dir, king, occ);
            let blocker = near & occ;
            if (blocker & sliders).any() {
                safety.add_check(near);
            } else if (blocker & ours).any() {
                let far = attacks::ray(dir, king, occ ^ blocker);
                if (far & occ & sliders).any() {
                    safety.add_pin(blocker.lsb(), far);
                }
            }
        }
        safety
    }

    /// docs/rules/cylinder.md §6: exactly K v K, K+B v K and K+N v K.
    fn is_dead_position(b: &Board<Self>) -> bool {
        let kings = b.by_role(Role::King);
        let others = b.occupied() & !kings;
        others.is_empty()
            || (others.at_most_one()
                && (others & (b.by_role(Role::Bishop) | b.by_role(Role::Knight))).any())
    }
}
