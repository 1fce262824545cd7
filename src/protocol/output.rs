//! Where protocol lines go. Every protocol writes through one `Output`, shared between the
//! command loop and the search thread, so lines never interleave mid-line and tests or fuzz
//! targets can capture a conversation instead of writing to stdout.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A line writer that can be cloned into a search thread.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Standard output, flushed after every line so that a GUI sees it at once.
    pub fn stdout() -> Output {
        Output::new(std::io::stdout())
    }

    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
        }
    }

    /// An output kept in memory, and a handle to read what was written to it.
    pub fn capture() -> (Output, Captured) {
        let captured = Captured::default();
        (Output::new(captured.clone()), captured)
    }

    /// Writes one protocol line. A closed pipe is not an error worth dying for: the GUI has
    /// gone, and the loop ends when its input does.
    pub fn send(&self, line: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(sink, "{line}");
        let _ = sink.flush();
    }
}

/// The lines an `Output::capture` has received.
#[derive(Clone, Default)]
pub struct Captured {
    bytes: Arc<Mutex<Vec<u8>>>,
}

impl Captured {
    pub fn text(&self) -> String {
        let bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
