//! Position documents, mostly serialized positions then mutated, into the
//! validating JSON deserializer, judged by an independent reading: see
//! `harness::serde_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::serde_json(data);
});
