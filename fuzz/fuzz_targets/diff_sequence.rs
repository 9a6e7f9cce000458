//! Random operation sequences on a position, checked step by step against a
//! plain model: see `persistent_qi::fuzzing::diff_sequence`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| persistent_qi::fuzzing::diff_sequence(data));
