//! Any bytes as a PGN file, read by the chess records' reader: see
//! `games_chess::pgn::round_trip`. No input panics or grows memory
//! without bound, and every game read writes and reads back, and saves
//! and loads back, as the same record.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = games_chess::pgn::round_trip(data);
});
