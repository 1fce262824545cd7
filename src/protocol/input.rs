//! Reading protocol input a line at a time, with a bound: a garbled or hostile GUI can send a
//! line of megabytes, and no protocol should keep it or choke on it.

use std::io::{BufRead, Read};

/// Lines longer than this are refused without being kept.
pub const MAX_LINE: usize = 1 << 20;

/// One read from the input.
pub enum Line {
    Text(String),
    /// A line over `MAX_LINE` bytes, skipped whole.
    TooLong,
    /// End of input (or an unreadable input, which is the same to a GUI).
    End,
}

/// Reads the next line; invalid UTF-8 is replaced rather than refused.
pub fn read_line<R: BufRead>(input: &mut R) -> Line {
    let mut buf = Vec::new();
    match input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)
    {
        Ok(0) | Err(_) => return Line::End,
        Ok(_) => {}
    }
    if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
        skip_rest(input);
        return Line::TooLong;
    }
    Line::Text(String::from_utf8_lossy(&buf).into_owned())
}

/// Discards input up to the next newline without keeping it.
fn skip_rest<R: BufRead>(input: &mut R) {
    loop {
        let (done, used) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(chunk) => match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, chunk.len()),
            },
        };
        input.consume(used);
        if done {
            return;
        }
    }
}

/// A protocol's command handler, fed one line at a time by `drive`.
pub trait Commands {
    /// Handles one line; false ends the conversation (`quit`).
    fn command(&mut self, line: &str) -> bool;
    /// Reports a line over `MAX_LINE` bytes, in the protocol's own error form.
    fn line_too_long(&mut self);
    /// The input has ended: finish what a GUI would still expect (a search's answer).
    fn end_of_input(&mut self);
}

/// Feeds `input` to `commands` line by line until `quit` or the end of input.
pub fn drive<R: BufRead>(input: &mut R, commands: &mut impl Commands) {
    loop {
        match read_line(input) {
            Line::End => break,
            Line::TooLong => commands.line_too_long(),
            Line::Text(line) => {
                if !commands.command(&line) {
                    return;
                }
            }
        }
    }
    commands.end_of_input();
}
