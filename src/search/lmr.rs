//! Late move reductions by depth and move number, the one table both searches read:
//! LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR plies (params.rs).

use super::params::{LMR_BASE, LMR_DIVISOR};
use std::sync::OnceLock;

/// The plies a late move at `index` of a node with `depth` left is searched shallower, before
/// the search's own adjustments.
#[inline]
pub fn base_reduction(depth: i32, index: usize) -> i32 {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        t
    });
    i32::from(table[depth.clamp(0, 63) as usize][index.min(63)])
}

#[cfg(test)]
mod tests {
    use super::base_reduction;

    #[test]
    fn late_moves_of_deep_nodes_are_reduced_more() {
        assert_eq!(base_reduction(1, 1), 0);
        assert_eq!(base_reduction(3, 3), 1);
        assert!(base_reduction(10, 30) > base_reduction(4, 30));
        assert!(base_reduction(10, 30) > base_reduction(10, 4));
    }
}
