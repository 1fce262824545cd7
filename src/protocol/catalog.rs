//! The variants the protocols offer, and a session for each: the two-player searchable
//! variants (the alpha-beta search), then the multi-player ones (the three-player search), both
//! straight from the registry's lists.

use super::multi_session::NewMultiSession;
use super::session::{NewSession, Session};
use crate::registry::{
    with_multi_variant, with_searchable_variant, UnknownVariant, MULTI_NAMES, SEARCHABLE_NAMES,
};

/// Every variant a session can be made for, in the order they are listed to users.
pub fn playable_names() -> impl Iterator<Item = &'static str> {
    SEARCHABLE_NAMES.iter().chain(MULTI_NAMES).copied()
}

/// A fresh session (start position) of the variant called `name`.
pub fn new_session(name: &str) -> Result<Box<dyn Session>, UnknownVariant> {
    with_searchable_variant(name, NewSession)
        .or_else(|_| with_multi_variant(name, NewMultiSession).map(|s| -> Box<dyn Session> { s }))
}
