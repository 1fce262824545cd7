//! Unit tests: see tests/doublemove.rs for the rules tests.
