//! The staged move picker: hands a node's moves out best first, scoring each stage only when
//! the picker reaches it, so that a node a capture refutes never reads a quiet move's
//! histories. The stages, in order: the table's move, captures and promotions whose exchange
//! does not lose material, the refutations (killers and the counter move), the other quiet
//! moves by their histories, and the captures that lose material.

/// Ordering keys, highest first. A good capture's key is KEY_GOOD_CAPTURE plus its value and
/// a share of its capture history; a bad one's KEY_BAD_CAPTURE plus the same; a quiet move's
/// is its history sum (within +/- 3 HISTORY_MAX), or a refutation's key.
pub const KEY_TABLE_MOVE: i32 = 1 << 30;
pub const KEY_GOOD_CAPTURE: i32 = 1 << 28;
pub const KEY_KILLER: i32 = 1 << 27;
/// The second killer.
pub const KEY_SECOND_KILLER: i32 = KEY_KILLER - 1;
pub const KEY_COUNTER: i32 = KEY_KILLER - 2;
pub const KEY_BAD_CAPTURE: i32 = -(1 << 28);
/// A quiet move whose key is not worked out yet: below every good capture and above every
/// refutation, so the picker meets it exactly when the good captures are spent.
const KEY_UNSCORED_QUIET: i32 = KEY_KILLER + 1;

/// Where a picked move stands in the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    TableMove,
    GoodTactical,
    Refutation,
    Quiet,
    BadTactical,
}

impl Stage {
    /// The stage of a move with ordering key `key` (quiet moves scored).
    #[inline]
    pub fn of_key(key: i32) -> Stage {
        match key {
            KEY_TABLE_MOVE => Stage::TableMove,
            k if k > KEY_UNSCORED_QUIET => Stage::GoodTactical,
            KEY_COUNTER..=KEY_KILLER => Stage::Refutation,
            k if k < KEY_BAD_CAPTURE / 2 => Stage::BadTactical,
            _ => Stage::Quiet,
        }
    }
}

/// What the picker asks of the search to order a node's moves.
pub trait MoveKeys<M> {
    /// A capture's or promotion's key (KEY_GOOD_CAPTURE or KEY_BAD_CAPTURE plus its
    /// worth), None for a quiet move.
    fn tactical_key(&self, mv: M) -> Option<i32>;
    /// A quiet move's key: a refutation's, or its histories.
    fn quiet_key(&self, mv: M) -> i32;
}

/// A move the picker handed out, with its key and stage.
#[derive(Clone, Copy, Debug)]
pub struct Picked<M> {
    pub mv: M,
    pub key: i32,
    pub stage: Stage,
}

/// The picker over one node's `moves`, with `keys` as its scratch (one key per move).
pub struct MovePicker<'l, M> {
    moves: &'l mut [M],
    keys: &'l mut [i32],
    /// How many moves were handed out.
    next: usize,
    /// The captures and promotions are scored (the first stage after the table move).
    tactical_scored: bool,
}

impl<'l, M: Copy + Eq> MovePicker<'l, M> {
    /// A picker that hands out `table_move` first where it is among `moves`.
    pub fn new(moves: &'l mut [M], keys: &'l mut Vec<i32>, table_move: Option<M>) -> Self {
        keys.clear();
        keys.resize(moves.len(), 0);
        if let Some(j) = table_move.and_then(|t| moves.iter().position(|&m| m == t)) {
            moves.swap(0, j);
            keys[0] = KEY_TABLE_MOVE;
        }
        MovePicker {
            moves,
            keys,
            next: 0,
            tactical_scored: false,
        }
    }

    /// The next move to try, None once every move was handed out.
    #[inline]
    pub fn next(&mut self, scorer: &impl MoveKeys<M>) -> Option<Picked<M>> {
        let i = self.next;
        if i >= self.moves.len() {
            return None;
        }
        self.next += 1;
        if !self.tactical_scored {
            if i == 0 && self.keys[0] == KEY_TABLE_MOVE {
                return Some(self.picked(0));
            }
            for (&mv, key) in self.moves[i..].iter().zip(&mut self.keys[i..]) {
                *key = scorer.tactical_key(mv).unwrap_or(KEY_UNSCORED_QUIET);
            }
            self.tactical_scored = true;
        }
        self.bring_best_to(i);
        if self.keys[i] == KEY_UNSCORED_QUIET {
            for (&mv, key) in self.moves[i..].iter().zip(&mut self.keys[i..]) {
                if *key == KEY_UNSCORED_QUIET {
                    *key = scorer.quiet_key(mv);
                }
            }
            self.bring_best_to(i);
        }
        Some(self.picked(i))
    }

    #[inline]
    fn picked(&self, i: usize) -> Picked<M> {
        Picked {
            mv: self.moves[i],
            key: self.keys[i],
            stage: Stage::of_key(self.keys[i]),
        }
    }

    /// Moves the best-keyed of the moves not handed out to `i` (a selection sort: most nodes
    /// cut early, and the rest of the list is never sorted).
    #[inline]
    fn bring_best_to(&mut self, i: usize) {
        let best = (i..self.moves.len())
            .max_by_key(|&j| self.keys[j])
            .unwrap_or(i);
        self.moves.swap(i, best);
        self.keys.swap(i, best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// Moves are numbers: 10s are good captures (worth the number), 20s bad captures, 30 the
    /// killer, 31 the counter move, others quiet with a history of the number.
    struct Keys {
        quiet_calls: Cell<usize>,
    }

    impl MoveKeys<i32> for Keys {
        fn tactical_key(&self, mv: i32) -> Option<i32> {
            match mv {
                10..=19 => Some(KEY_GOOD_CAPTURE + mv),
                20..=29 => Some(KEY_BAD_CAPTURE + mv),
                _ => None,
            }
        }
        fn quiet_key(&self, mv: i32) -> i32 {
            self.quiet_calls.set(self.quiet_calls.get() + 1);
            match mv {
                30 => KEY_KILLER,
                31 => KEY_COUNTER,
                _ => mv,
            }
        }
    }

    #[test]
    fn the_stages_come_in_order_and_quiet_moves_are_scored_only_when_reached() {
        let mut moves = vec![3, 21, 12, 30, 7, 15, 31, -4, 40];
        let mut keys = Vec::new();
        let scorer = Keys {
            quiet_calls: Cell::new(0),
        };
        let mut picker = MovePicker::new(&mut moves, &mut keys, Some(7));
        let mut order = Vec::new();
        while let Some(p) = picker.next(&scorer) {
            if p.stage == Stage::GoodTactical {
                assert_eq!(scorer.quiet_calls.get(), 0, "no quiet move scored yet");
            }
            order.push((p.mv, p.stage));
        }
        use Stage::*;
        assert_eq!(
            order,
            [
                (7, TableMove),
                (15, GoodTactical),
                (12, GoodTactical),
                (30, Refutation),
                (31, Refutation),
                (40, Quiet),
                (3, Quiet),
                (-4, Quiet),
                (21, BadTactical),
            ]
        );
        assert_eq!(scorer.quiet_calls.get(), 5, "each quiet move scored once");
        let stages: Vec<Stage> = order.iter().map(|&(_, s)| s).collect();
        assert!(stages.is_sorted(), "{stages:?}");
    }

    #[test]
    fn a_table_move_not_in_the_list_is_ignored() {
        let mut moves = vec![3, 11];
        let mut keys = Vec::new();
        let scorer = Keys {
            quiet_calls: Cell::new(0),
        };
        let mut picker = MovePicker::new(&mut moves, &mut keys, Some(99));
        let first = picker.next(&scorer).unwrap();
        assert_eq!((first.mv, first.stage), (11, Stage::GoodTactical));
        assert_eq!(picker.next(&scorer).unwrap().mv, 3);
        assert!(picker.next(&scorer).is_none());
    }
}
