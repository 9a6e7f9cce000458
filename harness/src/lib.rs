//! The test harness of persistent-qi, outside the library: what the fuzz
//! targets (`fuzz/`), the model-based and differential tests, the
//! benchmarks and the examples share. Not published; it uses the crate's
//! public API only, as a user's code would.
//!
//! - [`Scenario`]: a start and a sequence of [`Action`]s, run on a `Qi` and
//!   on the plain [`Model`] side by side. The `diff_sequence` fuzz target
//!   decodes one from bytes; `tests/model.rs` draws them with proptest.
//! - The fuzz targets, one function each taking libFuzzer's bytes:
//!   [`diff_sequence`], [`qpi_parse`], [`serde_json()`], [`feen_parse`]. `tests/fuzz_replay.rs`
//!   feeds them the committed corpus, so `cargo test` replays every input
//!   the fuzzers kept, on stable.
//! - [`support`]: one fixed-seed generator, the piece types the benchmarks
//!   run with, an adapter over persistent-qi and sashite-qi, and the checks
//!   every generated position must pass.
//!
//! Everything here panics on a disagreement: that is how a fuzzer or a test
//! learns of a bug.

mod check;
mod feen;
mod generate;
mod json;
mod model;
mod qpi;
mod scenario;
pub mod support;

use arbitrary::{Arbitrary, Unstructured};
use persistent_qi::qpi::{Qpi, Sin};

pub use feen::feen_parse;
pub use generate::{Draw, MAX_ACTIONS, MAX_CHANGES};
pub use json::{serde_json, serde_json_document};
pub use model::Model;
pub use qpi::qpi_parse;
pub use scenario::{
    Action, CHECKPOINT, Change, ChangeRef, Literal, Scenario, ScenarioPiece, ScenarioStyle, Start,
    Turn,
};

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
/// If a `Qi` disagrees with the [`Model`] at any step; the message holds a
/// program that reproduces it.
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
