//! Legal spinchess turns (rules/spinchess.md §4-§9).
//!
//! A-turns are exactly FIDE's legal moves, so the shared generator makes them. Spins are judged
//! on the men after the whole turn, held as eight bitboards and rotated with a few shifts: no
//! board is copied and no move is made to test a spin turn.

use super::block::{Block, Rotation};
use super::turn::Turn;
use crate::core::{Bitboard, Color, Square};
use crate::variants::board8::{
    self, Board, Move, MoveArray, MoveCounter, MoveKind, MoveSink, Role,
};
use crate::variants::chess::{attacks, Flat};

/// Receives turns: a MoveSink for the A-turns, plus spin turns.
pub trait TurnSink: MoveSink {
    /// A B- or C-turn; `promotes` when the spin brings an own pawn onto its last rank (then the
    /// turn stands for four, one per promotion choice).
    fn spin_turns(&mut self, mv: Option<Move>, block: Block, rotation: Rotation, promotes: bool);
}

impl TurnSink for MoveCounter {
    #[inline(always)]
    fn spin_turns(&mut self, _: Option<Move>, _: Block, _: Rotation, promotes: bool) {
        self.0 += if promotes { 4 } else { 1 };
    }
}

impl MoveSink for Vec<Turn> {
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Turn::from_move(Move::new(from, to, MoveKind::Normal)));
        }
    }
    fn pawn_moves(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square, kind: MoveKind) {
        for to in targets {
            self.push(Turn::from_move(Move::new(origin(to), to, kind)));
        }
    }
    fn promotions(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square) {
        for to in targets {
            for kind in MoveKind::PROMOTIONS {
                self.push(Turn::from_move(Move::new(origin(to), to, kind)));
            }
        }
    }
    fn single(&mut self, mv: Move) {
        self.push(Turn::from_move(mv));
    }
}

impl TurnSink for Vec<Turn> {
    fn spin_turns(&mut self, mv: Option<Move>, block: Block, rotation: Rotation, promotes: bool) {
        if promotes {
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                self.push(Turn::spin(mv, block, rotation, Some(role)));
            }
        } else {
            self.push(Turn::spin(mv, block, rotation, None));
        }
    }
}

/// Where the men stand: the board's bitboards without the rest of its state.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Men {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

impl Men {
    fn of(b: &Board<Flat>) -> Men {
        Men {
            colors: [b.by_color(Color::White), b.by_color(Color::Black)],
            roles: Role::ALL.map(|r| b.by_role(r)),
        }
    }

    #[inline(always)]
    fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    #[inline(always)]
    fn rotate(&mut self, block: Block, rotation: Rotation) {
        for bb in self.colors.iter_mut().chain(self.roles.iter_mut()) {
            *bb = rotation.apply(block, *bb);
        }
    }

    /// The men after a pseudo-legal non-king move of `us` (never castling).
    #[inline(always)]
    fn after_move(mut self, b: &Board<Flat>, mv: Move, us: Color) -> Men {
        let (from, to) = (mv.from(), mv.to());
        let role = b.piece_at(from).map_or(Role::Pawn, |p| p.role);
        let captured = if mv.kind() == MoveKind::EnPassant {
            Some((Square::from_coords(to.file(), from.rank()), Role::Pawn))
        } else {
            b.piece_at(to).map(|p| (to, p.role))
        };
        if let Some((sq, victim)) = captured {
            let bb = Bitboard::from_square(sq);
            self.colors[(!us).index()] ^= bb;
            self.roles[victim.index()] ^= bb;
        }
        self.colors[us.index()] ^= Bitboard::from_square(from) | Bitboard::from_square(to);
        self.roles[role.index()] ^= Bitboard::from_square(from);
        self.roles[mv.promotion().unwrap_or(role).index()] ^= Bitboard::from_square(to);
        self
    }

    /// Whether `by` attacks `sq` (spins play no part in attacks: FIDE captures only).
    #[inline(always)]
    fn attacked(&self, sq: Square, by: Color) -> bool {
        let them = self.colors[by.index()];
        let occ = self.colors[0] | self.colors[1];
        let queens = self.roles[Role::Queen.index()];
        ((attacks::knight(sq) & self.roles[Role::Knight.index()])
            | (attacks::pawn(!by, sq) & self.roles[Role::Pawn.index()])
            | (attacks::king(sq) & self.roles[Role::King.index()])
            | (attacks::rook(sq, occ) & (self.roles[Role::Rook.index()] | queens))
            | (attacks::bishop(sq, occ) & (self.roles[Role::Bishop.index()] | queens)))
            .intersects(them)
    }
}

/// The rank where a pawn of `color` would promote.
#[inline(always)]
pub fn last_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::RANK_8,
        Color::Black => Bitboard::RANK_1,
    }
}

/// Spins are allowed from fullmove 2 on (§4, Decision 1).
#[inline(always)]
pub fn spins_allowed(b: &Board<Flat>) -> bool {
    b.fullmove_number() >= 2
}

/// Why a block cannot be spun in a B-turn, if it cannot (§4, Decision 4, §9).
pub fn b_spin_refusal(b: &Board<Flat>, block: Block) -> Option<&'static str> {
    let squares = block.squares();
    let us = b.side_to_move();
    if (squares & b.by_role(Role::King)).any() {
        Some("the block holds a king")
    } else if (squares & b.by_color(!us)).any() {
        Some("the block holds an enemy man")
    } else if (squares & b.by_color(us)).is_empty() {
        Some("the block holds no man of the mover")
    } else if is_uniform(b, block) {
        Some("the spin would change nothing (a null turn)")
    } else {
        None
    }
}

/// All four squares hold the same man: a spin would leave the placement as it was (§9).
#[inline(always)]
fn is_uniform(b: &Board<Flat>, block: Block) -> bool {
    let ll = block.lower_left();
    let first = b.piece_at(ll);
    block.squares().all(|sq| b.piece_at(sq) == first)
}

/// Every legal turn of the side to move, into `sink`.
#[inline(always)]
pub fn generate<S: TurnSink>(b: &Board<Flat>, sink: &mut S) {
    board8::generate(b, sink);
    if !spins_allowed(b) {
        return;
    }
    let us = b.side_to_move();
    let them = !us;
    let king = b.king_square(us);
    let kings = b.by_role(Role::King);
    let own_last = last_rank(us);
    let their_last = last_rank(them);
    let before = Men::of(b);

    for block in Block::all() {
        if b_spin_refusal(b, block).is_some() {
            continue;
        }
        for rotation in Rotation::BOTH {
            let mut after = before;
            after.rotate(block, rotation);
            if !after.attacked(king, them) {
                let promotes = (after.pieces(us, Role::Pawn) & own_last).any();
                sink.spin_turns(None, block, rotation, promotes);
            }
        }
    }

    let mut moves = MoveArray::new();
    board8::generate_pseudo_men(b, &mut moves);
    for &mv in moves.as_slice() {
        let block = Block::of(mv.to());
        if (block.squares() & kings).any() {
            continue;
        }
        let moved = before.after_move(b, mv, us);
        for rotation in Rotation::BOTH {
            let mut after = moved;
            after.rotate(block, rotation);
            if (after.pieces(them, Role::Pawn) & their_last).any()
                || after == before
                || after.attacked(king, them)
            {
                continue;
            }
            let promotes = (after.pieces(us, Role::Pawn) & own_last).any();
            sink.spin_turns(Some(mv), block, rotation, promotes);
        }
    }
}
