//! Playing below full strength. A level is named by the Elo it is calibrated to in chess
//! against Stockfish's own levels (docs/strength.md); it budgets the search in nodes and
//! plays one of the best few root moves, each scored exactly (MultiPV), chosen with a
//! random pull: every candidate's score gets up to `pull` centipawns added at random and the
//! highest sum is played. So a weak level errs as people do: often between moves close in
//! value, seldom by much, and never into a mate it has seen while a move without one is
//! within reach.

use super::limits::Limits;
use super::score::MATE_BOUND;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The weakest level.
pub const ELO_MIN: u32 = 800;
/// The strongest level below full strength.
pub const ELO_MAX: u32 = 1800;
/// `UCI_Elo`'s default: the weakest, as Stockfish has it.
pub const ELO_DEFAULT: u32 = ELO_MIN;
/// `Skill Level` runs from 0 to this, which is full strength.
pub const SKILL_FULL: u32 = 20;

/// A calibrated level: its Elo, node budget per move, pull in centipawns, and how many of
/// the best root moves it chooses among.
#[derive(Clone, Copy, Debug)]
struct Row {
    elo: u32,
    nodes: u64,
    pull: i32,
    candidates: usize,
}

/// The calibrated levels, from the weakest up; between two rows the budget is interpolated
/// geometrically, the pull and the number of candidates linearly.
const CALIBRATION: [Row; 4] = [
    Row {
        elo: 800,
        nodes: 60,
        pull: 600,
        candidates: 20,
    },
    Row {
        elo: 1200,
        nodes: 1_500,
        pull: 120,
        candidates: 4,
    },
    Row {
        elo: 1400,
        nodes: 2_500,
        pull: 85,
        candidates: 4,
    },
    Row {
        elo: 1800,
        nodes: 40_000,
        pull: 8,
        candidates: 4,
    },
];

/// A seed that differs from one call to the next: the clock's nanoseconds and the process.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}

/// The options that set a level, as GUIs set them. `UCI_LimitStrength` with `UCI_Elo` takes
/// precedence over `Skill Level`, as in Stockfish; neither set is full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthOptions {
    pub limit_strength: bool,
    pub elo: u32,
    pub skill: u32,
}

impl Default for StrengthOptions {
    fn default() -> Self {
        StrengthOptions {
            limit_strength: false,
            elo: ELO_DEFAULT,
            skill: SKILL_FULL,
        }
    }
}

impl StrengthOptions {
    /// The level these options ask for, its random choices drawn from `seed`; None at full
    /// strength.
    pub fn level(&self, seed: u64) -> Option<Level> {
        if self.limit_strength {
            return Some(Level::from_elo(self.elo, seed));
        }
        Level::from_skill(self.skill, seed)
    }
}

/// A strength below full, and the seed of its random choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    elo: u32,
    seed: u64,
    /// How many opponents share what a move gives away (see `against`).
    opponents: u8,
}

impl Level {
    /// The level calibrated to `elo`, clamped to ELO_MIN..=ELO_MAX.
    pub fn from_elo(elo: u32, seed: u64) -> Level {
        Level {
            elo: elo.clamp(ELO_MIN, ELO_MAX),
            seed,
            opponents: 1,
        }
    }

    /// The level in a game where the mover faces `opponents` at once. What a weak move gives
    /// away is then shared among them, and each opponent is also busy with the others, so a
    /// mistake of a given size costs the mover less of the result than against one; the pull
    /// grows with the opponents, so that the level errs by the same weight of result.
    pub fn against(self, opponents: usize) -> Level {
        Level {
            opponents: opponents.clamp(1, usize::from(u8::MAX)) as u8,
            ..self
        }
    }

    /// `Skill Level` `skill`: 0 is ELO_MIN and SKILL_FULL - 1 is ELO_MAX, in equal steps; None
    /// from SKILL_FULL up (full strength).
    pub fn from_skill(skill: u32, seed: u64) -> Option<Level> {
        if skill >= SKILL_FULL {
            return None;
        }
        let step = (ELO_MAX - ELO_MIN) as f64 / f64::from(SKILL_FULL - 1);
        let elo = ELO_MIN + (f64::from(skill) * step).round() as u32;
        Some(Level::from_elo(elo, seed))
    }

    pub fn elo(&self) -> u32 {
        self.elo
    }

    /// The calibration rows on either side of this level's Elo, and how far it lies from
    /// the lower to the upper (0 to 1).
    fn between(&self) -> (Row, Row, f64) {
        let upper = CALIBRATION
            .iter()
            .position(|row| row.elo >= self.elo)
            .unwrap_or(CALIBRATION.len() - 1)
            .max(1);
        let (lo, hi) = (CALIBRATION[upper - 1], CALIBRATION[upper]);
        let t = f64::from(self.elo.saturating_sub(lo.elo)) / f64::from(hi.elo - lo.elo);
        (lo, hi, t.clamp(0.0, 1.0))
    }

    /// Nodes per move.
    pub fn nodes(&self) -> u64 {
        let (lo, hi, t) = self.between();
        ((lo.nodes as f64).ln() * (1.0 - t) + (hi.nodes as f64).ln() * t)
            .exp()
            .round() as u64
    }

    /// The most centipawns the random pull adds to a candidate's score.
    pub fn pull(&self) -> i32 {
        let (lo, hi, t) = self.between();
        let pull = (f64::from(lo.pull) * (1.0 - t) + f64::from(hi.pull) * t).round() as i32;
        pull * i32::from(self.opponents)
    }

    /// How many of the best root moves this level chooses among.
    pub fn candidates(&self) -> usize {
        let (lo, hi, t) = self.between();
        (lo.candidates as f64 * (1.0 - t) + hi.candidates as f64 * t).round() as usize
    }

    /// The limits of a search at this level: its node budget (the caller's when smaller),
    /// and enough lines to choose among.
    pub fn limits(&self, limits: &Limits) -> Limits {
        Limits {
            nodes: Some(limits.nodes.map_or(self.nodes(), |n| n.min(self.nodes()))),
            multi_pv: limits.multi_pv.max(self.candidates()),
            ..limits.clone()
        }
    }

    /// Which of the candidates scored `scores` (best first, from the mover's point of
    /// view) this level plays in the position hashed `salt`; 0 when there is none. The same
    /// position and seed give the same choice.
    pub fn choose(&self, scores: &[i32], salt: u64) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ salt);
        let pull = self.pull().max(0);
        let best = scores.first().copied().unwrap_or(0);
        scores
            .iter()
            .take(self.candidates())
            .enumerate()
            // A mate seen is never traded for the pull, nor a line that is mated chosen
            // over one that is not.
            .filter(|&(_, &s)| !(best > MATE_BOUND && s <= MATE_BOUND))
            .filter(|&(_, &s)| !(s < -MATE_BOUND && best >= -MATE_BOUND))
            .map(|(i, &s)| (i, i64::from(s) + i64::from(rng.random_range(0..=pull))))
            // The first of equal sums: the better-scored move.
            .fold(None, |kept: Option<(usize, i64)>, (i, v)| match kept {
                Some((_, k)) if k >= v => kept,
                _ => Some((i, v)),
            })
            .map_or(0, |(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_grow_and_pulls_and_choices_shrink_with_the_elo() {
        let at = |elo| Level::from_elo(elo, 0);
        for elo in (ELO_MIN..ELO_MAX).step_by(50) {
            assert!(at(elo).nodes() < at(elo + 50).nodes(), "{elo}");
            assert!(at(elo).pull() >= at(elo + 50).pull(), "{elo}");
            assert!(at(elo).candidates() >= at(elo + 50).candidates(), "{elo}");
        }
        assert_eq!(at(ELO_MIN).candidates(), CALIBRATION[0].candidates);
        assert_eq!(at(1400).candidates(), CALIBRATION[2].candidates);
        assert_eq!(at(ELO_MIN).nodes(), CALIBRATION[0].nodes);
        assert_eq!(at(1400).nodes(), CALIBRATION[2].nodes);
        assert_eq!(at(1400).pull(), CALIBRATION[2].pull);
        assert_eq!(at(100), at(ELO_MIN), "clamped below");
        assert_eq!(at(9999), at(ELO_MAX), "clamped above");
    }

    #[test]
    fn skill_levels_span_the_elo_range_and_twenty_is_full_strength() {
        assert_eq!(Level::from_skill(0, 0).map(|l| l.elo()), Some(ELO_MIN));
        assert_eq!(
            Level::from_skill(SKILL_FULL - 1, 0).map(|l| l.elo()),
            Some(ELO_MAX)
        );
        assert_eq!(Level::from_skill(SKILL_FULL, 0), None);
        let options = StrengthOptions::default();
        assert_eq!(options.level(0), None, "nothing set: full strength");
        let limited = StrengthOptions {
            limit_strength: true,
            elo: 1500,
            ..options
        };
        assert_eq!(limited.level(7), Some(Level::from_elo(1500, 7)));
        let skill = StrengthOptions {
            skill: 3,
            ..options
        };
        assert!(skill.level(0).is_some());
    }

    #[test]
    fn a_level_keeps_the_callers_smaller_budget_and_asks_for_candidates() {
        let level = Level::from_elo(1600, 0);
        let shaped = level.limits(&Limits::default());
        assert_eq!(shaped.nodes, Some(level.nodes()));
        assert_eq!(shaped.multi_pv, level.candidates());
        let small = Limits {
            nodes: Some(10),
            multi_pv: 6,
            ..Limits::default()
        };
        let shaped = level.limits(&small);
        assert_eq!((shaped.nodes, shaped.multi_pv), (Some(10), 6));
    }

    #[test]
    fn weak_levels_stray_more_and_rarely_far() {
        // How often each level leaves the best move when the second is `gap` worse, over
        // many positions (salts).
        let strays = |elo: u32, gap: i32| {
            let level = Level::from_elo(elo, 12345);
            (0..2000u64)
                .filter(|&salt| level.choose(&[0, -gap, -300, -300], salt) != 0)
                .count()
        };
        assert!(strays(800, 20) > strays(ELO_MAX, 20));
        assert!(strays(800, 20) > strays(800, 150));
        assert!(strays(800, 20) > 600, "{}", strays(800, 20));
        assert_eq!(
            strays(ELO_MAX, 20),
            strays(ELO_MAX, 20),
            "the same seeds choose alike"
        );
        assert!(
            strays(ELO_MAX, 150) == 0,
            "never a move 150 cp worse at the top"
        );
    }

    #[test]
    fn the_pull_grows_with_the_opponents_and_nothing_else_does() {
        let alone = Level::from_elo(1200, 3);
        let three_player = alone.against(2);
        assert_eq!(alone.against(1), alone);
        assert_eq!(three_player.pull(), 2 * alone.pull());
        assert_eq!(three_player.nodes(), alone.nodes());
        assert_eq!(three_player.candidates(), alone.candidates());
        assert_eq!(alone.against(0), alone, "at least one opponent");
    }

    #[test]
    fn mates_are_neither_missed_nor_walked_into() {
        let level = Level::from_elo(ELO_MIN, 1);
        let mate = MATE_BOUND + 10;
        for salt in 0..500 {
            assert_eq!(level.choose(&[mate, 50, 40, 30], salt), 0);
            assert_ne!(level.choose(&[20, 10, -mate, 0], salt), 2);
        }
        assert_eq!(level.choose(&[], 0), 0);
    }
}
