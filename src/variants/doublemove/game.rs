//! Doublemove as a Game: one UCI token per sub-move, `leg1,leg2` for a whole turn (§7.1), and
//! the game end of §6.

use super::fen::START_FEN;
use super::{Doublemove, SubMove};
use crate::core::Player;
use crate::errors::{quote, MoveError};
use crate::game::{rules_from_inherent_methods, Game};
use crate::outcome::{EndReason, Outcome};
use crate::variants::board8::{read_coordinates, san_body, Move};

/// §6: 200 consecutive sub-moves with no capture and no pawn move.
const SUB_MOVE_LIMIT: u16 = 200;

impl Doublemove {
    /// Reads one sub-move token (`e2e4`, `e7e8q`, `e1g1`) and checks it is pseudo-legal here.
    fn parse_sub_move(&self, token: &str) -> Result<Move, MoveError> {
        let illegal = |message: String| MoveError::illegal(token, message);
        // The null move reads fine; doublemove just has no pass.
        if token == "0000" {
            return Err(illegal(
                "the null move is not a move here (there is no pass)".to_string(),
            ));
        }
        if token.contains(',') {
            return Err(MoveError::malformed(
                token,
                "one sub-move expected; a whole turn leg1,leg2 is one token of a move \
                        list, not a single move",
            ));
        }
        let (from, to, promotion) = read_coordinates(token, "sub-move")?;
        if let Some(winner) = self.winner {
            return Err(illegal(format!(
                "the game is over: {} captured the king",
                if winner == crate::core::Color::White {
                    "White"
                } else {
                    "Black"
                }
            )));
        }
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        if let Some(mv) = self.board.find_move(&moves, from, to, promotion) {
            return Ok(mv);
        }
        Err(illegal(match self.board.piece_at(from) {
            None => format!("no man on {from}"),
            Some(p) if p.color != self.board.side => {
                format!("the man on {from} is not the mover's")
            }
            Some(_)
                if promotion.is_none()
                    && moves.iter().any(|m| m.from() == from && m.to() == to) =>
            {
                "a promotion needs its piece letter (q, r, b or n)".to_string()
            }
            Some(_) => "not a legal sub-move in this position".to_string(),
        }))
    }
}

impl Game for Doublemove {
    type Move = Move;
    const NAME: &'static str = "doublemove";
    const PLAYERS: usize = 2;
    const XBOARD: crate::game::XboardFacts = super::xboard::XBOARD;
    const SHUFFLED_STARTS: bool = true;

    rules_from_inherent_methods!(START_FEN);
    fn side_to_move(&self) -> Player {
        self.board.side.player()
    }
    fn hash(&self) -> u64 {
        Doublemove::hash(self)
    }

    /// One sub-move in UCI coordinates.
    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        self.parse_sub_move(token)
    }

    fn format_move(&self, mv: Move) -> String {
        self.board.move_token(mv)
    }

    fn set_chess960(&mut self, on: bool) {
        self.board.set_chess960(on);
    }

    fn chess960(&self) -> bool {
        self.board.chess960()
    }

    fn shredder_fen(&self) -> Option<String> {
        Some(self.to_fen_as(crate::variants::board8::CastlingForm::Shredder))
    }

    fn shuffled_start(white: u16, black: u16) -> Option<Self> {
        let fen = crate::variants::board8::shuffled::shuffled_start_fen(white, black)?;
        Self::from_fen(&fen).ok()
    }

    /// §7.2: SAN with disambiguation over all pseudo-legal moves and no `+` or `#` (a king
    /// capture is an ordinary capture, `Bxe8`). A PGN joins a turn's sub-moves with a comma.
    fn human_notation(&self, mv: Move) -> String {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        san_body(&self.board, mv, &moves)
    }

    /// One sub-move, or a whole turn `leg1,leg2` with leg 2 read in the position after leg 1.
    fn parse_turn(&self, token: &str) -> Result<Vec<Move>, MoveError> {
        let legs: Vec<&str> = token.split(',').collect();
        let malformed = |message: String| MoveError::malformed(token, message);
        let illegal = |message: String| MoveError::illegal(token, message);
        // A leg's error keeps its kind and is told against the whole token.
        let in_leg = |n: u8, leg: &str, e: MoveError| {
            MoveError::new(
                e.kind,
                token,
                format!("leg {n} '{}': {}", quote(leg, 20), e.message),
            )
        };
        match legs.as_slice() {
            [single] => Ok(vec![self.parse_move(single)?]),
            [leg1, leg2] => {
                if leg1.is_empty() {
                    return Err(malformed("leg 1 is empty".to_string()));
                }
                if leg2.is_empty() {
                    return Err(malformed("leg 2 is empty".to_string()));
                }
                let first = self.parse_sub_move(leg1).map_err(|e| in_leg(1, leg1, e))?;
                if self.sub_move != SubMove::First {
                    return Err(illegal(
                        "this turn has only one sub-move left, so there is no leg 2".to_string(),
                    ));
                }
                let mut after = *self;
                after.play(first);
                if after.winner.is_some() {
                    return Err(illegal(
                        "leg 1 captures the king and ends the game; there is no leg 2".to_string(),
                    ));
                }
                if after.sub_move != SubMove::Second {
                    return Err(illegal(
                        "no sub-move 2 exists after leg 1 (the turn ends), so there is no leg 2"
                            .to_string(),
                    ));
                }
                let second = after.parse_sub_move(leg2).map_err(|e| in_leg(2, leg2, e))?;
                Ok(vec![first, second])
            }
            _ => Err(malformed(format!(
                "a turn has at most two legs (leg1,leg2), found {}: there is no third leg",
                legs.len()
            ))),
        }
    }

    /// Repetitions count only before sub-move 1 of a turn (§6).
    fn is_turn_boundary(&self) -> bool {
        self.sub_move != SubMove::Second
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        // A king capture is tested first (§6).
        if let Some(winner) = self.winner {
            return Some(Outcome::Win {
                winner: winner.player(),
                reason: EndReason::KingCapture,
            });
        }
        // At sub-move 2 a move always exists (otherwise the turn would have ended).
        if self.sub_move != SubMove::Second && !self.has_any_move() {
            return Some(Outcome::Draw {
                reason: EndReason::NoMoves,
            });
        }
        if self.board.halfmove >= SUB_MOVE_LIMIT {
            return Some(Outcome::Draw {
                reason: EndReason::FiftyMoveRule,
            });
        }
        None
    }

    fn reversible_plies(&self) -> u32 {
        self.board.halfmove as u32
    }
}
