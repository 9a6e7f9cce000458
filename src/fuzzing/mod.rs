//! The harness shared by the fuzz targets (`fuzz/`) and the test suite.
//!
//! Each fuzz target is one call to a function here taking the raw bytes
//! libFuzzer produced, and `tests/fuzz_replay.rs` feeds the committed corpus
//! to the same functions, so `cargo test --all-features` replays every input
//! the fuzzers ever kept, on stable.
//!
//! The model-based tests (`tests/model.rs`) build [`Scenario`]s with proptest
//! instead of from bytes and run them through the same [`Scenario::run`].
//!
//! Everything here panics on a disagreement: that is how a fuzzer or a test
//! learns of a bug. It is public only for the crate's own fuzz crate and
//! tests, and not covered by semantic versioning.

mod generate;
#[cfg(feature = "serde")]
mod json;
mod model;
mod qpi;
mod scenario;

use ::arbitrary::{Arbitrary, Unstructured};

use crate::qpi::{Qpi, Sin};

pub use generate::{Draw, MAX_ACTIONS, MAX_CHANGES};
#[cfg(feature = "serde")]
pub use json::serde_json;
pub use model::Model;
pub use qpi::qpi_parse;
pub use scenario::{Action, Literal, Scenario};

/// The piece and style types a `diff_sequence` input can select.
#[derive(Debug)]
enum Scenarios {
    Bytes(Scenario<u8, u8>),
    Strings(Scenario<String, String>),
    Tokens(Scenario<Qpi, Sin>),
}

impl Scenarios {
    /// Decodes an input as libFuzzer gives it: the first choice is the piece
    /// type, the rest the scenario.
    fn decode(data: &[u8]) -> Option<Scenarios> {
        let mut u = Unstructured::new(data);
        let scenarios = match u.int_in_range(0..=2_u8).ok()? {
            0 => Scenarios::Bytes(Scenario::arbitrary(&mut u).ok()?),
            1 => Scenarios::Tokens(Scenario::arbitrary(&mut u).ok()?),
            _ => Scenarios::Strings(Scenario::arbitrary(&mut u).ok()?),
        };
        Some(scenarios)
    }
}

/// The `diff_sequence` fuzz target: decodes a [`Scenario`] (with `u8`,
/// [`Qpi`] or `String` pieces) from raw bytes and [runs](Scenario::run) it.
///
/// # Panics
///
/// If [`Qi`](crate::Qi) disagrees with the [`Model`] at any step; the message
/// holds a program that reproduces it.
pub fn diff_sequence(data: &[u8]) {
    match Scenarios::decode(data) {
        Some(Scenarios::Bytes(scenario)) => scenario.run(),
        Some(Scenarios::Strings(scenario)) => scenario.run(),
        Some(Scenarios::Tokens(scenario)) => scenario.run(),
        None => {}
    }
}

/// The scenario [`diff_sequence`] would run on these bytes, as a program: to
/// read what a crashing fuzz input does.
#[must_use]
pub fn diff_sequence_reproduction(data: &[u8]) -> String {
    match Scenarios::decode(data) {
        Some(Scenarios::Bytes(scenario)) => format!("{scenario:?}"),
        Some(Scenarios::Strings(scenario)) => format!("{scenario:?}"),
        Some(Scenarios::Tokens(scenario)) => format!("{scenario:?}"),
        None => "(not a scenario: nothing runs)".to_owned(),
    }
}
