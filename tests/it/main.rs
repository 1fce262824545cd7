//! kaleido's integration tests, as the modules of one test crate: one binary to build and link
//! instead of one per file, each of which would monomorphise the search and the move
//! generators again. A module is what a test file used to be, named as before, so
//! `cargo test --test it uci::` runs what `cargo test --test uci` ran.
//!
//! The modules share one process. A test that writes files does so in a folder of its own
//! (`common::Scratch`), and the fuzz properties, which set process-wide search caps, run each
//! of their tests in a child process (see `fuzz_properties`).

mod common;

mod adjudication;
mod bench_cli;
mod cli;
mod datagen_cli;
mod differential;
mod docs;
mod doublemove;
mod doublemove_cli;
mod doublemove_differential;
#[cfg(feature = "fuzzing")]
mod fuzz_properties;
#[cfg(feature = "fuzzing")]
mod fuzz_regressions;
mod game_end;
mod gigachess;
mod gigachess_cli;
mod gigachess_differential;
mod gui_api;
mod layers;
mod levels;
mod r#match;
mod match_chess960;
mod match_config;
mod match_cutechess;
mod match_openings;
mod match_resume;
mod network_inputs;
mod nnue_inference;
mod opening_books;
mod package_contents;
mod perft;
mod protocol_docs;
mod search;
mod selfplay;
mod spinchess;
mod spinchess_differential;
mod tournament;
mod tri_protocol;
mod trichess;
mod trichess_cli;
mod trichess_differential;
mod trichess_search;
mod trichess_selfplay;
mod tune;
mod uci;
mod version;
mod xboard;
