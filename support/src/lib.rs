//! What the games program shares with the harness, the benchmarks and the
//! examples of persistent-qi, and nothing a test alone needs: the program
//! depends on this crate, never on the harness, so building it builds no
//! test code. Not published.
//!
//! - [`Rng`]: one fixed-seed generator, so that every run measures, builds
//!   and tests the same cases.
//! - [`report`]: the measured tables written into `docs/performance.md` by
//!   the commands that measure them (the games program, `bench_ratios`,
//!   `move_profile`), each in its own marked section.
//! - [`names`]: the one name of each position store in every table.

#![forbid(unsafe_code)]

pub mod names;
pub mod report;
mod rng;

pub use rng::Rng;
