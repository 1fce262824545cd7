//! A game in progress: the positions played so far, so that repetitions can be judged and moves
//! taken back.

use crate::errors::MoveError;
use crate::game::Game;
use crate::outcome::{EndReason, Outcome};

#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    /// Every position from the start; the last is the current one.
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> GameRecord<G> {
    pub fn new(start: G) -> GameRecord<G> {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position the record starts from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    pub fn current(&self) -> &G {
        self.positions
            .last()
            .expect("a record always holds its start position")
    }

    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves in the variant's notation, each written in the position it was played from.
    pub fn tokens(&self) -> Vec<String> {
        self.positions
            .iter()
            .zip(&self.moves)
            .map(|(pos, &mv)| pos.format_move(mv))
            .collect()
    }

    /// Hashes of every position before the current one, oldest first (for the search's
    /// repetition test).
    pub fn hashes_before_current(&self) -> Vec<u64> {
        let n = self.positions.len() - 1;
        self.positions[..n].iter().map(|p| p.hash()).collect()
    }

    pub fn play(&mut self, mv: G::Move) {
        let mut next = self.current().clone();
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Parses a token (one or more plies, see Game::parse_turn) and plays it; on error nothing
    /// is played.
    pub fn play_token(&mut self, token: &str) -> Result<Vec<G::Move>, MoveError> {
        let moves = self.current().parse_turn(token)?;
        for &mv in &moves {
            self.play(mv);
        }
        Ok(moves)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// How many times the current position has stood on the board, counting now. Only positions
    /// since the last irreversible move can match, and the hash covers side, rights and e.p. (and
    /// the ply within a turn, where turns have several).
    pub fn repetitions(&self) -> usize {
        let now = self.current();
        let window = (now.reversible_plies() as usize).min(self.positions.len() - 1);
        let hash = now.hash();
        self.positions[self.positions.len() - 1 - window..]
            .iter()
            .filter(|p| p.hash() == hash)
            .count()
    }

    /// The game's result, if it is over: the position's own rules first (a mate on the last
    /// permitted move still counts), then threefold repetition, then the move-count rule (the
    /// order trichess §9 gives; elsewhere both are plain draws).
    pub fn outcome(&self) -> Option<Outcome> {
        let rule = self.current().rule_outcome();
        if let Some(outcome) = rule {
            if outcome.reason() != EndReason::FiftyMoveRule {
                return Some(outcome);
            }
        }
        if self.current().is_turn_boundary() && self.repetitions() >= 3 {
            return Some(Outcome::draw(G::PLAYERS, EndReason::Repetition));
        }
        rule
    }
}
