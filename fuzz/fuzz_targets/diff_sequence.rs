//! Random operation sequences on a position (`Qi` or `LocalQi`, as the first
//! byte picks), checked step by step against a plain model: see
//! `harness::diff_sequence`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::diff_sequence(data);
});
