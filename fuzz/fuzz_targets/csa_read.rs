//! Any bytes as a CSA file, read over both position crates: see
//! `games_shogi::records::check_csa`. No input panics, and every game
//! read is written and read back as the same record.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = games_shogi::records::check_csa(data);
});
