//! Trichess over XBoard: not offered. CECP is a two-player protocol (one engine clock against
//! one opponent clock, results 1-0 / 0-1 / 1/2-1/2) and XBoard has no hexagonal boards, so
//! trichess is played through its own three-player dialect instead (docs/protocol.md).

use crate::game::XboardFacts;

pub const XBOARD: XboardFacts = XboardFacts::NONE;
