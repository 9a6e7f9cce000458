//! Any bytes into the QPI parser, checked against the grammar: see
//! `harness::qpi_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::qpi_parse(data);
});
