//! The version kaleido reports, in one place: `kaleido --version`, the engine name of every
//! protocol (UCI and tri `id name`, XBoard `myname`) and the `Annotator` tag of the PGN it
//! writes. A game record or a bug report then names the build that made it.

use std::sync::OnceLock;

/// The crate's version, from Cargo.toml.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The short hash of the commit that was built, or empty where the build could not know it (a
/// source tree without its git history). build.rs finds it.
pub const GIT_HASH: &str = env!("KALEIDO_GIT_HASH");

/// The version with the commit where it is known: `0.2.0 (abc1234)`, else `0.2.0`.
pub fn long() -> &'static str {
    static LONG: OnceLock<String> = OnceLock::new();
    LONG.get_or_init(|| with_hash(VERSION, GIT_HASH))
}

/// The program's name and long version, as engines announce themselves: `kaleido 0.2.0
/// (abc1234)`.
pub fn engine_name() -> &'static str {
    static NAME: OnceLock<String> = OnceLock::new();
    NAME.get_or_init(|| format!("kaleido {}", long()))
}

fn with_hash(version: &str, hash: &str) -> String {
    if hash.is_empty() {
        version.to_string()
    } else {
        format!("{version} ({hash})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_follows_the_version_only_when_known() {
        assert_eq!(with_hash("0.2.0", ""), "0.2.0");
        assert_eq!(with_hash("0.2.0", "abc1234"), "0.2.0 (abc1234)");
    }

    #[test]
    fn the_engine_name_is_kaleido_and_the_long_version() {
        assert_eq!(engine_name(), format!("kaleido {}", long()));
        assert!(long().starts_with(VERSION));
        assert!(
            GIT_HASH.chars().all(|c| c.is_ascii_hexdigit()),
            "{GIT_HASH}"
        );
    }
}
