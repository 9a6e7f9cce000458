//! Any bytes as a FEEN string, read into `Qi<Epin, Sin>` and `Qi<Qpi, Sin>`:
//! no panic, the same verdict as `sashite-feen`, and an accepted string
//! written back byte for byte. The check is shared with the test that
//! replays the corpus (`tests/feen.rs`).
#![no_main]

#[path = "../../tests/common/feen_parse.rs"]
mod feen_parse;

libfuzzer_sys::fuzz_target!(|data: &[u8]| feen_parse::check(data));
