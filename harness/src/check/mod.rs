//! What a scenario checks of a position against its model: what a step
//! touched, and what `changes_since` lists for the step, in O(changes); the
//! whole state, the hash from scratch and `changes_since` from an earlier
//! version, in O(squares); and, at the end, what is too slow even for that.
use core::fmt;

use crate::scenario::{Literal, Program, Scenario};

/// Where a scenario is, for failure messages.
pub(crate) struct Context<'a, P, S> {
    pub(crate) scenario: &'a Scenario<P, S>,
    /// The position type the scenario runs on, `Qi` or `LocalQi`, for the
    /// reproduction.
    pub(crate) alias: &'static str,
    /// The step being run, `None` during construction and the final checks.
    pub(crate) step: Option<usize>,
}

impl<P: Literal, S: Literal> Context<'_, P, S> {
    #[track_caller]
    pub(crate) fn fail(&self, what: &str) -> ! {
        let place = match self.step {
            Some(step) => format!("step {step} `{:?}`", self.scenario.actions[step]),
            None => "construction or the final checks".to_owned(),
        };
        panic!(
            "{} disagrees with its model at {place}: {what}\n\
             reproduction:\n{}",
            self.alias,
            Program(self.scenario, self.alias)
        )
    }

    #[track_caller]
    pub(crate) fn expect_eq<T: PartialEq + fmt::Debug>(
        &self,
        what: &str,
        actual: &T,
        expected: &T,
    ) {
        if actual != expected {
            self.fail(&format!(
                "{what}: Qi gives {actual:?}, the model {expected:?}"
            ));
        }
    }
}

mod changes;
mod state;

pub(crate) use changes::{Touched, check_changes, check_changes_since, check_step_changes_since};
pub(crate) use state::{check_content, check_deep, check_full, check_hash};
