//! Fuzz target `protocol`: see kaleido::fuzzing::protocol for what the input means and what is
//! checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    kaleido::fuzzing::protocol(data);
});
