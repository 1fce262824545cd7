//! The web board (`kaleido gui`): a page on 127.0.0.1 where a person plays any variant against
//! kaleido or another person. See docs/gui.md.
//!
//! - `levels`: strength levels, and kaleido's turn searched within one.
//! - `table`: one game, generic over the variant, behind an object-safe trait.
//! - `pgn`: PGN export.
//! - `api`: the JSON API, apart from HTTP.
//! - `server`: HTTP on 127.0.0.1 and the embedded page (assets/).

pub mod api;
pub mod levels;
pub mod pgn;
pub mod server;
pub mod table;

pub use server::WebBoard;
