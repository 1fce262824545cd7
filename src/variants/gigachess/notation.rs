//! Move notation (rules §8): machine tokens with 1- or 2-digit ranks and the automatic
//! promotion's letter (`e4e6`, `l12l14q`), and SAN with the letters of §3 (`Nc4`, `Oxd4`,
//! `exf5`, `l14=Q`, `Xxl14=H`).

use super::board::Gigachess;
use super::make::last_rank;
use super::moves::Move;
use super::piece::Role;
use super::square::Square;
use crate::errors::MoveError;
use crate::variants::board8::check_suffix;

const SHAPE: &str = "expected from- and to-square with ranks 1-14 and an optional promotion \
                     letter, like e4e6 or l12l14q";

impl Gigachess {
    /// The role the moving man becomes (§5), if the move promotes it.
    pub fn promotion_of(&self, mv: Move) -> Option<Role> {
        let piece = self.piece_at(mv.from())?;
        piece
            .role
            .promotion()
            .filter(|_| mv.to().rank() == last_rank(piece.color))
    }

    /// Whether the move is an e.p. capture: a Pawn or Corporal moving diagonally onto the e.p.
    /// square (§4, Decision 6).
    pub fn is_en_passant(&self, mv: Move) -> bool {
        Some(mv.to()) == self.ep
            && mv.from().file() != mv.to().file()
            && self
                .piece_at(mv.from())
                .is_some_and(|p| p.role.is_pawnlike())
    }

    /// The machine token: squares, and the promotion letter whenever the move promotes.
    pub fn uci(&self, mv: Move) -> String {
        let mut out = format!("{}{}", mv.from(), mv.to());
        if let Some(role) = self.promotion_of(mv) {
            out.push(role.letter());
        }
        out
    }

    /// Reads a machine token and checks that it is legal here. The promotion letter may be
    /// left off; if given it must name the automatic promotion.
    pub fn parse_uci(&self, token: &str) -> Result<Move, MoveError> {
        let shape = || MoveError::malformed(token, SHAPE);
        // The null move reads fine; it is just never a move of a position.
        if token == "0000" {
            return Err(MoveError::illegal(
                token,
                "the null move is not a move of the position",
            ));
        }
        let (from, rest) = Square::parse_prefix(token).ok_or_else(shape)?;
        let (to, rest) = Square::parse_prefix(rest).ok_or_else(shape)?;
        let letter = match rest.as_bytes() {
            [] => None,
            [c] => match Role::from_letter(*c as char) {
                Some(role) => Some(role),
                None => return Err(shape()),
            },
            _ => return Err(shape()),
        };
        let mut moves = Vec::with_capacity(128);
        self.legal_moves(&mut moves);
        let Some(&mv) = moves.iter().find(|m| m.from() == from && m.to() == to) else {
            let reason = match self.piece_at(from) {
                None => format!("no man on {from}"),
                Some(p) if p.color != self.side => format!("the man on {from} is not the mover's"),
                Some(p) => format!("the {} on {from} cannot go to {to} here", p.role.name()),
            };
            return Err(MoveError::illegal(token, reason));
        };
        match (letter, self.promotion_of(mv)) {
            (None, _) => Ok(mv),
            (Some(given), Some(role)) if given == role => Ok(mv),
            (Some(given), Some(role)) => Err(MoveError::illegal(
                token,
                format!(
                    "this move promotes to {} ({}), not to {} ({})",
                    role.name(),
                    role.letter(),
                    given.name(),
                    given.letter()
                ),
            )),
            (Some(given), None) => Err(MoveError::illegal(
                token,
                format!(
                    "this move does not promote, so '{}' cannot follow it",
                    given.letter()
                ),
            )),
        }
    }

    /// SAN without the check suffix, disambiguated against `rivals` (the legal moves).
    pub fn san_body(&self, mv: Move, rivals: &[Move]) -> String {
        let (from, to) = (mv.from(), mv.to());
        let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
        let capture = self.piece_at(to).is_some() || self.is_en_passant(mv);
        let mut out = String::with_capacity(10);
        if role == Role::Pawn {
            if capture {
                out.push((b'a' + from.file()) as char);
            }
        } else {
            out.push(role.letter().to_ascii_uppercase());
            let others: Vec<Square> = rivals
                .iter()
                .filter(|m| {
                    m.to() == to
                        && m.from() != from
                        && self.piece_at(m.from()).map(|p| p.role) == Some(role)
                })
                .map(|m| m.from())
                .collect();
            if !others.is_empty() {
                let file = (b'a' + from.file()) as char;
                if others.iter().all(|o| o.file() != from.file()) {
                    out.push(file);
                } else if others.iter().all(|o| o.rank() != from.rank()) {
                    out.push_str(&(from.rank() + 1).to_string());
                } else {
                    out.push_str(&from.to_string());
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push_str(&to.to_string());
        if let Some(promoted) = self.promotion_of(mv) {
            out.push('=');
            out.push(promoted.letter().to_ascii_uppercase());
        }
        out
    }

    /// SAN of a legal move, with `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let mut legal = Vec::with_capacity(128);
        self.legal_moves(&mut legal);
        let mut after = *self;
        after.play(mv);
        self.san_body(mv, &legal) + check_suffix(after.in_check(), after.count_legal_moves() > 0)
    }
}
