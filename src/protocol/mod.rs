//! The protocols GUIs speak. A GUI starts the engine without arguments and speaks first; the
//! first command chooses the protocol: `uci`, or `tri` for the three-player dialect
//! (docs/protocol.md).

mod engine;
mod error;
mod go;
mod input;
mod options;
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

#[cfg(test)]
mod tests {
    use super::{serve, Output};

    /// kaleido's answer lines to `script`, as a GUI would read them.
    fn converse(script: &str) -> Vec<String> {
        let (out, captured) = Output::capture();
        serve(&mut script.as_bytes(), out);
        captured.text().lines().map(str::to_string).collect()
    }

    /// The lines of `out` that start with `prefix`.
    fn starting<'a>(out: &'a [String], prefix: &str) -> Vec<&'a str> {
        out.iter()
            .filter(|l| l.starts_with(prefix))
            .map(String::as_str)
            .collect()
    }

    #[test]
    fn a_malformed_and_an_illegal_move_get_different_answers_in_every_dialect() {
        let uci = converse("uci\nposition startpos moves e9e4\nposition startpos moves e2e5\n");
        assert_eq!(
            starting(&uci, "info string error"),
            [
                "info string error: move 1: malformed move 'e9e4': expected a move like e2e4 or e7e8q",
                "info string error: move 1: illegal move 'e2e5': not legal in this position",
            ]
        );
        let tri = converse("tri\nposition startpos moves ZZZZ\nposition startpos moves DLDK\n");
        assert_eq!(
            starting(&tri, "info string error"),
            [
                "info string error: move 1: malformed move 'ZZZZ': ZZ is not a cell of the board",
                "info string error: move 1: illegal move 'DLDK': no piece on DL",
            ]
        );
        let xboard = converse("xboard\nnew\nforce\nusermove e9e4\nusermove e2e5\n");
        assert_eq!(
            starting(&xboard, "Illegal move"),
            [
                "Illegal move (malformed: expected a move like e2e4 or e7e8q): e9e4",
                "Illegal move (not legal in this position): e2e5",
            ]
        );
    }

    #[test]
    fn a_bad_option_value_gets_the_same_answer_in_every_dialect() {
        let refusal = "Threads must be 1 to 256, not '300'";
        for script in ["uci\n", "tri\n"] {
            let out = converse(&format!("{script}setoption name Threads value 300\n"));
            assert_eq!(
                starting(&out, "info string error"),
                [format!("info string error: {refusal}")],
                "{script}"
            );
        }
        // XBoard's `cores` is Threads by another name: refused, not clamped.
        let out = converse("xboard\ncores 300\noption Threads=300\nmemory 0\n");
        assert_eq!(
            starting(&out, "Error"),
            [
                format!("Error ({refusal}): cores 300"),
                format!("Error ({refusal}): option Threads=300"),
                "Error (Hash must be 1 to 65536 MiB, not '0'): memory 0".to_string(),
            ]
        );
    }

    #[test]
    fn a_bad_go_value_gets_the_same_answer_in_uci_and_tri() {
        for args in ["depth x", "nodes -5", "depth -1", "movetime"] {
            let uci = converse(&format!("uci\ngo {args}\n"));
            let tri = converse(&format!("tri\ngo {args}\n"));
            let uci = starting(&uci, "info string error");
            assert_eq!(uci.len(), 1, "go {args}: {uci:?}");
            assert_eq!(uci, starting(&tri, "info string error"), "go {args}");
        }
    }
}
