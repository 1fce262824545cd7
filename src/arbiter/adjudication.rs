//! Adjudication by the engines' own scores, as cutechess-cli's `-draw` and `-resign` do it:
//! a game is drawn once every engine has called it level for a run of moves late enough in
//! the game, and lost by an engine that has called itself lost for a run of its own moves
//! (with `twosided`, only when its opponents agree). Both are off unless asked for.
//!
//! Scores are compared in one unit per kind of game: centipawns in two-player games (a mate
//! score counts as beyond any threshold), and in games of more players hundredths of a point
//! away from an equal share of the points (the tri dialect reports every seat's expected
//! points, so each engine also says how it sees the others).

use super::error::SettingError;
use super::words::{key_values, missing, number};
use crate::errors::quote;

/// A score as an engine reported it, from its own side's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// UCI `cp`, or an XBoard thinking line's score.
    Centipawns(i64),
    /// A mate in this many moves; negative: the engine is mated. UCI's `mate 0` (mated now)
    /// counts as a loss.
    Mate(i64),
    /// The tri dialect: every seat's expected points in hundredths, seat 0 first.
    Shares(Vec<i64>),
}

/// What a mate is worth in the comparisons: more than any threshold a user would give.
const MATE_VALUE: i64 = 1_000_000;

impl EngineScore {
    /// The score as cutechess writes it in PGN comments: `+0.35`, `+M3`, `-M2`; shares in
    /// points, `0.79,0.41,0.79`.
    pub fn display(&self) -> String {
        match self {
            EngineScore::Centipawns(cp) => format!("{:+.2}", *cp as f64 / 100.0),
            EngineScore::Mate(n) if *n > 0 => format!("+M{n}"),
            EngineScore::Mate(n) => format!("-M{}", -n),
            EngineScore::Shares(s) => s
                .iter()
                .map(|&v| format!("{:.2}", v as f64 / 100.0))
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// How good the game is for `seat` in the eyes of the engine in seat `reporter` of a
    /// `players`-player game, in the unit of the module's comment; None where the score does
    /// not say (a single centipawn figure about a third seat).
    fn for_seat(&self, reporter: usize, seat: usize, players: usize) -> Option<i64> {
        let own = match self {
            EngineScore::Centipawns(cp) => *cp,
            EngineScore::Mate(n) if *n > 0 => MATE_VALUE,
            EngineScore::Mate(_) => -MATE_VALUE,
            EngineScore::Shares(s) => {
                let total: i64 = s.iter().sum();
                let n = s.len() as i64;
                return s.get(seat).map(|&v| (v * n - total) / n);
            }
        };
        match (seat == reporter, players) {
            (true, _) => Some(own),
            (false, 2) => Some(-own),
            (false, _) => None,
        }
    }
}

/// cutechess's `-draw movenumber=N movecount=N score=N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The full moves that must have been played (the opening's included).
    pub move_number: u32,
    /// The moves each engine must have scored within `score` of level, in a row.
    pub move_count: u32,
    pub score: i64,
}

/// cutechess's `-resign movecount=N score=N [twosided=true]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// The engine's own moves in a row with a score of `-score` or worse.
    pub move_count: u32,
    pub score: i64,
    /// The opponents must have seen the loser as far behind over their last `move_count`
    /// moves too.
    pub two_sided: bool,
}

impl DrawRule {
    pub fn parse(words: &[String]) -> Result<DrawRule, SettingError> {
        const OPTION: &str = "--draw";
        let (mut move_number, mut move_count, mut score) = (None, None, None);
        for (key, value) in key_values(OPTION, words, &["movenumber", "movecount", "score"])? {
            let n = number(OPTION, key, value)?;
            match key {
                "movenumber" => move_number = Some(n),
                "movecount" => move_count = Some(n.max(1)),
                _ => score = Some(i64::from(n)),
            }
        }
        Ok(DrawRule {
            move_number: move_number.ok_or_else(|| missing(OPTION, "movenumber"))?,
            move_count: move_count.ok_or_else(|| missing(OPTION, "movecount"))?,
            score: score.ok_or_else(|| missing(OPTION, "score"))?,
        })
    }
}

impl ResignRule {
    pub fn parse(words: &[String]) -> Result<ResignRule, SettingError> {
        const OPTION: &str = "--resign";
        let (mut move_count, mut score, mut two_sided) = (None, None, false);
        for (key, value) in key_values(OPTION, words, &["movecount", "score", "twosided"])? {
            match key {
                "twosided" => {
                    two_sided = match value.to_ascii_lowercase().as_str() {
                        "true" | "on" | "yes" | "1" => true,
                        "false" | "off" | "no" | "0" => false,
                        _ => {
                            return Err(SettingError::RuleSwitch {
                                option: OPTION,
                                key,
                                value: quote(value, 30),
                            })
                        }
                    }
                }
                "movecount" => move_count = Some(number(OPTION, key, value)?.max(1)),
                _ => score = Some(i64::from(number(OPTION, key, value)?)),
            }
        }
        Ok(ResignRule {
            move_count: move_count.ok_or_else(|| missing(OPTION, "movecount"))?,
            score: score.ok_or_else(|| missing(OPTION, "score"))?,
            two_sided,
        })
    }
}

/// What the scores decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Draw,
    /// This seat loses.
    Loss(usize),
}

/// Follows one game's scores, move by move.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    players: usize,
    /// Engine moves in a row, of any seat, that called the game level.
    level_run: u32,
    /// `behind[reporter][seat]`: the reporter's moves in a row that saw `seat` lost.
    behind: Vec<Vec<u32>>,
}

impl Adjudicator {
    pub fn new(draw: Option<DrawRule>, resign: Option<ResignRule>, players: usize) -> Self {
        Adjudicator {
            draw,
            resign,
            players,
            level_run: 0,
            behind: vec![vec![0; players]; players],
        }
    }

    /// Hears the score `reporter` gave with its move (None: it gave none, which breaks every
    /// run it was part of, as a book move does in cutechess). `full_moves` is the number of
    /// full moves played once its move is on the board; `reversible`: the move was no
    /// capture or pawn move. The level run counts reversible moves only, as in cutechess,
    /// since such a move changes the game the scores were about.
    pub fn hear(
        &mut self,
        reporter: usize,
        score: Option<&EngineScore>,
        full_moves: u32,
        reversible: bool,
    ) -> Option<Verdict> {
        let players = self.players;
        let view = |seat: usize| score.and_then(|s| s.for_seat(reporter, seat, players));
        if let Some(rule) = self.draw {
            let level = reversible
                && score.is_some()
                && (0..players).all(|seat| view(seat).is_none_or(|v| v.abs() <= rule.score))
                && view(reporter).is_some();
            self.level_run = if level { self.level_run + 1 } else { 0 };
            if full_moves >= rule.move_number && self.level_run >= rule.move_count * players as u32
            {
                return Some(Verdict::Draw);
            }
        }
        let rule = self.resign?;
        for seat in 0..players {
            let lost = view(seat).is_some_and(|v| v <= -rule.score);
            let run = &mut self.behind[reporter][seat];
            *run = if lost { *run + 1 } else { 0 };
        }
        // A seat loses on its own word; with `twosided`, once its opponents' words agree too,
        // which may come with an opponent's move.
        let agreed = |by: usize, seat: usize| self.behind[by][seat] >= rule.move_count;
        (0..players)
            .find(|&seat| {
                agreed(seat, seat)
                    && (!rule.two_sided
                        || (0..players)
                            .filter(|&by| by != seat)
                            .all(|by| agreed(by, seat)))
            })
            .map(Verdict::Loss)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    fn cp(v: i64) -> Option<EngineScore> {
        Some(EngineScore::Centipawns(v))
    }

    #[test]
    fn scores_are_written_as_cutechess_writes_them() {
        assert_eq!(EngineScore::Centipawns(35).display(), "+0.35");
        assert_eq!(EngineScore::Centipawns(-120).display(), "-1.20");
        assert_eq!(EngineScore::Mate(3).display(), "+M3");
        assert_eq!(EngineScore::Mate(-2).display(), "-M2");
        assert_eq!(
            EngineScore::Shares(vec![79, 41, 80]).display(),
            "0.79,0.41,0.80"
        );
    }

    #[test]
    fn rules_read_cutechess_words() {
        assert_eq!(
            DrawRule::parse(&words("movenumber=40 movecount=8 score=10")),
            Ok(DrawRule {
                move_number: 40,
                move_count: 8,
                score: 10
            })
        );
        assert_eq!(
            ResignRule::parse(&words("movecount=3 score=400 twosided=true")),
            Ok(ResignRule {
                move_count: 3,
                score: 400,
                two_sided: true
            })
        );
        assert!(
            !ResignRule::parse(&words("movecount=3 score=400"))
                .unwrap()
                .two_sided
        );
        for (bad, says) in [
            ("movecount=3", "--draw: movenumber= is missing"),
            (
                "movenumber=40 movecount=8 score=ten",
                "--draw: score = 'ten'",
            ),
            (
                "movenumber=40 moves=8 score=10",
                "--draw: unknown key 'moves'",
            ),
            ("movenumber 40", "--draw: 'movenumber' is not key=value"),
        ] {
            let e = DrawRule::parse(&words(bad)).unwrap_err().to_string();
            assert!(e.starts_with(says), "{bad}: {e}");
        }
        let e = ResignRule::parse(&words("movecount=3 score=400 twosided=maybe"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("twosided = 'maybe'"), "{e}");
        assert!(ResignRule::parse(&words("score=-400 movecount=3")).is_err());
    }

    #[test]
    fn a_draw_needs_every_engine_level_for_the_count_after_the_move_number() {
        let rule = DrawRule {
            move_number: 3,
            move_count: 2,
            score: 10,
        };
        let mut a = Adjudicator::new(Some(rule), None, 2);
        // Four level plies by move 2: not yet the move number.
        assert_eq!(a.hear(0, cp(5).as_ref(), 1, true), None);
        assert_eq!(a.hear(1, cp(-10).as_ref(), 1, true), None);
        assert_eq!(a.hear(0, cp(0).as_ref(), 2, true), None);
        assert_eq!(a.hear(1, cp(3).as_ref(), 2, true), None);
        // Move 3 reached with the run long enough.
        assert_eq!(a.hear(0, cp(1).as_ref(), 3, true), Some(Verdict::Draw));

        // One score outside the window, a move without a score, or a capture or pawn move
        // (even a level one) starts the run over.
        for breaker in 0..3 {
            let mut a = Adjudicator::new(Some(rule), None, 2);
            for (seat, v) in [(0, 5), (1, 5), (0, 5)] {
                assert_eq!(a.hear(seat, cp(v).as_ref(), 10, true), None);
            }
            match breaker {
                0 => assert_eq!(a.hear(1, cp(11).as_ref(), 10, true), None),
                1 => assert_eq!(a.hear(1, None, 10, true), None),
                _ => assert_eq!(a.hear(1, cp(0).as_ref(), 10, false), None),
            }
            for (seat, v) in [(0, 0), (1, 0), (0, 0)] {
                assert_eq!(a.hear(seat, cp(v).as_ref(), 10, true), None);
            }
            assert_eq!(a.hear(1, cp(0).as_ref(), 10, true), Some(Verdict::Draw));
        }
        // A mate score is never level.
        let mut a = Adjudicator::new(Some(rule), None, 2);
        for seat in [0, 1, 0, 1] {
            assert_eq!(a.hear(seat, Some(&EngineScore::Mate(9)), 10, true), None);
        }
    }

    #[test]
    fn a_resignation_needs_the_losers_own_run_and_with_twosided_the_winners() {
        let rule = ResignRule {
            move_count: 3,
            score: 500,
            two_sided: false,
        };
        let mut a = Adjudicator::new(None, Some(rule), 2);
        // Black calls itself lost three moves in a row; White's view does not matter.
        for _ in 0..2 {
            assert_eq!(a.hear(0, cp(0).as_ref(), 10, true), None);
            assert_eq!(a.hear(1, cp(-500).as_ref(), 10, true), None);
        }
        assert_eq!(a.hear(0, cp(0).as_ref(), 10, true), None);
        assert_eq!(
            a.hear(1, Some(&EngineScore::Mate(-4)), 10, true),
            Some(Verdict::Loss(1))
        );
        // A better score breaks the run.
        let mut a = Adjudicator::new(None, Some(rule), 2);
        for v in [-600, -499, -600, -600] {
            assert_eq!(a.hear(1, cp(v).as_ref(), 10, true), None);
        }
        assert_eq!(
            a.hear(1, cp(-600).as_ref(), 10, true),
            Some(Verdict::Loss(1))
        );

        let two_sided = ResignRule {
            two_sided: true,
            ..rule
        };
        let mut a = Adjudicator::new(None, Some(two_sided), 2);
        for white in [600, 600, 400] {
            assert_eq!(a.hear(0, cp(white).as_ref(), 10, true), None);
            assert_eq!(a.hear(1, cp(-900).as_ref(), 10, true), None);
        }
        // White's 400 broke its run: Black loses only once White has seen it lost three
        // moves in a row again, and that is on White's move.
        for white in [500, 500] {
            assert_eq!(a.hear(0, cp(white).as_ref(), 10, true), None);
            assert_eq!(a.hear(1, cp(-900).as_ref(), 10, true), None);
        }
        assert_eq!(
            a.hear(0, cp(500).as_ref(), 10, true),
            Some(Verdict::Loss(1))
        );
    }

    #[test]
    fn three_players_compare_shares_of_the_points() {
        let shares = |v: [i64; 3]| Some(EngineScore::Shares(v.to_vec()));
        let draw = DrawRule {
            move_number: 0,
            move_count: 1,
            score: 10,
        };
        let mut a = Adjudicator::new(Some(draw), None, 3);
        assert_eq!(a.hear(0, shares([70, 60, 70]).as_ref(), 1, true), None);
        assert_eq!(a.hear(1, shares([66, 67, 67]).as_ref(), 1, true), None);
        assert_eq!(
            a.hear(2, shares([75, 60, 65]).as_ref(), 1, true),
            Some(Verdict::Draw)
        );
        // 80 is 13.3 hundredths above an equal share: not level.
        let mut a = Adjudicator::new(Some(draw), None, 3);
        for seat in 0..3 {
            assert_eq!(a.hear(seat, shares([80, 60, 60]).as_ref(), 1, true), None);
        }

        // Seat b resigns once the other two see it lost too (seat c's word is the last).
        let resign = ResignRule {
            move_count: 1,
            score: 50,
            two_sided: true,
        };
        let mut a = Adjudicator::new(None, Some(resign), 3);
        assert_eq!(a.hear(0, shares([100, 10, 90]).as_ref(), 5, true), None);
        assert_eq!(a.hear(1, shares([100, 5, 95]).as_ref(), 5, true), None);
        assert_eq!(
            a.hear(2, shares([95, 15, 90]).as_ref(), 5, true),
            Some(Verdict::Loss(1))
        );
        // A single centipawn figure says nothing of the others' seats: no two-sided verdict.
        let mut a = Adjudicator::new(None, Some(resign), 3);
        for seat in [0, 2, 1, 0, 2, 1] {
            let v = if seat == 1 { -900 } else { 900 };
            assert_eq!(a.hear(seat, cp(v).as_ref(), 5, true), None);
        }
    }
}
