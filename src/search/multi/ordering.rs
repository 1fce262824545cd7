//! Move ordering for the multi-player search: the table's move, captures and promotions by
//! value, two killers per ply, then quiet moves by history. The same scheme as the two-player
//! search (alphabeta.rs); the killers and history are kept apart per player, since a quiet
//! move that refuted something for one player says nothing of another's.

use crate::core::Player;
use crate::game::Searchable;

const HISTORY_SIZE: usize = 1 << 13;
/// Enough for any number of players the registry has (trichess: 3).
const MAX_PLAYERS: usize = 4;

pub(super) struct MoveOrder<M> {
    /// `killers[ply]`: the last two quiet moves that caused a cut-off at that ply.
    killers: Vec<[Option<M>; 2]>,
    /// Per player, credit for quiet moves that caused cut-offs, by hashed move.
    history: Vec<i32>,
}

impl<M: Copy + Eq> MoveOrder<M> {
    pub fn new() -> Self {
        MoveOrder {
            killers: Vec::new(),
            history: vec![0; HISTORY_SIZE * MAX_PLAYERS],
        }
    }

    fn history_slot<G: Searchable<Move = M>>(player: Player, mv: M) -> usize {
        let hashed = (G::move_bits(mv).wrapping_mul(0x9e37_79b1) >> 19) as usize;
        (player.index() % MAX_PLAYERS) * HISTORY_SIZE + (hashed & (HISTORY_SIZE - 1))
    }

    fn killers_at(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    /// The ordering key of `mv` in `pos` at `ply`: higher first.
    fn key<G: Searchable<Move = M>>(
        &self,
        pos: &G,
        mv: M,
        table_move: Option<M>,
        ply: usize,
    ) -> i32 {
        let killers = self.killers_at(ply);
        if Some(mv) == table_move {
            1 << 30
        } else if let Some(v) = pos.tactical_value(mv) {
            (1 << 28) + v
        } else if Some(mv) == killers[0] {
            1 << 27
        } else if Some(mv) == killers[1] {
            (1 << 27) - 1
        } else {
            self.history[Self::history_slot::<G>(pos.side_to_move(), mv)]
        }
    }

    /// Sorts `moves` of `pos` best first for a node at `ply`.
    pub fn sort<G: Searchable<Move = M>>(
        &self,
        pos: &G,
        moves: &mut [M],
        table_move: Option<M>,
        ply: usize,
    ) {
        moves.sort_by_cached_key(|&mv| std::cmp::Reverse(self.key(pos, mv, table_move, ply)));
    }

    /// The move of `moves` that would be sorted first (None if there are none).
    pub fn first<G: Searchable<Move = M>>(&self, pos: &G, moves: &[M], ply: usize) -> Option<M> {
        moves
            .iter()
            .copied()
            .max_by_key(|&mv| self.key(pos, mv, None, ply))
    }

    /// A quiet move of `pos` caused a cut-off at `ply` with `depth` to go: it becomes a killer
    /// and earns history.
    pub fn reward<G: Searchable<Move = M>>(&mut self, pos: &G, mv: M, ply: usize, depth: i32) {
        if pos.tactical_value(mv).is_some() {
            return;
        }
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let slot = &mut self.history[Self::history_slot::<G>(pos.side_to_move(), mv)];
        *slot += depth * depth;
        if *slot > 1 << 20 {
            // Halve them all so that recent experience keeps its weight.
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }
}
