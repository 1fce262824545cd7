//! What `kaleido match` and `kaleido merge` refuse, typed until the command line prints it.

use super::openings::Origin;
use crate::errors::{quote, FenError, MoveError};
use crate::registry::UnknownVariant;
use thiserror::Error;

/// A match setting given on the command line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingError {
    #[error(
        "time control '{0}': expected [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1, 40/60 or 1:30+1"
    )]
    TimeControl(String),
    #[error("time per move '{0}': expected seconds above zero, e.g. 0.5")]
    MoveTime(String),
    #[error("--shard '{0}': expected I/N with 1 <= I <= N, such as 2/4")]
    Shard(String),
    #[error("--sprt: '{0}' is not key=value")]
    SprtWord(String),
    #[error("--sprt: {key} = '{value}' is not a number")]
    SprtNumber { key: String, value: String },
    #[error("--sprt: unknown key '{0}' (elo0, elo1, alpha, beta)")]
    SprtKey(String),
    #[error("--sprt: elo1 must be greater than elo0")]
    SprtElo,
    #[error("--sprt: alpha and beta must be between 0 and 0.5")]
    SprtErrorRates,
    #[error("--shuffle '{0}': expected chess960 or double")]
    Shuffle(String),
    #[error("--tournament '{0}': expected round-robin, gauntlet or knockout")]
    Tournament(String),
    #[error("{option}: '{word}' is not key=value")]
    RuleWord { option: &'static str, word: String },
    #[error("{option}: unknown key '{key}' ({keys})")]
    RuleKey {
        option: &'static str,
        key: String,
        keys: String,
    },
    #[error("{option}: {key} = '{value}' is not a whole number of zero or more")]
    RuleNumber {
        option: &'static str,
        key: String,
        value: String,
    },
    #[error("{option}: {key}= is missing")]
    RuleMissing {
        option: &'static str,
        key: &'static str,
    },
    #[error("--openings: {key} = '{value}' is not one of {}", match *key {
        "format" => "lines, pgn, epd, polyglot",
        _ => "sequential, random",
    })]
    OpeningsValue { key: &'static str, value: String },
    #[error("{option}: {key} = '{value}' is not true or false")]
    RuleSwitch {
        option: &'static str,
        key: &'static str,
        value: String,
    },
}

impl SettingError {
    pub fn time_control(text: &str) -> SettingError {
        SettingError::TimeControl(quote(text, 30))
    }
}

/// A match that cannot be played, or that ended on an engine's configuration error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchError {
    #[error(transparent)]
    Setting(#[from] SettingError),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error("opening on {at}: {problem}")]
    Opening { at: Origin, problem: OpeningError },
    #[error("the openings file has no opening")]
    NoOpenings,
    #[error("the opening book has no move from the start position")]
    BookMissesStart,
    #[error("--shuffle {shuffle}: {variant} has no shuffled starts (the games that have: {with})")]
    NoShuffledStarts {
        shuffle: super::openings::Shuffle,
        variant: &'static str,
        with: String,
    },
    #[error(
        "--shard {index}/{count}: the match has {openings} opening{plural} to share out, fewer \
         than the shards; play more games or fewer shards",
        plural = if *openings == 1 { "" } else { "s" }
    )]
    TooManyShards {
        index: usize,
        count: usize,
        openings: usize,
    },
    #[error(
        "{variant} is a {players}-player game: give at least {players} engines (--engines \
         {letters}), not {given}",
        letters = engine_letters(*players)
    )]
    EngineCount {
        variant: &'static str,
        players: usize,
        given: usize,
    },
    #[error(
        "--sprt cannot stop a shard: each shard plays its slice whole, and `kaleido merge \
         --sprt ...` reads the test's state from all shards' PGNs"
    )]
    SprtInShard,
    #[error("--sprt tests one engine against another: it needs a two-player variant")]
    SprtPlayers,
    #[error("a knockout pairs engines off: {variant} is a {players}-player game")]
    KnockoutPlayers {
        variant: &'static str,
        players: usize,
    },
    /// `--shard`, `--resume`, `--sprt` or `--rounds` with a knockout, whose later games depend
    /// on the results of the earlier ones.
    #[error("{0} cannot be used with a knockout: who meets whom depends on the results so far")]
    KnockoutWith(&'static str),
    #[error("--sprt tests one engine against another, not a tournament of {0}")]
    SprtTournament(usize),
    #[error("engines.ini says {engine} plays {plays}, not {variant}")]
    WrongVariant {
        engine: String,
        plays: String,
        variant: &'static str,
    },
    #[error(
        "{0} has no depth, nodes or time control of its own in engines.ini, so the match needs \
         --tc or --st"
    )]
    NoLimit(String),
    #[error("cannot open {path}: {reason}")]
    OutputFile { path: String, reason: String },
    #[error(transparent)]
    Launch(#[from] LaunchError),
    /// An engine refused what the match asks of it (a variant, an option): the engine's words.
    #[error("{0}")]
    Misconfigured(String),
    #[error("--resume: {path}: {error}")]
    Resume { path: String, error: ResumeError },
    /// An engine crashed, failed to start or stalled, and the match was not told to recover.
    #[error(
        "{name} broke down in game {game} ({reason}), so the match stopped; --recover starts \
         it again for the next game instead"
    )]
    EngineBroke {
        name: String,
        game: usize,
        reason: String,
    },
}

/// `--engines A,B,C` for a game of `players`.
fn engine_letters(players: usize) -> String {
    (b'A'..b'A' + players as u8)
        .map(|c| (c as char).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// An opening that cannot be played under the variant's rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpeningError {
    #[error(transparent)]
    Fen(#[from] FenError),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("the game is over before '{0}'")]
    OverBefore(String),
    #[error("the game is already over after it")]
    OverAfter,
}

/// A polyglot book that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    #[error("{0} bytes is not a whole number of 16-byte polyglot entries")]
    Size(usize),
    #[error("the book is empty")]
    Empty,
}

/// An engine that could not be started.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LaunchError {
    #[error("cannot start {program} (in {workdir}): {reason}")]
    Spawn {
        program: String,
        workdir: String,
        reason: String,
    },
    #[error("the engine's stdout is not a pipe")]
    NoPipe,
    #[error("{name} fails its handshake: {why}")]
    Handshake { name: String, why: String },
}

/// A PGN game that does not replay under kaleido's rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error(transparent)]
    Fen(#[from] FenError),
    #[error("move '{0}' after the game was over")]
    AfterTheEnd(String),
    /// The ply (from 1) that could not be read or played.
    #[error("ply {number}: {error}")]
    Ply { number: usize, error: MoveError },
}

/// A match's PGN file that `--resume` cannot go on from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ResumeError {
    #[error("{0}")]
    Read(String),
    #[error(
        "game {0} of the file is not whole, and more follow it: this is not a file kaleido \
         match wrote (give another --pgn)"
    )]
    NotWhole(usize),
    #[error("a game with no number in its Round tag (kaleido match writes one)")]
    NoRound,
    #[error("game {0} is in the file twice")]
    Twice(usize),
    #[error(
        "game {number} is not one this run plays (games {first} to {last}): the file is of \
         another match or another shard"
    )]
    NotThisRun {
        number: usize,
        first: usize,
        last: usize,
    },
    #[error("game {number}: {problem}; the file is of another match (resume with its settings)")]
    Game { number: usize, problem: String },
}

/// PGN files that do not add up to one match (`kaleido merge`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    /// A game that cannot be counted, `at` naming its file and number.
    #[error("{at}: {problem}")]
    Game { at: String, problem: GameEntryError },
    #[error("{at}: game {round} of the match is also in {other}; merge each shard's file once")]
    Duplicate {
        at: String,
        round: usize,
        other: String,
    },
    #[error("no game in the PGN files")]
    NoGames,
    #[error(
        "game {round} has {name} where game {first_round} has {first_name}: the files hold more \
         than one match"
    )]
    TwoMatches {
        round: usize,
        name: String,
        first_round: usize,
        first_name: String,
    },
    #[error("--sprt needs a two-player variant, not {0}")]
    SprtPlayers(String),
    #[error("--sprt tests one engine against another, not a tournament of {0}")]
    SprtTournament(usize),
}

/// Why one game of a merge cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameEntryError {
    #[error("a {this} game among {first} games")]
    OtherVariant { this: String, first: String },
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error("no game number in its Round tag (kaleido match writes one)")]
    NoRound,
    #[error("result '{0}' not understood")]
    Result(String),
    #[error("no {0} tag")]
    NoTag(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_keep_their_words() {
        let one = MatchError::TooManyShards {
            index: 3,
            count: 4,
            openings: 1,
        };
        assert_eq!(
            one.to_string(),
            "--shard 3/4: the match has 1 opening to share out, fewer than the shards; play \
             more games or fewer shards"
        );
        let engines = MatchError::EngineCount {
            variant: "trichess",
            players: 3,
            given: 2,
        };
        assert_eq!(
            engines.to_string(),
            "trichess is a 3-player game: give at least 3 engines (--engines A,B,C), not 2"
        );
        assert_eq!(
            SettingError::time_control("x\ny").to_string(),
            "time control 'x\\ny': expected [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1, 40/60 or \
             1:30+1"
        );
        let garbled = ReplayError::Ply {
            number: 2,
            error: MoveError::malformed("zz", "expected a move like e2e4"),
        };
        assert_eq!(
            garbled.to_string(),
            "ply 2: malformed move 'zz': expected a move like e2e4"
        );
    }
}
