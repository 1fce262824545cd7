//! The options kaleido offers, one table for every dialect: each option's name, range and
//! default, the line that announces it (UCI's and tri's `option name ...`, XBoard's
//! `feature option=...`), and the one reading of a value, so that a bad value gets the same
//! answer however it arrives (`setoption`, XBoard's `option`, `memory` or `cores`). The
//! variant options (`UCI_Variant`, tri's `Variant`) list the registry and stay with their
//! dialects.

use crate::errors::quote;
use crate::nnue;
use crate::search::level;
use crate::search::multi::Algorithm;
use crate::search::params::{Tunable, TuneError, TUNABLES};
use thiserror::Error;

/// A value an option refuses, or an option kaleido does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    #[error("{name} must be {min} to {max}{unit}, not '{value}'")]
    OutOfRange {
        name: &'static str,
        min: usize,
        max: usize,
        unit: &'static str,
        value: String,
    },
    #[error("{name} must be true or false, not '{value}'")]
    NotABool { name: &'static str, value: String },
    #[error("{name} must be {choices}, not '{value}'")]
    NotAChoice {
        name: &'static str,
        choices: String,
        value: String,
    },
    #[error("unknown option '{0}'")]
    Unknown(String),
    #[error("{name} does not apply to {variant}: it has no shuffled starts")]
    NotInVariant {
        name: &'static str,
        variant: &'static str,
    },
    #[error("setoption needs 'name <option> value <value>'")]
    Syntax,
    #[error("{0}")]
    Tunable(#[from] TuneError),
}

/// A whole number in a range (UCI's `spin`).
#[derive(Clone, Copy, Debug)]
pub struct Spin {
    pub name: &'static str,
    pub default: usize,
    pub min: usize,
    pub max: usize,
    /// What the number counts, as the error says it (" MiB", " ms"; empty for a count).
    unit: &'static str,
}

pub const HASH: Spin = Spin {
    name: "Hash",
    default: 64,
    min: 1,
    max: 65_536,
    unit: " MiB",
};

pub const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: 256,
    unit: "",
};

pub const MULTI_PV: Spin = Spin {
    name: "MultiPV",
    default: 1,
    min: 1,
    max: 256,
    unit: "",
};

pub const MOVE_OVERHEAD: Spin = Spin {
    name: "Move Overhead",
    default: 10,
    min: 0,
    max: 5000,
    unit: " ms",
};

/// XBoard's `Move Overhead` starts higher: XBoard GUIs (and the adapters between them and an
/// engine) add more delay than a UCI pipe.
pub const XBOARD_MOVE_OVERHEAD: Spin = Spin {
    default: 50,
    ..MOVE_OVERHEAD
};

/// `UCI_Elo`: the level to play at when `UCI_LimitStrength` is on (search/level.rs).
pub const UCI_ELO: Spin = Spin {
    name: "UCI_Elo",
    default: level::ELO_DEFAULT as usize,
    min: level::ELO_MIN as usize,
    max: level::ELO_MAX as usize,
    unit: "",
};

/// `Skill Level`: 0 (weakest) to 20 (full strength), `UCI_Elo`'s range in equal steps below 20.
pub const SKILL_LEVEL: Spin = Spin {
    name: "Skill Level",
    default: level::SKILL_FULL as usize,
    min: 0,
    max: level::SKILL_FULL as usize,
    unit: "",
};

impl Spin {
    pub fn parse(&self, value: &str) -> Result<usize, OptionError> {
        value
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|v| (self.min..=self.max).contains(v))
            .ok_or_else(|| OptionError::OutOfRange {
                name: self.name,
                min: self.min,
                max: self.max,
                unit: self.unit,
                value: quote(value, 20),
            })
    }

    pub fn uci_line(&self) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name, self.default, self.min, self.max
        )
    }

    pub fn xboard_line(&self) -> String {
        format!(
            "feature option=\"{} -spin {} {} {}\"",
            self.name, self.default, self.min, self.max
        )
    }
}

/// A yes or no (UCI's `check`): `true`/`false` as UCI sends it, `1`/`0` as XBoard does.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    pub name: &'static str,
    pub default: bool,
}

pub const USE_NNUE: Check = Check {
    name: "Use NNUE",
    default: true,
};

pub const PONDER: Check = Check {
    name: "Ponder",
    default: false,
};

/// `UCI_LimitStrength`: play at `UCI_Elo` rather than at `Skill Level`.
pub const LIMIT_STRENGTH: Check = Check {
    name: "UCI_LimitStrength",
    default: false,
};

/// `UCI_AnalyseMode`: the GUI analyses; searches are then at full strength whatever the level.
pub const ANALYSE_MODE: Check = Check {
    name: "UCI_AnalyseMode",
    default: false,
};

/// `UCI_Chess960`: castling is written as the king taking its own rook (`e1h1`), the form
/// Chess960 GUIs send and expect, in the games with shuffled starts.
pub const CHESS960: Check = Check {
    name: "UCI_Chess960",
    default: false,
};

/// `UCI_ShowWDL`: `info` lines carry the win, draw and loss chances of the score (two-player
/// games; search/wdl.rs).
pub const SHOW_WDL: Check = Check {
    name: "UCI_ShowWDL",
    default: false,
};

impl Check {
    pub fn parse(&self, value: &str) -> Result<bool, OptionError> {
        match value.trim().to_ascii_lowercase().as_str() {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(OptionError::NotABool {
                name: self.name,
                value: quote(value, 20),
            }),
        }
    }

    pub fn uci_line(&self) -> String {
        format!(
            "option name {} type check default {}",
            self.name, self.default
        )
    }

    pub fn xboard_line(&self) -> String {
        format!(
            "feature option=\"{} -check {}\"",
            self.name,
            u8::from(self.default)
        )
    }
}

/// `EvalFile`: the network file; `<embedded>` (or empty) is the built-in network.
pub mod eval_file {
    use super::nnue;

    pub const NAME: &str = "EvalFile";

    pub fn uci_line() -> String {
        format!("option name {NAME} type string default {}", nnue::EMBEDDED)
    }

    pub fn xboard_line() -> String {
        format!("feature option=\"{NAME} -file {}\"", nnue::EMBEDDED)
    }
}

/// The search parameters (search/params.rs) as options of their own names, in a build with
/// the `tuning` feature only: an SPSA tuner sets them through `kaleido match` or a GUI's
/// engine options. A normal build offers none and reads its constants.
pub mod tunables {
    use super::{quote, OptionError, Tunable, TuneError, TUNABLES};

    /// The parameters offered as options: every one in a `tuning` build, none otherwise.
    pub fn offered() -> impl Iterator<Item = &'static Tunable> {
        TUNABLES
            .iter()
            .copied()
            .filter(|_| cfg!(feature = "tuning"))
    }

    pub fn uci_line(t: &Tunable) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            t.name, t.default, t.min, t.max
        )
    }

    pub fn xboard_line(t: &Tunable) -> String {
        format!(
            "feature option=\"{} -spin {} {} {}\"",
            t.name, t.default, t.min, t.max
        )
    }

    /// Sets the parameter named `name` (any case) where this build offers it; None where it
    /// offers no such option.
    pub fn set(name: &str, value: &str) -> Option<Result<(), OptionError>> {
        let t = offered().find(|t| t.name.eq_ignore_ascii_case(name))?;
        Some(match value.trim().parse::<i32>() {
            Ok(v) => t.set(v).map_err(OptionError::from),
            Err(_) => Err(TuneError::NotANumber {
                name: t.name,
                value: quote(value, 20),
            }
            .into()),
        })
    }
}

/// `TriSearch`: the search algorithm of games of more than two players.
pub mod tri_search {
    use super::{quote, Algorithm, OptionError};

    pub const NAME: &str = "TriSearch";

    pub fn parse(value: &str) -> Result<Algorithm, OptionError> {
        Algorithm::from_name(value).ok_or_else(|| OptionError::NotAChoice {
            name: NAME,
            choices: choices(),
            value: quote(value, 20),
        })
    }

    /// The algorithms' names as a sentence lists them: `brs, brs+ or paranoid`.
    fn choices() -> String {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    pub fn uci_line() -> String {
        let algorithms: String = Algorithm::ALL
            .iter()
            .map(|a| format!(" var {}", a.name()))
            .collect();
        format!(
            "option name {NAME} type combo default {}{algorithms}",
            Algorithm::DEFAULT.name()
        )
    }
}

/// `setoption`'s arguments, `name <id...> [value <x...>]` (names may contain spaces), as the
/// name and the value.
pub fn name_value(args: &str) -> Result<(&str, &str), OptionError> {
    let rest = args
        .trim()
        .strip_prefix("name ")
        .ok_or(OptionError::Syntax)?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A normal build offers no search parameter as an option; a `tuning` build offers each
    /// under its own name and reads a value once, with one message for a bad one.
    #[test]
    fn search_parameters_are_options_in_a_tuning_build_only() {
        let rfp = crate::search::params::RFP_MARGIN::TUNABLE.name;
        if !cfg!(feature = "tuning") {
            assert_eq!(tunables::offered().count(), 0);
            assert!(tunables::set(rfp, "90").is_none());
            return;
        }
        assert_eq!(tunables::offered().count(), TUNABLES.len());
        let t = tunables::offered().find(|t| t.name == rfp).unwrap();
        assert_eq!(
            tunables::uci_line(t),
            "option name RFP_MARGIN type spin default 80 min 20 max 200"
        );
        assert_eq!(
            tunables::xboard_line(t),
            "feature option=\"RFP_MARGIN -spin 80 20 200\""
        );
        let message = |value: &str| {
            tunables::set("rfp_margin", value)
                .unwrap()
                .map_err(|e| e.to_string())
        };
        assert_eq!(
            message("eighty"),
            Err("RFP_MARGIN must be a whole number, not 'eighty'".into())
        );
        assert_eq!(
            message("201"),
            Err("RFP_MARGIN must be 20 to 200, not 201".into())
        );
        assert_eq!(message(" 80 "), Ok(()));
    }

    #[test]
    fn announcements_are_the_lines_guis_parse() {
        assert_eq!(
            HASH.uci_line(),
            "option name Hash type spin default 64 min 1 max 65536"
        );
        assert_eq!(
            HASH.xboard_line(),
            "feature option=\"Hash -spin 64 1 65536\""
        );
        assert_eq!(
            XBOARD_MOVE_OVERHEAD.xboard_line(),
            "feature option=\"Move Overhead -spin 50 0 5000\""
        );
        assert_eq!(
            MOVE_OVERHEAD.uci_line(),
            "option name Move Overhead type spin default 10 min 0 max 5000"
        );
        assert_eq!(
            USE_NNUE.uci_line(),
            "option name Use NNUE type check default true"
        );
        assert_eq!(
            USE_NNUE.xboard_line(),
            "feature option=\"Use NNUE -check 1\""
        );
        assert_eq!(
            tri_search::uci_line(),
            "option name TriSearch type combo default brs+ var brs var brs+ var paranoid"
        );
        assert_eq!(
            UCI_ELO.uci_line(),
            "option name UCI_Elo type spin default 800 min 800 max 1800"
        );
        assert_eq!(
            SKILL_LEVEL.xboard_line(),
            "feature option=\"Skill Level -spin 20 0 20\""
        );
        assert_eq!(
            LIMIT_STRENGTH.uci_line(),
            "option name UCI_LimitStrength type check default false"
        );
        assert_eq!(
            eval_file::xboard_line(),
            "feature option=\"EvalFile -file <embedded>\""
        );
    }

    #[test]
    fn values_are_read_once_with_one_message() {
        assert_eq!(THREADS.parse(" 8 "), Ok(8));
        assert_eq!(
            THREADS.parse("257").map_err(|e| e.to_string()),
            Err("Threads must be 1 to 256, not '257'".to_string())
        );
        assert_eq!(
            HASH.parse("0").map_err(|e| e.to_string()),
            Err("Hash must be 1 to 65536 MiB, not '0'".to_string())
        );
        assert_eq!(
            XBOARD_MOVE_OVERHEAD.parse("-1"),
            MOVE_OVERHEAD.parse("-1"),
            "one range, whatever the default"
        );
        assert_eq!(
            SKILL_LEVEL.parse("99").map_err(|e| e.to_string()),
            Err("Skill Level must be 0 to 20, not '99'".to_string())
        );
        assert_eq!(
            UCI_ELO.parse("700").map_err(|e| e.to_string()),
            Err("UCI_Elo must be 800 to 1800, not '700'".to_string())
        );
        assert_eq!(USE_NNUE.parse("1"), Ok(true));
        assert_eq!(USE_NNUE.parse("False"), Ok(false));
        assert!(USE_NNUE.parse("maybe").is_err());
        assert_eq!(
            tri_search::parse("minimax").map_err(|e| e.to_string()),
            Err("TriSearch must be brs, brs+ or paranoid, not 'minimax'".to_string())
        );
        assert_eq!(
            name_value("name Move Overhead value 30"),
            Ok(("Move Overhead", "30"))
        );
        assert_eq!(name_value("Hash 3"), Err(OptionError::Syntax));
    }
}
