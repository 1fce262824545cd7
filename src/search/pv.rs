//! The principal variation as a triangular table: the best line found from the node at each
//! ply, built bottom-up as better moves are found. Generic over the step, so that the search
//! for more players keeps its passes in the line.

use super::params::MAX_PLY;

pub struct PvTable<S> {
    lines: Vec<Vec<S>>,
}

impl<S: Copy> PvTable<S> {
    pub fn new() -> PvTable<S> {
        PvTable {
            lines: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
        }
    }

    /// Empties the line of the node at `ply` before it is searched (or where what it held is
    /// no line of the node's).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.lines[ply].clear();
    }

    /// The line at `ply` becomes `steps` followed by the line found below them.
    #[inline]
    pub fn extend(&mut self, ply: usize, steps: &[S]) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.extend_from_slice(steps);
        line.extend_from_slice(&tail[0]);
    }

    /// The best line found from the node at `ply`.
    pub fn line(&self, ply: usize) -> &[S] {
        &self.lines[ply]
    }
}

impl<S: Copy> Default for PvTable<S> {
    fn default() -> Self {
        PvTable::new()
    }
}

#[cfg(test)]
mod tests {
    use super::PvTable;

    #[test]
    fn a_line_is_its_move_and_the_line_below() {
        let mut pv = PvTable::new();
        pv.extend(2, &[7]);
        pv.extend(1, &[5, 6]);
        pv.extend(0, &[4]);
        assert_eq!(pv.line(0), &[4, 5, 6, 7]);
        pv.clear(2);
        pv.extend(1, &[9]);
        assert_eq!(pv.line(1), &[9], "the cleared line below adds nothing");
        assert_eq!(
            pv.line(0),
            &[4, 5, 6, 7],
            "the root keeps its line until extended"
        );
    }
}
