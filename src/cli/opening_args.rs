//! Where a command's games open (`--openings`, `--random-plies`): the words `kaleido match`
//! and `kaleido tune` share, read into the arbiter's `OpeningSource`.

use super::CliError;
use crate::arbiter::opening_files::{read_text, OpeningFormat, OpeningsSpec};
use crate::arbiter::polyglot::PolyglotBook;
use crate::arbiter::OpeningSource;
use clap::Args;

#[derive(Args, Debug, Clone, Default)]
pub struct OpeningArgs {
    /// Openings: a file (PGN, EPD, a polyglot .bin book, or one `FEN`, `FEN moves ...` or
    /// `startpos moves ...` per line), or cutechess's words: file=F format=pgn|epd|polyglot
    /// order=sequential|random plies=N start=N
    #[arg(long, num_args = 1..=5, conflicts_with = "random_plies")]
    pub openings: Option<Vec<String>>,
    /// Random legal plies from the start position that open each game pair (from --seed)
    #[arg(long)]
    pub random_plies: Option<usize>,
}

impl OpeningArgs {
    /// The openings asked for; every game from the start position when none are.
    pub fn source(&self) -> Result<OpeningSource, CliError> {
        Ok(match (&self.openings, self.random_plies) {
            (Some(words), _) => from_file(&OpeningsSpec::parse(words)?)?,
            (None, Some(plies)) if plies > 0 => OpeningSource::Random(plies.min(200)),
            _ => OpeningSource::Start,
        })
    }
}

/// A book walk with no `plies=` stops at the end of the book, or here.
const BOOK_PLIES: usize = 40;

/// Reads the openings `--openings` names.
fn from_file(spec: &OpeningsSpec) -> Result<OpeningSource, CliError> {
    let path = spec.file.display();
    let bytes =
        std::fs::read(&spec.file).map_err(|e| CliError(format!("cannot read {path}: {e}")))?;
    if spec.format == OpeningFormat::Polyglot {
        let book = PolyglotBook::read(&bytes).map_err(|e| CliError(format!("{path}: {e}")))?;
        return Ok(OpeningSource::Book {
            book,
            plies: spec.plies.unwrap_or(BOOK_PLIES),
        });
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(OpeningSource::File {
        openings: read_text(&text, spec.format),
        order: spec.order,
        start: spec.start,
        plies: spec.plies,
    })
}
