//! A one-line progress bar on stderr, drawn only when stderr is a terminal (a log file or a
//! pipe gets nothing).

use std::cell::RefCell;
use std::io::{IsTerminal, Write};

pub struct Progress {
    total: usize,
    enabled: bool,
    /// What the bar last showed, to draw it again after a line of output.
    last: RefCell<Option<(usize, String)>>,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            enabled: std::io::stderr().is_terminal(),
            last: RefCell::new(None),
        }
    }

    /// Draws the bar again as it last was (after a line of output wiped it).
    pub fn redraw(&self) {
        let last = self.last.borrow().clone();
        if let Some((done, summary)) = last {
            self.show(done, &summary);
        }
    }

    pub fn show(&self, done: usize, summary: &str) {
        if !self.enabled {
            return;
        }
        *self.last.borrow_mut() = Some((done, summary.to_string()));
        const WIDTH: usize = 30;
        let filled = (done * WIDTH)
            .checked_div(self.total)
            .unwrap_or(0)
            .min(WIDTH);
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[2K[{}{}] {done}/{} {summary}",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.total
        );
        let _ = err.flush();
    }

    /// Wipes the bar for good: the match is over.
    pub fn finish(&self) {
        *self.last.borrow_mut() = None;
        self.clear();
    }

    /// Wipes the bar so that the next stdout line starts clean.
    pub fn clear(&self) {
        if self.enabled {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}
