//! A Monte Carlo tree search over any game's [`Node`](games_core::Node)s.
//!
//! # What this crate may use
//!
//! This crate uses `games-core` (the `Game` and `Node` traits) and
//! `support` (the generator); it never names a game, a record, the work
//! units or the measuring side (`ARCHITECTURE.md`). A game plugs in by
//! implementing [`Rules`]; the tests play a game of their own.

mod child;
mod corrupt;
mod engine;
mod erased;
mod kept;
mod line;
#[cfg(test)]
mod marks;
mod playout;
mod reuse;
mod rules;
mod settings;
mod store;
mod tree;

pub use child::Child;
pub use corrupt::Corrupt;
pub use engine::{Budget, Limits, Monitor, Options, Progress, Quiet, Report, Reuse, Search};
pub use erased::{Engine, OneThread, Threads};
pub use line::Line;
pub use rules::{Outcome, Rules, SECOND_TO_MOVE, Terms, key_term};
pub use settings::Settings;
pub use store::{MAX_KEEP_EVERY, Moves, Positions, Store, StoreKind, StoreNameError};
pub use tree::Tree;
