//! The one place that maps a variant's name to its type. Everything generic is entered through
//! here once, at the top, so no hot loop ever branches on the variant.

use crate::game::Game;
use crate::gui::view::GuiVariant;
use crate::search::multi::MultiSearchable;
use crate::search::Searchable;
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
    fn visit<G: Game>(self) -> Self::Output;
}

/// Something to run for one variant on the web board, chosen at run time by name.
pub trait GuiVisitor {
    type Output;
    fn visit<G: GuiVariant>(self) -> Self::Output;
}

macro_rules! registry {
    ($($ty:ty),* $(,)?) => {
        /// Every variant name, in the order they are listed to users.
        pub const VARIANT_NAMES: &[&str] = &[$(<$ty as Game>::NAME),*];

        /// Runs `visitor` for the variant called `name`.
        pub fn with_variant<V: VariantVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
            $(
                if name == <$ty as Game>::NAME {
                    return Ok(visitor.visit::<$ty>());
                }
            )*
            Err(UnknownVariant(crate::errors::quote(name, 40)))
        }

        /// Runs `visitor` for the variant called `name`, with what the web board needs of it;
        /// every variant has that, so the list is the same.
        pub fn with_gui_variant<V: GuiVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
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

/// Something to run for one variant that can be searched.
pub trait SearchVisitor {
    type Output;
    fn visit<G: Searchable>(self) -> Self::Output;
}

/// The variants with an evaluation, which the search can play. Every variant will join this
/// list as it gains one; then it folds into `registry!` above.
macro_rules! searchable {
    ($first:ty $(, $ty:ty)* $(,)?) => {
        pub const SEARCHABLE_NAMES: &[&str] = &[<$first as Game>::NAME $(, <$ty as Game>::NAME)*];

        /// Runs `visitor` for the default variant (the first listed), which always exists.
        pub fn with_default_variant<V: SearchVisitor>(visitor: V) -> V::Output {
            visitor.visit::<$first>()
        }

        /// Runs `visitor` for the searchable variant called `name`.
        pub fn with_searchable_variant<V: SearchVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
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

searchable!(Chess, Cylinder, Spinchess, Doublemove, Gigachess);

/// Something to run for one variant of more than two players, which the multi-player search
/// (search/multi.rs) plays.
pub trait MultiVisitor {
    type Output;
    fn visit<G: MultiSearchable>(self) -> Self::Output;
}

macro_rules! multi_player {
    ($first:ty $(, $ty:ty)* $(,)?) => {
        pub const MULTI_NAMES: &[&str] = &[<$first as Game>::NAME $(, <$ty as Game>::NAME)*];

        /// Runs `visitor` for the default multi-player variant (the first listed).
        pub fn with_default_multi_variant<V: MultiVisitor>(visitor: V) -> V::Output {
            visitor.visit::<$first>()
        }

        /// Runs `visitor` for the multi-player variant called `name`.
        pub fn with_multi_variant<V: MultiVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
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

multi_player!(Trichess);

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
