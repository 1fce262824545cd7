//! Move tokens (rules §10): from-cell and to-cell, four capital letters, plus a lowercase
//! promotion letter exactly when the move promotes (`BNDL`, `HBHAq`, castling `DOBO`).

use super::board::Trichess;
use super::cell::Cell;
use super::moves::{player_letter, Move, Role};
use crate::errors::MoveError;

impl Trichess {
    /// Reads a move token and checks that it is a legal move here.
    pub fn parse_token(&self, token: &str) -> Result<Move, MoveError> {
        let malformed = |message: String| Err(MoveError::malformed(token, message));
        let illegal = |message: String| Err(MoveError::illegal(token, message));
        let shape = "expected a move like BNDL or HBHAq (from-cell, to-cell, promotion letter)";
        if !token.is_ascii() || !(4..=5).contains(&token.len()) {
            return malformed(shape.to_string());
        }
        let cells = |t: &str| (Cell::parse(&t[0..2]), Cell::parse(&t[2..4]));
        let (from, to) = match cells(token) {
            (Some(from), Some(to)) => (from, to),
            _ => {
                let upper = token[..4].to_ascii_uppercase();
                let message = if upper != token[..4] && matches!(cells(&upper), (Some(_), Some(_)))
                {
                    "cells are two capital letters; the app's lowercase promotion mark (hBHA) is \
                     written HBHAq here"
                        .to_string()
                } else if !upper.bytes().all(|b| b.is_ascii_uppercase()) {
                    shape.to_string()
                } else if Cell::parse(&token[0..2]).is_none() {
                    format!("{} is not a cell of the board", &token[0..2])
                } else {
                    format!("{} is not a cell of the board", &token[2..4])
                };
                return malformed(message);
            }
        };
        let promotion = match Role::promotion_suffix(&token[4..]) {
            Ok(promotion) => promotion,
            Err(e) => return malformed(e.to_string()),
        };
        if let Some(end) = self.king_capture {
            return illegal(format!(
                "the game is over: player {}'s king was captured",
                player_letter(end.victim)
            ));
        }
        let mut moves = Vec::with_capacity(128);
        self.generate(&mut moves);
        if let Some(&mv) = moves
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion)
        {
            return Ok(mv);
        }
        let same_cells = moves.iter().any(|m| m.from() == from && m.to() == to);
        let message = match self.piece_at(from) {
            None => format!("no piece on {from}"),
            Some(p) if p.player != self.side() => format!(
                "the piece on {from} is player {}'s, and player {} is to move",
                player_letter(p.player),
                player_letter(self.side())
            ),
            Some(_) if same_cells && promotion.is_none() => {
                "the pawn promotes there: add q, r, b or n".to_string()
            }
            Some(_) if same_cells => "only a pawn entering its promotion zone takes a \
                 promotion letter"
                .to_string(),
            Some(_) if self.in_check(self.side()) => {
                "not a legal move here (the mover's king is in check)".to_string()
            }
            Some(_) => "not a legal move here".to_string(),
        };
        illegal(message)
    }
}
