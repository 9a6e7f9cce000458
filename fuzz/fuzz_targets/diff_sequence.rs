//! Random operation sequences on a position, checked step by step against a
//! plain model: see `harness::diff_sequence`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::diff_sequence(data));
