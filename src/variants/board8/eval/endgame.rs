//! Endgame knowledge that material and piece-square terms miss: how to finish a won ending
//! (drive the bare king to the edge where mate is possible, bring our own king up), which
//! material edges cannot win without pawns, and that a score means less as the fifty-move
//! count runs out, so the search prefers the pawn move or capture that makes progress.

use super::super::board::Board;
use super::super::geometry::Geometry;
use super::super::piece::Role;
use super::VALUES;
use crate::core::{Color, Square};

/// Non-pawn material at which the other side cannot hope to mate without pawns: a minor piece.
const MINOR: i32 = 330;

/// Piece material (no pawns, no king) of `color`.
pub fn piece_material<G: Geometry>(board: &Board<G>, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| VALUES[r.index()] * board.pieces(color, r).count() as i32)
        .sum()
}

/// How far `sq` is from the squares where a king can be mated: the four edges on a flat
/// board, only the first and last ranks on a cylinder (whose files have no edge). 0 on the
/// mating edge, up to 6 in the centre.
fn distance_from_mating_edge<G: Geometry>(sq: Square) -> i32 {
    let rank = sq.rank() as i32;
    let rank_depth = rank.min(7 - rank);
    if G::WRAPS {
        2 * rank_depth
    } else {
        let file = sq.file() as i32;
        rank_depth + file.min(7 - file)
    }
}

/// King distance in king moves, the files joined on a cylinder.
fn king_distance<G: Geometry>(a: Square, b: Square) -> i32 {
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    let mut files = (a.file() as i32 - b.file() as i32).abs();
    if G::WRAPS {
        files = files.min(8 - files);
    }
    ranks.max(files)
}

/// Mop-up bonus for `strong` when the other side has only a king left against a mating force:
/// the bare king belongs on the mating edge and the strong king beside it. Zero otherwise.
pub fn mop_up<G: Geometry>(board: &Board<G>, strong: Color) -> i32 {
    let weak = !strong;
    if board.by_color(weak).count() != 1 || piece_material(board, strong) < 500 {
        return 0;
    }
    let (Some(weak_king), Some(strong_king)) = (
        board.pieces(weak, Role::King).next(),
        board.pieces(strong, Role::King).next(),
    ) else {
        return 0;
    };
    let edge = 6 - distance_from_mating_edge::<G>(weak_king);
    let near = 7 - king_distance::<G>(weak_king, strong_king);
    200 + 20 * edge + 10 * near
}

/// The fraction (in 64ths) of a score for the side ahead that it can realise: none with only a
/// minor piece and no pawns (no mate is possible), little when its edge is a minor piece's
/// worth without pawns (rook against minor, two minors against one).
pub fn winnable<G: Geometry>(board: &Board<G>, strong: Color) -> i32 {
    if board.pieces(strong, Role::Pawn).any() {
        return 64;
    }
    let ours = piece_material(board, strong);
    let theirs = piece_material(board, !strong);
    if ours - theirs > MINOR {
        64
    } else if ours <= MINOR {
        0
    } else if theirs <= MINOR {
        8
    } else {
        16
    }
}

/// A score `halfmove` plies into the fifty-move count: it fades toward a draw as the count
/// nears 100, so progress is worth more than shuffling in a won position.
pub fn fade_with_halfmove(score: i32, halfmove: u16) -> i32 {
    let halfmove = i32::from(halfmove.min(100));
    score * (200 - halfmove) / 200
}
