//! engines.ini: the engines a match can seat. One section per engine; every key is documented
//! at the top of the shipped engines.ini and in docs/match.md. Parsed with the `rust-ini` crate
//! (order-preserving, case-keeping, no escapes so that Windows-style paths survive).
//! `EngineList::find` is where `kaleido match` looks for the file, and `EngineList::built_in`
//! the list it falls back to: the running kaleido at the shipped file's strengths.

use super::clock::TimeControl;
use super::error::SettingError;
use ini::{Ini, ParseOption};
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A mistake in engines.ini or in naming one of its engines; `Display` gives the line shown to
/// the user.
#[derive(Debug)]
pub enum ConfigError {
    /// The file could not be read at all.
    Unreadable {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A mistake inside the file at `path`.
    InFile {
        path: PathBuf,
        error: Box<ConfigError>,
    },
    /// A line that is neither a `[section]` nor `key = value`.
    Syntax(ini::ParseError),
    /// A key above the first `[engine]` section.
    KeyOutsideSection {
        key: String,
    },
    DuplicateEngine {
        name: String,
    },
    /// A mistake inside the section of engine `name`.
    InEngine {
        name: String,
        error: Box<ConfigError>,
    },
    UnknownKey {
        key: String,
    },
    BadNumber {
        key: String,
        value: String,
    },
    BadProtocol {
        value: String,
    },
    /// `tc`, `st` or `movetime` that cannot be read as a time control.
    BadTimeControl {
        key: String,
        error: SettingError,
    },
    /// More than one of `tc`, `st` and `movetime`.
    TwoControls,
    /// `tc = inf` with neither `depth` nor `nodes` to end the engine's searches.
    InfiniteWithoutLimit,
    MissingCommand,
    EmptyCommand,
    MissingProtocol,
    /// `depth`, `nodes` or `movetime` set to 0.
    ZeroLimit,
    /// A `command` ending in `\`, so the escape has nothing to escape.
    LoneBackslash,
    UnclosedQuote,
    /// A word of `--engine` or `--each` without `=`.
    NotAPair {
        word: String,
    },
    /// `name=` with nothing after it.
    EmptyName,
    /// A name given to `--engines` that no section has.
    UnknownEngine {
        name: String,
        known: Vec<String>,
        origin: Origin,
    },
    /// The file that `--config` or `KALEIDO_ENGINES` names could not be read.
    UnreadableChoice {
        path: PathBuf,
        named_by: &'static str,
        error: std::io::Error,
    },
    /// No engines file anywhere, and the running program's own path (for the built-in list)
    /// is unknown.
    NoEngines {
        looked: Vec<PathBuf>,
        error: std::io::Error,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            ConfigError::InFile { path, error } => write!(f, "{}: {error}", path.display()),
            ConfigError::Syntax(error) => write!(f, "{error}"),
            ConfigError::KeyOutsideSection { key } => {
                write!(f, "key '{key}' stands before any [engine] section")
            }
            ConfigError::DuplicateEngine { name } => {
                write!(f, "engine [{name}] is defined twice")
            }
            ConfigError::InEngine { name, error } => write!(f, "[{name}]: {error}"),
            ConfigError::UnknownKey { key } => write!(f, "unknown key '{key}'"),
            ConfigError::BadNumber { key, value } => {
                write!(f, "{key} = '{value}' is not a number")
            }
            ConfigError::BadProtocol { value } => {
                write!(f, "protocol = '{value}': expected uci, xboard or tri")
            }
            ConfigError::BadTimeControl { key, error } => write!(f, "{key}: {error}"),
            ConfigError::TwoControls => f.write_str("give one of tc, st and movetime, not several"),
            ConfigError::InfiniteWithoutLimit => {
                f.write_str("tc = inf needs depth or nodes, or the engine would never move")
            }
            ConfigError::NotAPair { word } => write!(f, "'{word}' is not KEY=VALUE"),
            ConfigError::EmptyName => f.write_str("the engine's name is empty"),
            ConfigError::MissingCommand => f.write_str("no 'command'"),
            ConfigError::EmptyCommand => f.write_str("'command' is empty"),
            ConfigError::MissingProtocol => f.write_str("no 'protocol' (uci, xboard or tri)"),
            ConfigError::ZeroLimit => f.write_str("depth, nodes and movetime must be at least 1"),
            ConfigError::LoneBackslash => f.write_str("command ends in a lone backslash"),
            ConfigError::UnclosedQuote => f.write_str("command has an unclosed quote"),
            ConfigError::UnknownEngine {
                name,
                known,
                origin,
            } => write!(
                f,
                "no engine '{}' in {origin} (known: {})",
                crate::errors::quote(name, 40),
                known.join(", ")
            ),
            ConfigError::UnreadableChoice {
                path,
                named_by,
                error,
            } => write!(
                f,
                "cannot read the engines file {} named by {named_by}: {error}",
                path.display()
            ),
            ConfigError::NoEngines { looked, error } => write!(
                f,
                "no engines file at {}, and the built-in list needs kaleido's own path: {error}",
                paths(looked)
            ),
        }
    }
}

// No `source()`: each message already ends with its cause, and a chain would print it twice.
impl std::error::Error for ConfigError {}

/// Where an engine list came from, as the message about a missing engine names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Text given to `EngineList::parse`, with no file behind it.
    Text,
    /// An engines file, found or named.
    File(PathBuf),
    /// kaleido's own list; `looked` are the engines files that were looked for first.
    BuiltIn { looked: Vec<PathBuf> },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Text => f.write_str("engines.ini"),
            Origin::File(path) => write!(f, "{}", path.display()),
            Origin::BuiltIn { looked } => write!(
                f,
                "kaleido's built-in list (no engines file at {})",
                paths(looked)
            ),
        }
    }
}

/// The looked-for files for a message: `a, b` (one line, whatever the paths hold).
fn paths(looked: &[PathBuf]) -> String {
    let shown: Vec<String> = looked.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ").replace(['\n', '\r'], " ")
}

/// Which text protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
    /// kaleido's three-player dialect of UCI (docs/protocol.md).
    Tri,
}

impl Protocol {
    fn parse(text: &str) -> Option<Protocol> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Some(Protocol::Uci),
            "xboard" | "cecp" | "winboard" => Some(Protocol::Xboard),
            "tri" => Some(Protocol::Tri),
            _ => None,
        }
    }
}

/// A search limit the arbiter asks for instead of a clock (cutechess's `depth=`/`nodes=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedLimit {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl FixedLimit {
    pub fn is_set(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some()
    }
}

/// One engine as engines.ini describes it.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The section name: how `--engines` names it and how PGN and results show it.
    pub name: String,
    /// The program and its arguments (split like a shell word list, quotes respected).
    pub command: Vec<String>,
    pub workdir: PathBuf,
    pub protocol: Protocol,
    /// The variants it plays, in kaleido's names; empty means "whatever it says it plays".
    pub variants: Vec<String>,
    /// Engine options, in file order: UCI `setoption`, XBoard `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// kaleido's variant name -> the name this engine uses for it (`variant.chess = normal`).
    pub variant_names: Vec<(String, String)>,
    pub limit: FixedLimit,
    /// The engine's own time control (`tc`, `st`, `movetime`), which it plays to in place of
    /// the match's: time odds.
    pub control: Option<TimeControl>,
}

impl EngineConfig {
    /// The control this engine plays to in a match whose control is `tc`: none when it has a
    /// fixed depth or node count (it is then held only to the hang limit), else its own, else
    /// the match's.
    pub fn control_in(&self, tc: Option<TimeControl>) -> Option<TimeControl> {
        if self.limit.is_set() {
            None
        } else {
            self.control.or(tc)
        }
    }

    /// The engine's own name for a variant (kaleido's unless engines.ini maps it).
    pub fn variant_name<'a>(&'a self, variant: &'a str) -> &'a str {
        self.variant_names
            .iter()
            .find(|(ours, _)| ours == variant)
            .map_or(variant, |(_, theirs)| theirs.as_str())
    }

    /// Whether engines.ini says it plays `variant` (an empty list claims nothing, and the
    /// engine is asked at start-up instead).
    pub fn plays(&self, variant: &str) -> bool {
        self.variants.is_empty() || self.variants.iter().any(|v| v == variant)
    }
}

/// Every engine of one engines.ini, in file order.
#[derive(Clone, Debug)]
pub struct EngineList {
    pub engines: Vec<EngineConfig>,
    pub origin: Origin,
}

/// The environment variable that names an engines file, between `--config` and ./engines.ini.
pub const ENGINES_VAR: &str = "KALEIDO_ENGINES";

/// kaleido's own engines when no engines file is found, as the shipped engines.ini names them:
/// (name, protocol, depth, nodes). The UCI ones play every variant, the tri ones trichess.
const BUILT_IN: [(&str, Protocol, Option<u32>, Option<u64>); 9] = [
    ("kaleido", Protocol::Uci, None, None),
    ("kaleido-d1", Protocol::Uci, Some(1), None),
    ("kaleido-d2", Protocol::Uci, Some(2), None),
    ("kaleido-d4", Protocol::Uci, Some(4), None),
    ("kaleido-n20k", Protocol::Uci, None, Some(20_000)),
    ("kaleido-n40k", Protocol::Uci, None, Some(40_000)),
    ("kaleido-tri", Protocol::Tri, None, None),
    ("kaleido-tri-d1", Protocol::Tri, Some(1), None),
    ("kaleido-tri-d2", Protocol::Tri, Some(2), None),
];

/// The user's engines file: `$XDG_CONFIG_HOME/kaleido/engines.ini`, else
/// `$HOME/.config/kaleido/engines.ini`; `var` reads the environment.
pub fn user_engines_file(var: &dyn Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    // The XDG spec says a relative XDG_CONFIG_HOME is invalid and to be ignored.
    let xdg = var("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let folder = xdg.or_else(|| {
        var("HOME")
            .filter(|home| !home.is_empty())
            .map(|home| PathBuf::from(home).join(".config"))
    })?;
    Some(folder.join("kaleido").join("engines.ini"))
}

impl EngineList {
    /// The engines `kaleido match` seats, from the first of: `flag` (`--config`), the file
    /// named by `KALEIDO_ENGINES`, ./engines.ini, the user's engines file, the built-in list.
    /// A file that is named but unreadable is an error, not a reason to look further.
    pub fn find(
        flag: Option<&Path>,
        var: &dyn Fn(&str) -> Option<OsString>,
    ) -> Result<EngineList, ConfigError> {
        let named = flag
            .map(|path| (path.to_path_buf(), "--config"))
            .or_else(|| {
                var(ENGINES_VAR)
                    .filter(|value| !value.is_empty())
                    .map(|value| (PathBuf::from(value), ENGINES_VAR))
            });
        if let Some((path, named_by)) = named {
            return Self::load(&path).map_err(|error| match error {
                ConfigError::Unreadable { path, error } => ConfigError::UnreadableChoice {
                    path,
                    named_by,
                    error,
                },
                other => other,
            });
        }
        // Absolute so that messages say which folder; relative if the folder is gone.
        let here = std::env::current_dir()
            .map(|dir| dir.join("engines.ini"))
            .unwrap_or_else(|_| PathBuf::from("engines.ini"));
        let looked: Vec<PathBuf> = std::iter::once(here)
            .chain(user_engines_file(var))
            .collect();
        if let Some(path) = looked.iter().find(|path| path.exists()) {
            return Self::load(path);
        }
        match std::env::current_exe() {
            Ok(program) => Ok(Self::built_in(&program, looked)),
            Err(error) => Err(ConfigError::NoEngines { looked, error }),
        }
    }

    /// kaleido's own levels, each running `program`; `looked` are the files not found.
    pub fn built_in(program: &Path, looked: Vec<PathBuf>) -> EngineList {
        let every_variant: Vec<String> = crate::registry::VARIANT_NAMES
            .iter()
            .map(|v| v.to_string())
            .collect();
        let engines = BUILT_IN
            .iter()
            .map(|&(name, protocol, depth, nodes)| EngineConfig {
                name: name.to_string(),
                command: vec![program.display().to_string()],
                workdir: program
                    .parent()
                    .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
                protocol,
                variants: match protocol {
                    Protocol::Tri => vec!["trichess".to_string()],
                    _ => every_variant.clone(),
                },
                options: Vec::new(),
                variant_names: Vec::new(),
                limit: FixedLimit { depth, nodes },
                control: None,
            })
            .collect();
        EngineList {
            engines,
            origin: Origin::BuiltIn { looked },
        }
    }

    pub fn load(path: &Path) -> Result<EngineList, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::Unreadable {
            path: path.to_path_buf(),
            error,
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        let base = if base.as_os_str().is_empty() {
            Path::new(".")
        } else {
            base
        };
        let mut list = Self::parse(&text, base).map_err(|error| ConfigError::InFile {
            path: path.to_path_buf(),
            error: Box::new(error),
        })?;
        list.origin = Origin::File(path.to_path_buf());
        Ok(list)
    }

    /// Reads engines.ini text; relative `workdir`s are taken from `base` (the file's folder).
    pub fn parse(text: &str, base: &Path) -> Result<EngineList, ConfigError> {
        // Quotes stay in values: `command` splits them itself, like a shell.
        let options = ParseOption {
            enabled_quote: false,
            enabled_escape: false,
            ..ParseOption::default()
        };
        let ini = Ini::load_from_str_opt(text, options).map_err(ConfigError::Syntax)?;
        let mut engines: Vec<EngineConfig> = Vec::new();
        for (section, props) in ini.iter() {
            let Some(name) = section else {
                if let Some((key, _)) = props.iter().next() {
                    return Err(ConfigError::KeyOutsideSection {
                        key: key.to_string(),
                    });
                }
                continue;
            };
            if engines.iter().any(|e| e.name == name) {
                return Err(ConfigError::DuplicateEngine {
                    name: name.to_string(),
                });
            }
            let pairs: Vec<(String, String)> = props
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            engines.push(
                EngineConfig::from_pairs(name, &pairs, base).map_err(|error| {
                    ConfigError::InEngine {
                        name: name.to_string(),
                        error: Box::new(error),
                    }
                })?,
            );
        }
        Ok(EngineList {
            engines,
            origin: Origin::Text,
        })
    }

    pub fn get(&self, name: &str) -> Result<&EngineConfig, ConfigError> {
        self.engines
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| ConfigError::UnknownEngine {
                name: name.to_string(),
                known: self.engines.iter().map(|e| e.name.clone()).collect(),
                origin: self.origin.clone(),
            })
    }
}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ConfigError> {
    value.trim().parse().map_err(|_| ConfigError::BadNumber {
        key: key.to_string(),
        value: value.to_string(),
    })
}

/// An engine being put together from `key = value` pairs: a section of engines.ini, or an
/// engine given on the command line, perhaps on top of one from the file.
struct Draft {
    command: Option<Vec<String>>,
    workdir: PathBuf,
    protocol: Option<Protocol>,
    variants: Vec<String>,
    options: Vec<(String, String)>,
    variant_names: Vec<(String, String)>,
    limit: FixedLimit,
    /// The control of the engine this draft starts from, kept unless the pairs set one.
    inherited: Option<TimeControl>,
    /// The controls the pairs set: more than one is a mistake.
    controls: Vec<TimeControl>,
    /// `tc = inf`: no clock, which needs a fixed depth or node count to end a search.
    infinite: bool,
}

impl Draft {
    fn empty(base: &Path) -> Draft {
        Draft {
            command: None,
            workdir: base.to_path_buf(),
            protocol: None,
            variants: Vec::new(),
            options: Vec::new(),
            variant_names: Vec::new(),
            limit: FixedLimit::default(),
            inherited: None,
            controls: Vec::new(),
            infinite: false,
        }
    }

    fn from_config(config: &EngineConfig) -> Draft {
        Draft {
            command: Some(config.command.clone()),
            workdir: config.workdir.clone(),
            protocol: Some(config.protocol),
            variants: config.variants.clone(),
            options: config.options.clone(),
            variant_names: config.variant_names.clone(),
            limit: config.limit,
            inherited: config.control,
            controls: Vec::new(),
            infinite: false,
        }
    }

    /// Applies one pair; a later pair for the same thing replaces an earlier one.
    fn apply(&mut self, key: &str, value: &str, base: &Path) -> Result<(), ConfigError> {
        let value = value.trim();
        if let Some(option) = key.strip_prefix("option.") {
            // UCI option names are case-blind; XBoard engines never tell two apart by case.
            let option = option.trim();
            self.options
                .retain(|(name, _)| !name.eq_ignore_ascii_case(option));
            self.options.push((option.to_string(), value.to_string()));
            return Ok(());
        }
        if let Some(variant) = key.strip_prefix("variant.") {
            let variant = variant.trim();
            self.variant_names.retain(|(ours, _)| ours != variant);
            self.variant_names
                .push((variant.to_string(), value.to_string()));
            return Ok(());
        }
        match key {
            "command" => self.command = Some(split_command(value)?),
            "workdir" => self.workdir = base.join(value),
            "protocol" => {
                self.protocol =
                    Some(
                        Protocol::parse(value).ok_or_else(|| ConfigError::BadProtocol {
                            value: value.to_string(),
                        })?,
                    )
            }
            "variants" => {
                self.variants = value
                    .split(',')
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty())
                    .collect()
            }
            "depth" => self.limit.depth = Some(number(key, value)?),
            "nodes" => self.limit.nodes = Some(number(key, value)?),
            "tc" if value.eq_ignore_ascii_case("inf") => {
                self.infinite = true;
                self.inherited = None;
            }
            "tc" | "st" => {
                let control = if key == "tc" {
                    TimeControl::parse(value)
                } else {
                    TimeControl::per_move(value)
                };
                self.controls
                    .push(control.map_err(|error| ConfigError::BadTimeControl {
                        key: key.to_string(),
                        error,
                    })?);
            }
            // Milliseconds, as UCI's `go movetime` counts them: `st` by another name.
            "movetime" => match number(key, value)? {
                0 => return Err(ConfigError::ZeroLimit),
                ms => self
                    .controls
                    .push(TimeControl::PerMove(Duration::from_millis(ms))),
            },
            other => {
                return Err(ConfigError::UnknownKey {
                    key: other.to_string(),
                })
            }
        }
        Ok(())
    }

    /// Applies every pair in turn.
    fn apply_all(mut self, pairs: &[(String, String)], base: &Path) -> Result<Draft, ConfigError> {
        for (key, value) in pairs {
            self.apply(key, value, base)?;
        }
        Ok(self)
    }

    fn finish(mut self, name: &str) -> Result<EngineConfig, ConfigError> {
        let command = self.command.ok_or(ConfigError::MissingCommand)?;
        if command.is_empty() {
            return Err(ConfigError::EmptyCommand);
        }
        if self.limit.depth == Some(0) || self.limit.nodes == Some(0) {
            return Err(ConfigError::ZeroLimit);
        }
        if self.controls.len() > 1 || (self.infinite && !self.controls.is_empty()) {
            return Err(ConfigError::TwoControls);
        }
        if self.infinite && !self.limit.is_set() {
            return Err(ConfigError::InfiniteWithoutLimit);
        }
        Ok(EngineConfig {
            name: name.to_string(),
            command,
            workdir: self.workdir,
            protocol: self.protocol.ok_or(ConfigError::MissingProtocol)?,
            variants: self.variants,
            options: self.options,
            variant_names: self.variant_names,
            limit: self.limit,
            control: self.controls.pop().or(self.inherited),
        })
    }
}

impl EngineConfig {
    /// An engine from `key = value` pairs as an engines.ini section holds them; relative
    /// `workdir`s are taken from `base`.
    pub fn from_pairs(
        name: &str,
        pairs: &[(String, String)],
        base: &Path,
    ) -> Result<EngineConfig, ConfigError> {
        Draft::empty(base).apply_all(pairs, base)?.finish(name)
    }

    /// This engine with `pairs` applied on top (a later value replaces this one's), named
    /// `name`.
    pub fn with_pairs(
        &self,
        name: &str,
        pairs: &[(String, String)],
        base: &Path,
    ) -> Result<EngineConfig, ConfigError> {
        Draft::from_config(self)
            .apply_all(pairs, base)?
            .finish(name)
    }
}

/// Splits a command line into words: whitespace separates, single and double quotes group,
/// backslash escapes the next character outside single quotes. No shell is involved, so the
/// engine is our direct child and can be stopped reliably.
pub fn split_command(line: &str) -> Result<Vec<String>, ConfigError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(next) => word.push(next),
                None => return Err(ConfigError::LoneBackslash),
            },
            (Some(_), c) => word.push(c),
            (None, '"') | (None, '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
        if quote.is_some() || !word.is_empty() {
            in_word = true;
        }
    }
    if quote.is_some() {
        return Err(ConfigError::UnclosedQuote);
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command(r#"/usr/bin/engine -x "a b" 'c d' e\ f"#).unwrap_or_default(),
            vec!["/usr/bin/engine", "-x", "a b", "c d", "e f"]
        );
        assert_eq!(split_command(r#"x """#).unwrap_or_default(), vec!["x", ""]);
        assert!(split_command("x 'open").is_err());
    }

    #[test]
    fn sections_become_engines() {
        let text = "; comment\n[a]\ncommand = ./a --fast\nprotocol = xboard\nvariants = chess, cylinder\n\
                    option.Hash = 16\noption.Move Overhead = 30\nvariant.chess = normal\ndepth = 3\n\
                    [b]\ncommand = b\nprotocol = uci\nnodes = 20000\n";
        let list = EngineList::parse(text, Path::new("/base")).unwrap_or_else(|e| panic!("{e}"));
        let a = list.get("a").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.command, vec!["./a", "--fast"]);
        assert_eq!(a.protocol, Protocol::Xboard);
        assert_eq!(a.variants, vec!["chess", "cylinder"]);
        assert_eq!(
            a.options[1],
            ("Move Overhead".to_string(), "30".to_string())
        );
        assert_eq!(a.variant_name("chess"), "normal");
        assert_eq!(a.variant_name("cylinder"), "cylinder");
        assert_eq!(a.limit.depth, Some(3));
        assert_eq!(a.workdir, Path::new("/base"));
        assert!(a.plays("cylinder") && !a.plays("trichess"));
        assert_eq!(list.engines[1].limit.nodes, Some(20000));
        assert!(list.get("c").is_err());
    }

    #[test]
    fn an_engine_may_have_its_own_time_control() {
        let text = "[a]\ncommand = a\nprotocol = uci\ntc = 40/60+0.5\n\
                    [b]\ncommand = b\nprotocol = uci\nst = 0.25\n\
                    [c]\ncommand = c\nprotocol = uci\nmovetime = 300\n\
                    [d]\ncommand = d\nprotocol = uci\ntc = 5\ndepth = 4\n";
        let list = EngineList::parse(text, Path::new(".")).unwrap_or_else(|e| panic!("{e}"));
        let control = |name: &str, tc: Option<&str>| {
            let tc = tc.map(|t| TimeControl::parse(t).unwrap_or_else(|e| panic!("{e}")));
            let engine = list.get(name).unwrap_or_else(|e| panic!("{e}"));
            engine.control_in(tc).map(|c| c.to_string())
        };
        assert_eq!(control("a", Some("10+0.1")).as_deref(), Some("40/60+0.5"));
        assert_eq!(control("b", None).as_deref(), Some("0.25/move"));
        assert_eq!(control("c", None).as_deref(), Some("0.3/move"));
        // A fixed depth plays without a clock, whatever the control.
        assert_eq!(control("d", Some("10+0.1")), None);
        let uncontrolled = EngineList::parse("[e]\ncommand = e\nprotocol = uci\n", Path::new("."))
            .unwrap_or_else(|e| panic!("{e}"));
        let e = uncontrolled.get("e").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            e.control_in(TimeControl::parse("60").ok())
                .map(|c| c.to_string())
                .as_deref(),
            Some("60")
        );
    }

    #[test]
    fn mistakes_are_named() {
        let bad = |text: &str| {
            EngineList::parse(text, Path::new("."))
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(bad("[a]\nprotocol = uci\n").contains("no 'command'"));
        assert!(bad("[a]\ncommand = x\n").contains("protocol"));
        assert!(bad("[a]\ncommand = x\nprotocol = smoke\n").contains("smoke"));
        assert!(bad("[a]\ncommand = x\nprotocol = uci\ncolour = red\n").contains("colour"));
        assert!(bad("[a]\ncommand = x\nprotocol = uci\ndepth = two\n").contains("depth"));
        assert!(
            bad("[a]\ncommand = x\nprotocol = uci\ntc = 40/\n").contains("tc: time control '40/'")
        );
        assert!(bad("[a]\ncommand = x\nprotocol = uci\nst = 0\n").contains("st: time per move"));
        assert!(bad("[a]\ncommand = x\nprotocol = uci\nmovetime = soon\n").contains("movetime"));
        assert!(bad("[a]\ncommand = x\nprotocol = uci\ntc = 5\nst = 1\n").contains("one of tc"));
        assert!(
            bad("[a]\ncommand = x\nprotocol = uci\n[a]\ncommand = y\nprotocol = uci\n")
                .contains("twice")
        );
        assert!(bad("stray = 1\n[a]\ncommand = x\nprotocol = uci\n").contains("before"));
    }

    /// Each mistake has its own variant; the text is the one users have always seen.
    #[test]
    fn mistakes_are_typed() {
        let err = |text: &str| EngineList::parse(text, Path::new(".")).err();
        let e = err("[a]\ncommand = x\nprotocol = uci\ndepth = two\n");
        assert!(
            matches!(&e, Some(ConfigError::InEngine { name, error })
                if name == "a" && matches!(**error, ConfigError::BadNumber { .. })),
            "{e:?}"
        );
        assert_eq!(
            e.map(|e| e.to_string()).unwrap_or_default(),
            "[a]: depth = 'two' is not a number"
        );
        assert!(matches!(
            err("[a]\ncommand = 'x\nprotocol = uci\n"),
            Some(ConfigError::InEngine { error, .. }) if matches!(*error, ConfigError::UnclosedQuote)
        ));
        assert!(matches!(
            err("[a\ncommand = x\n"),
            Some(ConfigError::Syntax(_))
        ));
        let list = EngineList::parse("[a]\ncommand = x\nprotocol = uci\n", Path::new("."))
            .unwrap_or_else(|e| panic!("{e}"));
        let missing = list.get("b").err();
        assert!(matches!(missing, Some(ConfigError::UnknownEngine { .. })));
        assert_eq!(
            missing.map(|e| e.to_string()).unwrap_or_default(),
            "no engine 'b' in engines.ini (known: a)"
        );
        let path = Path::new("/nonexistent/engines.ini");
        let unreadable = EngineList::load(path).err();
        assert!(matches!(unreadable, Some(ConfigError::Unreadable { .. })));
        assert!(unreadable
            .map(|e| e.to_string())
            .unwrap_or_default()
            .starts_with("cannot read /nonexistent/engines.ini: "));
    }

    #[test]
    fn the_shipped_file_reads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines.ini");
        let list = EngineList::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for name in ["kaleido", "fairymax", "stockfish"] {
            assert!(list.get(name).is_ok(), "{name} missing");
        }
        // `target/release/kaleido` is taken from the file's folder, wherever the match runs.
        let kaleido = list.get("kaleido").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(kaleido.workdir, Path::new(env!("CARGO_MANIFEST_DIR")));
        assert_eq!(list.origin, Origin::File(path));
    }

    /// An installed kaleido offers the same kaleido engines as a checkout's engines.ini.
    #[test]
    fn the_built_in_list_is_the_shipped_files_kaleido() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines.ini");
        let shipped = EngineList::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let program = Path::new("/opt/bin/kaleido");
        let built_in = EngineList::built_in(program, Vec::new());
        let names = |list: &EngineList| -> Vec<String> {
            list.engines
                .iter()
                .map(|e| e.name.clone())
                .filter(|n| n.starts_with("kaleido"))
                .collect()
        };
        assert_eq!(names(&built_in), names(&shipped));
        for ours in &built_in.engines {
            let theirs = shipped.get(&ours.name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(ours.protocol, theirs.protocol, "{}", ours.name);
            assert_eq!(ours.variants, theirs.variants, "{}", ours.name);
            assert_eq!(ours.limit, theirs.limit, "{}", ours.name);
            assert_eq!(ours.command, vec!["/opt/bin/kaleido"]);
            assert_eq!(ours.workdir, Path::new("/opt/bin"));
        }
    }

    #[test]
    fn the_user_file_follows_xdg() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        let both = env(&[("XDG_CONFIG_HOME", "/xdg"), ("HOME", "/home/u")]);
        assert_eq!(
            user_engines_file(&both),
            Some(PathBuf::from("/xdg/kaleido/engines.ini"))
        );
        let relative = env(&[("XDG_CONFIG_HOME", "xdg"), ("HOME", "/home/u")]);
        assert_eq!(
            user_engines_file(&relative),
            Some(PathBuf::from("/home/u/.config/kaleido/engines.ini"))
        );
        assert_eq!(user_engines_file(&env(&[("HOME", "")])), None);
        assert_eq!(user_engines_file(&env(&[])), None);
    }

    /// A named file is used or is the error; the messages say where kaleido looked.
    #[test]
    fn lookup_mistakes_say_where() {
        let var =
            |name: &str| (name == ENGINES_VAR).then(|| OsString::from("/nonexistent/from-var.ini"));
        let flag = EngineList::find(Some(Path::new("/nonexistent/flag.ini")), &var).err();
        assert!(
            matches!(
                &flag,
                Some(ConfigError::UnreadableChoice {
                    named_by: "--config",
                    ..
                })
            ),
            "{flag:?}"
        );
        let text = flag.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            text.starts_with(
                "cannot read the engines file /nonexistent/flag.ini named by --config: "
            ),
            "{text}"
        );
        let from_var = EngineList::find(None, &var).err();
        assert!(
            matches!(
                &from_var,
                Some(ConfigError::UnreadableChoice {
                    named_by: ENGINES_VAR,
                    ..
                })
            ),
            "{from_var:?}"
        );
        let looked = vec![
            PathBuf::from("/w/engines.ini"),
            PathBuf::from("/h/engines.ini"),
        ];
        let list = EngineList::built_in(Path::new("/opt/bin/kaleido"), looked);
        assert_eq!(
            list.get("stockfish")
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
            "no engine 'stockfish' in kaleido's built-in list (no engines file at \
             /w/engines.ini, /h/engines.ini) (known: kaleido, kaleido-d1, kaleido-d2, \
             kaleido-d4, kaleido-n20k, kaleido-n40k, kaleido-tri, kaleido-tri-d1, kaleido-tri-d2)"
        );
    }
}
