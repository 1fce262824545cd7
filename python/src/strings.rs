//! Python strings of move tokens, made once: listing the legal moves is what programs do most,
//! and most of its cost was making a string per move. A game's moves recur (the knight's g1f3
//! in every position it is legal), so a listing takes the string made before.

use pyo3::prelude::*;
use pyo3::types::PyString;

/// A listed move: its token packed into a number (0 when too long to pack) and its Python
/// string.
pub struct Listed {
    pub packed: u64,
    pub string: Py<PyString>,
}

/// A token of at most eight bytes packed into a nonzero number; no token holds a zero byte,
/// so two tokens give two numbers.
pub fn packed(token: &str) -> Option<u64> {
    let bytes = token.as_bytes();
    let mut word = [0u8; 8];
    word.get_mut(..bytes.len())?.copy_from_slice(bytes);
    Some(u64::from_le_bytes(word)).filter(|&w| w != 0)
}

/// The table's slots, as bits of the hash: 4,096, more than the tokens of a long game.
const SLOT_BITS: u32 = 12;

/// Python strings of packed tokens in a direct-mapped table: one slot per hash, whose string
/// a token of another hash replaces. A lookup is a multiply and a compare, and the table
/// never grows.
#[derive(Default)]
pub struct Strings(Vec<Option<(u64, Py<PyString>)>>);

impl Strings {
    /// `token` and its Python string, taken from the table where it was made before.
    pub fn get(&mut self, py: Python<'_>, token: &str) -> Listed {
        let Some(key) = packed(token) else {
            return Listed {
                packed: 0,
                string: PyString::new(py, token).unbind(),
            };
        };
        if self.0.is_empty() {
            self.0.resize_with(1 << SLOT_BITS, || None);
        }
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize;
        let string = match &self.0[slot] {
            Some((k, string)) if *k == key => string.clone_ref(py),
            _ => {
                let string = PyString::new(py, token).unbind();
                self.0[slot] = Some((key, string.clone_ref(py)));
                string
            }
        };
        Listed {
            packed: key,
            string,
        }
    }
}
