//! Scores: centipawns, with mates as MATE minus the distance in plies.

pub const INFINITE: i32 = 32_000;
pub const MATE: i32 = 31_000;
/// Any score beyond this is a mate score.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const DRAW: i32 = 0;

/// The score of being mated `ply` plies from the root.
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Mate scores are stored in the table relative to the node, so a transposition reached at
/// another distance from the root reads the right distance.
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The moves (not plies) to the mate a winning mate score promises.
pub fn moves_to_mate(score: i32) -> u32 {
    ((MATE - score.abs() + 1) / 2).max(0) as u32
}

/// UCI's form: `cp N` or `mate N` (in moves, negative when being mated).
pub fn uci(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", moves_to_mate(score))
    } else if score < -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        let s = mate_in(7);
        assert_eq!(from_table(to_table(s, 3), 3), s);
        assert_eq!(from_table(to_table(-s, 3), 3), -s);
        assert_eq!(uci(mate_in(1)), "mate 1");
        assert_eq!(uci(mate_in(3)), "mate 2");
        assert_eq!(uci(mated_in(2)), "mate -1");
        assert_eq!(uci(35), "cp 35");
    }
}
