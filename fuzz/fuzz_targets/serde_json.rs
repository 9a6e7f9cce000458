//! Any bytes into the validating JSON deserializer: see
//! `persistent_qi::fuzzing::serde_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| persistent_qi::fuzzing::serde_json(data));
