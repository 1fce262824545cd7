//! Players by seat: 0 moves first. Two-player variants use 0 = White, 1 = Black; trichess uses 0, 1, 2.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Player(pub u8);

impl Player {
    pub const WHITE: Player = Player(0);
    pub const BLACK: Player = Player(1);

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}
