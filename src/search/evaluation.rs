//! The static evaluation a search stands on, the same step for every search: the chosen
//! network (its accumulators kept along the line) with what it does not learn added, or the
//! variant's hand-written evaluation where no network fits.

use super::params::MAX_PLY;
use super::score::MATE_BOUND;
use crate::core::Player;
use crate::game::Searchable;
use crate::nnue::{self, Accumulators, QuantisedNetwork};

pub struct Evaluator<'a> {
    /// None where the hand-written evaluation judges.
    network: Option<Accumulators<'a>>,
}

impl<'a> Evaluator<'a> {
    /// Evaluates with `network` where it fits `G`'s inputs, else by hand.
    pub fn new<G: Searchable>(network: Option<&'a QuantisedNetwork>) -> Evaluator<'a> {
        Evaluator {
            network: network
                .filter(|net| Accumulators::fits::<G>(net))
                .map(|net| Accumulators::new(net, MAX_PLY + 2)),
        }
    }

    /// Makes `pos` the first position of the lines evaluated from now on.
    #[inline]
    pub fn set_root<G: Searchable>(&mut self, pos: &G) {
        if let Some(network) = &mut self.network {
            network.set_root(pos);
        }
    }

    /// Records `pos` as the position at `ply` of the line.
    #[inline]
    pub fn enter<G: Searchable>(&mut self, pos: &G, ply: usize) {
        if let Some(network) = &mut self.network {
            network.enter(pos, ply);
        }
    }

    /// The static evaluation of `pos`, the position at `ply` on the line, for `seat`. A
    /// network's output is not bounded by its training, so it is kept out of the mate range;
    /// a correcting network stands beside the whole hand-written evaluation, another beside
    /// the threats of the side to move that no network is asked to learn. `nodes` samples the
    /// check of the incremental evaluation in test builds.
    #[inline]
    pub fn evaluate<G: Searchable>(
        &mut self,
        pos: &G,
        ply: usize,
        seat: Player,
        nodes: u64,
    ) -> i32 {
        match &mut self.network {
            Some(network) => {
                let score = network.evaluate::<G>(ply, seat.index());
                let net = network.network();
                nnue::check_incremental(net, pos, seat.index(), score, nodes);
                let beside = if net.corrects_hand_written {
                    pos.evaluate_for(seat)
                } else if seat == pos.side_to_move() {
                    pos.unsearched_threats()
                } else {
                    0
                };
                (score + beside).clamp(1 - MATE_BOUND, MATE_BOUND - 1)
            }
            None => pos.evaluate_for(seat),
        }
    }
}
