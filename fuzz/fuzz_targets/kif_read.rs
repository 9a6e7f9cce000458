//! Any bytes as a KIF file (Shift_JIS unless UTF-8), read over both
//! position crates: see `games_shogi::records::check_kif`. No input
//! panics, and both crates read the same games.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = games_shogi::records::check_kif(data);
});
