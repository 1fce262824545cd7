//! The balanced books in bench/openings/ (one per variant, what `bench/sprt` plays its tests
//! from) are legal: every line replays by the variant's rules, leaves the game going and ends
//! at a turn boundary, and each book holds the 250 openings its header promises. A book that
//! went stale after a notation or rules change would otherwise only show as a match that
//! refuses to start.
//!
//! bench/ is not part of the source package; in an unpacked package there is no book to check,
//! and the test says so and passes (as tests/package_contents.rs does).

use kaleido::arbiter::opening_files::read_lines;
use kaleido::arbiter::openings::check;
use kaleido::game::Variant;
use kaleido::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use std::path::Path;

/// Checks one book's lines for the visited variant; the error names the line.
struct CheckBook<'a>(&'a str);

impl VariantVisitor for CheckBook<'_> {
    type Output = Result<usize, String>;
    fn visit<G: Variant>(self) -> Self::Output {
        let lines = read_lines(self.0);
        for line in &lines {
            let opening = check::<G>(line, None).map_err(|e| e.to_string())?;
            let mut position = G::startpos();
            if let Some(fen) = &opening.fen {
                position = G::from_fen(fen).map_err(|e| e.to_string())?;
            }
            for token in &opening.moves {
                let mv = position.parse_move(token).map_err(|e| e.to_string())?;
                position.play(mv);
            }
            if !position.is_turn_boundary() {
                return Err(format!("{} stops in the middle of a turn", line.origin));
            }
        }
        Ok(lines.len())
    }
}

#[test]
fn every_shipped_book_replays_by_its_variants_rules() {
    let books = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/openings");
    if !books.exists() {
        eprintln!("no bench/openings here (an unpacked package): nothing to check");
        return;
    }
    for name in VARIANT_NAMES {
        let path = books.join(format!("{name}.txt"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{} has no book: {e}", path.display()));
        let header = text.lines().next().unwrap_or_default();
        assert!(
            header.starts_with(&format!("# kaleido openings --variant {name} ")),
            "{name}: the first line should be the command that wrote the book, not {header:?}"
        );
        let count = with_variant(name, CheckBook(&text))
            .expect("a listed variant")
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            count, 250,
            "{name}: 250 openings, each played with both colours"
        );
    }
}
