//! The parameters of a tuning run in OpenBench's words, one a line:
//! `NAME, int, VALUE, MIN, MAX, C_END, R_END`. `kaleido tune --print-params` writes the
//! search's tunables this way, so that the same list feeds kaleido's tuner or an OpenBench
//! SPSA test, and a file of such lines picks and shapes what a run tunes.

use super::spsa::Param;
use crate::search::params::{Tunable, TUNABLES};
use thiserror::Error;

/// OpenBench's default step at the end of a run, over `c_end` squared.
pub const R_END: f64 = 0.002;

#[derive(Clone, Debug, PartialEq, Error)]
pub enum ParamFileError {
    #[error("line {line}: expected 'NAME, int, VALUE, MIN, MAX, C_END, R_END', not '{text}'")]
    Shape { line: usize, text: String },
    #[error("line {line}: {name}: '{field}' is not a number")]
    NotANumber {
        line: usize,
        name: String,
        field: String,
    },
    #[error("line {line}: {name}: only int parameters can be tuned, not '{kind}'")]
    Kind {
        line: usize,
        name: String,
        kind: String,
    },
    #[error("line {line}: {name}: needs MIN <= VALUE <= MAX, C_END > 0 and R_END > 0")]
    Range { line: usize, name: String },
    #[error("{0} is listed twice")]
    Twice(String),
    #[error("no parameters: the file lists none")]
    Empty,
}

/// The line of one parameter.
pub fn line(p: &Param) -> String {
    format!(
        "{}, int, {}, {}, {}, {}, {}",
        p.name,
        p.value.round(),
        p.min,
        p.max,
        p.c_end,
        p.r_end
    )
}

/// A tunable of the search as SPSA starts it: at its default, ending at its step.
pub fn from_tunable(t: &Tunable) -> Param {
    Param {
        name: t.name.to_string(),
        value: f64::from(t.default),
        min: f64::from(t.min),
        max: f64::from(t.max),
        c_end: f64::from(t.step),
        r_end: R_END,
    }
}

/// Every tunable of the search.
pub fn all_tunables() -> Vec<Param> {
    TUNABLES.iter().map(|t| from_tunable(t)).collect()
}

/// Reads a parameter file; blank lines and lines starting with `#` are skipped.
pub fn read(text: &str) -> Result<Vec<Param>, ParamFileError> {
    let mut params: Vec<Param> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let [name, kind, value, min, max, c_end, r_end] = fields[..] else {
            return Err(ParamFileError::Shape {
                line,
                text: text.to_string(),
            });
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(ParamFileError::Shape {
                line,
                text: text.to_string(),
            });
        }
        if !kind.eq_ignore_ascii_case("int") {
            return Err(ParamFileError::Kind {
                line,
                name: name.to_string(),
                kind: kind.to_string(),
            });
        }
        let number = |field: &str| {
            field
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| ParamFileError::NotANumber {
                    line,
                    name: name.to_string(),
                    field: field.to_string(),
                })
        };
        let p = Param {
            name: name.to_string(),
            value: number(value)?,
            min: number(min)?,
            max: number(max)?,
            c_end: number(c_end)?,
            r_end: number(r_end)?,
        };
        if !(p.min <= p.value && p.value <= p.max && p.c_end > 0.0 && p.r_end > 0.0) {
            return Err(ParamFileError::Range { line, name: p.name });
        }
        if params.iter().any(|q| q.name == p.name) {
            return Err(ParamFileError::Twice(p.name));
        }
        params.push(p);
    }
    if params.is_empty() {
        return Err(ParamFileError::Empty);
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tunables_written_out_read_back_the_same() {
        let all = all_tunables();
        let text: String = all.iter().map(|p| line(p) + "\n").collect();
        assert_eq!(read(&text), Ok(all.clone()));
        assert_eq!(all.len(), TUNABLES.len());
        assert_eq!(line(&all[4]), "RFP_MARGIN, int, 80, 20, 200, 8, 0.002");
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let text = "# pruning\n\n RFP_MARGIN , int, 86, 20, 200, 8, 0.002 \n";
        let params = read(text).unwrap();
        assert_eq!(params.len(), 1);
        assert_eq!(
            (params[0].name.as_str(), params[0].value),
            ("RFP_MARGIN", 86.0)
        );
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let refused = |text: &str| read(text).unwrap_err().to_string();
        assert_eq!(
            refused("A, int, 1, 0, 2, 1\n"),
            "line 1: expected 'NAME, int, VALUE, MIN, MAX, C_END, R_END', not 'A, int, 1, 0, 2, 1'"
        );
        assert_eq!(
            refused("\nA, int, x, 0, 2, 1, 0.002"),
            "line 2: A: 'x' is not a number"
        );
        assert_eq!(
            refused("A, float, 1, 0, 2, 1, 0.002"),
            "line 1: A: only int parameters can be tuned, not 'float'"
        );
        assert_eq!(
            refused("A, int, 3, 0, 2, 1, 0.002"),
            "line 1: A: needs MIN <= VALUE <= MAX, C_END > 0 and R_END > 0"
        );
        assert_eq!(
            refused("A, int, 1, 0, 2, 1, 0.002\nA, int, 1, 0, 2, 1, 0.002"),
            "A is listed twice"
        );
        assert_eq!(refused("# nothing\n"), "no parameters: the file lists none");
        assert_eq!(
            refused("A, int, NaN, 0, 2, 1, 0.002"),
            "line 1: A: 'NaN' is not a number"
        );
    }
}
