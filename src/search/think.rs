//! The one way front ends ask for a move, whatever the number of players: `think` runs the
//! two-player search (alphabeta/) or the search for more players (multi/), reports each
//! iteration in one shape, and answers with the whole turn to play.

use super::alphabeta::search_among;
use super::context::Context;
use super::multi::search_multi;
use super::points::expected_shares;
use super::{Info, Limits, TranspositionTable};
use crate::game::Searchable;
use std::sync::atomic::AtomicBool;

/// What a search found for the side to move.
#[derive(Clone, Debug)]
pub struct Thought<M> {
    /// The plies of the turn to play: one, or every ply of a turn of several (doublemove);
    /// empty when the position has no legal move.
    pub turn: Vec<M>,
    /// From the mover's point of view, in centipawns or as a mate score.
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// The principal variation from the current position, the turn's plies first.
    pub pv: Vec<M>,
    /// In games of more than two players, every player's static evaluation at the end of the
    /// principal variation, in seat order; empty otherwise.
    pub player_scores: Vec<i32>,
}

impl<M: Copy> Thought<M> {
    /// The first ply of the turn, None when there is no legal move.
    pub fn best(&self) -> Option<M> {
        self.turn.first().copied()
    }
}

/// Whether `think` honours its `root_moves` (and `limits.multi_pv`): the two-player search
/// does, the search for more players always weighs every root move and reports one line.
pub const fn restricts_root_moves<G: Searchable>() -> bool {
    G::PLAYERS == 2
}

/// Searches `pos` (reached through positions hashing to `history`, oldest first) within
/// `limits`, over `root_moves` only when it is not empty. `on_info` hears about every
/// completed iteration (once per line under MultiPV).
pub fn think<G: Searchable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    root_moves: &[G::Move],
    ctx: Context<'_>,
    on_info: impl FnMut(&Info<G::Move>),
) -> Thought<G::Move> {
    if G::PLAYERS > 2 {
        return more_players(pos, history, limits, ctx, on_info);
    }
    let result = search_among(pos, history, limits, root_moves, ctx, on_info);
    let mut thought = Thought {
        turn: Vec::new(),
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        pv: result.pv,
        player_scores: Vec::new(),
    };
    if let Some(best) = result.best {
        if thought.pv.first() != Some(&best) {
            thought.pv = vec![best];
        }
        complete_turn(pos, history, best, &mut thought, ctx.tt);
    }
    thought
}

/// Plays `best`, then the plies that follow it while the same side is to move (doublemove's
/// second sub-move): from the principal variation, or from a short search where it ends.
fn complete_turn<G: Searchable>(
    pos: &G,
    history: &[u64],
    best: G::Move,
    thought: &mut Thought<G::Move>,
    tt: &TranspositionTable,
) {
    // No turn of this engine's variants has more plies; the cap keeps a faulty variant finite.
    const MAX_TURN_PLIES: usize = 4;
    thought.turn.push(best);
    let mut after = pos.clone();
    after.play(best);
    while after.side_to_move() == pos.side_to_move()
        && after.rule_outcome().is_none()
        && thought.turn.len() < MAX_TURN_PLIES
    {
        let next = match thought.pv.get(thought.turn.len()) {
            Some(&mv) => mv,
            None => {
                let quick = Limits {
                    depth: Some(2),
                    ..Limits::default()
                };
                let no_stop = AtomicBool::new(false);
                let ctx = Context::new(tt, &no_stop);
                match search_among(&after, history, &quick, &[], ctx, |_| {}).best {
                    Some(mv) => {
                        thought.pv.truncate(thought.turn.len());
                        thought.pv.push(mv);
                        mv
                    }
                    None => break,
                }
            }
        };
        thought.turn.push(next);
        after.play(next);
    }
}

fn more_players<G: Searchable>(
    pos: &G,
    history: &[u64],
    limits: &Limits,
    ctx: Context<'_>,
    mut on_info: impl FnMut(&Info<G::Move>),
) -> Thought<G::Move> {
    let result = search_multi(pos, history, limits, ctx, |info| {
        on_info(&Info {
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score,
            nodes: info.nodes,
            time: info.time,
            pv: info.pv.clone(),
            hashfull: ctx.tt.hashfull(),
            multipv: 1,
            shares: expected_shares(&info.leaf),
        })
    });
    limits.wait_for_stop(ctx.stop);
    Thought {
        turn: result.best.into_iter().collect(),
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        pv: if result.pv.is_empty() {
            result.best.into_iter().collect()
        } else {
            result.pv
        },
        player_scores: result.scores,
    }
}
