//! Serialized diffs, mostly real ones then mutated, into the checking
//! decoder, judged by an independent reading; every accepted diff applied to
//! its base and reverted: see `harness::diff_decode`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::diff_decode(data);
});
