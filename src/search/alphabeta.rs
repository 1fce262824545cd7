//! Principal-variation alpha-beta with quiescence, for two-player variants, written once for
//! all of them. Negamax, except where a side moves twice in a row (doublemove's sub-moves): a
//! child with the same side to move is searched without the sign flip, decided by comparing
//! sides, never by naming a variant.

use super::score::{from_table, mate_in, mated_in, to_table, DRAW, INFINITE, MATE_BOUND};
use super::tt::{Bound, Entry, TranspositionTable};
use crate::game::Searchable;
use crate::nnue::{Accumulators, QuantisedNetwork};
use crate::outcome::Outcome;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub const MAX_PLY: usize = 128;
/// Quiescence plies within which a side in check searches all its evasions; deeper, it may
/// stand pat like any other side. Without a bound, variants with many quiet evasions (every
/// spin in spinchess) and many checking captures (gigachess's cannons) can chain check,
/// evasion, checking capture for dozens of plies, and one iteration never ends.
const QUIESCENCE_CHECK_PLIES: u32 = 4;
/// How far beyond a capture's material gain a position may still swing (positional terms).
const DELTA_MARGIN: i32 = 200;
/// How many nodes the first iteration may search before a stop holds: a count, not a time,
/// so that a search stopped at once gives the same answer however loaded the machine is (and
/// a node-limited search the same answer every time); a few milliseconds in a release
/// build, well inside the 10 ms a GUI may expect between `stop` and `bestmove`.
const FIRST_ITERATION_GRACE_NODES: u64 = 4096;
const HISTORY_SIZE: usize = 1 << 14;
/// Continuation histories index a move by the move before it: both hashed to this many slots.
const CONTINUATION_SLOTS: usize = 1 << 10;
/// History scores stay within +/- this: each update moves a score toward the bound by a share
/// of the distance left ("gravity"), so that old lessons fade and no score saturates.
const HISTORY_MAX: i32 = 16_384;
/// No move at this ply (the root's parent, or a null move).
const NO_SLOT: usize = usize::MAX;
/// Ordering keys, highest first: the table's move, captures and promotions whose static
/// exchange does not lose material (most valuable victim first, then by capture history),
/// the killers, the counter move, quiet moves by their histories (within +/- 3 HISTORY_MAX),
/// captures that lose material last. Where the variant has no static exchange, "losing" is
/// its `losing_capture`.
const KEY_TABLE_MOVE: i32 = 1 << 30;
const KEY_GOOD_CAPTURE: i32 = 1 << 28;
/// A quiet move whose key is not worked out yet: quiet moves are scored only once no good
/// capture is left to try, so a node that a capture refutes never reads their histories.
/// Below every good capture and above every killer, so the picker meets it exactly then.
const KEY_UNSCORED_QUIET: i32 = KEY_KILLER + 1;
const KEY_KILLER: i32 = 1 << 27;
const KEY_COUNTER: i32 = KEY_KILLER - 2;
const KEY_BAD_CAPTURE: i32 = -(1 << 28);
/// Capture history slots per side: a capture is hashed by its move bits and its tactical
/// value (which tells the victim and the capturer apart), as the other histories hash moves.
const CAPTURE_HISTORY_SIZE: usize = 1 << 14;
/// A capture's key adds its capture history divided by this to its MVV-LVA value (8 per
/// centipawn of victim): at most about five pawns' worth of victim, so that a capture that
/// keeps refuting moves goes before one that takes a little more.
const CAPTURE_HISTORY_WEIGHT: i32 = 4;
/// SEE pruning, up to this depth: a losing capture (or a quiet check) whose exchange loses
/// more than SEE_CAPTURE_MARGIN per ply of depth, or another quiet move that loses more than
/// SEE_QUIET_MARGIN times the square of the depth it would be searched to, is not searched.
const SEE_PRUNE_DEPTH: i32 = 8;
const SEE_CAPTURE_MARGIN: i32 = 100;
const SEE_QUIET_MARGIN: i32 = 30;
/// A static evaluation not taken (the side to move is in check, where it means nothing).
const NO_EVAL: i32 = i32::MIN / 2;
/// Reverse futility pruning: a node whose static evaluation beats beta by this much per ply
/// of depth left is taken to hold (the side to move stands so well that the opponent will not
/// let it get here), up to this depth.
const RFP_MARGIN: i32 = 80;
const RFP_DEPTH: i32 = 7;
/// Futility pruning: a quiet move at a node whose evaluation plus this base and this much per
/// ply (of the depth the move would be searched to) stays below alpha is not searched.
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 120;
const FUTILITY_DEPTH: i32 = 8;
/// Late move pruning: at shallow depth only the first few quiet moves are worth searching,
/// from LMP_MIN_DEPTH to LMP_DEPTH. Not at depth 1, the frontier: there the limit is two
/// quiet moves, and the histories, which know nothing of what is attacked, seldom put the
/// move that takes an attacked man out of danger among the first two; the node then reads as
/// lost what one step away saves, and a whole two-ply search played worse than one ply.
const LMP_DEPTH: i32 = 8;
const LMP_MIN_DEPTH: i32 = 2;
/// Correction history: per side, this many slots keyed by the variant's `structure_key`, each
/// the evaluation's recent error there in 1/CORRECTION_GRAIN centipawns, within
/// +/- CORRECTION_MAX (256 cp). Each searched node moves its slot toward the node's error by
/// a share that grows with depth, up to CORRECTION_WEIGHT_MAX/256.
const CORRECTION_SIZE: usize = 1 << 14;
const CORRECTION_GRAIN: i32 = 64;
const CORRECTION_MAX: i32 = 256 * CORRECTION_GRAIN;
const CORRECTION_WEIGHT_MAX: i32 = 16;
/// Singular extensions: from this depth, a table move whose lower bound (from a search at
/// most SINGULAR_TABLE_SLACK plies shallower) beats every other move, searched to about half
/// the depth, by SINGULAR_MARGIN per ply, is searched a ply deeper; a node where another move
/// also reaches that lowered bound, and the bound beats beta, is cut (multi-cut).
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_TABLE_SLACK: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;
/// No move left out of the node's search (see `Searcher::excluded`).
const NO_EXCLUDED: u32 = u32::MAX;

/// Late move reductions, by depth and move number: 0.8 + ln(depth) ln(moves) / 2.4 plies, the
/// logarithmic shape today's engines share (few at shallow depth or early in the list, more
/// for late moves of deep nodes).
fn lmr_table() -> &'static [[u8; 64]; 64] {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.8 + (d as f64).ln() * (m as f64).ln() / 2.4) as u8;
            }
        }
        t
    })
}

/// Moves a history score by `bonus`, with gravity: the nearer the bound the score already
/// stands, the less it moves toward it.
#[inline]
fn nudge(score: &mut i16, bonus: i32) {
    let old = i32::from(*score);
    // Gravity keeps the score within +/-HISTORY_MAX, which an i16 holds.
    *score = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
}

/// One thread's search state.
/// Where a node of the tree stands: the depth left, its distance from the root, and whether its
/// side to move is in check.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    in_check: bool,
    /// The static evaluation (NO_EVAL in check) and whether it is better than at the side's
    /// previous node on this line: an improving position is pruned less.
    eval: i32,
    improving: bool,
    /// Plies added to the first move's depth (the table's move): 1 where it is singular, -1
    /// where another move likely holds beta too.
    first_extension: i32,
}

/// What the search remembers of each ply on the current line.
#[derive(Clone, Copy)]
struct PlyState {
    eval: i32,
    side: crate::core::Player,
    /// This ply's move was a null move (no two in a row: they would cancel out).
    null: bool,
    /// The move being searched at this ply, hashed for the continuation histories and the
    /// counter moves of the plies below (NO_SLOT before the first, or for a null move).
    slot: usize,
}

/// What the singular-extension search found of the table move.
enum Singular {
    /// Every other move stays well below it: search it a ply deeper.
    Extend,
    /// Another move holds beta too: the node is cut with this score.
    Cut(i32),
    /// Not singular, and the table expects a cut-off: the table move is searched a ply
    /// shallower, since another move will likely cut if it fails.
    Reduce,
    No,
}

/// The table's score for a node when its entry is deep enough and its bound settles the
/// window (alpha, beta).
#[inline]
fn table_cut(entry: Option<Entry>, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let e = entry?;
    let s = from_table(e.score, ply);
    (e.depth >= depth && e.bound.cuts(s, alpha, beta)).then_some(s)
}

pub struct Searcher<'a, G: Searchable> {
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    start: Instant,
    hard_limit: Option<Duration>,
    node_limit: Option<u64>,
    /// Only the main thread watches the clock; helpers stop when it says so.
    pub main: bool,
    /// Set while the first iteration runs: a stop within its first FIRST_ITERATION_GRACE_NODES
    /// nodes is held back, so that even a search stopped at once answers with a searched move,
    /// not merely the first one generated. After that the stop holds (a variant whose first iteration is
    /// slow, such as gigachess in a sharp position, must not overrun its clock), and the
    /// iteration's best root move so far is the answer.
    pub finish_iteration: bool,
    pub nodes: u64,
    pub seldepth: usize,
    /// Hashes of the positions before the current node: the game so far, then the search path.
    path: Vec<u64>,
    killers: [[u32; 2]; MAX_PLY + 1],
    /// Quiet moves' successes by side and move (the butterfly history).
    history: Vec<i16>,
    /// Quiet moves' successes after the previous move (one ply back) and after the move
    /// before that (two plies back): [previous slot][move slot].
    continuation: [Vec<i16>; 2],
    /// The quiet move that last refuted each move, by the refuted move's slot.
    counters: Vec<u32>,
    /// Captures' and promotions' successes by side and capture slot (`capture_slot`).
    capture_history: Vec<i16>,
    /// The static evaluation's error by side and structure key (`correction_slot`).
    correction: Vec<i16>,
    /// Per ply, the move bits of the table move a singular-extension search leaves out
    /// (NO_EXCLUDED outside such a search).
    excluded: [u32; MAX_PLY + 1],
    pv: Vec<Vec<G::Move>>,
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
    /// The network's accumulators along the line; None where the hand-written evaluation
    /// judges.
    network: Option<Accumulators<'a>>,
}

impl<'a, G: Searchable> Searcher<'a, G> {
    pub fn new(
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        game_history: &[u64],
        start: Instant,
        hard_limit: Option<Duration>,
        node_limit: Option<u64>,
        network: Option<&'a QuantisedNetwork>,
    ) -> Self {
        let network = network
            .filter(|net| Accumulators::fits::<G>(net))
            .map(|net| Accumulators::new(net, MAX_PLY + 2));
        Searcher {
            network,
            tt,
            stop,
            start,
            hard_limit,
            node_limit,
            main: true,
            finish_iteration: false,
            nodes: 0,
            seldepth: 0,
            path: game_history.to_vec(),
            killers: [[u32::MAX; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
            continuation: [
                vec![0; CONTINUATION_SLOTS * CONTINUATION_SLOTS],
                vec![0; CONTINUATION_SLOTS * CONTINUATION_SLOTS],
            ],
            counters: vec![u32::MAX; CONTINUATION_SLOTS],
            capture_history: vec![0; 2 * CAPTURE_HISTORY_SIZE],
            correction: vec![0; 2 * CORRECTION_SIZE],
            excluded: [NO_EXCLUDED; MAX_PLY + 1],
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            root_excluded: Vec::new(),
            root_best: -INFINITE,
            root_depth: 0,
            quiet_plies: 0,
            stack: vec![
                PlyState {
                    eval: NO_EVAL,
                    side: crate::core::Player::WHITE,
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
        }
    }

    /// The nodes searched below the root move `bits` so far in this search.
    pub fn root_move_nodes(&self, bits: u32) -> u64 {
        self.root_nodes
            .iter()
            .find(|&&(m, _)| m == bits)
            .map_or(0, |&(_, n)| n)
    }

    /// The principal variation of the last completed root search.
    pub fn principal_variation(&self) -> &[G::Move] {
        &self.pv[0]
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            && !(self.finish_iteration && self.nodes < FIRST_ITERATION_GRACE_NODES)
    }

    /// A node's bookkeeping: counts it, checks the limits and clears its line; false once the
    /// search is stopped.
    #[inline(always)]
    fn enter(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.check_limits();
        if self.stopped() {
            return false;
        }
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        true
    }

    fn check_limits(&mut self) {
        if !self.main || self.nodes & 1023 != 0 {
            return;
        }
        let out_of_time = self.hard_limit.is_some_and(|h| self.start.elapsed() >= h);
        let out_of_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
        if out_of_time || out_of_nodes {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Searches `pos` to `depth` within (alpha, beta) and returns its score for the side to move.
    pub fn root(&mut self, pos: &G, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.root_best = -INFINITE;
        // A search stopped on entering the root leaves no line: not the last iteration's.
        self.pv[0].clear();
        self.root_depth = depth;
        if let Some(network) = &mut self.network {
            network.set_root(pos);
        }
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
        if let Some(network) = &mut self.network {
            network.enter(child, ply + 1);
        }
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

    /// The position already stood on the board (or on the path) since the last irreversible
    /// move: a repetition, scored as a draw inside the tree.
    fn repeated(&self, pos: &G) -> bool {
        if !pos.is_turn_boundary() {
            return false;
        }
        let hash = pos.hash();
        let window = (pos.reversible_plies() as usize).min(self.path.len());
        self.path[self.path.len() - window..]
            .iter()
            .rev()
            .any(|&h| h == hash)
    }

    fn history_slot(mv: G::Move) -> usize {
        (G::move_bits(mv).wrapping_mul(0x9e37_79b1) >> 18) as usize & (HISTORY_SIZE - 1)
    }

    fn continuation_slot(mv: G::Move) -> usize {
        (G::move_bits(mv).wrapping_mul(0x85eb_ca6b) >> 22) as usize & (CONTINUATION_SLOTS - 1)
    }

    /// The slot of the move `back` plies above `ply` (1: the move that led here), if any.
    fn slot_back(&self, ply: usize, back: usize) -> usize {
        if ply >= back {
            self.stack[ply - back].slot
        } else {
            NO_SLOT
        }
    }

    /// A quiet move's history scores at `ply`: butterfly plus both continuations.
    fn quiet_score(&self, mv: G::Move, ply: usize) -> i32 {
        let side = self.stack[ply].side.index() & 1;
        let mut score = i32::from(self.history[side * HISTORY_SIZE + Self::history_slot(mv)]);
        let slot = Self::continuation_slot(mv);
        for (back, table) in [1, 2].into_iter().zip(&self.continuation) {
            let prev = self.slot_back(ply, back);
            if prev != NO_SLOT {
                score += i32::from(table[prev * CONTINUATION_SLOTS + slot]);
            }
        }
        score
    }

    /// The capture history slot of a capture or promotion of tactical value `value`, for the
    /// side to move at `ply`.
    fn capture_slot(&self, mv: G::Move, value: i32, ply: usize) -> usize {
        let side = self.stack[ply].side.index() & 1;
        let key = u64::from(G::move_bits(mv)) << 32 | u64::from(value as u32);
        let hashed = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 50) as usize;
        side * CAPTURE_HISTORY_SIZE + (hashed & (CAPTURE_HISTORY_SIZE - 1))
    }

    /// Whether a capture loses material: by its static exchange where the variant has one,
    /// else by the variant's cheaper guess.
    #[inline]
    fn losing(pos: &G, mv: G::Move) -> bool {
        match pos.see_ge(mv, 0) {
            Some(holds) => !holds,
            None => pos.losing_capture(mv),
        }
    }

    /// The first stage of ordering: keys for the captures and promotions among `moves` (by
    /// their exchange, victim and capture history), KEY_UNSCORED_QUIET for the quiet moves.
    fn score_tactical(&self, pos: &G, moves: &[G::Move], ply: usize, keys: &mut [i32]) {
        for (&mv, key) in moves.iter().zip(keys.iter_mut()) {
            *key = match pos.tactical_value(mv) {
                None => KEY_UNSCORED_QUIET,
                Some(v) => {
                    let history = i32::from(self.capture_history[self.capture_slot(mv, v, ply)])
                        / CAPTURE_HISTORY_WEIGHT;
                    let base = if Self::losing(pos, mv) {
                        KEY_BAD_CAPTURE
                    } else {
                        KEY_GOOD_CAPTURE
                    };
                    base + v + history
                }
            };
        }
    }

    /// The second stage, once the good captures are spent: keys for the quiet moves still
    /// unscored (killers, the counter move, then the histories).
    fn score_quiets(&self, moves: &[G::Move], ply: usize, keys: &mut [i32]) {
        let prev = self.slot_back(ply, 1);
        let counter = if prev == NO_SLOT {
            u32::MAX
        } else {
            self.counters[prev]
        };
        for (&mv, key) in moves.iter().zip(keys.iter_mut()) {
            if *key != KEY_UNSCORED_QUIET {
                continue;
            }
            let bits = G::move_bits(mv);
            *key = if bits == self.killers[ply][0] {
                KEY_KILLER
            } else if bits == self.killers[ply][1] {
                KEY_KILLER - 1
            } else if bits == counter {
                KEY_COUNTER
            } else {
                self.quiet_score(mv, ply)
            };
        }
    }

    /// Brings the next move to try to `moves[i]`, scoring by stages as the picker reaches
    /// them (`scored`: the first stage is done). The table move, if any, already stands at 0.
    fn next_move(
        &self,
        pos: &G,
        moves: &mut [G::Move],
        keys: &mut [i32],
        i: usize,
        ply: usize,
        scored: &mut bool,
    ) {
        if !*scored {
            if i == 0 && keys[0] == KEY_TABLE_MOVE {
                return;
            }
            self.score_tactical(pos, &moves[i..], ply, &mut keys[i..]);
            *scored = true;
        }
        Self::pick(moves, keys, i);
        if keys[i] == KEY_UNSCORED_QUIET {
            self.score_quiets(&moves[i..], ply, &mut keys[i..]);
            Self::pick(moves, keys, i);
        }
    }

    /// Puts the table's move first, if it is among `moves`, and readies `keys` for the
    /// picker: nothing else is scored before it is needed.
    fn table_move_first(moves: &mut [G::Move], tt_move: Option<u32>, keys: &mut Vec<i32>) {
        keys.clear();
        keys.resize(moves.len(), 0);
        if let Some(j) =
            tt_move.and_then(|bits| moves.iter().position(|&m| G::move_bits(m) == bits))
        {
            moves.swap(0, j);
            keys[0] = KEY_TABLE_MOVE;
        }
    }

    /// Moves `moves[i..]`'s best-keyed move to `i` (selection sort: most nodes cut early).
    fn pick(moves: &mut [G::Move], keys: &mut [i32], i: usize) {
        let best = (i..moves.len()).max_by_key(|&j| keys[j]).unwrap_or(i);
        moves.swap(i, best);
        keys.swap(i, best);
    }

    fn negamax(&mut self, pos: &G, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.enter(ply) {
            return DRAW;
        }
        if ply > 0 {
            if pos.draw_by_rule() || self.repeated(pos) {
                return DRAW;
            }
            // No line from here can beat a mate already found nearer the root.
            (alpha, beta) = (alpha.max(mated_in(ply)), beta.min(mate_in(ply + 1)));
            if alpha >= beta {
                return alpha;
            }
        }
        // A game the last move ended (doublemove's king capture) scores as the rules say, before
        // any pruning can stand on a static evaluation of a board with a king gone.
        if pos.decided() {
            return Self::terminal(pos, ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let in_check = pos.in_check();
        let extend = in_check && (ply as i32) < 2 * self.root_depth;
        let depth = if extend { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let hash = pos.hash();
        let entry = self.tt.probe(hash);
        // A singular-extension search of this position without its table move: the table's
        // score is the whole position's, not this search's.
        let excluded = self.excluded[ply];
        let singular_search = excluded != NO_EXCLUDED;
        if ply > 0 && !pv_node && !singular_search {
            if let Some(s) = table_cut(entry, depth, ply, alpha, beta) {
                return s;
            }
        }

        // Without shallow pruning only the null move reads the evaluation: a variant whose
        // evaluation is dear (gigachess) then pays for it only where the null move may run.
        let wanted = G::SHALLOW_PRUNING || (!pv_node && depth >= 3 && ply > 0);
        let eval = if in_check || !wanted {
            NO_EVAL
        } else {
            self.static_eval(pos, ply)
        };
        let side = pos.side_to_move();
        let improving = !in_check
            && eval != NO_EVAL
            && ply >= 2
            && self.stack[ply - 2].side == side
            && self.stack[ply - 2].eval != NO_EVAL
            && eval > self.stack[ply - 2].eval;
        self.stack[ply] = PlyState {
            eval,
            side,
            null: false,
            slot: NO_SLOT,
        };
        if !pv_node && !in_check && ply > 0 && beta.abs() < MATE_BOUND && !singular_search {
            // Reverse futility: standing this far above beta, the node will hold.
            if G::SHALLOW_PRUNING
                && depth <= RFP_DEPTH
                && eval < MATE_BOUND
                && eval - RFP_MARGIN * (depth - improving as i32) >= beta
            {
                return eval;
            }
            if depth >= 3 && eval != NO_EVAL && eval >= beta && !self.stack[ply - 1].null {
                if let Some(score) = self.null_move_cut(pos, depth, ply, eval, beta) {
                    return score;
                }
            }
        }

        // Before the move list is taken: the singular search below reuses this ply's lists.
        // Where the evaluation cannot judge quiet moves (spins, cannon screens), the half-depth
        // search without the table move misses what the deeper one saw nearly every time, calls
        // the move singular and extends line after line: the spinchess bench grew from 13 to 91
        // million nodes. Only where the shallow prunings are sound.
        let mut first_extension = 0;
        if let Some(e) = entry.filter(|_| {
            G::SHALLOW_PRUNING && ply > 0 && !singular_search && depth >= SINGULAR_DEPTH
        }) {
            match self.singular_verdict(pos, e, depth, ply, beta) {
                Singular::Extend => first_extension = ((ply as i32) < 2 * self.root_depth) as i32,
                Singular::Reduce => first_extension = -1,
                Singular::Cut(score) => return score,
                Singular::No => {}
            }
            if self.stopped() {
                return DRAW;
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let restricted = (ply == 0 && !self.root_excluded.is_empty()) || singular_search;
        let legal = !moves.is_empty();
        if ply == 0 && !self.root_excluded.is_empty() {
            moves.retain(|&mv| !self.root_excluded.contains(&G::move_bits(mv)));
        } else if singular_search {
            moves.retain(|&mv| G::move_bits(mv) != excluded);
        }
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return if legal {
                -INFINITE
            } else {
                Self::terminal(pos, ply)
            };
        }
        let mut keys = std::mem::take(&mut self.key_lists[ply]);
        Self::table_move_first(&mut moves, entry.map(|e| e.mv), &mut keys);
        let node = Node {
            depth,
            ply,
            in_check,
            eval,
            improving,
            first_extension,
        };
        let searched = self.search_moves(pos, node, &mut moves, &mut keys, alpha, beta);
        self.move_lists[ply] = moves;
        self.key_lists[ply] = keys;
        let Some((best, best_move)) = searched else {
            return DRAW;
        };
        if restricted {
            // The score of a node with moves left out is not the position's: keep it out of
            // the table.
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The search's score says how far the evaluation erred here, where the bound tells
        // on which side: a fail-high shows only that the truth is above, a fail-low below.
        // Not after a capture or promotion, whose gain is no error of the static judgement.
        if eval != NO_EVAL
            && best.abs() < MATE_BOUND
            && pos.tactical_value(best_move).is_none()
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
        {
            self.correct(pos, best - eval, depth);
        }
        self.store(hash, best_move, best, bound, depth, ply);
        best
    }

    /// Whether the table move `entry.mv` is singular at `pos`: searched without it to about
    /// half the depth, does every other move stay below the table's lower bound less a
    /// margin? If another move reaches it and that lowered bound still beats beta, several
    /// moves hold beta and the node is cut.
    fn singular_verdict(
        &mut self,
        pos: &G,
        entry: Entry,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Singular {
        let table_score = from_table(entry.score, ply);
        if entry.bound == Bound::Upper
            || entry.depth < depth - SINGULAR_TABLE_SLACK
            || table_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = table_score - SINGULAR_MARGIN * depth;
        let saved = self.stack[ply];
        self.excluded[ply] = entry.mv;
        let score = self.negamax(pos, (depth - 1) / 2, ply, singular_beta - 1, singular_beta);
        self.excluded[ply] = NO_EXCLUDED;
        self.stack[ply] = saved;
        // Its line is no line of this node's.
        self.pv[ply].clear();
        if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if table_score >= beta {
            Singular::Reduce
        } else {
            Singular::No
        }
    }

    /// The static evaluation corrected by what this search has learnt of its error at the
    /// position's structure (correction history).
    #[inline]
    fn static_eval(&mut self, pos: &G, ply: usize) -> i32 {
        let raw = self.evaluate(pos, ply);
        match Self::correction_slot(pos) {
            Some(slot) => (raw + i32::from(self.correction[slot]) / CORRECTION_GRAIN)
                .clamp(1 - MATE_BOUND, MATE_BOUND - 1),
            None => raw,
        }
    }

    /// The static evaluation of `pos`, the position at `ply` on the line: the network's, with
    /// the threats it does not learn added (the whole hand-written evaluation, where the
    /// network corrects it), where one is chosen, else the variant's hand-written one.
    #[inline]
    fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        match &mut self.network {
            // A network's output is not bounded by its training: kept out of the mate range.
            Some(network) => {
                let mover = pos.side_to_move().index();
                let score = network.evaluate::<G>(ply, mover);
                crate::nnue::check_incremental(network.network(), pos, mover, score, self.nodes);
                // A correcting network stands beside the whole hand-written evaluation, which
                // holds the threats already.
                let beside = match network.network().corrects_hand_written {
                    true => pos.evaluate(),
                    false => pos.unsearched_threats(),
                };
                (score + beside).clamp(1 - MATE_BOUND, MATE_BOUND - 1)
            }
            None => pos.evaluate(),
        }
    }

    /// The correction history slot of the position's side to move and structure key; None
    /// where the variant has no structure key.
    #[inline]
    fn correction_slot(pos: &G) -> Option<usize> {
        let key = pos.structure_key()?;
        let side = pos.side_to_move().index() & 1;
        Some(side * CORRECTION_SIZE + (key as usize & (CORRECTION_SIZE - 1)))
    }

    /// Moves the correction at `pos`'s structure toward `error` (the searched score less the
    /// corrected evaluation), by more for deeper searches, which judge better.
    fn correct(&mut self, pos: &G, error: i32, depth: i32) {
        let Some(slot) = Self::correction_slot(pos) else {
            return;
        };
        let weight = (depth + 1).min(CORRECTION_WEIGHT_MAX);
        let old = i32::from(self.correction[slot]);
        // The slot holds the error of the corrected evaluation added to its correction.
        let target = old + (error * CORRECTION_GRAIN).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        let new = (old * (256 - weight) + target * weight) / 256;
        self.correction[slot] = new.clamp(-CORRECTION_MAX, CORRECTION_MAX) as i16;
    }

    /// Searches `moves` in the order of their `keys`: the first with the full window, the
    /// others by `later_move`, until one reaches beta. The best score and its move; None when
    /// the search was stopped.
    #[inline]
    fn search_moves(
        &mut self,
        pos: &G,
        node: Node,
        moves: &mut [G::Move],
        keys: &mut [i32],
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, G::Move)> {
        let Node {
            depth,
            ply,
            in_check,
            eval,
            improving,
            first_extension,
        } = node;
        let pv_node = beta - alpha > 1;
        let mut best = -INFINITE;
        let mut best_move = moves[0];
        let mut quiets_seen = 0;
        let mut tried = std::mem::take(&mut self.quiet_lists[ply]);
        tried.clear();
        let mut tried_captures = std::mem::take(&mut self.capture_lists[ply]);
        tried_captures.clear();
        let mut searched = 0;
        let mut scored = false;
        // Set once late-move pruning has cut a quiet move: every later quiet move would be cut
        // too (the count only grows), so they are skipped before being made.
        let mut skip_quiets = false;
        for i in 0..moves.len() {
            self.next_move(pos, moves, keys, i, ply, &mut scored);
            let mv = moves[i];
            let tactical = pos.tactical_value(mv);
            let quiet = tactical.is_none();
            if quiet && skip_quiets {
                continue;
            }
            let is_killer = quiet && keys[i] >= KEY_COUNTER && keys[i] <= KEY_KILLER;
            // Late quiet moves are searched shallower first (LMR), by the table, a ply less
            // in PV nodes, for killers and the counter move and for moves with a good
            // history, more where the position is not improving or the history is bad.
            let reduction = if depth >= 3 && i >= 2 && quiet && !in_check {
                let history = if is_killer { 0 } else { keys[i] / 8192 };
                let r = lmr_table()[depth.min(63) as usize][i.min(63)] as i32
                    - pv_node as i32
                    - is_killer as i32
                    + (G::SHALLOW_PRUNING && !improving) as i32
                    - history;
                r.clamp(0, depth - 2)
            } else {
                0
            };
            // SEE pruning of a losing capture: at shallow depth one that gives away more than
            // a pawn a ply is not worth searching, once a move has been searched and no mate
            // is at stake. Only where the variant judges exchanges (see_ge is Some).
            if G::SHALLOW_PRUNING
                && !quiet
                && keys[i] < 0
                && ply > 0
                && !in_check
                && i > 0
                && best > -MATE_BOUND
                && depth <= SEE_PRUNE_DEPTH
                && pos.see_ge(mv, -SEE_CAPTURE_MARGIN * depth) == Some(false)
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            // The child probes the table first thing (quiescence does not): start loading its
            // slot now, while the pruning below decides whether it is searched at all.
            if depth > 1 {
                self.tt.prefetch(child.hash());
            }
            // Shallow quiet moves that cannot matter are skipped, once a move has been
            // searched and no mate is at stake. Not a move after which the same side moves
            // again (doublemove's first sub-move): it is worth what the next one makes of it,
            // a king capture included.
            let prunable = G::SHALLOW_PRUNING
                && quiet
                && ply > 0
                && !in_check
                && i > 0
                && best > -MATE_BOUND
                && child.side_to_move() != pos.side_to_move();
            if prunable {
                quiets_seen += 1;
                let lmp_limit = (3 + depth * depth) / (2 - improving as i32);
                if (LMP_MIN_DEPTH..=LMP_DEPTH).contains(&depth) && quiets_seen > lmp_limit {
                    skip_quiets = true;
                    continue;
                }
                let lmr_depth = (depth - 1 - reduction).max(0);
                // A quiet move that leaves its man where the exchange loses it: the margin
                // it may lose grows with the depth it would be searched to. A check may be a
                // sacrifice that mates, so it is held to the wider margin of captures.
                let gives_check = child.in_check();
                let see_margin = if gives_check {
                    SEE_CAPTURE_MARGIN * depth
                } else {
                    SEE_QUIET_MARGIN * lmr_depth * lmr_depth
                };
                // Futility first: it is a comparison, the exchange a computation, and either
                // cuts the move.
                if !gives_check
                    && lmr_depth <= FUTILITY_DEPTH
                    && eval + FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth <= alpha
                {
                    continue;
                }
                if depth <= SEE_PRUNE_DEPTH && pos.see_ge(mv, -see_margin) == Some(false) {
                    continue;
                }
            }
            self.stack[ply].slot = Self::continuation_slot(mv);
            let nodes_before = self.nodes;
            let score = if searched == 0 {
                let table_move = i == 0 && keys[0] == KEY_TABLE_MOVE;
                let extension = if table_move { first_extension } else { 0 };
                self.child(pos, &child, Some(depth - 1 + extension), ply, alpha, beta)
            } else {
                self.later_move(pos, &child, depth, reduction, ply, alpha, beta)
            };
            if ply == 0 {
                self.count_root_nodes(G::move_bits(mv), self.nodes - nodes_before);
            }
            searched += 1;
            if self.stopped() {
                self.quiet_lists[ply] = tried;
                self.capture_lists[ply] = tried_captures;
                return None;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if ply == 0 {
                        self.root_best = score;
                    }
                    self.extend_pv(ply, mv);
                    if score >= beta {
                        self.reward(mv, tactical, &tried, &tried_captures, ply, depth);
                        break;
                    }
                }
            }
            match tactical {
                None => tried.push(mv),
                Some(v) => tried_captures.push(self.capture_slot(mv, v, ply)),
            }
        }
        self.quiet_lists[ply] = tried;
        self.capture_lists[ply] = tried_captures;
        Some((best, best_move))
    }

    #[inline]
    fn store(&self, hash: u64, mv: G::Move, score: i32, bound: Bound, depth: i32, ply: usize) {
        let entry = Entry {
            mv: G::move_bits(mv),
            score: to_table(score, ply),
            depth,
            bound,
        };
        self.tt.store(hash, entry);
    }

    /// Null-move pruning: if passing still holds beta, a real move will too (where the
    /// variant says passing is a sound assumption). The score to return when it cuts.
    #[inline]
    fn null_move_cut(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        eval: i32,
        beta: i32,
    ) -> Option<i32> {
        let null = pos.null_move()?;
        // Deeper nodes, and positions further above beta, are reduced more; where the
        // evaluation is a poor judge of threats (no shallow pruning), by the depth alone and
        // less.
        let r = if G::SHALLOW_PRUNING {
            3 + depth / 3 + ((eval - beta) / 200).min(3)
        } else {
            2 + depth / 6
        };
        self.stack[ply].null = true;
        self.stack[ply].slot = NO_SLOT;
        let score = self.child(pos, &null, Some(depth - 1 - r), ply, beta - 1, beta);
        self.stack[ply].null = false;
        if self.stopped() {
            return Some(DRAW);
        }
        (score >= beta).then_some(if score > MATE_BOUND { beta } else { score })
    }

    /// A move after the first: searched `reduction` plies shallower with a null window, again
    /// at full depth if it surprises, and with the full window if it may be the best.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn later_move(
        &mut self,
        pos: &G,
        child: &G,
        depth: i32,
        reduction: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let reduced = Some(depth - 1 - reduction);
        let mut s = self.child(pos, child, reduced, ply, alpha, alpha + 1);
        if s > alpha && reduction > 0 {
            s = self.child(pos, child, Some(depth - 1), ply, alpha, alpha + 1);
        }
        if s > alpha && s < beta {
            s = self.child(pos, child, Some(depth - 1), ply, alpha, beta);
        }
        s
    }

    fn count_root_nodes(&mut self, bits: u32, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(m, _)| *m == bits) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((bits, nodes)),
        }
    }

    /// The line at `ply` becomes `mv` followed by the line found below it.
    #[inline]
    fn extend_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// A move that cut off at `ply`: if quiet, it becomes a killer and the counter move of
    /// the move before, and its histories rise; if a capture or promotion (of tactical value
    /// `tactical`), its capture history rises. The quiet moves `tried` and the captures
    /// `tried_captures` (by slot) before it fall by as much, whichever kind of move cut off
    /// (they were searched for nothing).
    fn reward(
        &mut self,
        mv: G::Move,
        tactical: Option<i32>,
        tried: &[G::Move],
        tried_captures: &[usize],
        ply: usize,
        depth: i32,
    ) {
        let bonus = (32 * depth * depth).min(2048);
        for &slot in tried_captures {
            nudge(&mut self.capture_history[slot], -bonus);
        }
        if let Some(v) = tactical {
            let slot = self.capture_slot(mv, v, ply);
            nudge(&mut self.capture_history[slot], bonus);
        } else {
            let bits = G::move_bits(mv);
            if self.killers[ply][0] != bits {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = bits;
            }
            let prev = self.slot_back(ply, 1);
            if prev != NO_SLOT {
                self.counters[prev] = bits;
            }
            self.update_histories(mv, ply, bonus);
        }
        for &other in tried {
            self.update_histories(other, ply, -bonus);
        }
    }

    /// Moves a quiet move's butterfly and continuation histories by `bonus`, with gravity.
    fn update_histories(&mut self, mv: G::Move, ply: usize, bonus: i32) {
        let side = self.stack[ply].side.index() & 1;
        nudge(
            &mut self.history[side * HISTORY_SIZE + Self::history_slot(mv)],
            bonus,
        );
        let slot = Self::continuation_slot(mv);
        for back in [1, 2] {
            let prev = self.slot_back(ply, back);
            if prev != NO_SLOT {
                nudge(
                    &mut self.continuation[back - 1][prev * CONTINUATION_SLOTS + slot],
                    bonus,
                );
            }
        }
    }

    /// Captures and promotions only, until the position is quiet; every move when in check.
    fn quiesce(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if !self.enter(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        if pos.decided() {
            return Self::terminal(pos, ply);
        }
        let in_check = self.quiet_plies < QUIESCENCE_CHECK_PLIES && pos.in_check();
        let mut best = -INFINITE;
        if !in_check {
            let stand_pat = self.static_eval(pos, ply);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return Self::terminal(pos, ply);
        }
        let mut keyed = std::mem::take(&mut self.tactical_lists[ply]);
        keyed.clear();
        keyed.extend(moves.iter().filter_map(|&mv| match pos.tactical_value(mv) {
            Some(v) => Some((mv, v)),
            None if in_check => Some((mv, -INFINITE)),
            None => None,
        }));
        self.move_lists[ply] = moves;
        keyed.sort_unstable_by_key(|&(_, v)| -v);
        let best = self.quiesce_moves(pos, ply, &keyed, in_check, best, alpha, beta);
        self.tactical_lists[ply] = keyed;
        best
    }

    /// Quiescence's move loop over `keyed`, best first, from `best` (the stand-pat score, or
    /// -INFINITE in check).
    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        pos: &G,
        ply: usize,
        keyed: &[(G::Move, i32)],
        in_check: bool,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        for &(mv, _) in keyed {
            // Delta pruning: a capture that cannot bring the score near alpha is not worth
            // a look (never in check, where every evasion counts).
            // Captures that lose material (by their static exchange) are left out too.
            if !in_check
                && (pos
                    .material_gain(mv)
                    .is_some_and(|gain| best + gain + DELTA_MARGIN <= alpha)
                    || Self::losing(pos, mv))
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            self.quiet_plies += 1;
            let score = self.child(pos, &child, None, ply, alpha, beta);
            self.quiet_plies -= 1;
            if self.stopped() {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
