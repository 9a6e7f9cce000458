//! The test harness of persistent-qi, outside the library: what the fuzz
//! targets (`fuzz/`), the model-based and differential tests, the
//! benchmarks and the examples share. Not published; it uses the crate's
//! public API only, as a user's code would.
//!
//! - [`Scenario`]: a start and a sequence of [`Action`]s, run on a position
//!   and on the plain [`Model`] side by side, over either pointer kind
//!   ([`support::Kind`]: `Qi` and `LocalQi`). The `diff_sequence` fuzz target
//!   decodes one from bytes; `tests/properties/model.rs` draws them with proptest.
//! - The fuzz targets, one function each taking libFuzzer's bytes:
//!   [`diff_sequence`] (which the fuzz target runs as
//!   [`diff_sequence_checked`] with [`Checks::SAMPLED`]), [`qpi_parse`],
//!   [`serde_json()`], [`feen_parse`], [`diff_decode`]. `tests/repository/fuzz_replay.rs` feeds them the
//!   committed corpus, so `cargo test` replays every input the fuzzers
//!   kept, on stable, with every check at every chance.
//! - [`support`]: one fixed-seed generator, the piece types the benchmarks
//!   run with, an adapter over persistent-qi and sashite-qi, and the checks
//!   every generated position must pass.
//! - [`report`]: the measured tables written into `docs/performance.md` by
//!   the commands that measure them (the games program, `bench_ratios`,
//!   `move_profile`), each into its own marked section, with the date,
//!   the machine and the command. It and the generator ([`support::Rng`])
//!   live in the `persistent-qi-support` crate, which the games program
//!   shares without depending on the harness.
//!
//! Everything here panics on a disagreement: that is how a fuzzer or a test
//! learns of a bug.

mod check;
mod diff;
mod feen;
mod generate;
mod json;
mod model;
mod qpi;
mod scenario;
pub mod support;

/// The writer of measured tables, shared with the games program: see
/// [`support::report`](::support::report).
pub use ::support::report;

use arbitrary::{Arbitrary, Unstructured};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{ArcTK, RcK};

pub use diff::diff_decode;
pub use feen::feen_parse;
pub use generate::{Draw, MAX_ACTIONS, MAX_CHANGES};
pub use json::{serde_json, serde_json_document};
pub use model::Model;
pub use qpi::qpi_parse;
pub use scenario::{
    Action, CHECKPOINT, Change, ChangeRef, Checks, Literal, Ran, Scenario, ScenarioPiece,
    ScenarioStyle, Start, Turn,
};

/// The piece and style types a `diff_sequence` input can select.
#[derive(Debug)]
enum Scenarios {
    Bytes(Scenario<u8, u8>),
    Strings(Scenario<String, String>),
    Tokens(Scenario<Qpi, Sin>),
}

/// A decoded `diff_sequence` input: the scenario, and whether it runs on
/// [`LocalQi`](persistent_qi::LocalQi) rather than [`Qi`](persistent_qi::Qi).
#[derive(Debug)]
struct Decoded {
    scenarios: Scenarios,
    local: bool,
}

impl Decoded {
    /// Decodes an input as libFuzzer gives it: the first byte picks the
    /// piece type (its value modulo 3) and the pointer kind (the next
    /// digit in base 3, odd for `LocalQi`), the rest is the scenario. The
    /// piece type is the one the first byte picked before the kind was a
    /// choice (`int_in_range(0..=2)` on one byte is that byte modulo 3),
    /// so the committed corpus decodes to the scenarios it was kept for,
    /// about half of them now on each kind.
    fn decode(data: &[u8]) -> Option<Decoded> {
        let mut u = Unstructured::new(data);
        let choice = u8::arbitrary(&mut u).ok()?;
        let scenarios = match choice % 3 {
            0 => Scenarios::Bytes(Scenario::arbitrary(&mut u).ok()?),
            1 => Scenarios::Tokens(Scenario::arbitrary(&mut u).ok()?),
            _ => Scenarios::Strings(Scenario::arbitrary(&mut u).ok()?),
        };
        Some(Decoded {
            scenarios,
            local: (choice / 3) % 2 == 1,
        })
    }
}

/// Runs a decoded scenario on its kind.
fn run_decoded<P: ScenarioPiece, S: ScenarioStyle>(
    scenario: &Scenario<P, S>,
    local: bool,
    checks: Checks,
) -> Ran {
    if local {
        scenario.run_checked::<RcK>(checks)
    } else {
        scenario.run_checked::<ArcTK>(checks)
    }
}

/// The program of a decoded scenario on its kind.
fn program_decoded<P: ScenarioPiece, S: ScenarioStyle>(
    scenario: &Scenario<P, S>,
    local: bool,
) -> String {
    if local {
        scenario.program::<RcK>()
    } else {
        scenario.program::<ArcTK>()
    }
}

/// The `diff_sequence` check with every check at every chance
/// ([`Checks::ALL`]), as the corpus replay runs it: decodes a [`Scenario`]
/// (with `u8`, [`Qpi`] or `String` pieces, on `Qi` or `LocalQi`) from raw
/// bytes and [runs](Scenario::run_checked) it. Returns what ran, for the
/// replay to count: nothing for bytes that are not a scenario.
///
/// # Panics
///
/// If a position disagrees with the [`Model`] at any step; the message
/// holds a program that reproduces it.
// Tests call it for its panics alone, or read what it ran.
#[allow(clippy::must_use_candidate)]
pub fn diff_sequence(data: &[u8]) -> Ran {
    diff_sequence_checked(data, Checks::ALL)
}

/// The `diff_sequence` fuzz target's check with the checks `checks` asks
/// for: the fuzz target passes [`Checks::SAMPLED`]; see [`diff_sequence`].
///
/// # Panics
///
/// As [`diff_sequence`].
// The fuzz target calls it for its panics alone.
#[allow(clippy::must_use_candidate)]
pub fn diff_sequence_checked(data: &[u8], checks: Checks) -> Ran {
    let Some(Decoded { scenarios, local }) = Decoded::decode(data) else {
        return Ran::default();
    };
    match scenarios {
        Scenarios::Bytes(scenario) => run_decoded(&scenario, local, checks),
        Scenarios::Strings(scenario) => run_decoded(&scenario, local, checks),
        Scenarios::Tokens(scenario) => run_decoded(&scenario, local, checks),
    }
}

/// The scenario [`diff_sequence`] would run on these bytes, as a program
/// over the kind it runs on: to read what a crashing fuzz input does.
#[must_use]
pub fn diff_sequence_reproduction(data: &[u8]) -> String {
    let Some(Decoded { scenarios, local }) = Decoded::decode(data) else {
        return "(not a scenario: nothing runs)".to_owned();
    };
    match scenarios {
        Scenarios::Bytes(scenario) => program_decoded(&scenario, local),
        Scenarios::Strings(scenario) => program_decoded(&scenario, local),
        Scenarios::Tokens(scenario) => program_decoded(&scenario, local),
    }
}
