//! Random operation sequences on a position (`Qi` or `LocalQi`, as the first
//! byte picks), checked step by step against a plain model: see
//! `harness::diff_sequence`. The costlier checks run on a sample of the
//! steps and versions (`harness::Checks::SAMPLED`); the corpus replay in
//! `harness/tests/repository/fuzz_replay.rs` runs every input with all of them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::diff_sequence_checked(data, harness::Checks::SAMPLED);
});
