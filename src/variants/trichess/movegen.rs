//! The legal move generator (rules §5-§8), written once against a `MoveSink` so that perft's
//! last ply adds up popcounts of whole target sets and lists come from the same code.
//!
//! Legality against both opponents without making moves: the checkers of the king (of either
//! opponent) and the men pinned against it are found once per position by walking the king's
//! 12 rays. With one checker a man may only capture it or step between; with two (from one
//! opponent or both) only the king moves; a pinned man stays on its pin line. King steps are
//! tested with the king taken off the board, so it cannot step back along a checking line.
//! Nothing else can expose the king: there is no en passant, and a capture always leaves the
//! capturing man on the cell it emptied.

use super::board::{
    diagonal_attacks, nearest, straight_attacks, Trichess, BISHOP, KING_ROLE, KNIGHT_ROLE, PAWN,
    QUEEN, ROOK,
};
use super::cell::Cell;
use super::cell::BOARD;
use super::moves::{Move, MoveKind};
use super::tables::{
    shift_of, CASTLES, KING, KNIGHT, PAWN as PAWN_DIRS, PAWN_ATTACKERS, PAWN_HOME, RAYS, STEP_FROM,
    ZONE,
};
use crate::core::Bitboard256;

/// Where generated moves go.
pub trait MoveSink {
    /// Ordinary moves of the man on `from` to each of `targets`.
    fn piece_moves(&mut self, from: usize, targets: Bitboard256);
    /// One pawn move to each of `targets`, each from `to - shift`; none of them promotes.
    fn pawn_moves(&mut self, targets: Bitboard256, shift: i32);
    /// The four promotions on each of `targets`, each from `to - shift`.
    fn promotions(&mut self, targets: Bitboard256, shift: i32);
    /// One move given whole (castling).
    fn single(&mut self, mv: Move);
}

/// Counts moves without listing them.
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: usize, targets: Bitboard256) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard256, _shift: i32) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard256, _shift: i32) {
        self.0 += 4 * u64::from(targets.count());
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

#[inline(always)]
fn origin(to: usize, shift: i32) -> Cell {
    Cell::from_index((to as i32 - shift) as usize)
}

impl MoveSink for Vec<Move> {
    fn piece_moves(&mut self, from: usize, targets: Bitboard256) {
        let from = Cell::from_index(from);
        for to in targets {
            self.push(Move::new(from, Cell::from_index(to), MoveKind::Normal));
        }
    }
    fn pawn_moves(&mut self, targets: Bitboard256, shift: i32) {
        for to in targets {
            self.push(Move::new(
                origin(to, shift),
                Cell::from_index(to),
                MoveKind::Normal,
            ));
        }
    }
    fn promotions(&mut self, targets: Bitboard256, shift: i32) {
        for to in targets {
            for kind in MoveKind::PROMOTIONS {
                self.push(Move::new(origin(to, shift), Cell::from_index(to), kind));
            }
        }
    }
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Stops at the first move: "has the side to move any legal move?" (mate and stalemate tests).
pub(crate) struct AnyMove(pub bool);

impl MoveSink for AnyMove {
    fn piece_moves(&mut self, _from: usize, targets: Bitboard256) {
        self.0 |= targets.any();
    }
    fn pawn_moves(&mut self, targets: Bitboard256, _shift: i32) {
        self.0 |= targets.any();
    }
    fn promotions(&mut self, targets: Bitboard256, _shift: i32) {
        self.0 |= targets.any();
    }
    fn single(&mut self, _mv: Move) {
        self.0 = true;
    }
}

/// Shifts a set of cells one step of `shift` bits (positive: towards higher bits).
#[inline(always)]
fn shifted(bb: Bitboard256, shift: i32) -> Bitboard256 {
    if shift > 0 {
        bb.shl(shift as u32)
    } else {
        bb.shr((-shift) as u32)
    }
}

/// A man pinned against its king, and the line it may still move along.
#[derive(Clone, Copy)]
struct Pin {
    cell: usize,
    /// From the cell next to the king up to the pinning slider, both included.
    line: Bitboard256,
}

/// What the king's position allows, computed once per position.
struct Safety {
    /// The men of either opponent that attack the king.
    checkers: u32,
    /// Where a man other than the king may move: everywhere without check, the checker and the
    /// cells between with one checker, nowhere with two.
    evasion: Bitboard256,
    pinned: Bitboard256,
    pins: [Pin; 12],
    pin_count: usize,
}

impl Trichess {
    /// Generates every legal move of the side to move into `sink`; none after a king capture.
    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        if self.king_capture.is_some() {
            return;
        }
        match self.side {
            0 => self.generate_for::<0, S>(sink),
            1 => self.generate_for::<1, S>(sink),
            _ => self.generate_for::<2, S>(sink),
        }
    }

    /// The checkers and pins around `king` (player P's), by walking its 12 rays.
    #[inline(always)]
    fn safety<const P: usize>(&self, king: usize, occ: Bitboard256) -> Safety {
        let ours = self.players[P];
        let them = occ ^ ours;
        let r = &self.roles;
        let (o1, o2) = ((P + 1) % 3, (P + 2) % 3);
        let mut checkers = (KNIGHT[king] & r[KNIGHT_ROLE] & them)
            | (KING[king] & r[KING_ROLE] & them)
            | (PAWN_ATTACKERS[o1][king] & r[PAWN] & self.players[o1])
            | (PAWN_ATTACKERS[o2][king] & r[PAWN] & self.players[o2]);
        let mut evasion = checkers;
        let mut safety = Safety {
            checkers: 0,
            evasion: Bitboard256::EMPTY,
            pinned: Bitboard256::EMPTY,
            pins: [Pin {
                cell: 0,
                line: Bitboard256::EMPTY,
            }; 12],
            pin_count: 0,
        };
        let rooks = (r[ROOK] | r[QUEEN]) & them;
        let bishops = (r[BISHOP] | r[QUEEN]) & them;
        for (d, rays) in RAYS.iter().enumerate() {
            let sliders = if d < 6 { rooks } else { bishops };
            let ray = rays[king];
            if !ray.intersects(sliders) {
                continue;
            }
            let blockers = ray & occ;
            let first = nearest(d, blockers);
            if sliders.has(first) {
                checkers.set(first);
                evasion |= ray ^ RAYS[d][first];
            } else if ours.has(first) {
                let mut beyond = blockers;
                beyond.clear(first);
                if beyond.any() {
                    let second = nearest(d, beyond);
                    if sliders.has(second) {
                        safety.pinned.set(first);
                        safety.pins[safety.pin_count] = Pin {
                            cell: first,
                            line: ray ^ RAYS[d][second],
                        };
                        safety.pin_count += 1;
                    }
                }
            }
        }
        safety.checkers = checkers.count();
        safety.evasion = match safety.checkers {
            0 => BOARD,
            1 => evasion,
            _ => Bitboard256::EMPTY,
        };
        safety
    }

    #[inline(always)]
    fn generate_for<const P: usize, S: MoveSink>(&self, sink: &mut S) {
        let ours = self.players[P];
        let occ = self.occupied();
        let them = occ ^ ours;
        let r = &self.roles;
        let Some(king) = (r[KING_ROLE] & ours).lsb() else {
            // Only a finished game lacks a king, and that returned above; nothing to move.
            return;
        };
        let safety = self.safety::<P>(king, occ);

        // King steps, tested on the board without the king (no stepping back along a line).
        let mut without_king = occ;
        without_king.clear(king);
        let mut steps = Bitboard256::EMPTY;
        for to in KING[king].andnot(ours) {
            if !self.is_attacked(to, P, without_king) {
                steps.set(to);
            }
        }
        sink.piece_moves(king, steps);
        if safety.checkers >= 2 {
            return;
        }
        if safety.checkers == 0 {
            self.castling_moves::<P, S>(sink, occ);
        }

        let allowed = safety.evasion.andnot(ours);
        let free = ours.andnot(safety.pinned);
        for from in r[KNIGHT_ROLE] & free {
            sink.piece_moves(from, KNIGHT[from] & allowed);
        }
        for from in r[BISHOP] & free {
            sink.piece_moves(from, diagonal_attacks(from, occ) & allowed);
        }
        for from in r[ROOK] & free {
            sink.piece_moves(from, straight_attacks(from, occ) & allowed);
        }
        for from in r[QUEEN] & free {
            let attacks = straight_attacks(from, occ) | diagonal_attacks(from, occ);
            sink.piece_moves(from, attacks & allowed);
        }
        pawn_moves::<P, S>(sink, r[PAWN] & free, !occ & BOARD, them, allowed);

        // Pinned men move along their line only (a pinned knight never can).
        for pin in &safety.pins[..safety.pin_count] {
            let from = pin.cell;
            let allowed = allowed & pin.line;
            if r[PAWN].has(from) {
                pawn_moves::<P, S>(
                    sink,
                    Bitboard256::from_bit(from),
                    !occ & BOARD,
                    them,
                    allowed,
                );
            } else if r[BISHOP].has(from) {
                sink.piece_moves(from, diagonal_attacks(from, occ) & allowed);
            } else if r[ROOK].has(from) {
                sink.piece_moves(from, straight_attacks(from, occ) & allowed);
            } else if r[QUEEN].has(from) {
                let attacks = straight_attacks(from, occ) | diagonal_attacks(from, occ);
                sink.piece_moves(from, attacks & allowed);
            }
        }
    }

    /// §7: the right, empty cells, no check (tested by the caller), the passed cell not attacked,
    /// and the king not attacked on its landing cell once king and rook have moved.
    #[inline(always)]
    fn castling_moves<const P: usize, S: MoveSink>(&self, sink: &mut S, occ: Bitboard256) {
        for (side, castle) in CASTLES[P].iter().enumerate() {
            if !self.has_right(P, side) || castle.empty.intersects(occ) {
                continue;
            }
            if self.is_attacked(castle.rook_to.index(), P, occ) {
                continue;
            }
            let mut after = occ;
            after.clear(castle.king_from.index());
            after.clear(castle.rook_from.index());
            after.set(castle.rook_to.index());
            after.set(castle.king_to.index());
            if !self.is_attacked(castle.king_to.index(), P, after) {
                sink.single(Move::new(
                    castle.king_from,
                    castle.king_to,
                    MoveKind::Castle,
                ));
            }
        }
    }

    /// Whether the side to move has any legal move.
    pub(crate) fn has_legal_move(&self) -> bool {
        let mut any = AnyMove(false);
        self.generate(&mut any);
        any.0
    }
}

/// Moves of player P's `pawns` to cells in `allowed` (§6): single steps and double steps onto
/// empty cells, captures of either opponent's men, promotions on the zone.
#[inline(always)]
fn pawn_moves<const P: usize, S: MoveSink>(
    sink: &mut S,
    pawns: Bitboard256,
    empty: Bitboard256,
    enemies: Bitboard256,
    allowed: Bitboard256,
) {
    let dirs = PAWN_DIRS[P];
    for d in dirs.steps {
        let shift = shift_of(d);
        let one = shifted(pawns & STEP_FROM[d], shift) & empty;
        emit::<P, S>(sink, one & allowed, shift);
        // A double step: both cells empty, from an initial pawn cell (no flag needed, §6).
        let halfway = shifted(pawns & PAWN_HOME[P] & STEP_FROM[d], shift) & empty;
        let two = shifted(halfway & STEP_FROM[d], shift) & empty;
        emit::<P, S>(sink, two & allowed, 2 * shift);
    }
    for d in dirs.captures {
        let shift = shift_of(d);
        let hits = shifted(pawns & STEP_FROM[d], shift) & enemies;
        emit::<P, S>(sink, hits & allowed, shift);
    }
}

/// Pawn moves onto `targets`, each from `to - shift`, promoting in player P's zone.
#[inline(always)]
fn emit<const P: usize, S: MoveSink>(sink: &mut S, targets: Bitboard256, shift: i32) {
    let promoting = targets & ZONE[P];
    sink.pawn_moves(targets.andnot(promoting), shift);
    if promoting.any() {
        sink.promotions(promoting, shift);
    }
}
