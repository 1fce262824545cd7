//! The one PGN writer, shared by the match runner and the web board: tags with their values
//! escaped, then movetext broken between words into lines of at most 80 characters, and the
//! `Date` tag's form. What goes into the tags and the movetext is each caller's.

/// Today's date (UTC) as PGN writes it: `2026.11.22`.
pub fn today() -> String {
    let date = time::OffsetDateTime::now_utc().date();
    format!(
        "{:04}.{:02}.{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// A tag value with `"` and `\` escaped, as PGN requires.
pub fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game's PGN text as it is written.
#[derive(Default)]
pub struct PgnText {
    out: String,
}

impl PgnText {
    pub fn new() -> PgnText {
        PgnText::default()
    }

    /// A tag pair: `[Name "value"]`.
    pub fn tag(&mut self, name: &str, value: &str) {
        self.out
            .push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }

    /// Ends the tags and writes `words` (move numbers, moves, comments, the result) as
    /// movetext; the text ends with a newline.
    pub fn movetext(mut self, words: &[String]) -> String {
        const WIDTH: usize = 80;
        self.out.push('\n');
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
                self.out.push_str(&line);
                self.out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        self.out.push_str(&line);
        self.out.push('\n');
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_a_pgn_date() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert_eq!(date.matches('.').count(), 2);
        assert!(date.as_str() >= "2026.01.01", "{date}");
    }

    #[test]
    fn quotes_and_backslashes_are_escaped() {
        assert_eq!(escape(r#"a "b" \c"#), r#"a \"b\" \\c"#);
    }

    #[test]
    fn movetext_breaks_between_words_at_80_characters() {
        let mut pgn = PgnText::new();
        pgn.tag("Event", "a \"b\"");
        let words: Vec<String> = (1..=30).map(|n| format!("{n}. e4")).collect();
        let text = pgn.movetext(&words);
        assert!(
            text.starts_with("[Event \"a \\\"b\\\"\"]\n\n1. e4 2. e4"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.ends_with("30. e4\n"), "{text}");
    }
}
