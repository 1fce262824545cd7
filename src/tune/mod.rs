//! `kaleido tune`: SPSA over the search's tunable parameters (src/search/params.rs), with
//! `kaleido match` as the game runner. Each step starts two copies of one engine (a build
//! with the `tuning` feature, which offers every parameter as an option), one with the
//! parameters moved one way and one the other (spsa.rs), plays them game pairs on the
//! match's openings, and moves the parameters by the result. The state file (state.rs) keeps
//! the run across interruptions; the parameters come from the search's own table or from a
//! file in OpenBench's words (param_file.rs), so that one list serves both tuners.

pub mod param_file;
pub mod spsa;
pub mod state;

use crate::arbiter::config::{EngineConfig, Protocol};
use crate::arbiter::error::{LaunchError, MatchError};
use crate::arbiter::launch::announced_options;
use crate::arbiter::tournament::Format;
use crate::arbiter::{MatchSettings, OpeningSource};
use param_file::ParamFileError;
use spsa::{Param, Schedule};
use state::{StepRecord, TuneState};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum TuneError {
    #[error(transparent)]
    ParamFile(#[from] ParamFileError),
    #[error("state file {path}: {why}")]
    State { path: String, why: String },
    #[error("{path} holds another run ({why}); remove it or name another --state")]
    OtherRun { path: String, why: state::Differs },
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(transparent)]
    Launch(#[from] LaunchError),
    #[error("{engine} has no spin option {name}: is it a build with --features tuning?")]
    MissingOption { engine: String, name: String },
    #[error(
        "{engine} takes {name} from {min} to {max}; the run asks for {asked_min} to {asked_max}"
    )]
    OptionRange {
        engine: String,
        name: String,
        min: i64,
        max: i64,
        asked_min: f64,
        asked_max: f64,
    },
}

impl TuneError {
    fn state(path: &Path, why: impl ToString) -> TuneError {
        TuneError::State {
            path: path.display().to_string(),
            why: why.to_string(),
        }
    }
}

/// A tuning run.
pub struct TuneSettings {
    /// The matches' settings: variant, control, concurrency, openings, margins. Its engines,
    /// games and seed are set anew for each step.
    pub template: MatchSettings,
    /// The engine being tuned (its own options are kept; the parameters' are replaced).
    pub engine: EngineConfig,
    pub params: Vec<Param>,
    pub schedule: Schedule,
    pub pairs_per_step: u64,
    pub seed: u64,
    pub state: PathBuf,
    /// Print the parameters every this many steps (0: only at the end).
    pub report_every: u64,
}

/// Runs (or continues) a tuning run, telling `say` of each step; returns its state.
pub fn run(t: &TuneSettings, say: &mut dyn FnMut(&str)) -> Result<TuneState, TuneError> {
    check_options(t)?;
    let fresh = TuneState::new(
        &t.template.variant,
        t.seed,
        t.schedule,
        t.pairs_per_step,
        t.params.clone(),
    );
    let mut state = match TuneState::load(&t.state)? {
        Some(saved) => {
            saved.continues(&fresh).map_err(|why| TuneError::OtherRun {
                path: t.state.display().to_string(),
                why,
            })?;
            say(&format!(
                "Continuing {} at pair {} of {}",
                t.state.display(),
                saved.done,
                saved.schedule.iterations
            ));
            saved
        }
        None => fresh,
    };
    let mut steps = 0;
    while state.done < state.schedule.iterations {
        if t.template.stop.load(Ordering::Relaxed) {
            say("Stopped; the state file holds every finished step");
            break;
        }
        let pairs = t.pairs_per_step.min(state.schedule.iterations - state.done);
        let k = state.done + 1;
        let step = spsa::perturb(&state.params, &state.schedule, k, state.seed);
        let settings = step_match(t, &state, &step, pairs);
        let summary = crate::arbiter::run(settings)?;
        if summary.interrupted || summary.played < 2 * pairs as usize {
            // A step whose games were not all played says too little: drop it.
            say("Stopped; the state file holds every finished step");
            break;
        }
        let score = summary.score;
        let result = i64::from(score.wins) - i64::from(score.losses);
        spsa::update(&mut state.params, &step, result);
        state.done += pairs;
        state.time_forfeits += summary.time_forfeits as u64;
        state.history.push(StepRecord {
            pairs: state.done,
            wins: score.wins,
            losses: score.losses,
            draws: score.draws,
            values: state.params.iter().map(|p| p.value).collect(),
        });
        state.save(&t.state)?;
        steps += 1;
        say(&format!(
            "Pairs {} of {}: {:+} ({} - {} - {}), {} lost on time in all",
            state.done,
            state.schedule.iterations,
            result,
            score.wins,
            score.losses,
            score.draws,
            state.time_forfeits
        ));
        if t.report_every > 0 && steps % t.report_every == 0 {
            for line in table(&state) {
                say(&line);
            }
        }
    }
    Ok(state)
}

/// The parameters as they stand against where they started.
pub fn table(state: &TuneState) -> Vec<String> {
    let width = state.params.iter().map(|p| p.name.len()).max().unwrap_or(0);
    state
        .params
        .iter()
        .zip(&state.start)
        .map(|(p, s)| {
            format!(
                "  {:width$}  {:>9.2}  (from {}, {:+.2})",
                p.name,
                p.value,
                s.value,
                p.value - s.value
            )
        })
        .collect()
}

/// The match of one step: the engine with the `+` values against it with the `-` values,
/// `pairs` game pairs on the openings after those of the steps before.
fn step_match(
    t: &TuneSettings,
    state: &TuneState,
    step: &[spsa::Perturbation],
    pairs: u64,
) -> MatchSettings {
    let seated = |suffix: &str, value: fn(&spsa::Perturbation) -> i64| {
        let mut engine = t.engine.clone();
        engine.options.retain(|(name, _)| {
            !state
                .params
                .iter()
                .any(|p| p.name.eq_ignore_ascii_case(name))
        });
        for (p, s) in state.params.iter().zip(step) {
            engine.options.push((p.name.clone(), value(s).to_string()));
        }
        engine.name = format!("{}{suffix}", t.engine.name);
        engine
    };
    let engines = vec![seated("+", |s| s.plus), seated("-", |s| s.minus)];
    let mut m = t.template.clone();
    m.names = engines.iter().map(|e| e.name.clone()).collect();
    m.engines = engines;
    m.format = Format::RoundRobin;
    m.rounds = 1;
    m.games = 2 * pairs as usize;
    m.seed = t.template.seed.wrapping_add(state.done);
    m.openings = match &t.template.openings {
        OpeningSource::File {
            openings,
            order,
            start,
            plies,
        } => OpeningSource::File {
            openings: openings.clone(),
            order: *order,
            start: start + state.done as usize,
            plies: *plies,
        },
        other => other.clone(),
    };
    m.sprt = None;
    m.shard = None;
    m.resume = false;
    m.quiet = true;
    m.rating_interval = 0;
    m
}

/// Checks that the engine offers every parameter as a spin option wide enough for the run,
/// so that a build without the `tuning` feature (whose searches would ignore every value)
/// is refused before any game. XBoard engines are not asked.
fn check_options(t: &TuneSettings) -> Result<(), TuneError> {
    if t.engine.protocol == Protocol::Xboard {
        return Ok(());
    }
    let Some(lines) = announced_options(&t.engine, t.template.stop.clone())? else {
        return Ok(());
    };
    for p in &t.params {
        let spin = lines.iter().find_map(|line| spin_range(line, &p.name));
        let Some((min, max)) = spin else {
            return Err(TuneError::MissingOption {
                engine: t.engine.name.clone(),
                name: p.name.clone(),
            });
        };
        if p.min < min as f64 || p.max > max as f64 {
            return Err(TuneError::OptionRange {
                engine: t.engine.name.clone(),
                name: p.name.clone(),
                min,
                max,
                asked_min: p.min,
                asked_max: p.max,
            });
        }
    }
    Ok(())
}

/// The range of `option name NAME type spin ... min A max B`, if the line announces `name`
/// (without case, as UCI compares option names) as a spin.
fn spin_range(line: &str, name: &str) -> Option<(i64, i64)> {
    let rest = line.trim().strip_prefix("option name ")?;
    let (found, spec) = rest.split_once(" type ")?;
    if !found.trim().eq_ignore_ascii_case(name) {
        return None;
    }
    let words: Vec<&str> = spec.split_whitespace().collect();
    if words.first() != Some(&"spin") {
        return None;
    }
    let after = |key: &str| -> Option<i64> {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1)?.parse().ok()
    };
    Some((after("min")?, after("max")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spin_option_is_read_with_its_range() {
        let line = "option name RFP_MARGIN type spin default 80 min 20 max 200";
        assert_eq!(spin_range(line, "rfp_margin"), Some((20, 200)));
        assert_eq!(spin_range(line, "RFP_DEPTH"), None);
        let check = "option name RFP_MARGIN type check default false";
        assert_eq!(spin_range(check, "RFP_MARGIN"), None);
        let spaced = "option name Move Overhead type spin default 10 min 0 max 5000";
        assert_eq!(spin_range(spaced, "Move Overhead"), Some((0, 5000)));
    }
}
