//! A Monte Carlo tree search over any game's [`Node`](crate::Node)s.

mod rules;

pub use rules::{Outcome, Rules, SECOND_TO_MOVE, Terms, key_term};
