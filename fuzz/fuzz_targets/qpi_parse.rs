//! Any bytes into the QPI parser, checked against the grammar: see
//! `persistent_qi::fuzzing::qpi_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| persistent_qi::fuzzing::qpi_parse(data));
