//! Reading an engine's move. Every protocol allows the variant's own tokens (`e2e4`); CECP also
//! lets an engine answer as people write moves (SAN: `O-O`, `Nbd7`, `e8=Q+`). Such a token is
//! resolved against the legal moves through the variant's own `Game::human_notation`, both
//! sides normalised alike, so no variant needs a SAN reader of its own; where a variant's human
//! notation is its token, nothing more is accepted.

use crate::errors::MoveError;
use crate::game::Game;

/// The notations an engine's moves may come in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// The variant's own tokens only (UCI and tri require them).
    Tokens,
    /// The variant's tokens or its human notation, SAN where it has one (CECP allows SAN).
    TokensOrSan,
}

/// The move's text as written notations compare: no check, mate or annotation marks
/// (`+#!?`), castling with the letter O, a promotion as its bare capital letter (`e8=q`,
/// `e8(Q)` and `e8Q` all read `e8Q`).
pub fn normalise(text: &str) -> String {
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let body = if let Some(rest) = body.strip_prefix("0-0-0") {
        format!("O-O-O{rest}")
    } else if let Some(rest) = body.strip_prefix("0-0") {
        format!("O-O{rest}")
    } else {
        body.to_string()
    };
    let chars: Vec<char> = body.chars().collect();
    match chars.as_slice() {
        [head @ .., '=', letter] | [head @ .., '(', letter, ')']
            if letter.is_ascii_alphabetic() =>
        {
            head.iter().chain([&letter.to_ascii_uppercase()]).collect()
        }
        _ => body,
    }
}

/// Reads an engine's answer as one turn: the variant's token first, then, where `notation`
/// allows it, the one legal move whose human notation the token is, or a turn of several legs
/// each written either way (doublemove's `e5,Nc6`).
pub fn read_turn<G: Game>(
    pos: &G,
    token: &str,
    notation: MoveNotation,
) -> Result<Vec<G::Move>, MoveError> {
    let as_token = pos.parse_turn(token);
    let Err(refusal) = &as_token else {
        return as_token;
    };
    let wanted = normalise(token);
    if notation == MoveNotation::Tokens || wanted.is_empty() {
        return as_token;
    }
    if let Some(plies) = legs(pos, token) {
        return Ok(plies);
    }
    match written_as(pos, &wanted, token)? {
        Some(mv) => Ok(vec![mv]),
        None => Err(MoveError::new(
            refusal.kind,
            token,
            format!("{}, and no legal move is written that way", refusal.message),
        )),
    }
}

/// The legal move of `pos` whose human notation is `wanted` (normalised); None when no move
/// is written so, and an error naming them when several are. An under-specified token (Nd7
/// where Nbd7 and Nfd7 are legal) is ambiguous too.
fn written_as<G: Game>(pos: &G, wanted: &str, token: &str) -> Result<Option<G::Move>, MoveError> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let written: Vec<(G::Move, String)> = moves
        .into_iter()
        .map(|mv| (mv, normalise(&pos.human_notation(mv))))
        .collect();
    let exact: Vec<G::Move> = written
        .iter()
        .filter(|(_, w)| w == wanted)
        .map(|&(mv, _)| mv)
        .collect();
    match exact.as_slice() {
        [mv] => return Ok(Some(*mv)),
        [] => {}
        several => return Err(ambiguous(pos, token, several)),
    }
    let loose: Vec<G::Move> = written
        .iter()
        .filter(|(_, w)| abbreviates(wanted, w))
        .map(|&(mv, _)| mv)
        .collect();
    if loose.len() > 1 {
        return Err(ambiguous(pos, token, &loose));
    }
    Ok(None)
}

/// A token of several legs with some leg in the human notation (doublemove's `e5,Nc6`, or
/// castling as `O-O`, as CECP writes it from shuffled starts; spinchess's `O-O,g1cw`): each
/// such leg replaced by the variant's token for its move in the position the leg is played
/// in, then the whole read as a turn. None when the token has one leg or still does not read.
fn legs<G: Game>(pos: &G, token: &str) -> Option<Vec<G::Move>> {
    let legs: Vec<&str> = token.split(',').collect();
    if legs.len() < 2 {
        return None;
    }
    // The position each leg is played in: a leg that is a ply of its own (doublemove's first
    // sub-move) moves it on; one that only completes its turn (a spin) leaves it.
    let mut at = pos.clone();
    let mut written = Vec::with_capacity(legs.len());
    for leg in legs {
        let plies = at.parse_turn(leg).ok().or_else(|| {
            let mv = written_as(&at, &normalise(leg), leg).ok().flatten()?;
            Some(vec![mv])
        });
        match plies {
            Some(plies) => {
                for mv in plies {
                    written.push(at.format_move(mv));
                    at.play(mv);
                }
            }
            None => written.push(leg.to_string()),
        }
    }
    pos.parse_turn(&written.join(",")).ok()
}

/// True when `long` is `short` with characters added inside it: same first and last
/// character, `short`'s characters in order.
fn abbreviates(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    short.len() < long.len()
        && short.chars().next() == long.chars().next()
        && short.chars().last() == long.chars().last()
        && short.chars().all(|c| rest.any(|l| l == c))
}

fn ambiguous<G: Game>(pos: &G, token: &str, moves: &[G::Move]) -> MoveError {
    let mut names: Vec<String> = moves.iter().map(|&mv| pos.human_notation(mv)).collect();
    names.sort();
    MoveError::illegal(
        token,
        format!("ambiguous: it may be {}", names.join(" or ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;
    use crate::variants::doublemove::Doublemove;

    fn chess(fen: &str) -> Chess {
        Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The coordinate token of what `token` reads as, over CECP.
    fn read<G: Game>(pos: &G, token: &str) -> Result<String, String> {
        match read_turn(pos, token, MoveNotation::TokensOrSan) {
            Ok(plies) => Ok(plies.iter().map(|&mv| pos.format_move(mv)).collect()),
            Err(e) => Err(e.message),
        }
    }

    #[test]
    fn normalising() {
        for (text, normal) in [
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("0-0-0+", "O-O-O"),
            ("Nbd7!?", "Nbd7"),
            ("Qxf7#", "Qxf7"),
            ("e8=Q+", "e8Q"),
            ("e8=q", "e8Q"),
            ("e8(Q)", "e8Q"),
            ("e8(n)!", "e8N"),
            ("e8Q", "e8Q"),
            ("e2e4", "e2e4"),
            ("a10", "a10"),
            (" exd6 ", "exd6"),
            ("+#", ""),
        ] {
            assert_eq!(normalise(text), normal, "{text}");
        }
    }

    #[test]
    fn castling_in_letters_or_zeros() {
        let italian = chess("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        for token in ["O-O", "0-0", "O-O+", "e1g1"] {
            assert_eq!(read(&italian, token), Ok("e1g1".into()), "{token}");
        }
        assert!(read(&italian, "O-O-O").is_err());
        let queenside = chess("r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR w KQkq - 6 5");
        assert_eq!(read(&queenside, "0-0-0"), Ok("e1c1".into()));
        assert_eq!(read(&queenside, "O-O-O!"), Ok("e1c1".into()));
    }

    #[test]
    fn pieces_pawns_and_en_passant() {
        let two_knights = chess("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
        assert_eq!(read(&two_knights, "Nbd7"), Ok("b8d7".into()));
        assert_eq!(read(&two_knights, "Nfd7"), Ok("f6d7".into()));
        assert_eq!(read(&two_knights, "e6"), Ok("e7e6".into()));
        let en_passant = chess("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        assert_eq!(read(&en_passant, "exd6"), Ok("e5d6".into()));
        assert!(read(&en_passant, "exf6").is_err());
    }

    #[test]
    fn promotions_in_every_spelling() {
        let pawn = chess("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
        for token in ["e8=Q+", "e8Q", "e8=q", "e8(Q)", "e8Q+", "e7e8q"] {
            assert_eq!(read(&pawn, token), Ok("e7e8q".into()), "{token}");
        }
        assert_eq!(read(&pawn, "e8=N"), Ok("e7e8n".into()));
        assert!(read(&pawn, "e8").is_err());
    }

    #[test]
    fn ambiguous_and_unknown_tokens_are_illegal_with_their_reason() {
        let two_knights = chess("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
        assert_eq!(
            read(&two_knights, "Nd7"),
            Err("ambiguous: it may be Nbd7 or Nfd7".into())
        );
        assert_eq!(
            read(&two_knights, "xyzzy"),
            Err("expected a move like e2e4 or e7e8q, and no legal move is written that way".into())
        );
        assert!(read(&two_knights, "").is_err());
        assert!(read(&two_knights, "Nf3").is_err());
    }

    /// UCI and tri require the variant's tokens: SAN is not read for them.
    #[test]
    fn tokens_only_refuses_san() {
        let italian = chess("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let strict = |token| read_turn(&italian, token, MoveNotation::Tokens);
        assert!(strict("O-O").is_err());
        assert!(strict("e1g1").is_ok());
    }

    /// The resolution is the variant's human notation, whatever the variant: doublemove's
    /// SAN (no check marks) reads as well, and its own `leg1,leg2` turns still do.
    #[test]
    fn any_variant_with_a_human_notation() {
        let mut pos = Doublemove::startpos();
        assert_eq!(read(&pos, "Nf3"), Ok("g1f3".into()));
        for mv in pos.parse_turn("e2e4").unwrap_or_default() {
            pos.play(mv);
        }
        assert_eq!(read(&pos, "Nf6"), Ok("g8f6".into()));
        assert_eq!(read(&pos, "e7e5,d7d5"), Ok("e7e5d7d5".into()));
    }

    /// A turn of several legs reads with each leg in SAN or as a token, as SAN writes a
    /// doublemove turn (`e5,Nc6`).
    #[test]
    fn each_leg_of_a_turn_in_san() {
        let mut pos = Doublemove::startpos();
        for mv in pos.parse_turn("e2e4").unwrap_or_default() {
            pos.play(mv);
        }
        for token in ["e5,Nc6", "e7e5,Nc6", "e5,b8c6", "e5,Nc6+"] {
            assert_eq!(read(&pos, token), Ok("e7e5b8c6".into()), "{token}");
        }
        assert!(read(&pos, "e5,Nc3").is_err());
        assert!(read(&pos, "e5").is_ok(), "one leg, the turn's first ply");
    }

    /// From a shuffled start CECP writes castling `O-O`, also as a leg of a longer turn.
    #[test]
    fn castling_as_cecp_writes_it_from_shuffled_starts() {
        // King on b1, rooks on a1 and h1: O-O-O puts the king on c1, O-O on g1.
        let fen = "r3k2r/8/8/8/8/8/8/RK5R w HAha - 0 1";
        let frc = chess(fen);
        assert_eq!(read(&frc, "O-O"), Ok("b1h1".into()));
        assert_eq!(read(&frc, "O-O-O"), Ok("b1a1".into()));
        assert_eq!(read(&frc, "b1h1"), Ok("b1h1".into()));
        // Doublemove: castling as either leg of a turn.
        let mut pos =
            Doublemove::from_fen(&fen.replace(" w ", " w1 ")).unwrap_or_else(|e| panic!("{e}"));
        pos.set_chess960(true);
        assert_eq!(read(&pos, "O-O,a1a2"), Ok("b1h1a1a2".into()));
        assert_eq!(read(&pos, "a1a2,O-O"), Ok("a1a2b1h1".into()));
    }
}
