//! The network inputs of spinchess: its men are an 8x8 board's, read the way chess's are. Its
//! built-in network started from the chess network's weights (docs/nnue.md).

use super::Spinchess;
use crate::variants::board8::inputs::inputs_of_board;

inputs_of_board!(
    Spinchess,
    Some(include_bytes!("../../../nets/spinchess.nnue"))
);
