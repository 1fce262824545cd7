//! What a match tells the user as it goes, on the calling thread only: cutechess-cli's lines
//! on stdout (games started and finished, the running score, the statistics block or the
//! standings every few games, the SPRT's decision), each finished game appended to the PGN file, and the tally
//! that becomes the match's summary.

use super::error::MatchError;
use super::game::{GameEnd, GameReport, Termination};
use super::pgn;
use super::progress::Progress;
use super::resume::Resumed;
use super::schedule::Schedule;
use super::sprt::Verdict;
use super::tally::Tally;
use super::{MatchSettings, MatchSummary};
use crate::game::Game;
use std::fs::File;
use std::io::Write;
use std::sync::atomic::Ordering;

pub struct Reporter<'a> {
    s: &'a MatchSettings,
    /// The games of the whole match, and of this run (fewer when it plays one shard).
    total: usize,
    planned: usize,
    pgn_file: Option<File>,
    /// Where each game's final position goes, one FEN a line.
    epd_file: Option<File>,
    /// The PGN tags every game repeats: event, date, variant, time control.
    header: pgn::Header,
    summary: MatchSummary,
    tally: Tally,
    progress: Progress,
    finished: usize,
    /// The first configuration error an engine showed; it ends the match.
    misconfigured: Option<String>,
    /// Without `--recover`: the first engine that broke down, which ends the match.
    broken: Option<MatchError>,
}

impl<'a> Reporter<'a> {
    /// The reporter of a match of `total` games, of which this run plays `planned`.
    pub fn new<G: Game>(
        s: &'a MatchSettings,
        total: usize,
        planned: usize,
    ) -> Result<Reporter<'a>, MatchError> {
        let pgn_file = s.pgn.as_deref().map(append_to).transpose()?;
        let epd_file = s.epd.as_deref().map(append_to).transpose()?;
        let header = pgn::Header {
            event: s.event.clone(),
            site: s.site.clone(),
            date: crate::pgn_text::today(),
            variant: G::NAME.to_string(),
            shuffled_variant: pgn::variant_tag::<G>(true).to_string(),
        };
        Ok(Reporter {
            s,
            total,
            planned,
            pgn_file,
            epd_file,
            header,
            summary: MatchSummary::default(),
            tally: Tally::new(s.names.clone(), G::PLAYERS),
            progress: Progress::new(planned, !s.quiet),
            finished: 0,
            misconfigured: None,
            broken: None,
        })
    }

    /// One line on stdout, with the progress bar (on stderr) out of its way.
    pub fn say(&self, line: &str) {
        if !self.s.quiet {
            self.progress.println(line);
        }
    }

    /// Counts the games a resumed match's PGN file already holds, as if just played.
    pub fn resumed<G: Game>(&mut self, resumed: &Resumed, schedule: &Schedule<G>) {
        let path = self
            .s
            .pgn
            .as_ref()
            .map_or(String::new(), |p| p.display().to_string());
        if resumed.cut > 0 {
            self.say(&format!(
                "Resuming: the last game in {path} was cut short ({} bytes), removed to be played again",
                resumed.cut
            ));
        }
        self.say(&format!(
            "Resuming: {} of {} games already in {path}",
            resumed.games.len(),
            self.planned
        ));
        for r in &resumed.games {
            self.finished += 1;
            self.summary.played += 1;
            self.tally.add(r.game, &schedule.seating(r.game), &r.points);
        }
        if let Some(line) = self
            .tally
            .score_line()
            .filter(|_| !resumed.games.is_empty())
        {
            self.say(&line);
        }
        self.check_sprt();
        self.progress.set(self.finished, &self.tally.running());
    }

    /// `games` more games than were planned (a knockout's tie-breaks).
    pub fn plan_more(&mut self, games: usize) {
        self.total += games;
        self.planned += games;
        self.progress.set_length(self.planned);
    }

    pub fn started(&mut self, g: usize, names: &[String]) {
        self.say(&format!(
            "Started game {} of {} ({})",
            g + 1,
            self.total,
            names.join(" vs ")
        ));
    }

    /// Game `g`, played in `seating`, has ended.
    pub fn finished(&mut self, g: usize, end: GameEnd, seating: &[usize]) {
        match end {
            GameEnd::Played(report) => self.played(g, &report, seating),
            GameEnd::Aborted => self.summary.aborted += 1,
            GameEnd::Misconfigured(why) => {
                if self.misconfigured.is_none() {
                    self.say(&format!("Error: {why}"));
                    self.misconfigured = Some(why);
                }
                self.s.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    fn played(&mut self, g: usize, report: &GameReport, seating: &[usize]) {
        self.finished += 1;
        self.summary.played += 1;
        if report.termination == Termination::TimeForfeit {
            self.summary.time_forfeits += 1;
        }
        self.say(&format!(
            "Finished game {} ({}): {} {{{}}}",
            g + 1,
            report.names.join(" vs "),
            report.result,
            report.reason
        ));
        self.write_pgn(report);
        self.write_epd(report);
        self.tally.add(g, seating, &report.points);
        if let Some(line) = self.tally.score_line() {
            self.say(&line);
        }
        self.check_sprt();
        if self.s.rating_interval > 0
            && self.finished.is_multiple_of(self.s.rating_interval)
            && self.finished < self.planned
        {
            self.statistics();
        }
        self.progress.set(self.finished, &self.tally.running());
        if let Some(seat) = report.broken.filter(|_| !self.s.recover) {
            if self.broken.is_none() {
                self.broken = Some(MatchError::EngineBroke {
                    name: report.names[seat].clone(),
                    game: g + 1,
                    reason: report.reason.clone(),
                });
            }
            self.s.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Appends the game to the PGN file, whole, so that the file stays valid whatever stops
    /// the match.
    fn write_pgn(&mut self, report: &GameReport) {
        let Some(file) = self.pgn_file.as_mut() else {
            return;
        };
        let text = pgn::write(report, &self.header);
        if let Err(e) = file.write_all(text.as_bytes()).and_then(|_| file.flush()) {
            self.say(&format!("Warning: cannot write the PGN: {e}"));
        }
    }

    /// Appends the game's final position to the EPD file.
    fn write_epd(&mut self, report: &GameReport) {
        let Some(file) = self.epd_file.as_mut() else {
            return;
        };
        let line = format!("{}\n", report.end_fen);
        if let Err(e) = file.write_all(line.as_bytes()).and_then(|_| file.flush()) {
            self.say(&format!("Warning: cannot write the EPD file: {e}"));
        }
    }

    /// Stops the match once the SPRT is decided; games still running are dropped.
    fn check_sprt(&mut self) {
        let Some(sprt) = &self.s.sprt else {
            return;
        };
        let outcomes = self.tally.sprt_outcomes();
        if sprt.verdict(&outcomes) != Verdict::Continue {
            let line = sprt.status_line(&outcomes);
            self.say(&line);
            self.summary.sprt = Some(line);
            self.s.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The statistics block (the standings in a tournament): printed every `rating_interval`
    /// games and at the end.
    fn statistics(&self) {
        // A decided test has already said so, right after the deciding game.
        let sprt = self.s.sprt.as_ref().filter(|_| self.summary.sprt.is_none());
        for line in self.tally.statistics(sprt) {
            self.say(&line);
        }
    }

    /// The final block and the summary, or the configuration error that ended the match.
    pub fn finish(mut self) -> Result<MatchSummary, MatchError> {
        self.progress.finish();
        if let Some(why) = self.misconfigured.take() {
            return Err(MatchError::Misconfigured(why));
        }
        self.summary.interrupted =
            self.summary.sprt.is_none() && self.summary.played < self.planned;
        self.summary.score = self.tally.score.games;
        self.summary.points = self.tally.points.clone();
        self.statistics();
        if let Some(broken) = self.broken.take() {
            self.say(&format!(
                "Match stopped after {} of {} games",
                self.summary.played, self.planned
            ));
            return Err(broken);
        }
        if self.summary.interrupted {
            self.say(&format!(
                "Match interrupted after {} of {} games ({} in progress abandoned)",
                self.summary.played, self.planned, self.summary.aborted
            ));
        } else {
            self.say("Finished match");
        }
        Ok(self.summary)
    }
}

/// Opens an output file to append games to, making it if it is not there.
fn append_to(path: &std::path::Path) -> Result<File, MatchError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| MatchError::OutputFile {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
}
