//! The network inputs of doublemove: its men are an 8x8 board's, read the way chess's are. Its
//! built-in network started from the chess network's weights (docs/nnue.md); the threats of a
//! turn of two moves stand beside it (`Searchable::unsearched_threats`).

use super::Doublemove;
use crate::variants::board8::inputs::inputs_of_board;

inputs_of_board!(
    Doublemove,
    Some(include_bytes!("../../../nets/doublemove.nnue"))
);
