//! The one place that maps a variant's name to its type. Everything generic is entered through
//! here once, at the top, so no hot loop ever branches on the variant.

use crate::game::{Game, Variant};
use crate::variants::chess::Chess;
use crate::variants::cylinder::Cylinder;
use crate::variants::doublemove::Doublemove;
use crate::variants::gigachess::Gigachess;
use crate::variants::spinchess::Spinchess;
use crate::variants::trichess::Trichess;
use std::fmt;

/// Something to run for one variant type, chosen at run time by name.
pub trait VariantVisitor {
    type Output;
    fn visit<G: Variant>(self) -> Self::Output;
}

macro_rules! registry {
    ($first:ty $(, $ty:ty)* $(,)?) => {
        /// Every variant name, in the order they are listed to users.
        pub const VARIANT_NAMES: &[&str] = &[<$first as Game>::NAME $(, <$ty as Game>::NAME)*];

        /// Runs `visitor` for the default variant (the first listed), which always exists.
        pub fn with_default_variant<V: VariantVisitor>(visitor: V) -> V::Output {
            visitor.visit::<$first>()
        }

        /// Runs `visitor` for the variant called `name`.
        pub fn with_variant<V: VariantVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
            if name == <$first as Game>::NAME {
                return Ok(visitor.visit::<$first>());
            }
            $(
                if name == <$ty as Game>::NAME {
                    return Ok(visitor.visit::<$ty>());
                }
            )*
            Err(UnknownVariant(crate::errors::quote(name, 40)))
        }
    };
}

registry!(Chess, Cylinder, Spinchess, Doublemove, Gigachess, Trichess);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            VARIANT_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}
