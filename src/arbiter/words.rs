//! The `key=value` words cutechess-cli takes its settings in (`-draw movenumber=40
//! movecount=8 score=10`), read the same way for every option that takes them.

use super::error::SettingError;
use crate::errors::quote;

/// Splits `key=value` words (one argument may hold several, space-separated) and names each
/// by its key, matched without regard to case; a word without `=` or with another key is
/// an error naming the option.
pub fn key_values<'a>(
    option: &'static str,
    words: &'a [String],
    keys: &[&'static str],
) -> Result<Vec<(&'static str, &'a str)>, SettingError> {
    let mut found = Vec::new();
    for word in words.iter().flat_map(|w| w.split_whitespace()) {
        let (key, value) = word.split_once('=').ok_or_else(|| SettingError::RuleWord {
            option,
            word: quote(word, 30),
        })?;
        let key = keys
            .iter()
            .find(|k| k.eq_ignore_ascii_case(key))
            .ok_or_else(|| SettingError::RuleKey {
                option,
                key: quote(key, 30),
                keys: keys.join(", "),
            })?;
        found.push((*key, value));
    }
    Ok(found)
}

/// A whole number of zero or more.
pub fn number(option: &'static str, key: &str, value: &str) -> Result<u32, SettingError> {
    value.parse().map_err(|_| SettingError::RuleNumber {
        option,
        key: key.to_string(),
        value: quote(value, 30),
    })
}

pub fn missing(option: &'static str, key: &'static str) -> SettingError {
    SettingError::RuleMissing { option, key }
}
