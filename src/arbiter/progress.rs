//! The match's progress bar (indicatif) on stderr: games finished of all, and the running
//! score. indicatif draws it only when stderr is a terminal, so a log file or a pipe gets
//! nothing, and it steps aside for each line printed through `println`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` games, drawn when `shown` (and stderr is a terminal).
    pub fn new(total: usize, shown: bool) -> Progress {
        let target = match shown {
            true => ProgressDrawTarget::stderr(),
            false => ProgressDrawTarget::hidden(),
        };
        let bar = ProgressBar::with_draw_target(Some(total as u64), target);
        if let Ok(style) = ProgressStyle::with_template("[{bar:30}] {pos}/{len} games  {msg}") {
            bar.set_style(style.progress_chars("#>-"));
        }
        Progress { bar }
    }

    /// A line on stdout; the bar is drawn again below it.
    pub fn println(&self, line: &str) {
        self.bar.suspend(|| {
            let mut out = std::io::stdout().lock();
            let _ = std::io::Write::write_all(&mut out, format!("{line}\n").as_bytes());
            let _ = std::io::Write::flush(&mut out);
        });
    }

    /// `done` games finished, and the score they make.
    pub fn set(&self, done: usize, score: &str) {
        self.bar.set_position(done as u64);
        self.bar.set_message(score.to_string());
    }

    /// The match now has `total` games.
    pub fn set_length(&self, total: usize) {
        self.bar.set_length(total as u64);
    }

    /// Wipes the bar for good: the match is over.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
