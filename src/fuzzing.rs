//! The fuzzing harness: what each fuzz target (fuzz/fuzz_targets/) and the property tests
//! (tests/it/fuzz_properties.rs) run on one input. Each function takes arbitrary bytes, never
//! fails on bad input, and panics only when kaleido itself is wrong: a panic inside the engine,
//! or a broken property (a FEN that does not read back, a move accepted that is not legal, a
//! protocol that loses a `readyok`). The fuzz targets are one-line wrappers around these, so a
//! crash the fuzzer finds replays as a plain `#[test]` (tests/it/fuzz_regressions.rs).
//!
//! Every function is generic over the variants through the registry: the first input byte
//! picks the variant, so a variant added to the registry is fuzzed without touching this file.
//! See docs/fuzzing.md for how to run the targets.

use crate::game::Game;
use crate::protocol::{serve, Output};
use crate::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use crate::search::fuzz_caps::{set_caps, Caps};
use crate::variants::board8::shuffled::shuffled_start_fen;
use crate::variants::board8::{Board, CastlingForm, Flat};
use std::collections::HashSet;
use std::io::Cursor;
use std::sync::Once;

/// The input bytes, read front to back; past the end every byte reads as zero, so any input
/// (even an empty one) decodes to some case.
struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.byte() as usize % n
        }
    }

    fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// The variant an input is for, from its first byte.
fn variant(bytes: &mut Bytes) -> &'static str {
    VARIANT_NAMES[bytes.below(VARIANT_NAMES.len())]
}

/// Rewrites `seed` by the edits the remaining input spells, three bytes each (what, where, which
/// byte): replace, insert, delete, or cut there. An inserted or replacing byte above 127 is
/// taken from the seed itself, so edits mostly stay within the notation's alphabet.
fn mutate(seed: &str, edits: &[u8]) -> String {
    let alphabet = seed.as_bytes().to_vec();
    let mut text = alphabet.clone();
    for edit in edits.chunks(3) {
        let (op, at, byte) = match *edit {
            [op, at, byte] => (op, at as usize, byte),
            _ => break,
        };
        let byte = if byte < 128 || alphabet.is_empty() {
            byte
        } else {
            alphabet[byte as usize % alphabet.len()]
        };
        let at = at % (text.len() + 1);
        match op % 4 {
            0 if at < text.len() => text[at] = byte,
            1 => text.insert(at, byte),
            2 if at < text.len() => {
                text.remove(at);
            }
            3 => text.truncate(at),
            _ => {}
        }
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// Plays up to `plies` legal moves, each chosen by an input byte; stops early at a position
/// with none.
fn walk<G: Game>(mut pos: G, plies: usize, bytes: &mut Bytes) -> G {
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[bytes.below(moves.len())];
        pos.play(mv);
    }
    pos
}

// ---------------------------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------------------------

/// Fuzz target `fen`: the input as a position string of one variant. Byte 0 picks the variant;
/// byte 1 says whether the rest is the text itself (even) or edits to the FEN of a position a
/// few plies from the start (odd: byte 2 = plies, then one byte per ply, then the edits). The
/// start is the variant's own, or where byte 1 is 3 modulo 4 and the variant has shuffled
/// starts, the one of two more bytes (White's and Black's Chess960 numbers, modulo 960), its
/// castling field in Shredder-FEN when byte 1 is 7 modulo 8.
/// Whatever `from_fen` accepts must pass [`check_position`].
pub fn fen(data: &[u8]) {
    let mut bytes = Bytes { data };
    let name = variant(&mut bytes);
    let _ = with_variant(name, FenCase { bytes });
}

struct FenCase<'a> {
    bytes: Bytes<'a>,
}

impl VariantVisitor for FenCase<'_> {
    type Output = ();
    fn visit<G: Game>(mut self) {
        let mode = self.bytes.byte();
        let text = if mode.is_multiple_of(2) {
            String::from_utf8_lossy(self.bytes.rest()).into_owned()
        } else {
            let start = if mode % 4 == 3 && G::SHUFFLED_STARTS {
                let (white, black) = (self.bytes.byte(), self.bytes.byte());
                shuffled_start_fen(u16::from(white) * 4 % 960, u16::from(black) * 4 % 960)
                    .and_then(|fen| G::from_fen(&fen).ok())
                    .unwrap_or_else(G::startpos)
            } else {
                G::startpos()
            };
            let plies = self.bytes.below(9);
            let mut seed = walk(start, plies, &mut self.bytes).fen();
            if mode % 8 == 7 {
                seed = shredder_castling(&seed);
            }
            mutate(&seed, self.bytes.rest())
        };
        check_fen::<G>(&text);
    }
}

/// `fen` with its castling field (the third) in Shredder-FEN where it is X-FEN's `KQkq`
/// letters over an 8x8 placement: each letter becomes the file of that side's outermost rook.
fn shredder_castling(fen: &str) -> String {
    let Ok(board) = Board::<Flat>::from_fen(fen) else {
        return fen.to_string();
    };
    let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
    fields[2] = board.castling_fen_as(CastlingForm::Shredder);
    fields.join(" ")
}

/// Reads `text` as a FEN of `G`: it may be refused, but never with a panic, and a position it
/// yields must pass [`check_position`].
pub fn check_fen<G: Game>(text: &str) {
    if let Ok(pos) = G::from_fen(text) {
        check_position(&pos);
    }
}

/// What every position must satisfy, however odd the FEN it came from:
/// - its FEN reads back, to a position with the same FEN and hash (a position after a move
///   that ended the game may instead be refused: trichess cannot write a captured king's
///   points in TriFEN, so it refuses a king-less placement);
/// - the incremental hash equals the one computed from scratch;
/// - the legal moves are distinct and as many as `count_legal_moves` says (perft 1);
/// - every legal move formats to a token that parses back to it, has a human notation, and
///   plays to a position whose hash and FEN are sound in the same way;
/// - the position's end-of-game verdict can be asked.
pub fn check_position<G: Game>(pos: &G) {
    let fen = check_fen_round_trip(pos, false);
    let _ = pos.rule_outcome();
    let _ = pos.reversible_plies();
    let _ = pos.side_to_move();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let distinct: HashSet<_> = moves.iter().collect();
    assert_eq!(
        distinct.len(),
        moves.len(),
        "{}: a legal move is listed twice in {fen}",
        G::NAME
    );
    assert_eq!(
        pos.count_legal_moves(),
        moves.len() as u64,
        "{}: count_legal_moves disagrees with legal_moves in {fen}",
        G::NAME
    );
    for &mv in &moves {
        let token = pos.format_move(mv);
        assert_eq!(
            pos.parse_move(&token),
            Ok(mv),
            "{}: move {token} does not parse back in {fen}",
            G::NAME
        );
        let _ = pos.human_notation(mv);
        let mut child = pos.clone();
        child.play(mv);
        let over = child.rule_outcome().is_some();
        check_fen_round_trip(&child, over);
    }
}

/// Checks that `pos`'s FEN reads back to the same FEN and hash, or, if `may_refuse`, is refused
/// cleanly; returns the FEN.
fn check_fen_round_trip<G: Game>(pos: &G, may_refuse: bool) -> String {
    let fen = pos.fen();
    assert_eq!(
        pos.hash(),
        pos.hash_from_scratch(),
        "{}: incremental hash differs from scratch in {fen}",
        G::NAME
    );
    let again = match G::from_fen(&fen) {
        Ok(again) => again,
        Err(_) if may_refuse => return fen,
        Err(e) => panic!("{}: its own FEN {fen:?} does not read back: {e}", G::NAME),
    };
    assert_eq!(again.fen(), fen, "{}: FEN does not round-trip", G::NAME);
    assert_eq!(
        again.hash(),
        pos.hash(),
        "{}: hash changes when {fen} is read back",
        G::NAME
    );
    fen
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/// Fuzz target `moves`: a move token for a position of one variant. Byte 0 picks the variant,
/// byte 1 the number of plies from the start (0..=15), then one byte per ply picks a legal move;
/// the next byte says where the token comes from: the rest of the input as it is (0), or edits
/// (the rest of the input, see `mutate`) to a legal move's token (1), to a two-ply turn
/// `leg1,leg2` (2) or to a move's human notation (3), the move picked by one more byte.
/// Whatever the token is, [`check_token`] must hold.
pub fn moves(data: &[u8]) {
    let mut bytes = Bytes { data };
    let name = variant(&mut bytes);
    let _ = with_variant(name, MovesCase { bytes });
}

struct MovesCase<'a> {
    bytes: Bytes<'a>,
}

impl VariantVisitor for MovesCase<'_> {
    type Output = ();
    fn visit<G: Game>(mut self) {
        let plies = self.bytes.below(16);
        let pos = walk(G::startpos(), plies, &mut self.bytes);
        let mode = self.bytes.byte() % 4;
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let token = if mode == 0 || legal.is_empty() {
            String::from_utf8_lossy(self.bytes.rest()).into_owned()
        } else {
            let mv = legal[self.bytes.below(legal.len())];
            let seed = match mode {
                1 => pos.format_move(mv),
                2 => {
                    let mut after = pos.clone();
                    after.play(mv);
                    let mut next = Vec::new();
                    after.legal_moves(&mut next);
                    let second = next
                        .get(self.bytes.below(next.len()))
                        .map(|&m| after.format_move(m))
                        .unwrap_or_default();
                    format!("{},{second}", pos.format_move(mv))
                }
                _ => pos.human_notation(mv),
            };
            mutate(&seed, self.bytes.rest())
        };
        check_token(&pos, &token);
    }
}

/// What any token must satisfy in `pos`: `parse_move` and `parse_turn` refuse it or accept
/// only legal moves (each ply of a turn legal where it is played), and an accepted move's own
/// token parses back to it. Neither may panic.
pub fn check_token<G: Game>(pos: &G, token: &str) {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if let Ok(mv) = pos.parse_move(token) {
        assert!(
            legal.contains(&mv),
            "{}: parse_move accepted {token:?} as {mv:?}, which is not legal in {}",
            G::NAME,
            pos.fen()
        );
        let own = pos.format_move(mv);
        assert_eq!(
            pos.parse_move(&own),
            Ok(mv),
            "{}: {token:?} was read as {own}, which does not parse back",
            G::NAME
        );
    }
    if let Ok(plies) = pos.parse_turn(token) {
        assert!(
            !plies.is_empty(),
            "{}: parse_turn read {token:?} as no move at all",
            G::NAME
        );
        let mut walk = pos.clone();
        for mv in plies {
            legal.clear();
            walk.legal_moves(&mut legal);
            assert!(
                legal.contains(&mv),
                "{}: parse_turn read {token:?} with {mv:?}, not legal in {}",
                G::NAME,
                walk.fen()
            );
            walk.play(mv);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Protocol
// ---------------------------------------------------------------------------------------------

/// The cost caps under which protocol inputs run: enough for a few iterations of every
/// search, so the search's reporting and answer paths run, yet milliseconds per `go`.
pub const PROTOCOL_CAPS: Caps = Caps {
    nodes: 3000,
    hash_mib: 1,
    threads: 2,
};

/// Perft depths above this are lowered in protocol scripts (see [`bound_script`]).
pub const MAX_PERFT_DEPTH: u64 = 2;

/// No protocol line may be longer than this: a line that grows with the input is echoing it.
pub const MAX_OUTPUT_LINE: usize = 2000;

/// Fuzz target `protocol`: the input is what a GUI sends, whatever protocol its first line
/// chooses, run through `protocol::serve` with the output captured; returns the output.
///
/// The script is run as it is, except that every line mentioning `perft` has its numbers
/// lowered to [`MAX_PERFT_DEPTH`] (a perft has no stop command; depth 20 is a legal request
/// that runs for hours), and the process runs under [`PROTOCOL_CAPS`] (search::fuzz_caps), so
/// that `go infinite`, `go depth 127`, long clocks, huge hash tables and many threads, which are
/// all legitimate, cost milliseconds. Checks:
/// - `serve` returns, without a panic on any thread;
/// - every output line is shorter than [`MAX_OUTPUT_LINE`] and has no control character;
/// - under UCI, every `isready` gets its `readyok`, and no `go` gets two `bestmove`s.
pub fn protocol(data: &[u8]) -> String {
    static CAPS: Once = Once::new();
    CAPS.call_once(|| set_caps(PROTOCOL_CAPS));
    let script = bound_script(data);
    let (out, captured) = Output::capture();
    serve(&mut Cursor::new(&script), out);
    let text = captured.text();
    check_protocol_output(&script, &text);
    text
}

/// The script with every digit run on a line containing `perft` (any case) lowered to
/// [`MAX_PERFT_DEPTH`]; all other bytes as they were, invalid UTF-8 included.
pub fn bound_script(data: &[u8]) -> Vec<u8> {
    let mut script = Vec::with_capacity(data.len());
    for line in data.split_inclusive(|&b| b == b'\n') {
        if !line.to_ascii_lowercase().windows(5).any(|w| w == b"perft") {
            script.extend_from_slice(line);
            continue;
        }
        let mut i = 0;
        while i < line.len() {
            if !line[i].is_ascii_digit() {
                script.push(line[i]);
                i += 1;
                continue;
            }
            let end = line[i..]
                .iter()
                .position(|b| !b.is_ascii_digit())
                .map_or(line.len(), |n| i + n);
            let value = std::str::from_utf8(&line[i..end])
                .ok()
                .and_then(|d| d.parse::<u64>().ok())
                .unwrap_or(u64::MAX);
            script.extend_from_slice(value.min(MAX_PERFT_DEPTH).to_string().as_bytes());
            i = end;
        }
    }
    script
}

/// The protocol target's checks of what `serve` wrote for `script` (see [`protocol`]); public
/// so that tests running `serve` without the caps can apply them too.
pub fn check_protocol_output(script: &[u8], output: &str) {
    for line in output.lines() {
        assert!(
            line.len() < MAX_OUTPUT_LINE,
            "an output line of {} bytes: {:?}...",
            line.len(),
            crate::errors::quote(line, 100)
        );
        assert!(
            !line.chars().any(char::is_control),
            "a control character in output line {line:?}"
        );
    }
    if let Some(commands) = uci_commands(script) {
        let asked = commands.iter().filter(|c| c.as_str() == "isready").count();
        let answered = output.lines().filter(|l| *l == "readyok").count();
        assert_eq!(asked, answered, "{asked} isready but {answered} readyok");
        let goes = commands.iter().filter(|c| c.as_str() == "go").count();
        let bestmoves = output.lines().filter(|l| l.starts_with("bestmove")).count();
        assert!(
            bestmoves <= goes,
            "{bestmoves} bestmove answers to {goes} go commands"
        );
    }
}

/// The command words of a UCI conversation, from the `uci` line that chose the protocol up to
/// `quit` (lines past it are never read); None when the script does not choose UCI.
fn uci_commands(script: &[u8]) -> Option<Vec<String>> {
    let mut lines = script
        .split_inclusive(|&b| b == b'\n')
        .map(|l| String::from_utf8_lossy(l).into_owned());
    // Before the choice, the same words as serve reads them; other protocols are not checked.
    loop {
        let line = lines.next()?;
        match line.trim() {
            "uci" => break,
            "" => continue,
            _ if is_protocol_choice(line.trim()) => return None,
            _ => continue,
        }
    }
    let mut commands = Vec::new();
    for line in lines {
        // Lines over the protocol's limit (MAX_LINE in src/protocol/lines.rs) are skipped whole.
        if line.trim_end_matches('\n').len() > 1 << 20 {
            continue;
        }
        let word = line.split_whitespace().next().unwrap_or("").to_string();
        if word == "quit" {
            break;
        }
        commands.push(word);
    }
    Some(commands)
}

/// Whether a first line might choose some protocol other than UCI (or end the session): the
/// harness stops reading UCI's invariants into a script once something else may be in charge.
fn is_protocol_choice(line: &str) -> bool {
    line == "quit"
        || line.starts_with("xboard")
        || line.starts_with("tri")
        || line.starts_with("protover")
}
