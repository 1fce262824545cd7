//! Principal-variation alpha-beta with quiescence, for two-player variants, written once for
//! all of them. Negamax, except where a side moves twice in a row (doublemove's sub-moves): a
//! child with the same side to move is searched without the sign flip, decided by comparing
//! sides, never by naming a variant.
//!
//! The files by concern: the iterative deepening with aspiration windows and Lazy SMP
//! (deepening.rs), the tree's nodes (tree.rs), the prunings that decide whether a move is
//! searched (pruning.rs), the histories that order moves for the shared picker
//! (ordering.rs), the correction of the static evaluation (correction.rs), and quiescence
//! (quiescence.rs). This file holds one thread's search state.

mod correction;
mod deepening;
mod ordering;
mod pruning;
mod quiescence;
mod tree;

pub use deepening::search_among;

use super::clock::NodeClock;
use super::evaluation::Evaluator;
use super::params::MAX_PLY;
use super::path::Path;
use super::pv::PvTable;
use super::score::{mate_in, mated_in, DRAW, INFINITE};
use super::tt::TranspositionTable;
use crate::core::Player;
use crate::game::Searchable;
use crate::nnue::QuantisedNetwork;
use crate::outcome::Outcome;
use crate::search::history::NO_SLOT;
use crate::search::{tells_root_moves, Event, RootMove};
use ordering::Histories;
use std::time::Duration;

/// A static evaluation not taken (the side to move is in check, where it means nothing).
const NO_EVAL: i32 = i32::MIN / 2;
/// No move left out of the node's search (see `Searcher::excluded`).
const NO_EXCLUDED: u32 = u32::MAX;

/// What the search remembers of each ply on the current line.
#[derive(Clone, Copy)]
struct PlyState {
    eval: i32,
    side: Player,
    /// This ply's move was a null move (no two in a row: they would cancel out).
    null: bool,
    /// The move being searched at this ply, hashed for the continuation histories and the
    /// counter moves of the plies below (NO_SLOT before the first, or for a null move).
    slot: usize,
}

/// Where the main thread's search tells what it finds; Lazy SMP's helpers have none.
struct Listener<'a, M> {
    tell: &'a mut dyn FnMut(&Event<M>),
    /// How long the search runs before it tells of the root moves it starts on.
    root_moves_after: Duration,
}

/// One thread's search state.
pub struct Searcher<'a, G: Searchable> {
    tt: &'a TranspositionTable,
    clock: NodeClock<'a>,
    /// The positions before the current node: the game so far, then the search's line.
    path: Path,
    histories: Histories,
    /// Per ply, the move bits of the table move a singular-extension search leaves out
    /// (NO_EXCLUDED outside such a search).
    excluded: [u32; MAX_PLY + 1],
    pv: PvTable<G::Move>,
    /// Root moves left out of this search (`go searchmoves`, and MultiPV's lines already found),
    /// as move bits.
    pub root_excluded: Vec<u32>,
    /// The score of the root's best move so far in the current iteration (the answer's score
    /// when a first iteration is cut short).
    pub root_best: i32,
    /// The depth of the current iteration: check extensions stop at twice it, so that a line
    /// of checks cannot extend itself without end.
    root_depth: i32,
    /// Quiescence plies above the current node.
    quiet_plies: u32,
    /// The line from the root, a ply at a time.
    stack: Vec<PlyState>,
    /// Per ply, the move list and its ordering keys (quiescence's tactical moves with their
    /// values), reused from node to node so that no node allocates.
    move_lists: Vec<Vec<G::Move>>,
    key_lists: Vec<Vec<i32>>,
    tactical_lists: Vec<Vec<(G::Move, i32)>>,
    /// Nodes spent below each root move in this search, by move bits (for time management).
    root_nodes: Vec<(u32, u64)>,
    /// Per ply, the quiet moves searched so far at the node (their histories fall when
    /// another move cuts off).
    quiet_lists: Vec<Vec<G::Move>>,
    /// Per ply, the capture history slots of the captures searched so far at the node.
    capture_lists: Vec<Vec<usize>>,
    evaluator: Evaluator<'a>,
    listener: Option<Listener<'a, G::Move>>,
    /// The root moves searched before this root search in the iteration (MultiPV's lines
    /// already found), counted before its own in `Event::RootMove`.
    pub root_move_base: usize,
}

impl<G: Searchable> Drop for Searcher<'_, G> {
    fn drop(&mut self) {
        std::mem::replace(&mut self.histories, Histories::none()).give_back();
    }
}

impl<'a, G: Searchable> Searcher<'a, G> {
    /// A search after the game whose positions hash to `game_history`, evaluating with
    /// `network` where it fits; `clock` counts its nodes and says when to stop.
    pub fn new(
        tt: &'a TranspositionTable,
        clock: NodeClock<'a>,
        game_history: &[u64],
        network: Option<&'a QuantisedNetwork>,
    ) -> Self {
        Searcher {
            evaluator: Evaluator::new::<G>(network),
            tt,
            clock,
            path: Path::new(game_history),
            histories: Histories::take(),
            excluded: [NO_EXCLUDED; MAX_PLY + 1],
            pv: PvTable::new(),
            root_excluded: Vec::new(),
            root_best: -INFINITE,
            root_depth: 0,
            quiet_plies: 0,
            stack: vec![
                PlyState {
                    eval: NO_EVAL,
                    side: Player::WHITE,
                    null: false,
                    slot: NO_SLOT,
                };
                MAX_PLY + 2
            ],
            move_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            key_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            tactical_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            quiet_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            capture_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            root_nodes: Vec::new(),
            listener: None,
            root_move_base: 0,
        }
    }

    /// Tells `tell` what the search finds from now on: the lines the deepening reports
    /// (`tell`), and each root move it starts on once it has run for `root_moves_after`.
    pub fn listen(&mut self, tell: &'a mut dyn FnMut(&Event<G::Move>), root_moves_after: Duration) {
        self.listener = Some(Listener {
            tell,
            root_moves_after,
        });
    }

    /// Tells the listener of `event`, if there is one.
    pub fn tell(&mut self, event: &Event<G::Move>) {
        if let Some(listener) = &mut self.listener {
            (listener.tell)(event);
        }
    }

    /// The node at `ply` starts on `mv`, after `searched` moves: at the root, the listener
    /// hears of it once the search has run long enough. Only reads the clock: the search goes
    /// on the same.
    #[inline]
    fn root_move_started(&mut self, ply: usize, mv: G::Move, searched: usize) {
        if ply > 0 {
            return;
        }
        let Some(listener) = &mut self.listener else {
            return;
        };
        if !tells_root_moves(self.clock.elapsed(), listener.root_moves_after) {
            return;
        }
        (listener.tell)(&Event::RootMove(RootMove {
            mv,
            number: self.root_move_base + searched + 1,
            depth: self.root_depth,
        }));
    }

    pub fn nodes(&self) -> u64 {
        self.clock.nodes
    }

    pub fn seldepth(&self) -> usize {
        self.clock.seldepth
    }

    /// The nodes searched below the root move `bits` so far in this search.
    pub fn root_move_nodes(&self, bits: u32) -> u64 {
        self.root_nodes
            .iter()
            .find(|&&(m, _)| m == bits)
            .map_or(0, |&(_, n)| n)
    }

    fn count_root_nodes(&mut self, bits: u32, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(m, _)| *m == bits) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((bits, nodes)),
        }
    }

    /// The principal variation of the last completed root search.
    pub fn principal_variation(&self) -> &[G::Move] {
        self.pv.line(0)
    }

    /// Whether the search must stop (a first iteration's grace aside).
    pub fn stopped(&self) -> bool {
        self.clock.must_stop()
    }

    /// Holds a stop back for the first iteration's grace nodes, or lets it hold at once.
    pub fn set_first_iteration_grace(&mut self, on: bool) {
        self.clock.first_iteration_grace = on;
    }

    /// A node's bookkeeping: counts it, checks the limits and clears its line; false once the
    /// search is stopped.
    #[inline(always)]
    fn enter(&mut self, ply: usize) -> bool {
        if self.clock.count(ply) {
            return false;
        }
        self.pv.clear(ply);
        true
    }

    /// Searches `pos` to `depth` within (alpha, beta) and returns its score for the side to move.
    pub fn root(&mut self, pos: &G, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.root_best = -INFINITE;
        // A search stopped on entering the root leaves no line: not the last iteration's.
        self.pv.clear(0);
        self.root_depth = depth;
        self.evaluator.set_root(pos);
        self.negamax(pos, depth, 0, alpha, beta)
    }

    /// The value of `child` for the side to move at `parent`, searched within (alpha, beta):
    /// to `depth` plies, or by quiescence when `depth` is None.
    fn child(
        &mut self,
        parent: &G,
        child: &G,
        depth: Option<i32>,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let same_side = child.side_to_move() == parent.side_to_move();
        self.evaluator.enter(child, ply + 1);
        self.path.push(parent.hash());
        let score = match (same_side, depth) {
            (true, Some(d)) => self.negamax(child, d, ply + 1, alpha, beta),
            (false, Some(d)) => -self.negamax(child, d, ply + 1, -beta, -alpha),
            (true, None) => self.quiesce(child, ply + 1, alpha, beta),
            (false, None) => -self.quiesce(child, ply + 1, -beta, -alpha),
        };
        self.path.pop();
        score
    }

    /// The score of a position without moves: the rules say who won, if anyone.
    fn terminal(pos: &G, ply: usize) -> i32 {
        match pos.rule_outcome() {
            Some(Outcome::Win { winner, .. }) if winner == pos.side_to_move() => mate_in(ply),
            Some(Outcome::Win { .. }) => mated_in(ply),
            _ => DRAW,
        }
    }

    /// The static evaluation of `pos`, the position at `ply` on the line, for its mover.
    #[inline]
    fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        let nodes = self.clock.nodes;
        self.evaluator.evaluate(pos, ply, pos.side_to_move(), nodes)
    }
}
