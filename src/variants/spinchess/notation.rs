//! Reading spinchess tokens (§10.2): `e2e4`, `c7cw`, `e7cwq`, `g4g7,g7ccw`, `f7g8q,g7cwq`.
//! A spin may name any square of its block; errors say what is wrong with the turn.

use super::block::{Block, Rotation};
use super::movegen::{b_spin_refusal, spins_allowed};
use super::turn::Turn;
use super::Spinchess;
use crate::core::Square;
use crate::errors::MoveError;
use crate::game::Game;
use crate::variants::board8::{check_suffix, san_body, MoveKind, Role};

struct MoveText {
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

struct SpinText {
    block: Block,
    rotation: Rotation,
    promotion: Option<Role>,
}

fn promotion_letter(text: &str) -> Result<Option<Role>, ()> {
    match text {
        "" => Ok(None),
        "q" => Ok(Some(Role::Queen)),
        "r" => Ok(Some(Role::Rook)),
        "b" => Ok(Some(Role::Bishop)),
        "n" => Ok(Some(Role::Knight)),
        _ => Err(()),
    }
}

/// `[a-h][1-8][a-h][1-8][qrbn]?`
fn parse_move_text(text: &str) -> Option<MoveText> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    Some(MoveText {
        from: Square::parse(&text[0..2])?,
        to: Square::parse(&text[2..4])?,
        promotion: promotion_letter(&text[4..]).ok()?,
    })
}

/// `[a-h][1-8](cw|ccw)[qrbn]?`
fn parse_spin_text(text: &str) -> Option<SpinText> {
    if !text.is_ascii() || text.len() < 4 {
        return None;
    }
    let square = Square::parse(&text[0..2])?;
    let rest = &text[2..];
    let (rotation, letter) = if let Some(letter) = rest.strip_prefix("ccw") {
        (Rotation::Anticlockwise, letter)
    } else if let Some(letter) = rest.strip_prefix("cw") {
        (Rotation::Clockwise, letter)
    } else {
        return None;
    };
    Some(SpinText {
        block: Block::of(square),
        rotation,
        promotion: promotion_letter(letter).ok()?,
    })
}

/// A move always has a digit after its second file letter, a spin has `cw` or `ccw` after its
/// square, so the forms cannot collide (§10.2).
fn looks_like_spin(text: &str) -> bool {
    text.get(2..)
        .is_some_and(|rest| rest.starts_with("cw") || rest.starts_with("ccw"))
}

pub fn parse_token(pos: &Spinchess, token: &str) -> Result<Turn, MoveError> {
    let malformed = |message: &str| MoveError::malformed(token, message);
    let illegal = |message: &str| MoveError::illegal(token, message);
    let legs: Vec<&str> = token.splitn(3, ',').collect();
    let (move_text, spin_text) = match legs.as_slice() {
        [one] if looks_like_spin(one) => (None, Some(*one)),
        [one] => (Some(*one), None),
        [mv, spin] => (Some(*mv), Some(*spin)),
        _ => {
            return Err(malformed(
                "a turn has at most two legs: a move, then a spin",
            ))
        }
    };
    let mv = match move_text {
        Some(text) => Some(
            parse_move_text(text)
                .ok_or_else(|| malformed("the move must look like e2e4 or e7e8q"))?,
        ),
        None => None,
    };
    let spin = match spin_text {
        Some(text) => Some(parse_spin_text(text).ok_or_else(|| {
            malformed(
                "the spin must look like c7cw, a1ccw or e7cwq (a square of the block, cw or ccw)",
            )
        })?),
        None => None,
    };
    let b = pos.board();
    if let Some(spin) = &spin {
        if !spins_allowed(b) {
            return Err(illegal(
                "no spins at fullmove 1 (spins are allowed from fullmove 2)",
            ));
        }
        match &mv {
            None => {
                if let Some(reason) = b_spin_refusal(b, spin.block) {
                    return Err(illegal(&format!(
                        "cannot spin block {}: {reason}",
                        spin.block.lower_left()
                    )));
                }
            }
            Some(m) => {
                if Block::of(m.to) != spin.block {
                    return Err(illegal("the spin of a move-then-spin turn must be of the block holding the move's destination"));
                }
                if (spin.block.squares() & b.by_role(Role::King)).any() {
                    return Err(illegal(
                        "the destination's block holds a king, so it cannot be spun",
                    ));
                }
                if b.piece_at(m.from).is_some_and(|p| p.role == Role::King) {
                    return Err(illegal("a king move is never followed by a spin"));
                }
            }
        }
    }

    let mut turns = Vec::with_capacity(128);
    pos.legal_moves(&mut turns);
    // Castling written as the king taking its own rook (Chess960's form).
    let castle_landing = mv
        .as_ref()
        .filter(|m| m.promotion.is_none())
        .and_then(|m| b.castling_by_rook(m.from, m.to));
    let same_move = |t: &Turn| match (t.mv(), &mv) {
        (None, None) => true,
        (Some(a), Some(_)) if castle_landing.is_some() => {
            a.kind() == MoveKind::Castle && Some(a.to()) == castle_landing
        }
        (Some(a), Some(m)) => a.from() == m.from && a.to() == m.to,
        _ => false,
    };
    let same_spin = |t: &Turn| match (t.spin_part(), &spin) {
        (None, None) => true,
        (Some((block, rotation)), Some(s)) => block == s.block && rotation == s.rotation,
        _ => false,
    };
    let mut candidates: Vec<Turn> = turns
        .into_iter()
        .filter(|t| same_move(t) && same_spin(t))
        .collect();
    // In a shuffled start the king's step may name both an ordinary move and castling: the
    // ordinary move is meant (castling has its own form there).
    candidates.sort_by_key(|t| t.mv().is_some_and(|m| m.kind() == MoveKind::Castle));
    let wanted_move_promotion = mv.as_ref().and_then(|m| m.promotion);
    let wanted_spin_promotion = spin.as_ref().and_then(|s| s.promotion);
    if let Some(&turn) = candidates.iter().find(|t| {
        t.mv().and_then(|m| m.promotion()) == wanted_move_promotion
            && t.spin_promotion() == wanted_spin_promotion
    }) {
        return Ok(turn);
    }
    if candidates.is_empty() {
        if let Some(m) = &mv {
            match b.piece_at(m.from) {
                None => return Err(illegal(&format!("no man on {}", m.from))),
                Some(p) if p.color != b.side_to_move() => {
                    return Err(illegal(&format!(
                        "the man on {} is not the mover's",
                        m.from
                    )))
                }
                _ => {}
            }
        }
        return Err(illegal("not legal in this position"));
    }
    let move_promotes = candidates
        .iter()
        .any(|t| t.mv().and_then(|m| m.promotion()).is_some());
    if move_promotes != wanted_move_promotion.is_some() {
        return Err(illegal(if move_promotes {
            "the move promotes a pawn: add its piece letter (q, r, b or n)"
        } else {
            "the move promotes no pawn: drop the letter"
        }));
    }
    Err(illegal(if wanted_spin_promotion.is_some() {
        "the spin brings no pawn onto its last rank: drop the letter"
    } else {
        "the spin brings a pawn onto its last rank: add its piece letter (q, r, b or n)"
    }))
}

/// Human notation (§10.1): SAN of the move part, then `R`/`L` for the spin (`Nf5R`); a spin
/// alone is its area number (`14R`); `=Q` after the spin for a pawn it promotes; `+`/`#` for
/// the position after the whole turn. The move part is disambiguated against the move parts of
/// the legal turns of its own type (A or C).
pub fn human(pos: &Spinchess, turn: Turn) -> String {
    let b = pos.board();
    let spin = turn.spin_part();
    let mut out = match turn.mv() {
        Some(mv) => {
            let mut turns = Vec::with_capacity(128);
            pos.legal_moves(&mut turns);
            let rivals: Vec<_> = turns
                .iter()
                .filter(|t| t.spin_part().is_some() == spin.is_some())
                .filter_map(|t| t.mv())
                .collect();
            san_body(b, mv, &rivals)
        }
        None => spin.map_or(String::new(), |(block, _)| block.area_number().to_string()),
    };
    if let Some((_, rotation)) = spin {
        out.push(rotation.letter());
        if let Some(role) = turn.spin_promotion() {
            out.push('=');
            out.push(role.letter().to_ascii_uppercase());
        }
    }
    let mut after = *pos;
    after.play(turn);
    out + check_suffix(after.board().in_check(), after.count_legal_moves() > 0)
}
