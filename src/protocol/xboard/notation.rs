//! The shapes of XBoard's lines that carry game content: thinking output, result claims,
//! and `highlight` boards built from coordinate move tokens.

use crate::core::Player;
use crate::outcome::{EndReason, Outcome};

/// Mate scores in thinking output: 100000 + N for mate in N moves, negated for being mated.
const MATE: i64 = 100_000;

/// A score as the session reports it (`cp N` or `mate N`), in XBoard's centipawn form.
pub fn score(uci: &str) -> i64 {
    let mut words = uci.split_whitespace();
    let kind = words.next().unwrap_or("cp");
    let n: i64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
    match kind {
        "mate" if n > 0 => MATE + n,
        "mate" if n < 0 => -MATE + n,
        "mate" => -MATE,
        _ => n,
    }
}

/// `ply score time nodes pv`, time in centiseconds.
pub fn thinking(depth: i32, uci_score: &str, time_ms: u128, nodes: u64, pv: &[String]) -> String {
    format!(
        "{depth} {} {} {nodes} {}",
        score(uci_score),
        time_ms / 10,
        pv.join(" ")
    )
}

fn side(player: Player) -> &'static str {
    if player == Player::WHITE {
        "White"
    } else {
        "Black"
    }
}

/// `RESULT {comment}`, the claim an engine makes when the rules have ended the game.
pub fn result(outcome: Outcome) -> String {
    let comment = match outcome {
        Outcome::Win { winner, reason } => match reason {
            EndReason::Checkmate => format!("{} mates", side(winner)),
            EndReason::KingCapture => format!("{} captures the king", side(winner)),
            other => format!("{} wins by {other}", side(winner)),
        },
        Outcome::Draw { reason } | Outcome::Points { reason, .. } => match reason {
            EndReason::Stalemate => "Stalemate".to_string(),
            EndReason::Repetition => "Draw by repetition".to_string(),
            EndReason::FiftyMoveRule => "Draw by the move-count rule".to_string(),
            EndReason::DeadPosition => "Insufficient mating material".to_string(),
            other => format!("Draw: {other}"),
        },
    };
    format!("{} {{{comment}}}", outcome.result_string())
}

/// A square named as in coordinate notation (`e2`, `l12`): file and rank indices from 0.
pub fn square(name: &str) -> Option<(u8, u8)> {
    let (sq, rest) = leading_square(name)?;
    rest.is_empty().then_some(sq)
}

/// Splits a square off the front of `text`: a file letter, then a rank of one or two digits.
fn leading_square(text: &str) -> Option<((u8, u8), &str)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = bytes[1..]
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let rank: u8 = text.get(1..1 + digits)?.parse().ok()?;
    if rank == 0 {
        return None;
    }
    Some(((file - b'a', rank - 1), &text[1 + digits..]))
}

/// The origin and destination of a coordinate move token (`e2e4`, `l12l14q`, `g4g7,g7ccw`);
/// None for tokens that are not from-to moves (a spin alone, `c7cw`).
pub fn from_to(token: &str) -> Option<((u8, u8), (u8, u8))> {
    let (from, rest) = leading_square(token)?;
    let (to, _) = leading_square(rest)?;
    Some((from, to))
}

/// `highlight` board: the marked squares in `colour` on an empty board of the given size,
/// written like a FEN placement (top rank first, runs of unmarked squares as numbers).
pub fn highlight(files: u8, ranks: u8, marked: &[(u8, u8)], colour: char) -> String {
    let mut rows = Vec::with_capacity(ranks as usize);
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..files {
            if marked.contains(&(file, rank)) {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(colour);
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("highlight {}", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(score("cp -35"), -35);
        assert_eq!(score("mate 3"), 100_003);
        assert_eq!(score("mate -2"), -100_002);
        assert_eq!(
            thinking(4, "cp 20", 1234, 999, &["e2e4".into(), "e7e5".into()]),
            "4 20 123 999 e2e4 e7e5"
        );
        assert_eq!(
            result(Outcome::Win {
                winner: Player::BLACK,
                reason: EndReason::Checkmate
            }),
            "0-1 {Black mates}"
        );
        assert_eq!(
            result(Outcome::Draw {
                reason: EndReason::Repetition
            }),
            "1/2-1/2 {Draw by repetition}"
        );
        assert_eq!(square("l12"), Some((11, 11)));
        assert_eq!(square("e0"), None);
        assert_eq!(square("e2x"), None);
        assert_eq!(from_to("l12l14q"), Some(((11, 11), (11, 13))));
        assert_eq!(from_to("g4g7,g7ccw"), Some(((6, 3), (6, 6))));
        assert_eq!(from_to("c7cw"), None);
        assert_eq!(
            highlight(8, 8, &[(4, 2), (4, 3)], 'Y'),
            "highlight 8/8/8/8/4Y3/4Y3/8/8"
        );
    }
}
