//! What a search found, as Python sees it.

use crate::search::{Report, ReportLine};
use kaleido::search::score::{moves_to_mate, MATE, MATE_BOUND};
use pyo3::prelude::*;

/// A score from the side to move's point of view: centipawns, or moves to a mate (negative
/// when the side to move is mated), as UCI gives them.
fn split_score(score: i32) -> (Option<i32>, Option<i32>) {
    if score > MATE_BOUND {
        (None, Some(moves_to_mate(score) as i32))
    } else if score < -MATE_BOUND {
        (None, Some(-((MATE + score) / 2)))
    } else {
        (Some(score), None)
    }
}

/// One of the best lines a search found.
#[pyclass(module = "kaleido", frozen)]
#[derive(Clone, Debug)]
pub struct Line {
    /// Centipawns for the side to move; None when the line is a mate.
    #[pyo3(get)]
    score: Option<i32>,
    /// Moves to mate (negative when the side to move is mated); None otherwise.
    #[pyo3(get)]
    mate: Option<i32>,
    /// The line's plies in the variant's tokens, from the searched position.
    #[pyo3(get)]
    pv: Vec<String>,
    /// Win, draw and loss chances of the side to move in per mille (two-player games).
    #[pyo3(get)]
    wdl: Option<(u16, u16, u16)>,
    /// Each seat's expected points in hundredths (games of more than two players; empty
    /// otherwise).
    #[pyo3(get)]
    shares: Vec<i32>,
}

impl Line {
    fn new(line: ReportLine) -> Line {
        let (score, mate) = split_score(line.score);
        Line {
            score,
            mate,
            pv: line.pv,
            wdl: line.wdl,
            shares: line.shares,
        }
    }
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        let value = match (self.score, self.mate) {
            (_, Some(m)) => format!("mate={m}"),
            (Some(cp), None) => format!("score={cp}"),
            (None, None) => String::new(),
        };
        let pv: Vec<String> = self.pv.iter().map(|t| format!("'{t}'")).collect();
        format!("Line({value}, pv=[{}])", pv.join(", "))
    }
}

/// What a search found: the move to play, its line and score, and how far it looked.
#[pyclass(module = "kaleido", frozen)]
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The turn to play as one token (`push` takes it); None when there is no legal move.
    #[pyo3(get)]
    best_move: Option<String>,
    #[pyo3(get)]
    depth: i32,
    #[pyo3(get)]
    seldepth: usize,
    #[pyo3(get)]
    nodes: u64,
    /// Seconds the search took.
    #[pyo3(get)]
    time: f64,
    /// The best lines, best first: as many as multipv asked for (the first is the move's).
    #[pyo3(get)]
    lines: Vec<Line>,
}

impl SearchResult {
    pub fn new(report: Report) -> SearchResult {
        SearchResult {
            best_move: (!report.turn.is_empty()).then(|| report.turn.join(",")),
            depth: report.depth,
            seldepth: report.seldepth,
            nodes: report.nodes,
            time: report.time.as_secs_f64(),
            lines: report.lines.into_iter().map(Line::new).collect(),
        }
    }

    fn first(&self) -> Option<&Line> {
        self.lines.first()
    }
}

#[pymethods]
impl SearchResult {
    /// The best line's score in centipawns for the side to move; None for a mate or no move.
    #[getter]
    fn score(&self) -> Option<i32> {
        self.first().and_then(|l| l.score)
    }

    /// Moves to mate in the best line (negative when mated); None otherwise.
    #[getter]
    fn mate(&self) -> Option<i32> {
        self.first().and_then(|l| l.mate)
    }

    /// The best line's plies in the variant's tokens.
    #[getter]
    fn pv(&self) -> Vec<String> {
        self.first().map(|l| l.pv.clone()).unwrap_or_default()
    }

    /// Win, draw and loss in per mille for the side to move (two-player games).
    #[getter]
    fn wdl(&self) -> Option<(u16, u16, u16)> {
        self.first().and_then(|l| l.wdl)
    }

    fn __repr__(&self) -> String {
        let value = match (self.score(), self.mate()) {
            (_, Some(m)) => format!("mate={m}"),
            (Some(cp), None) => format!("score={cp}"),
            (None, None) => "score=None".to_string(),
        };
        let best = self
            .best_move
            .as_ref()
            .map_or("None".to_string(), |m| format!("'{m}'"));
        format!(
            "SearchResult(best_move={best}, {value}, depth={}, nodes={})",
            self.depth, self.nodes
        )
    }
}
