//! Chess over XBoard: XBoard's own variant `normal`, which it knows completely.

use crate::protocol::xboard::{Display, XboardFacts};

pub const XBOARD: XboardFacts = XboardFacts {
    name: "normal",
    display: Display::Full,
    setup: None,
    pieces: &[],
};
