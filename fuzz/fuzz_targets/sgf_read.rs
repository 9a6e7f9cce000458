//! Any bytes as an SGF file, read over both position crates: see
//! `games_go::sgf::check`. No input panics, and every game read is
//! written and read back as the same record.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = games_go::sgf::check(data);
});
