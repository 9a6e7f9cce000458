//! The bounds every reader keeps, whatever its format, so that no record
//! makes the program panic or grow without bound.

/// What one record may hold: a reader that meets more stops with a
/// [`Problem`](super::Problem) naming the limit.
///
/// Memory grows with the input, never faster: every limit caps what one
/// token, line or game may cost, so a hostile file of `n` bytes costs
/// O(`n`) time and memory, with no recursion deeper than a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest line, in bytes (its end of line excluded): 1 MiB by
    /// default, room for a whole game on one line, as SGF files often
    /// are.
    pub line_bytes: usize,
    /// The deepest nesting of variations (a variation inside a variation
    /// is 2): 100 by default.
    pub depth: usize,
    /// The most nodes of one game, the root included: 1,048,576 by
    /// default.
    pub nodes: usize,
    /// The longest comment, in bytes, however many lines it spans: 1 MiB
    /// by default.
    pub comment_bytes: usize,
    /// The most tags of one game: 1,000 by default.
    pub tags: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            line_bytes: 1 << 20,
            depth: 100,
            nodes: 1 << 20,
            comment_bytes: 1 << 20,
            tags: 1_000,
        }
    }
}
