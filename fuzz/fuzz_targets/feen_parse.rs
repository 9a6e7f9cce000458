//! Any bytes as a FEEN string, read into `Qi<Epin, Sin>` and `Qi<Qpi, Sin>`:
//! no panic, the same verdict as `sashite-feen`, and an accepted string
//! written back byte for byte. The check lives in the harness
//! (`harness::feen_parse`), which `harness/tests/repository/fuzz_replay.rs` feeds the corpus.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::feen_parse(data);
});
