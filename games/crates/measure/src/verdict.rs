//! The verdict: every figure compared with a published one, and the one
//! line a script reads at the end.

use super::Failure;

/// Comparisons with published figures, as a run makes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    counts: usize,
    mismatches: Vec<String>,
}

impl Verdict {
    /// No comparison yet.
    #[must_use]
    pub fn new() -> Verdict {
        Verdict::default()
    }

    /// Records one comparison, `what` naming it for the final message;
    /// returns the word its table row shows: `MATCH` or `MISMATCH`.
    pub fn check(&mut self, what: impl Into<String>, matched: bool) -> &'static str {
        self.counts += 1;
        if matched {
            "MATCH"
        } else {
            self.mismatches.push(what.into());
            "MISMATCH"
        }
    }

    /// How many comparisons were made.
    #[must_use]
    pub fn counts(&self) -> usize {
        self.counts
    }

    /// Whether every comparison matched.
    #[must_use]
    pub fn all_match(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// The last line of a run: see [`verdict_line`].
    #[must_use]
    pub fn line(&self) -> String {
        verdict_line(self.counts, self.mismatches.len())
    }

    /// `Ok` if every comparison matched, else [`Failure::Mismatch`] naming
    /// each that did not.
    ///
    /// # Errors
    ///
    /// [`Failure::Mismatch`], as above.
    pub fn into_result(self) -> Result<(), Failure> {
        if self.mismatches.is_empty() {
            Ok(())
        } else {
            Err(Failure::Mismatch(format!(
                "MISMATCH: {}",
                self.mismatches.join(", ")
            )))
        }
    }
}

/// The last word of a checking run, on one line a script can test: every
/// count matched, or how many did not.
#[must_use]
pub fn verdict_line(counts: usize, mismatches: usize) -> String {
    if mismatches == 0 {
        format!("verdict: all {counts} counts MATCH")
    } else {
        format!("verdict: {mismatches} of {counts} counts MISMATCH")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_counts_every_comparison() {
        assert_eq!(verdict_line(11, 0), "verdict: all 11 counts MATCH");
        assert_eq!(verdict_line(11, 2), "verdict: 2 of 11 counts MISMATCH");
    }

    #[test]
    fn a_mismatch_is_named_in_the_failure() {
        let mut verdict = Verdict::new();
        assert_eq!(verdict.check("chess start depth 1", true), "MATCH");
        assert_eq!(verdict.check("go 9x9 depth 2", false), "MISMATCH");
        assert_eq!(verdict.line(), "verdict: 1 of 2 counts MISMATCH");
        assert_eq!(
            verdict.into_result(),
            Err(Failure::Mismatch("MISMATCH: go 9x9 depth 2".to_string()))
        );
    }
}
