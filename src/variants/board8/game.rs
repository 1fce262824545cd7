//! The 8x8 board as a Game: the glue between the shared machinery and the generic layers.

use super::board::Board;
use super::fen::START_FEN;
use super::geometry::Geometry;
use super::moves::{read_coordinates, Move};
use crate::core::Player;
use crate::errors::MoveError;
use crate::game::{rules_from_inherent_methods, Game};
use crate::outcome::{EndReason, Outcome};

impl<G: Geometry> Game for Board<G> {
    type Move = Move;
    const NAME: &'static str = G::VARIANT;
    const PLAYERS: usize = 2;
    const XBOARD: crate::game::XboardFacts = G::XBOARD;
    const SHUFFLED_STARTS: bool = true;

    rules_from_inherent_methods!(START_FEN);
    fn side_to_move(&self) -> Player {
        self.side.player()
    }
    fn hash(&self) -> u64 {
        self.hash
    }

    /// UCI coordinates: `e2e4`, `e7e8q`, castling as the king's move (`e1g1`) or as the king
    /// taking its own rook (`e1h1`, Chess960's form).
    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        let (from, to, promotion) = read_coordinates(token, "move")?;
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        if let Some(mv) = self.find_move(&moves, from, to, promotion) {
            return Ok(mv);
        }
        let reason = match self.piece_at(from) {
            None => format!("no man on {from}"),
            Some(p) if p.color != self.side => format!("the man on {from} is not the mover's"),
            Some(_)
                if promotion.is_none()
                    && moves.iter().any(|m| m.from() == from && m.to() == to) =>
            {
                "a promotion needs its piece letter (q, r, b or n)".to_string()
            }
            Some(_) => "not legal in this position".to_string(),
        };
        Err(MoveError::illegal(token, reason))
    }

    fn format_move(&self, mv: Move) -> String {
        self.move_token(mv)
    }

    fn write_move(&self, mv: Move, out: &mut String) {
        self.write_move_token(mv, out);
    }

    fn set_chess960(&mut self, on: bool) {
        Board::set_chess960(self, on);
    }

    fn chess960(&self) -> bool {
        Board::chess960(self)
    }

    fn shredder_fen(&self) -> Option<String> {
        Some(self.to_fen_as(crate::variants::board8::CastlingForm::Shredder))
    }

    fn shuffled_start(white: u16, black: u16) -> Option<Self> {
        let fen = crate::variants::board8::shuffled::shuffled_start_fen(white, black)?;
        Self::from_fen(&fen).ok()
    }

    fn human_notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(Outcome::no_moves(self.in_check(), (!self.side).player()));
        }
        if self.halfmove >= 100 {
            return Some(Outcome::Draw {
                reason: EndReason::FiftyMoveRule,
            });
        }
        if G::is_dead_position(self) {
            return Some(Outcome::Draw {
                reason: EndReason::DeadPosition,
            });
        }
        None
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }
}

#[cfg(test)]
mod tests {
    use crate::errors::MoveErrorKind;
    use crate::game::Game;
    use crate::variants::chess::Chess;

    /// A token that does not read as a move is Malformed, one the rules forbid is Illegal; the
    /// message says which.
    #[test]
    fn move_errors_tell_malformed_from_illegal() {
        let start = Chess::startpos();
        let cases = [
            (
                "e2e9",
                MoveErrorKind::Malformed,
                "malformed move 'e2e9': expected a move like e2e4 or e7e8q",
            ),
            (
                "e7e8x",
                MoveErrorKind::Malformed,
                "malformed move 'e7e8x': promotion letter must be q, r, b or n",
            ),
            (
                "e3e4",
                MoveErrorKind::Illegal,
                "illegal move 'e3e4': no man on e3",
            ),
            (
                "e2e5",
                MoveErrorKind::Illegal,
                "illegal move 'e2e5': not legal in this position",
            ),
        ];
        for (token, kind, text) in cases {
            let e = start.parse_move(token).unwrap_err();
            assert_eq!(e.kind, kind, "{e}");
            assert_eq!(e.to_string(), text);
        }
    }
}
