//! The command line: `kaleido <command> ...`.

mod bench;
pub mod cutechess;
mod datagen;
mod engine_args;
mod gui;
mod merge;
mod merge_data;
mod opening_args;
mod openings;
mod perft;
mod play_match;
mod selfplay;
mod train;
mod tune;
mod variant_arg;
mod wdl;

use clap::{Parser, Subcommand};
use std::io::IsTerminal;

/// What kaleido does without a command, for `--help` and for a person at a terminal.
pub const ENGINE_MODE: &str = "Without a command kaleido is an engine: it waits on standard \
input for a GUI to send `uci`, `xboard` or `tri` (the three-player dialect).";

#[derive(Parser, Debug)]
#[command(
    name = "kaleido",
    version = crate::version::long(),
    about = "A chess-variant engine: chess, cylinder, spinchess, doublemove, gigachess and \
             trichess",
    after_help = ENGINE_MODE
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the move tree to a depth (checks and times move generation)
    Perft(perft::PerftArgs),
    /// Search fixed positions of every variant to a fixed depth: node signature and speed
    Bench(bench::BenchArgs),
    /// Play games between two in-process players of one variant (strength measurements)
    Selfplay(selfplay::SelfplayArgs),
    /// Write training data: self-play positions with search scores and game results
    Datagen(datagen::DatagenArgs),
    /// Train an evaluation network on datagen files
    Train(train::TrainArgs),
    /// Fit a variant's win/draw/loss model to datagen files and check it on held-out games
    Wdl(wdl::WdlArgs),
    /// Write balanced openings (random plies a search judges level) for `match --openings`
    Openings(openings::OpeningsArgs),
    /// Play a match between engines from engines.ini, refereed by kaleido's rules
    Match(Box<play_match::MatchArgs>),
    /// Add up the PGN files of a match played in shards (`match --shard`) into its report
    Merge(merge::MergeArgs),
    /// Merge the shards of one data run (`datagen --shard`) into one training file
    MergeData(merge_data::MergeDataArgs),
    /// Tune the search's parameters by SPSA over game pairs (a build with --features tuning)
    Tune(tune::TuneArgs),
    /// Serve a web board on 127.0.0.1 to play every variant against kaleido
    Gui(gui::GuiArgs),
}

/// An optional argument read by `parse`: None when it was not given.
fn parse_given<A: ?Sized, T, E: std::error::Error>(
    given: Option<&A>,
    parse: impl Fn(&A) -> Result<T, E>,
) -> Result<Option<T>, CliError> {
    Ok(given.map(parse).transpose()?)
}

/// A failure to report on stderr; the process then exits with status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

pub fn run(cli: Cli) -> Result<(), CliError> {
    let prints_only = matches!(
        cli.command,
        Some(
            Command::Perft(_)
                | Command::Bench(_)
                | Command::Selfplay(_)
                | Command::Openings(_)
                | Command::Merge(_)
                | Command::Wdl(_)
        )
    );
    if prints_only {
        end_quietly_when_the_reader_leaves();
    }
    match cli.command {
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Selfplay(args)) => selfplay::run(args),
        Some(Command::Openings(args)) => openings::run(args),
        Some(Command::Datagen(args)) => datagen::run(args),
        Some(Command::Train(args)) => train::run(args),
        Some(Command::Match(args)) => play_match::run(*args),
        Some(Command::Merge(args)) => merge::run(args),
        Some(Command::MergeData(args)) => merge_data::run(args),
        Some(Command::Wdl(args)) => wdl::run(args),
        Some(Command::Tune(args)) => tune::run(args),
        Some(Command::Gui(args)) => gui::run(args),
        // GUIs start engines without arguments and speak first; a person at a terminal is
        // told what kaleido waits for (on stderr: stdout carries protocol lines only).
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("kaleido: {ENGINE_MODE} Type `quit` to leave; `kaleido --help` lists the commands.");
            }
            crate::protocol::run_stdio();
            Ok(())
        }
    }
}

/// For the commands that only print (perft, bench, selfplay, openings, merge): when whatever
/// reads their output stops reading (`kaleido perft ... | head`), the program ends at its next
/// line as other command-line tools do, instead of panicking on the closed pipe. Not for
/// `match`, which writes to its engines' pipes and must survive an engine that dies, nor for
/// the protocols, which handle their own output.
fn end_quietly_when_the_reader_leaves() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
