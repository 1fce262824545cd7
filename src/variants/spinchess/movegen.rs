//! Legal spinchess turns (docs/rules/spinchess.md §4-§9).
//!
//! A-turns are exactly FIDE's legal moves, so the shared generator makes them. Spins are judged
//! on the men after the whole turn, held as eight bitboards and rotated with a few shifts: no
//! board is copied and no move is made to test a spin turn.

use super::block::{Block, Rotation, LOWER_LEFT};
use super::turn::Turn;
use crate::core::{Bitboard, Color, Square};
use crate::variants::board8::{
    self, Board, Move, MoveBuffer, MoveCounter, MoveKind, MoveSink, Role,
};
use crate::variants::board8::{flat::attacks, Flat};

/// Receives turns: a MoveSink for the A-turns, plus spin turns.
pub trait TurnSink: MoveSink {
    /// A B- or C-turn; `promotes` when the spin brings an own pawn onto its last rank (then the
    /// turn stands for four, one per promotion choice).
    fn spin_turns(&mut self, mv: Option<Move>, block: Block, rotation: Rotation, promotes: bool);

    /// For each of `targets`: the pawn move there from `origin(to)`, then either spin of its
    /// block; all known legal and promotion-free.
    fn pawn_spin_pairs(
        &mut self,
        targets: Bitboard,
        origin: impl Fn(Square) -> Square,
        kind: MoveKind,
    ) {
        for to in targets {
            let mv = Move::new(origin(to), to, kind);
            for rotation in Rotation::BOTH {
                self.spin_turns(Some(mv), Block::of(to), rotation, false);
            }
        }
    }

    /// For each of `targets`: the move there from `from`, then either spin of its block; all
    /// known legal and promotion-free.
    fn spin_pairs(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            let mv = Move::new(from, to, MoveKind::Normal);
            for rotation in Rotation::BOTH {
                self.spin_turns(Some(mv), Block::of(to), rotation, false);
            }
        }
    }
}

impl TurnSink for MoveCounter {
    #[inline(always)]
    fn spin_turns(&mut self, _: Option<Move>, _: Block, _: Rotation, promotes: bool) {
        self.0 += if promotes { 4 } else { 1 };
    }
    #[inline(always)]
    fn spin_pairs(&mut self, _: Square, targets: Bitboard) {
        self.0 += 2 * targets.count() as u64;
    }
    #[inline(always)]
    fn pawn_spin_pairs(&mut self, targets: Bitboard, _: impl Fn(Square) -> Square, _: MoveKind) {
        self.0 += 2 * targets.count() as u64;
    }
}

impl MoveBuffer for Vec<Turn> {
    fn push_move(&mut self, mv: Move) {
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

/// All four squares hold the same man: a spin would leave the placement as it was (§9). (Four
/// empty squares cannot be spun at all.)
#[inline(always)]
fn is_uniform(b: &Board<Flat>, block: Block) -> bool {
    let squares = block.squares();
    let white = (b.by_color(Color::White) & squares).count();
    (b.occupied() & squares) == squares
        && (white == 0 || white == 4)
        && Role::ALL
            .iter()
            .any(|&r| (b.by_role(r) & squares) == squares)
}

/// Blocks whose spin, after any move into them, cannot expose the mover's king (see
/// `quiet_blocks`) and raises no promotion or enemy-last-rank question.
///
/// Why this is sound: take a position where the mover is not in check, a move from `f` (not
/// pinned, not e.p.) into block B, then a spin of B. After the turn, an enemy knight or pawn
/// attacks the king only from inside B (the others did not move and did not check before), which
/// needs B to hold such a man and to touch the squares it would attack from. An enemy slider S
/// attacks along a line L of the king: if S is in B, B holds an enemy slider and touches the
/// king's lines; if not, S stood on L before and was blocked, and if B does not touch L the only
/// square of L that changed is `f`, so `f` was the one blocker: a pin. So a block that touches
/// no line of the king on which (or in the block) an enemy slider of that line's kind stands,
/// and no knight or pawn square holding matching enemy men, is safe for every unpinned move.
fn quiet_blocks(b: &Board<Flat>, king: Square) -> Bitboard {
    let us = b.side_to_move();
    let them = !us;
    let queens = b.pieces(them, Role::Queen);
    let orthogonal = b.pieces(them, Role::Rook) | queens;
    let diagonal = b.pieces(them, Role::Bishop) | queens;
    let rook_lines = attacks::rook(king, Bitboard::EMPTY);
    let bishop_lines = attacks::bishop(king, Bitboard::EMPTY);
    let their_pawns = b.pieces(them, Role::Pawn);
    let our_pawns = b.pieces(us, Role::Pawn);
    // Ranks where a spin could promote our pawns or drop theirs onto their last rank.
    let near_eighth = Bitboard::rank(6) | Bitboard::RANK_8;
    let near_first = Bitboard::RANK_1 | Bitboard::rank(1);
    let (our_promotion_ranks, their_promotion_ranks) = match us {
        Color::White => (near_eighth, near_first),
        Color::Black => (near_first, near_eighth),
    };
    // Each condition "the block touches X (and Y)" on all 16 blocks at once, one bit per block.
    let any_line = |lines: Bitboard, sliders: Bitboard| {
        if sliders.intersects(lines) {
            touched(lines)
        } else {
            touched(lines) & touched(sliders)
        }
    };
    let loud = touched(b.by_role(Role::King))
        | (touched(attacks::knight(king)) & touched(b.pieces(them, Role::Knight)))
        | (touched(attacks::pawn(us, king)) & touched(their_pawns))
        | any_line(rook_lines, orthogonal)
        | any_line(bishop_lines, diagonal)
        | (touched(their_promotion_ranks) & touched(their_pawns))
        | (touched(our_promotion_ranks) & touched(our_pawns));
    spread(LOWER_LEFT & !loud)
}

/// The lower-left square of every block holding any square of `bb`.
#[inline(always)]
fn touched(bb: Bitboard) -> Bitboard {
    (bb | bb.shr(1) | bb.shr(8) | bb.shr(9)) & LOWER_LEFT
}

/// The whole blocks whose lower-left squares are given.
#[inline(always)]
fn spread(lower_left: Bitboard) -> Bitboard {
    lower_left | lower_left.shl(1) | lower_left.shl(8) | lower_left.shl(9)
}

/// Turns C from the pseudo-legal moves of the men: receives the moves as a MoveSink and passes
/// the turns they start on to the turn sink.
struct MoveThenSpin<'a, S: TurnSink> {
    board: &'a Board<Flat>,
    sink: &'a mut S,
    before: Men,
    king: Square,
    pinned: Bitboard,
    quiet: Bitboard,
}

impl<S: TurnSink> MoveThenSpin<'_, S> {
    /// One move, then each spin of its destination's block.
    #[inline(always)]
    fn turns_after(&mut self, mv: Move) {
        let b = self.board;
        let us = b.side_to_move();
        let block = Block::of(mv.to());
        let squares = block.squares();
        let own_last = last_rank(us);
        // The common case needs no test at all (see quiet_blocks): two turns, no promotion.
        // (Quiet blocks hold no king and no pawn of ours near our last rank; a pawn moving in
        // there could still promote, so pawns moving onto those ranks take the long way.)
        let near_last = own_last | own_last.shr(8) | own_last.shl(8);
        if self.quiet.intersects(squares)
            && !self.pinned.has(mv.from())
            && !squares.has(mv.from())
            && mv.kind() != MoveKind::EnPassant
            && !(b.pieces(us, Role::Pawn).has(mv.from()) && squares.intersects(near_last))
        {
            self.sink
                .spin_turns(Some(mv), block, Rotation::Clockwise, false);
            self.sink
                .spin_turns(Some(mv), block, Rotation::Anticlockwise, false);
            return;
        }
        if squares.intersects(b.by_role(Role::King)) {
            return;
        }
        let them = !us;
        let moved = self.before.after_move(b, mv, us);
        for rotation in Rotation::BOTH {
            let mut after = moved;
            after.rotate(block, rotation);
            if (after.pieces(them, Role::Pawn) & last_rank(them)).any()
                || after == self.before
                || after.attacked(self.king, them)
            {
                continue;
            }
            let promotes = (after.pieces(us, Role::Pawn) & own_last).any();
            self.sink.spin_turns(Some(mv), block, rotation, promotes);
        }
    }
}

impl<S: TurnSink> MoveSink for MoveThenSpin<'_, S> {
    /// Moves of a knight, bishop, rook or queen: the quiet targets go in bulk.
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        let fast = if self.pinned.has(from) {
            Bitboard::EMPTY
        } else {
            targets & self.quiet & !Block::of(from).squares()
        };
        self.sink.spin_pairs(from, fast);
        for to in targets & !fast {
            self.turns_after(Move::new(from, to, MoveKind::Normal));
        }
    }
    /// Pawn moves come in batches of one kind (pushes, double steps, captures one way), so the
    /// first target's offset tells which targets start inside their own block.
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square, kind: MoveKind) {
        if targets.is_empty() {
            return;
        }
        let us = self.board.side_to_move();
        let mut fast = Bitboard::EMPTY;
        if !self.pinned.intersects(self.board.pieces(us, Role::Pawn)) && kind != MoveKind::EnPassant
        {
            let first = targets.lsb();
            let offset = first.index() as i32 - origin(first).index() as i32;
            let near_last = last_rank(us) | last_rank(us).shr(8) | last_rank(us).shl(8);
            fast = targets & self.quiet & !near_last & !same_block_targets(offset);
        }
        self.sink.pawn_spin_pairs(fast, &origin, kind);
        for to in targets & !fast {
            self.turns_after(Move::new(origin(to), to, kind));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square) {
        for to in targets {
            for kind in MoveKind::PROMOTIONS {
                self.turns_after(Move::new(origin(to), to, kind));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.turns_after(mv);
    }
}

/// The squares a pawn move of this offset (to minus from) reaches from inside the same block:
/// such a move and a spin can undo each other, so they need the full test (§9).
#[inline(always)]
fn same_block_targets(offset: i32) -> Bitboard {
    const fn mask(offset: i32) -> Bitboard {
        let mut bits = 0u64;
        let mut to = 0;
        while to < 64 {
            let from = to - offset;
            if from >= 0 && from < 64 {
                let (f, t) = (from as u64, to as u64);
                // Same file pair and same rank pair.
                if (f ^ t) & 0b110110 == 0 {
                    bits |= 1 << to;
                }
            }
            to += 1;
        }
        Bitboard(bits)
    }
    const MASKS: [Bitboard; 8] = [
        mask(7),
        mask(8),
        mask(9),
        mask(16),
        mask(-7),
        mask(-8),
        mask(-9),
        mask(-16),
    ];
    match offset {
        7 => MASKS[0],
        8 => MASKS[1],
        9 => MASKS[2],
        16 => MASKS[3],
        -7 => MASKS[4],
        -8 => MASKS[5],
        -9 => MASKS[6],
        -16 => MASKS[7],
        _ => Bitboard::ALL,
    }
}

/// Every legal turn of the side to move, into `sink`.
#[inline(always)]
pub fn generate<S: TurnSink>(b: &Board<Flat>, sink: &mut S) {
    let safety = board8::generate_with_safety(b, sink);
    if !spins_allowed(b) {
        return;
    }
    let us = b.side_to_move();
    let them = !us;
    let king = b.king_square(us);
    let own_last = last_rank(us);
    let before = Men::of(b);
    let quiet = if safety.in_check {
        Bitboard::EMPTY
    } else {
        quiet_blocks(b, king)
    };

    for block in Block::all() {
        if b_spin_refusal(b, block).is_some() {
            continue;
        }
        for rotation in Rotation::BOTH {
            // A quiet block holds no pawn of ours that a spin could promote.
            if quiet.intersects(block.squares()) {
                sink.spin_turns(None, block, rotation, false);
                continue;
            }
            let mut after = before;
            after.rotate(block, rotation);
            if !after.attacked(king, them) {
                let promotes = (after.pieces(us, Role::Pawn) & own_last).any();
                sink.spin_turns(None, block, rotation, promotes);
            }
        }
    }

    let mut c_turns = MoveThenSpin {
        board: b,
        sink,
        before,
        king,
        pinned: safety.pinned,
        quiet,
    };
    board8::generate_pseudo_men(b, &mut c_turns);
}
