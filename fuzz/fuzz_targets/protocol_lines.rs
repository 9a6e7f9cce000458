//! Any bytes, as lines, into each engine front-end (UCI, USI, GTP): see
//! `games_engines::drive`. Every line is answered; none panics, hangs or
//! grows memory without bound.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = games_engines::drive(data);
});
