//! The search's scores as win, draw and loss chances (UCI's `wdl`), by the variant's result
//! model (game/result_model.rs), at the position's stage.

use crate::game::result_model::{ResultModel, WinRateModel};
use crate::game::Searchable;
use crate::search::score::MATE_BOUND;

/// Win, draw and loss in per mille, from the point of view of the side whose score it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u16,
    pub draw: u16,
    pub loss: u16,
}

/// The search's `score` (centipawns or a mate score) for the side to move at `stage`, by
/// `model`, in per mille; a seen mate is certain.
pub fn wdl(model: &WinRateModel, score: i32, stage: f64) -> Wdl {
    if score > MATE_BOUND {
        return Wdl {
            win: 1000,
            draw: 0,
            loss: 0,
        };
    }
    if score < -MATE_BOUND {
        return Wdl {
            win: 0,
            draw: 0,
            loss: 1000,
        };
    }
    let [w, _, l] = model.chances(f64::from(score), stage);
    let win = (1000.0 * w).round() as u16;
    let loss = ((1000.0 * l).round() as u16).min(1000 - win);
    Wdl {
        win,
        draw: 1000 - win - loss,
        loss,
    }
}

/// The win, draw and loss chances of the side to move at `pos` when its search says `score`,
/// in a game of two players; None in games of more.
pub fn wdl_of<G: Searchable>(pos: &G, score: i32) -> Option<Wdl> {
    match G::RESULT_MODEL {
        ResultModel::TwoPlayers(model) => Some(wdl(&model, score, stage(pos))),
        ResultModel::MorePlayers(_) => None,
    }
}

/// The men on `pos`'s board.
pub fn men<G: Searchable>(pos: &G) -> usize {
    let mut n = 0;
    pos.for_each_man(|_, _, _| n += 1);
    n
}

/// `pos`'s stage: its men as a share of the start position's, 0 to 1.
pub fn stage<G: Searchable>(pos: &G) -> f64 {
    stage_of(men(pos), men(&G::startpos()))
}

/// The stage of a position with `men` on the board, where the start has `start_men`.
pub fn stage_of(men: usize, start_men: usize) -> f64 {
    (men as f64 / start_men.max(1) as f64).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::result_model::Cubic;
    use crate::game::Game;
    use crate::search::score::MATE;
    use crate::variants::chess::Chess;

    const MODEL: WinRateModel = WinRateModel {
        a: Cubic([300.0, 0.0, 0.0, 0.0]),
        b: Cubic([100.0, 0.0, 0.0, 0.0]),
    };

    #[test]
    fn an_even_score_is_mostly_a_draw_and_symmetric() {
        let w = wdl(&MODEL, 0, 0.5);
        assert_eq!(w.win, w.loss);
        assert_eq!(w.win + w.draw + w.loss, 1000);
        // 1 / (1 + e^3) = 0.047
        assert_eq!(w.win, 47);
        let up = wdl(&MODEL, 300, 0.5);
        assert_eq!(up.win, 500);
        let down = wdl(&MODEL, -300, 0.5);
        assert_eq!((down.win, down.loss), (up.loss, up.win));
    }

    #[test]
    fn mates_are_certain_and_huge_scores_do_not_overflow() {
        assert_eq!(wdl(&MODEL, MATE - 3, 0.2).win, 1000);
        assert_eq!(wdl(&MODEL, -MATE + 4, 0.2).loss, 1000);
        let big = wdl(&MODEL, MATE_BOUND - 1, 0.2);
        assert_eq!(big.win + big.draw + big.loss, 1000);
        assert!(big.win >= 999);
    }

    #[test]
    fn the_stage_falls_from_one_at_the_start() {
        let start = Chess::startpos();
        assert_eq!(men(&start), 32);
        assert_eq!(stage(&start), 1.0);
        let kings = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(stage(&kings), 2.0 / 32.0);
    }

    /// Every variant's built-in model fits its number of players and reads sensibly over
    /// the stages its games reach: a rise at least 20 cp wide, chances that grow with the
    /// score, and an even score at most an even chance of a win.
    #[test]
    fn every_variant_has_a_model_that_reads_sensibly() {
        struct Check;
        impl crate::registry::VariantVisitor for Check {
            type Output = ();
            fn visit<G: crate::game::Variant>(self) {
                let stages = (1..=20).map(|i| f64::from(i) / 20.0);
                match G::RESULT_MODEL {
                    ResultModel::TwoPlayers(m) => {
                        assert_eq!(G::PLAYERS, 2, "{}", G::NAME);
                        for s in stages {
                            assert!(m.b.at(s) >= 20.0, "{} b at {s}", G::NAME);
                            assert!(m.win_chance(0.0, s) <= 0.5, "{} at {s}", G::NAME);
                            let wins: Vec<u16> =
                                (-10..=10).map(|k| wdl(&m, k * 100, s).win).collect();
                            assert!(
                                wins.windows(2).all(|w| w[0] <= w[1]),
                                "{} {wins:?}",
                                G::NAME
                            );
                        }
                    }
                    ResultModel::MorePlayers(m) => {
                        assert!(G::PLAYERS > 2, "{}", G::NAME);
                        for s in stages {
                            assert!(m.temperature.at(s) >= 20.0, "{} at {s}", G::NAME);
                        }
                    }
                }
            }
        }
        for name in crate::registry::VARIANT_NAMES {
            crate::registry::with_variant(name, Check).unwrap();
        }
    }
}
