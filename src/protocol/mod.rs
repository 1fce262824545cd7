//! The protocols GUIs speak. A GUI starts the engine without arguments and speaks first; the
//! first command chooses the protocol: `uci`, or `tri` for the three-player dialect
//! (docs/protocol.md).

mod engine;
pub(crate) mod go;
mod input;
pub mod output;
mod session;
pub mod tri;
pub mod uci;
pub mod xboard;

pub use output::{Captured, Output};

use input::{read_line, Line};
use std::io::BufRead;

/// Serves a GUI on standard input and output.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    serve(&mut stdin.lock(), Output::stdout());
}

/// Reads commands from `input` until a protocol is chosen, then hands over to it. Tests and
/// fuzz targets drive this with a script and a captured output.
pub fn serve<R: BufRead>(input: &mut R, out: Output) {
    loop {
        let line = match read_line(input) {
            Line::End => return,
            Line::TooLong => {
                out.send("info string error: line too long, ignored");
                continue;
            }
            Line::Text(line) => line,
        };
        match line.trim() {
            "" => {}
            "uci" => return uci::run(input, out),
            "tri" => return tri::run(input, out),
            "xboard" => return xboard::run(input, out),
            "quit" => return,
            other => out.send(&format!(
                "info string error: unknown command '{}' (kaleido speaks UCI, XBoard and tri: send 'uci', 'xboard' or 'tri')",
                crate::errors::quote(other, 40)
            )),
        }
    }
}
