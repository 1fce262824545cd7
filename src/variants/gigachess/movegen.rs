//! Legal move generation, written once against a MoveSink: `Vec<Move>` lists moves,
//! `MoveCounter` adds up target-set popcounts and ray lengths, so perft's last ply costs no
//! list and counting can never drift from listing.
//!
//! Legality comes from `Safety`, computed once per position: when the side to move is not in
//! check, every man that no single move of it could expose the king with (not `sensitive`)
//! moves freely, except onto `forbidden` squares; the king's steps, the sensitive men's moves,
//! e.p. captures and every move while in check are tested by playing them on a copy and
//! asking whether the king is attacked (Cannon and Bow screens make checks and pins too varied
//! for masks to be worth their risk, and these cases are rare).

use super::board::Gigachess;
// `S` is the sink type parameter here, so the southward direction goes by its full name.
use super::lines::{
    gap, is_man, next_blocker, step, E, FAMILY, LINE_OF, N, NE, NW, S as SOUTH, SE, STEP, SW, W,
};
use super::moves::Move;
use super::piece::{code_role, Role};
use super::square::{squares, Square, BOARD};
use super::tables::{pawn_attacks, BUFFALO, CAMEL, ELEPHANT, FERZ, KING, KNIGHT, LION, MACHINE};
use crate::core::{Bitboard256, Color};

pub trait MoveSink {
    /// A move of the man on `from` to each square of `targets`.
    fn targets(&mut self, from: Square, targets: Bitboard256);
    /// Moves of the man on `from` along a ray: to each of the `len` squares after `origin` in
    /// direction `dir`, and to the square after those when `capture`.
    fn ray(&mut self, from: Square, origin: Square, dir: usize, len: u32, capture: bool);
    /// One move to each square `to` of `targets`, from `to - back` (in index steps).
    fn shifted(&mut self, targets: Bitboard256, back: i32);
    fn single(&mut self, from: Square, to: Square);
}

/// Counts moves without listing them.
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn targets(&mut self, _from: Square, targets: Bitboard256) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn ray(&mut self, _from: Square, _origin: Square, _dir: usize, len: u32, capture: bool) {
        self.0 += (len + capture as u32) as u64;
    }
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard256, _back: i32) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }
}

impl MoveSink for Vec<Move> {
    fn targets(&mut self, from: Square, targets: Bitboard256) {
        self.extend(squares(targets).map(|to| Move::new(from, to)));
    }
    fn ray(&mut self, from: Square, origin: Square, dir: usize, len: u32, capture: bool) {
        for i in 1..=len + capture as u32 {
            self.push(Move::new(from, step(origin, dir, i)));
        }
    }
    fn shifted(&mut self, targets: Bitboard256, back: i32) {
        self.extend(
            squares(targets)
                .map(|to| Move::new(Square::from_index((to.index() as i32 - back) as usize), to)),
        );
    }
    fn single(&mut self, from: Square, to: Square) {
        self.push(Move::new(from, to));
    }
}

/// The target squares of one man, whose moves are then tested one by one.
struct Collect(Bitboard256);

impl MoveSink for Collect {
    #[inline(always)]
    fn targets(&mut self, _from: Square, targets: Bitboard256) {
        self.0 |= targets;
    }
    #[inline(always)]
    fn ray(&mut self, _from: Square, origin: Square, dir: usize, len: u32, capture: bool) {
        self.0 |= ray_squares(origin, dir, len + capture as u32);
    }
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard256, _back: i32) {
        self.0 |= targets;
    }
    #[inline(always)]
    fn single(&mut self, _from: Square, to: Square) {
        self.0.set(to.index());
    }
}

/// The `n` squares after `origin` in direction `dir`.
#[inline(always)]
fn ray_squares(origin: Square, dir: usize, n: u32) -> Bitboard256 {
    let mut bb = Bitboard256::EMPTY;
    for i in 1..=n {
        bb.set(step(origin, dir, i).index());
    }
    bb
}

/// Steps towards the mover's last rank, in index units.
#[inline(always)]
const fn forward(color: Color) -> i32 {
    match color {
        Color::White => 16,
        Color::Black => -16,
    }
}

/// Moves every square of `bb` by `delta` index steps (positive or negative).
#[inline(always)]
fn shift(bb: Bitboard256, delta: i32) -> Bitboard256 {
    if delta >= 0 {
        bb << delta as u32
    } else {
        bb >> (-delta) as u32
    }
}

impl Gigachess {
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Every legal move of the side to move, into `sink`.
    #[inline(always)]
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side.index();
        let ours = self.colors[us];
        let king = self.kings[us];
        let safety = self.safety();

        let mut king_targets = Bitboard256::EMPTY;
        for to in squares(KING[king.index()].andnot(ours)) {
            if self.legal_after(king, to) {
                king_targets.set(to.index());
            }
        }
        sink.targets(king, king_targets);

        let men = ours.andnot(king.bb());
        if safety.in_check {
            for from in squares(men) {
                self.tested(from, sink);
            }
        } else {
            let free = men.andnot(safety.sensitive);
            if safety.forbidden.is_empty() {
                self.free_men::<S, false>(free, sink, BOARD);
            } else {
                self.free_men::<S, true>(free, sink, BOARD.andnot(safety.forbidden));
            }
            for from in squares(men & safety.sensitive) {
                self.tested(from, sink);
            }
        }
        self.en_passant_captures(sink);
    }

    /// Whether playing `from`-`to` leaves the mover's king unattacked.
    #[inline(always)]
    pub(crate) fn legal_after(&self, from: Square, to: Square) -> bool {
        let mut after = *self;
        after.move_men::<false>(from, to);
        !after.is_attacked(after.kings[self.side.index()], !self.side)
    }

    /// The moves of one man, each tested.
    fn tested<S: MoveSink>(&self, from: Square, sink: &mut S) {
        let role = Role::ALL[code_role(self.squares[from.index()])];
        let mut collect = Collect(Bitboard256::EMPTY);
        self.man_moves::<Collect, false>(from, role, &mut collect, BOARD);
        let mut legal = Bitboard256::EMPTY;
        for to in squares(collect.0) {
            if self.legal_after(from, to) {
                legal.set(to.index());
            }
        }
        sink.targets(from, legal);
    }

    /// E.p. captures by Pawns and Corporals (§4), each tested: two men leave their squares.
    fn en_passant_captures<S: MoveSink>(&self, sink: &mut S) {
        let Some(ep) = self.ep else { return };
        let us = self.side;
        let capturers = pawn_attacks(!us, ep.index())
            & self.colors[us.index()]
            & (self.roles[Role::Pawn.index()] | self.roles[Role::Corporal.index()]);
        for from in squares(capturers) {
            if self.legal_after(from, ep) {
                sink.single(from, ep);
            }
        }
    }

    /// The moves of the men in `free`, none of which can expose the king; with `FILTER`, only
    /// those onto squares of `mask`.
    #[inline(always)]
    fn free_men<S: MoveSink, const FILTER: bool>(
        &self,
        free: Bitboard256,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        macro_rules! each {
            ($($role:ident),*) => {$(
                for from in squares(free & self.roles[Role::$role.index()]) {
                    self.man_moves::<S, FILTER>(from, Role::$role, sink, mask);
                }
            )*};
        }
        each!(
            Queen, Amazon, Rook, Marshall, Bishop, Cardinal, Cannon, Bow, Eagle, Ship, Knight,
            Elephant, Machine, Camel, Buffalo, Lion
        );
        self.pawnlike_bulk::<S>(free, sink, mask);
    }

    /// Pawns, Corporals and Princes of `free`, by whole-board shifts where all move alike.
    #[inline(always)]
    fn pawnlike_bulk<S: MoveSink>(&self, free: Bitboard256, sink: &mut S, mask: Bitboard256) {
        let us = self.side;
        let ours = self.colors[us.index()];
        let theirs = self.colors[(!us).index()];
        let empty = BOARD.andnot(ours | theirs);
        let fwd = forward(us);
        // One file left or right and one rank forward; a shift off the a- or n-file lands on
        // padding, which `empty`, `theirs` and BOARD exclude.
        let (west, east) = (fwd - 1, fwd + 1);
        let pawns = free & self.roles[Role::Pawn.index()];
        let corporals = free & self.roles[Role::Corporal.index()];
        let princes = free & self.roles[Role::Prince.index()];

        // Straight steps: one, and two when both squares are empty, from any rank (§3.5-3.6).
        let one = shift(pawns | corporals, fwd) & empty;
        sink.shifted(one & mask, fwd);
        sink.shifted(shift(one, fwd) & empty & mask, 2 * fwd);
        sink.shifted(shift(pawns, west) & theirs & mask, west);
        sink.shifted(shift(pawns, east) & theirs & mask, east);
        // A Corporal's diagonal moves or captures, except onto the e.p. square, where it can
        // only capture e.p. (Decision 6; generated with the e.p. captures).
        let ep = self.ep.map_or(Bitboard256::EMPTY, Square::bb);
        let corporal_to = BOARD.andnot(ours | ep) & mask;
        sink.shifted(shift(corporals, west) & corporal_to, west);
        sink.shifted(shift(corporals, east) & corporal_to, east);
        for from in squares(princes) {
            sink.targets(from, KING[from.index()].andnot(ours) & mask);
        }
        let prince_one = shift(princes, fwd) & empty;
        sink.shifted(shift(prince_one, fwd) & empty & mask, 2 * fwd);
    }

    /// The pseudo-legal moves of one man other than the king (e.p. aside).
    #[inline(always)]
    fn man_moves<S: MoveSink, const FILTER: bool>(
        &self,
        from: Square,
        role: Role,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        let s = from.index();
        let ours = self.colors[self.side.index()];
        let leap =
            |sink: &mut S, table: &[Bitboard256]| sink.targets(from, table[s].andnot(ours) & mask);
        match role {
            Role::Queen => {
                self.rook_lines::<S, FILTER>(from, sink, mask);
                self.bishop_lines::<S, FILTER>(from, sink, mask);
            }
            Role::Amazon => {
                self.rook_lines::<S, FILTER>(from, sink, mask);
                self.bishop_lines::<S, FILTER>(from, sink, mask);
                leap(sink, &KNIGHT);
            }
            Role::Rook => self.rook_lines::<S, FILTER>(from, sink, mask),
            Role::Marshall => {
                self.rook_lines::<S, FILTER>(from, sink, mask);
                leap(sink, &KNIGHT);
            }
            Role::Bishop => self.bishop_lines::<S, FILTER>(from, sink, mask),
            Role::Cardinal => {
                self.bishop_lines::<S, FILTER>(from, sink, mask);
                leap(sink, &KNIGHT);
            }
            Role::Cannon => {
                self.cannon::<E, S, FILTER>(from, sink, mask);
                self.cannon::<W, S, FILTER>(from, sink, mask);
                self.cannon::<N, S, FILTER>(from, sink, mask);
                self.cannon::<SOUTH, S, FILTER>(from, sink, mask);
            }
            Role::Bow => {
                self.cannon::<NE, S, FILTER>(from, sink, mask);
                self.cannon::<SW, S, FILTER>(from, sink, mask);
                self.cannon::<NW, S, FILTER>(from, sink, mask);
                self.cannon::<SE, S, FILTER>(from, sink, mask);
            }
            Role::Eagle => self.bender::<S, FILTER, true>(from, sink, mask),
            Role::Ship => self.bender::<S, FILTER, false>(from, sink, mask),
            Role::Knight => leap(sink, &KNIGHT),
            Role::Elephant => leap(sink, &ELEPHANT),
            Role::Machine => leap(sink, &MACHINE),
            Role::Camel => leap(sink, &CAMEL),
            Role::Buffalo => leap(sink, &BUFFALO),
            Role::Lion => leap(sink, &LION),
            Role::King => leap(sink, &KING),
            Role::Prince | Role::Corporal | Role::Pawn => {
                let us = self.side;
                let theirs = self.colors[(!us).index()];
                let dr = if us == Color::White { 1 } else { -1 };
                let empty = |sq: Square| self.squares[sq.index()] == 0;
                let mut targets = match role {
                    Role::Prince => KING[s].andnot(ours),
                    Role::Corporal => {
                        let ep = self.ep.map_or(Bitboard256::EMPTY, Square::bb);
                        pawn_attacks(us, s).andnot(ours | ep)
                    }
                    _ => pawn_attacks(us, s) & theirs,
                };
                if let Some(one) = from.offset(0, dr).filter(|&sq| empty(sq)) {
                    targets.set(one.index());
                    if let Some(two) = one.offset(0, dr).filter(|&sq| empty(sq)) {
                        targets.set(two.index());
                    }
                }
                sink.targets(from, targets & mask);
            }
        }
    }

    #[inline(always)]
    fn rook_lines<S: MoveSink, const FILTER: bool>(
        &self,
        from: Square,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        self.slide::<E, S, FILTER>(from, from, sink, mask);
        self.slide::<W, S, FILTER>(from, from, sink, mask);
        self.slide::<N, S, FILTER>(from, from, sink, mask);
        self.slide::<SOUTH, S, FILTER>(from, from, sink, mask);
    }

    #[inline(always)]
    fn bishop_lines<S: MoveSink, const FILTER: bool>(
        &self,
        from: Square,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        self.slide::<NE, S, FILTER>(from, from, sink, mask);
        self.slide::<SW, S, FILTER>(from, from, sink, mask);
        self.slide::<NW, S, FILTER>(from, from, sink, mask);
        self.slide::<SE, S, FILTER>(from, from, sink, mask);
    }

    /// A slide of the man on `from` in direction `D` starting after `origin` (its own square,
    /// or an Eagle's or Ship's diagonal square): the empty squares up to the first man, and
    /// that man if it is an enemy.
    #[inline(always)]
    fn slide<const D: usize, S: MoveSink, const FILTER: bool>(
        &self,
        from: Square,
        origin: Square,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        let (line, bit) = LINE_OF[origin.index()][FAMILY[D]];
        let (line, bit) = (line as usize, bit as u32);
        let blocker = next_blocker::<D>(self.lines.scan_word(line), bit);
        let len = gap(blocker, bit);
        let capture = self.lines.color_word((!self.side).index(), line) >> blocker & 1 != 0;
        if FILTER {
            sink.targets(from, ray_squares(origin, D, len + capture as u32) & mask);
        } else {
            sink.ray(from, origin, D, len, capture);
        }
    }

    /// A Cannon's or Bow's moves in direction `D` (§3.1): the empty squares before the first
    /// man, and the second man if it is an enemy.
    #[inline(always)]
    fn cannon<const D: usize, S: MoveSink, const FILTER: bool>(
        &self,
        from: Square,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        let (line, bit) = LINE_OF[from.index()][FAMILY[D]];
        let (line, bit) = (line as usize, bit as u32);
        let word = self.lines.scan_word(line);
        let screen = next_blocker::<D>(word, bit);
        let len = gap(screen, bit);
        if FILTER {
            sink.targets(from, ray_squares(from, D, len) & mask);
        } else {
            sink.ray(from, from, D, len, false);
        }
        if is_man(line, screen) {
            let target = next_blocker::<D>(word, screen);
            if self.lines.color_word((!self.side).index(), line) >> target & 1 != 0 {
                let to = step(from, D, gap(target, bit) + 1);
                if !FILTER || mask.has(to.index()) {
                    sink.single(from, to);
                }
            }
        }
    }

    /// Eagle (`HORIZONTAL`) or Ship (§3.2-3.3): the four diagonal steps, and from each empty
    /// diagonal square the slides away from the start.
    #[inline(always)]
    fn bender<S: MoveSink, const FILTER: bool, const HORIZONTAL: bool>(
        &self,
        from: Square,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        let ours = self.colors[self.side.index()];
        sink.targets(from, FERZ[from.index()].andnot(ours) & mask);
        self.bend::<NE, E, N, S, FILTER, HORIZONTAL>(from, sink, mask);
        self.bend::<NW, W, N, S, FILTER, HORIZONTAL>(from, sink, mask);
        self.bend::<SE, E, SOUTH, S, FILTER, HORIZONTAL>(from, sink, mask);
        self.bend::<SW, W, SOUTH, S, FILTER, HORIZONTAL>(from, sink, mask);
    }

    /// The continuations after the diagonal step `D`: along the rank in direction `H` (Eagle
    /// only) and along the file in direction `V`.
    #[inline(always)]
    fn bend<
        const D: usize,
        const H: usize,
        const V: usize,
        S: MoveSink,
        const FILTER: bool,
        const HORIZONTAL: bool,
    >(
        &self,
        from: Square,
        sink: &mut S,
        mask: Bitboard256,
    ) {
        let Some(first) = from.offset(STEP[D].0, STEP[D].1) else {
            return;
        };
        if self.squares[first.index()] != 0 {
            return;
        }
        if HORIZONTAL {
            self.slide::<H, S, FILTER>(from, first, sink, mask);
        }
        self.slide::<V, S, FILTER>(from, first, sink, mask);
    }
}
