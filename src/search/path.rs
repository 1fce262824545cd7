//! The positions before a search's node, for repetitions: the game so far, then the line
//! from the root, a hash each.

use crate::game::Game;

pub struct Path {
    hashes: Vec<u64>,
}

impl Path {
    /// A path that starts with the game's positions, oldest first.
    pub fn new(game_history: &[u64]) -> Path {
        Path {
            hashes: game_history.to_vec(),
        }
    }

    /// Steps down the line from the position hashing to `hash`.
    #[inline]
    pub fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
    }

    /// Steps back up the line.
    #[inline]
    pub fn pop(&mut self) {
        self.hashes.pop();
    }

    /// Whether `pos` already stood on the board (or on the line) since the last irreversible
    /// move, at a point where a repetition may be counted (a turn boundary): inside the tree
    /// such a position is scored as a draw.
    pub fn repeats<G: Game>(&self, pos: &G) -> bool {
        if !pos.is_turn_boundary() {
            return false;
        }
        let hash = pos.hash();
        let window = (pos.reversible_plies() as usize).min(self.hashes.len());
        self.hashes[self.hashes.len() - window..]
            .iter()
            .rev()
            .any(|&h| h == hash)
    }
}
