//! `match --engine KEY=VALUE ... --engine ...` and `--each KEY=VALUE ...`: each `--engine`
//! is one engine, so its words stay grouped by occurrence, which clap's derive cannot say;
//! these two options are declared by hand.

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};

/// The engines given on the command line, one word list each, and the words for all.
#[derive(Clone, Debug, Default)]
pub struct EngineWords {
    pub engine: Vec<Vec<String>>,
    pub each: Vec<String>,
}

impl FromArgMatches for EngineWords {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let engine = matches
            .get_occurrences::<String>("engine")
            .map(|groups| groups.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        let each = matches
            .get_many::<String>("each")
            .map(|words| words.cloned().collect())
            .unwrap_or_default();
        Ok(EngineWords { engine, each })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for EngineWords {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            Arg::new("engine")
                .long("engine")
                .num_args(1..)
                .action(ArgAction::Append)
                .value_name("KEY=VALUE")
                .help(
                    "An engine given here instead of by name: KEY=VALUE words with \
                     engines.ini's keys (command=, protocol=, option.NAME=, tc=, ...), \
                     conf=NAME to start from an engine of the file, name=NAME and arg=WORD; \
                     once per engine",
                ),
        )
        .arg(
            Arg::new("each")
                .long("each")
                .num_args(1..)
                .action(ArgAction::Append)
                .value_name("KEY=VALUE")
                .help("KEY=VALUE words applied to every engine after its own (option.Hash=16)"),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}
