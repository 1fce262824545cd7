//! A pair of middlegame and endgame values, blended by how much material is left: most terms
//! matter differently with queens on the board than in a pawn ending.

use std::ops::{Add, AddAssign, Mul, Neg, Sub};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for a tapered pair.
pub const fn s(mg: i32, eg: i32) -> Tapered {
    Tapered { mg, eg }
}

/// The phase at which only the middlegame value counts.
pub const FULL_PHASE: i32 = 24;

impl Tapered {
    /// The value at `phase` (FULL_PHASE with every piece on, 0 with none).
    pub fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (FULL_PHASE - phase)) / FULL_PHASE
    }
}

impl Add for Tapered {
    type Output = Tapered;
    fn add(self, o: Tapered) -> Tapered {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}

impl Sub for Tapered {
    type Output = Tapered;
    fn sub(self, o: Tapered) -> Tapered {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}

impl AddAssign for Tapered {
    fn add_assign(&mut self, o: Tapered) {
        *self = *self + o;
    }
}

impl Neg for Tapered {
    type Output = Tapered;
    fn neg(self) -> Tapered {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Tapered {
    type Output = Tapered;
    fn mul(self, k: i32) -> Tapered {
        s(self.mg * k, self.eg * k)
    }
}
