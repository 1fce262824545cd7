//! The variants the protocols offer, and a session for each, straight from the registry's list.

use super::session::{NewSession, Session};
use crate::registry::{with_default_variant, with_variant, UnknownVariant, VARIANT_NAMES};

/// Every variant a session can be made for, in the order they are listed to users.
pub fn playable_names() -> impl Iterator<Item = &'static str> {
    VARIANT_NAMES.iter().copied()
}

/// A fresh session (start position) of the variant called `name`.
pub fn new_session(name: &str) -> Result<Box<dyn Session>, UnknownVariant> {
    with_variant(name, NewSession)
}

/// The registry's default variant (the first listed).
pub fn default_variant() -> &'static str {
    VARIANT_NAMES.first().copied().unwrap_or_default()
}

/// A fresh session of the registry's default variant.
pub fn default_session() -> Box<dyn Session> {
    with_default_variant(NewSession)
}

/// The variants of more than two players (for the `tri` dialect), in the registry's order.
pub fn multi_player_names() -> Vec<&'static str> {
    playable_names()
        .filter(|name| new_session(name).is_ok_and(|s| s.players() > 2))
        .collect()
}

/// A fresh session of the first variant of more than two players, or of the default variant
/// when the registry had none.
pub fn default_multi_session() -> Box<dyn Session> {
    multi_player_names()
        .first()
        .and_then(|name| new_session(name).ok())
        .unwrap_or_else(default_session)
}
