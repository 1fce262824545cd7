//! A tuning run's state file (JSON): its settings, the parameters as they stand and one
//! record per step. Written whole after every step (to a temporary file, then renamed), so a
//! run stopped at any moment continues from its last finished step and draws the same
//! perturbations from there on as an unbroken run.

use super::spsa::{Param, Schedule};
use super::TuneError;
use std::path::Path;

/// The format this build writes and reads.
const FORMAT: u32 = 1;

/// What one step played and where it left the parameters.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StepRecord {
    /// Game pairs played once this step was done.
    pub pairs: u64,
    /// The first engine's (the `+` side's) wins, losses and draws.
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Every parameter's value after the step, in the order of `params`.
    pub values: Vec<f64>,
}

/// The setting in which a saved run differs from the one a command asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}: not the same as this command's")]
pub struct Differs(pub &'static str);

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TuneState {
    pub format: u32,
    pub variant: String,
    pub seed: u64,
    pub schedule: Schedule,
    /// Game pairs played per step.
    pub pairs_per_step: u64,
    /// The parameters as the run began.
    pub start: Vec<Param>,
    /// The parameters as they stand.
    pub params: Vec<Param>,
    /// Game pairs played so far.
    pub done: u64,
    /// Games lost on time, by either engine: a tuning run should have none.
    pub time_forfeits: u64,
    pub history: Vec<StepRecord>,
}

impl TuneState {
    pub fn new(
        variant: &str,
        seed: u64,
        schedule: Schedule,
        pairs_per_step: u64,
        params: Vec<Param>,
    ) -> TuneState {
        TuneState {
            format: FORMAT,
            variant: variant.to_string(),
            seed,
            schedule,
            pairs_per_step,
            start: params.clone(),
            params,
            done: 0,
            time_forfeits: 0,
            history: Vec::new(),
        }
    }

    /// Whether `other` (the state a command line asks for) is the same run as this one, so
    /// that this one may be continued in its place; if not, the first setting that differs.
    pub fn continues(&self, other: &TuneState) -> Result<(), Differs> {
        let names =
            |s: &TuneState| -> Vec<String> { s.start.iter().map(|p| p.name.clone()).collect() };
        let differs = [
            (self.variant != other.variant, "variant"),
            (self.seed != other.seed, "seed"),
            (self.schedule != other.schedule, "iterations or schedule"),
            (
                self.pairs_per_step != other.pairs_per_step,
                "pairs per step",
            ),
            (names(self) != names(other), "parameters"),
        ];
        match differs.iter().find(|(d, _)| *d) {
            Some((_, what)) => Err(Differs(what)),
            None => Ok(()),
        }
    }

    /// Reads a state file; None when there is none.
    pub fn load(path: &Path) -> Result<Option<TuneState>, TuneError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(TuneError::state(path, e)),
        };
        let state: TuneState =
            serde_json::from_str(&text).map_err(|e| TuneError::state(path, e))?;
        if state.format != FORMAT {
            return Err(TuneError::state(
                path,
                format!("format {} (this build reads {FORMAT})", state.format),
            ));
        }
        if state.params.len() != state.start.len() {
            return Err(TuneError::state(
                path,
                "its parameter lists differ in length",
            ));
        }
        Ok(Some(state))
    }

    /// Writes the state whole, replacing the file only once the new one is complete.
    pub fn save(&self, path: &Path) -> Result<(), TuneError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| TuneError::state(path, e))?;
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = Path::new(&partial);
        std::fs::write(partial, text + "\n").map_err(|e| TuneError::state(path, e))?;
        std::fs::rename(partial, path).map_err(|e| TuneError::state(path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::param_file::all_tunables;

    fn state() -> TuneState {
        TuneState::new("chess", 7, Schedule::new(500), 2, all_tunables())
    }

    #[test]
    fn a_saved_state_loads_back_the_same() {
        let dir = std::env::temp_dir().join(format!("kaleido-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("state.json");
        assert_eq!(TuneState::load(&path).unwrap(), None);
        let mut s = state();
        s.params[0].value = 123.25;
        s.done = 4;
        s.history.push(StepRecord {
            pairs: 2,
            wins: 3,
            losses: 1,
            draws: 0,
            values: s.params.iter().map(|p| p.value).collect(),
        });
        s.save(&path).unwrap();
        assert_eq!(TuneState::load(&path).unwrap(), Some(s));
        std::fs::write(&path, "{ not json").unwrap();
        assert!(TuneState::load(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_the_same_run_is_continued() {
        let s = state();
        assert_eq!(s.continues(&state()), Ok(()));
        let mut other = state();
        other.seed = 8;
        assert_eq!(s.continues(&other), Err(Differs("seed")));
        assert_eq!(
            Differs("seed").to_string(),
            "seed: not the same as this command's"
        );
        let mut fewer = state();
        fewer.start.pop();
        assert_eq!(s.continues(&fewer), Err(Differs("parameters")));
    }
}
