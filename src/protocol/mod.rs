//! The protocols GUIs speak. A GUI starts the engine without arguments and speaks first; the
//! first command chooses the protocol (`uci` today; XBoard and the three-player dialect are
//! the protocols issue's next steps).

mod session;
pub mod uci;

use std::io::BufRead;

/// Reads commands from standard input until a protocol is chosen, then hands over to it.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        match line.trim() {
            "" => {}
            "uci" => return uci::run(&mut input),
            "quit" => return,
            other => uci::send(&format!(
                "info string error: unknown command '{}' (kaleido speaks UCI: send 'uci')",
                crate::errors::quote(other, 40)
            )),
        }
    }
}
