//! Chess over XBoard: XBoard's own variant `normal`, which it knows completely.

use crate::game::{Display, XboardFacts};

pub const XBOARD: XboardFacts = XboardFacts {
    name: "normal",
    shuffled_name: "fischerandom",
    display: Display::Full,
    setup: None,
    pieces: &[],
};
