//! The search's tuning constants, in one place where a tuner (SPSA, or a match by hand) can
//! reach them. Each says what it does and what it was measured at; a change to one is a
//! search change and is kept only when a match against the build before says so
//! (docs/strength.md).

use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

// ---- Parameters a tuner may move ----
//
// The integer parameters below are declared with `tunable!`: each is a function (call sites
// read `RFP_MARGIN()`) that returns its constant in a normal build and, in a build with the
// `tuning` feature, the value a UCI or XBoard option of the same name has set (starting at
// the constant). Every one is in `TUNABLES` with its range and the step an SPSA tuner starts
// with, so that the tuner's input and the options come from one list.

/// A search parameter as a tuner sees it.
#[derive(Debug)]
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// The perturbation SPSA starts from (OpenBench's `c_end` for the last iterations).
    pub step: i32,
    /// The value in force in a `tuning` build.
    value: AtomicI32,
}

impl Tunable {
    const fn new(name: &'static str, default: i32, min: i32, max: i32, step: i32) -> Tunable {
        Tunable {
            name,
            default,
            min,
            max,
            step,
            value: AtomicI32::new(default),
        }
    }

    /// The value in force: the default, or in a `tuning` build what was last set.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }

    /// Sets the value for every search from now on (a `tuning` build's options), within its
    /// range; a normal build refuses, since its searches read the constants.
    pub fn set(&self, value: i32) -> Result<(), TuneError> {
        if !cfg!(feature = "tuning") {
            return Err(TuneError::NotATuningBuild(self.name));
        }
        self.store(value)
    }

    /// The range check and the store of `set`, whatever the build.
    fn store(&self, value: i32) -> Result<(), TuneError> {
        if !(self.min..=self.max).contains(&value) {
            return Err(TuneError::OutOfRange {
                name: self.name,
                min: self.min,
                max: self.max,
                value,
            });
        }
        self.value.store(value, Ordering::Relaxed);
        Ok(())
    }
}

/// A value a tunable parameter refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TuneError {
    #[error("{name} must be {min} to {max}, not {value}")]
    OutOfRange {
        name: &'static str,
        min: i32,
        max: i32,
        value: i32,
    },
    #[error("{name} must be a whole number, not '{value}'")]
    NotANumber { name: &'static str, value: String },
    #[error("{0} is a constant in this build (build with --features tuning to set it)")]
    NotATuningBuild(&'static str),
}

/// Declares a tunable parameter: `NAME: default, min..=max, step s` makes `NAME()`, which
/// reads it, and the module `NAME` (another namespace) holding its `Tunable`.
macro_rules! tunable {
    ($(
        $(#[$doc:meta])*
        $name:ident: $default:literal, $min:literal..=$max:literal, step $step:literal;
    )*) => {
        $(
            $(#[$doc])*
            #[allow(non_snake_case)]
            #[inline(always)]
            pub fn $name() -> i32 {
                // A constant in a normal build, folded into the code that reads it.
                match cfg!(feature = "tuning") {
                    true => $name::TUNABLE.get(),
                    false => $default,
                }
            }

            #[allow(non_snake_case)]
            pub mod $name {
                use super::Tunable;
                pub static TUNABLE: Tunable =
                    Tunable::new(stringify!($name), $default, $min, $max, $step);
            }
        )*
    };
}

// ---- Both searches ----

/// Plies of the line any search keeps: the deepest node a search reaches.
pub const MAX_PLY: usize = 128;

/// How many nodes the first iteration may search before a stop holds: a count, not a time,
/// so that a search stopped at once gives the same answer however loaded the machine is (and
/// a node-limited search the same answer every time); a few milliseconds in a release
/// build, well inside the 10 ms a GUI may expect between `stop` and `bestmove`. Replaced 3 ms
/// of time at +20.9 +/- 48.3 Elo (chess, 1 s + 10 ms, 100 games).
pub const FIRST_ITERATION_GRACE_NODES: u64 = 4096;

/// The clock is read once every this many nodes (a power of two: the check is a mask).
pub const NODES_PER_CLOCK_CHECK: u64 = 1024;

// ---- The two-player search: quiescence ----

/// Quiescence plies within which a side in check searches all its evasions; deeper, it may
/// stand pat like any other side. Without a bound, variants with many quiet evasions (every
/// spin in spinchess) and many checking captures (gigachess's cannons) can chain check,
/// evasion, checking capture for dozens of plies, and one iteration never ends.
pub const QUIESCENCE_CHECK_PLIES: u32 = 4;
tunable! {
    /// How far beyond a capture's material gain a position may still swing (positional terms):
    /// delta pruning in quiescence.
    DELTA_MARGIN: 200, 50..=600, step 20;
}

// ---- The two-player search: aspiration windows ----

/// Iterations from this depth search a window around the last score first.
pub const ASPIRATION_DEPTH: i32 = 5;
tunable! {
    /// The first window's half-width in centipawns; doubled on each failure.
    ASPIRATION_DELTA: 25, 5..=100, step 4;
}
/// Past this half-width the window opens to the full range.
pub const ASPIRATION_FULL: i32 = 1000;

// ---- The two-player search: pruning ----

/// SEE pruning, up to this depth: a losing capture (or a quiet check) whose exchange loses
/// more than SEE_CAPTURE_MARGIN per ply of depth, or another quiet move that loses more than
/// SEE_QUIET_MARGIN times the square of the depth it would be searched to, is not searched.
pub const SEE_PRUNE_DEPTH: i32 = 8;
tunable! {
    SEE_CAPTURE_MARGIN: 100, 20..=250, step 10;
    SEE_QUIET_MARGIN: 30, 5..=100, step 4;
    /// Reverse futility pruning: a node whose static evaluation beats beta by this much per ply
    /// of depth left is taken to hold (the side to move stands so well that the opponent will not
    /// let it get here), up to this depth.
    RFP_MARGIN: 80, 20..=200, step 8;
    RFP_DEPTH: 7, 3..=12, step 1;
    /// Futility pruning: a quiet move at a node whose evaluation plus this base and this much per
    /// ply (of the depth the move would be searched to) stays below alpha is not searched.
    FUTILITY_BASE: 100, 0..=300, step 15;
    FUTILITY_MARGIN: 120, 30..=300, step 12;
    FUTILITY_DEPTH: 8, 3..=12, step 1;
    /// Late move pruning: at shallow depth only the first few quiet moves are worth searching,
    /// from LMP_MIN_DEPTH to LMP_DEPTH. Not at depth 1, the frontier: there the limit is two
    /// quiet moves, and the histories, which know nothing of what is attacked, seldom put the
    /// move that takes an attacked man out of danger among the first two; the node then reads as
    /// lost what one step away saves, and a whole two-ply search played worse than one ply.
    LMP_DEPTH: 8, 3..=12, step 1;
}
pub const LMP_MIN_DEPTH: i32 = 2;
/// Null-move pruning from this depth; the reduction is NULL_BASE + depth / NULL_DEPTH_DIVISOR
/// plus up to NULL_EVAL_MAX plies for each NULL_EVAL_DIVISOR the evaluation stands above
/// beta. Where shallow pruning is off (the evaluation a poor judge of threats) it is
/// NULL_BASE_CAUTIOUS + depth / NULL_DEPTH_DIVISOR_CAUTIOUS.
pub const NULL_MOVE_DEPTH: i32 = 3;
tunable! {
    NULL_BASE: 3, 1..=6, step 1;
    NULL_DEPTH_DIVISOR: 3, 2..=8, step 1;
    NULL_EVAL_DIVISOR: 200, 50..=500, step 20;
    NULL_EVAL_MAX: 3, 0..=6, step 1;
}
pub const NULL_BASE_CAUTIOUS: i32 = 2;
pub const NULL_DEPTH_DIVISOR_CAUTIOUS: i32 = 6;

// ---- The two-player search: extensions and reductions ----

tunable! {
    /// Singular extensions: from this depth, a table move whose lower bound (from a search at
    /// most SINGULAR_TABLE_SLACK plies shallower) beats every other move, searched to about half
    /// the depth, by SINGULAR_MARGIN per ply, is searched a ply deeper; a node where another move
    /// also reaches that lowered bound, and the bound beats beta, is cut (multi-cut).
    SINGULAR_DEPTH: 6, 4..=10, step 1;
}
pub const SINGULAR_TABLE_SLACK: i32 = 3;
tunable! {
    SINGULAR_MARGIN: 2, 1..=6, step 1;
}
/// Late move reductions: LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR plies, the logarithmic
/// shape today's engines share (few at shallow depth or early in the list, more for late
/// moves of deep nodes), from LMR_DEPTH and after the first LMR_FIRST_MOVES moves.
pub const LMR_BASE: f64 = 0.8;
pub const LMR_DIVISOR: f64 = 2.4;
tunable! {
    LMR_DEPTH: 3, 2..=6, step 1;
}
pub const LMR_FIRST_MOVES: usize = 2;
tunable! {
    /// A quiet move's reduction falls by a ply for each this much of its history key.
    LMR_HISTORY_DIVISOR: 8192, 2048..=32768, step 1024;
}

// ---- The two-player search: histories ----

tunable! {
    /// A cut-off's history bonus: HISTORY_BONUS_SCALE times the depth squared, at most
    /// HISTORY_BONUS_MAX.
    HISTORY_BONUS_SCALE: 32, 8..=128, step 6;
    HISTORY_BONUS_MAX: 2048, 512..=8192, step 256;
}
/// A capture's key adds its capture history divided by this to its MVV-LVA value (8 per
/// centipawn of victim): at most about five pawns' worth of victim, so that a capture that
/// keeps refuting moves goes before one that takes a little more.
pub const CAPTURE_HISTORY_WEIGHT: i32 = 4;
/// Correction history: each slot holds the evaluation's recent error in 1/CORRECTION_GRAIN
/// centipawns, within +/- CORRECTION_MAX (256 cp). Each searched node moves its slot toward
/// the node's error by a share that grows with depth, up to CORRECTION_WEIGHT_MAX/256.
pub const CORRECTION_GRAIN: i32 = 64;
pub const CORRECTION_MAX: i32 = 256 * CORRECTION_GRAIN;
pub const CORRECTION_WEIGHT_MAX: i32 = 16;

// ---- The search for more players ----

/// BRS+ plays the stand-aside moves of the opponents' layers up to this ply, the root's
/// replies alone; deeper they pass, as in plain Best-Reply Search. Played at every layer they
/// gave the two opponents a coalition move each per root move, the one that replies chosen
/// against the root player and the other taking what that leaves: the root player then lost
/// material in every line and the score fell with depth (the start position read -442 cp
/// at depth 4 and -517 at depth 6, where plain BRS reads 20 and 16; docs/strength.md).
pub const BRS_PLUS_PLIES: usize = 1;
/// Beyond this many plies of quiescence the evaluation is taken as it stands: a bound on
/// capture chains in a game where two opponents can keep trading among themselves.
pub const MULTI_QUIESCENCE_PLIES: usize = 12;
/// Late quiet moves (from the MULTI_LMR_FIRST_MOVES-th, at depth MULTI_LMR_DEPTH or more) are
/// searched a ply shallower first, two from move MULTI_LMR_DEEP_MOVES at depth
/// MULTI_LMR_DEEP_DEPTH.
pub const MULTI_LMR_DEPTH: i32 = 3;
pub const MULTI_LMR_FIRST_MOVES: usize = 3;
pub const MULTI_LMR_DEEP_MOVES: usize = 12;
pub const MULTI_LMR_DEEP_DEPTH: i32 = 5;
/// The deepest iteration the search for more players starts when no depth is asked for.
pub const MULTI_MAX_DEPTH: i32 = 64;

// ---- Time management ----

/// How a search foresees its next iteration from the growth of the last ones.
#[derive(Clone, Copy, Debug)]
pub struct ForecastRule {
    /// Each growth (this iteration's time over the last one's) is clamped to this range.
    pub min_growth: f64,
    pub max_growth: f64,
    /// The growth assumed until one can be measured.
    pub unknown_growth: f64,
    /// How many of the last growths the forecast takes the smallest of.
    pub growths_compared: usize,
    /// Iterations shorter than this are timed too coarsely to give a growth.
    pub timed: Duration,
    /// The forecast is acted on only from this growth: below it, it is too unsure (in chess,
    /// stopping on a forecast of slow growth lost about 50 Elo).
    pub acts_from: f64,
}

/// The two-player search's forecast of its next iteration: the smaller of the last two
/// growths, within 1.5 to 5, acted on only where iterations grow threefold or more. Measured
/// by `bench/growth` (the nodes of an iteration over the last one's, from depth 4): the median
/// growth is 2.2 in chess, 2.3 in the cylinder, 2.0 in doublemove, 2.8 in spinchess and in
/// gigachess, with upper quartiles of 3.7 to 5.4; stopping on a forecast of slow growth lost
/// about 50 Elo in chess, so only the steep ones are acted on.
pub const FORECAST_TWO_PLAYERS: ForecastRule = ForecastRule {
    min_growth: 1.5,
    max_growth: 5.0,
    unknown_growth: 2.0,
    growths_compared: 2,
    timed: Duration::from_millis(1),
    acts_from: 3.0,
};
/// The search for more players, whose iterations grow several times over (trichess: median
/// 4.2, upper quartile 8.0 by `bench/growth`): the last growth, within 3 to 40 (8 until
/// measured), always acted on, since an iteration the hard limit cuts off is worth little
/// there.
pub const FORECAST_MORE_PLAYERS: ForecastRule = ForecastRule {
    min_growth: 3.0,
    max_growth: 40.0,
    unknown_growth: 8.0,
    growths_compared: 1,
    timed: Duration::from_nanos(1),
    acts_from: 0.0,
};

/// How much of the soft time limit to use before another iteration, by how many iterations
/// the best move has stood (0, 1, 2, 3, 4 or more), times TIME_SCALE_BASE, times
/// (TIME_SHARE_PIVOT - the best move's share of the nodes) * TIME_SHARE_WEIGHT. At the typical
/// settled iteration (best move unchanged four times, 80% of the nodes) the factor is about 1.
pub const TIME_STABILITY: [f64; 5] = [2.5, 1.2, 0.9, 0.8, 0.75];
pub const TIME_SCALE_BASE: f64 = 1.4;
pub const TIME_SHARE_PIVOT: f64 = 1.5;
pub const TIME_SHARE_WEIGHT: f64 = 1.35;

/// Every tunable parameter, in the order of this file.
pub static TUNABLES: [&Tunable; 20] = [
    &DELTA_MARGIN::TUNABLE,
    &ASPIRATION_DELTA::TUNABLE,
    &SEE_CAPTURE_MARGIN::TUNABLE,
    &SEE_QUIET_MARGIN::TUNABLE,
    &RFP_MARGIN::TUNABLE,
    &RFP_DEPTH::TUNABLE,
    &FUTILITY_BASE::TUNABLE,
    &FUTILITY_MARGIN::TUNABLE,
    &FUTILITY_DEPTH::TUNABLE,
    &LMP_DEPTH::TUNABLE,
    &NULL_BASE::TUNABLE,
    &NULL_DEPTH_DIVISOR::TUNABLE,
    &NULL_EVAL_DIVISOR::TUNABLE,
    &NULL_EVAL_MAX::TUNABLE,
    &SINGULAR_DEPTH::TUNABLE,
    &SINGULAR_MARGIN::TUNABLE,
    &LMR_DEPTH::TUNABLE,
    &LMR_HISTORY_DIVISOR::TUNABLE,
    &HISTORY_BONUS_SCALE::TUNABLE,
    &HISTORY_BONUS_MAX::TUNABLE,
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_tunable_has_a_sound_range_and_its_own_name() {
        let mut names = HashSet::new();
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(t.step > 0 && t.step <= t.max - t.min, "{t:?}");
            assert!(names.insert(t.name), "{} twice", t.name);
        }
        assert_eq!(RFP_MARGIN::TUNABLE.name, "RFP_MARGIN");
    }

    #[test]
    fn a_normal_build_reads_the_constants_and_refuses_to_set_them() {
        if cfg!(feature = "tuning") {
            return;
        }
        assert_eq!(RFP_MARGIN(), RFP_MARGIN::TUNABLE.default);
        assert_eq!(
            RFP_MARGIN::TUNABLE.set(90),
            Err(TuneError::NotATuningBuild("RFP_MARGIN"))
        );
        assert_eq!(RFP_MARGIN(), 80);
    }

    #[test]
    fn a_value_is_taken_within_its_range_only() {
        let t = Tunable::new("X", 10, 5, 20, 2);
        assert_eq!(t.store(20), Ok(()));
        assert_eq!(t.get(), 20);
        let refused = t.store(21);
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("X must be 5 to 20, not 21".to_string())
        );
        assert_eq!(t.get(), 20);
    }

    /// Run with `cargo test --features tuning --lib tunable`.
    #[cfg(feature = "tuning")]
    #[test]
    fn a_tuning_build_reads_what_was_set() {
        let t = &HISTORY_BONUS_MAX::TUNABLE;
        t.set(4096).unwrap();
        assert_eq!(HISTORY_BONUS_MAX(), 4096);
        t.set(t.default).unwrap();
        assert_eq!(HISTORY_BONUS_MAX(), t.default);
    }
}
