//! The network inputs of doublemove: its men are an 8x8 board's, read the way chess's are.

use super::Doublemove;
use crate::variants::board8::inputs::inputs_of_board;

inputs_of_board!(Doublemove);
