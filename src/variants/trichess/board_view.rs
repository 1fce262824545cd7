//! Trichess on the web board: the hexagon of 169 pointy-top cells as rules §1 draws it (r = -7
//! at the top, x = q + r/2, y = r·√3/2), in its three cell colours, with player a at the bottom,
//! b upper left and c upper right.

use super::{Move, Trichess, CELLS};
use crate::core::Player;
use crate::game::{fide_glyph, BoardShape, BoardView, CellView, Gesture, ManView, Seat};
use crate::variants::board8::board_view::{promotion_choice, role_name};

/// Rows are this far apart for hexagons 1 wide (√3/2).
const ROW: f32 = 0.866_025_4;
/// A pointy-top hexagon 1 wide is 2/√3 tall.
const HEX_HEIGHT: f32 = 1.154_700_5;

impl BoardView for Trichess {
    const SEATS: &'static [Seat] = &[
        Seat {
            name: "Player a",
            colour: "#fbfbf8",
            pgn_tag: "PlayerA",
            view_angle: 0,
        },
        Seat {
            name: "Player b",
            colour: "#d9822b",
            pgn_tag: "PlayerB",
            // b's home edge is the upper left: two thirds of a turn bring it down.
            view_angle: 240,
        },
        Seat {
            name: "Player c",
            colour: "#26221f",
            pgn_tag: "PlayerC",
            view_angle: 120,
        },
    ];

    fn board_shape() -> BoardShape {
        let cells = CELLS
            .iter()
            .map(|c| CellView {
                name: c.to_string(),
                x: c.q() as f32 + c.r() as f32 / 2.0 + 7.5,
                y: (c.r() + 7) as f32 * ROW + HEX_HEIGHT / 2.0,
                shade: c.colour(),
            })
            .collect();
        BoardShape {
            shape: "hex",
            width: 15.0,
            height: 14.0 * ROW + HEX_HEIGHT,
            cells,
            labels: Vec::new(),
            wrap_width: None,
            regions: Vec::new(),
            note: "Three players move in turn a, b, c. Hover over a cell for its name.",
        }
    }
    /// Any player's king can be in check, not only the mover's.
    fn kings_in_check(&self) -> Vec<String> {
        (0..3u8)
            .map(Player)
            .filter(|&p| self.in_check(p))
            .filter_map(|p| self.king(p))
            .map(|cell| cell.to_string())
            .collect()
    }
    fn men(&self) -> Vec<ManView> {
        CELLS
            .iter()
            .filter_map(|&cell| {
                let piece = self.piece_at(cell)?;
                let Player(owner) = piece.player;
                Some(ManView {
                    cell: cell.to_string(),
                    owner,
                    glyph: fide_glyph(piece.role.letter()).unwrap_or_default(),
                    name: role_name(piece.role),
                })
            })
            .collect()
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        let mut out = vec![Gesture::Step {
            from: mv.from().to_string(),
            to: mv.to().to_string(),
        }];
        out.extend(mv.promotion().map(promotion_choice));
        out
    }
}
