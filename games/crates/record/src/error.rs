//! Why a game of a record file could not be read, and where.

use core::fmt;

/// A bad game: which game of its file, where in the file, and what was
/// wrong there.
///
/// The games before it are read; a reader told to go on (`--skip-bad`)
/// reads on from the next game, and numbers it after this one, so that
/// game numbers never shift.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The game's number in its file, from 1, bad games counted.
    pub game: usize,
    /// The line of the file, from 1.
    pub line: usize,
    /// The column of the line, from 1, in characters.
    pub column: usize,
    /// What was wrong.
    pub problem: Problem,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for RecordError {}

/// What was wrong with a bad game, whatever its format. Positions are
/// written in the game's usual notation (FEN, SFEN, Go's rows).
///
/// | record | problem |
/// |---|---|
/// | `1. e5` from the start (PGN) | `IllegalMove` |
/// | `Nd2` where both knights reach d2 | `AmbiguousMove` |
/// | `1. Xe4` | `BadMove` |
/// | `[Event "x"` | `BadTag` |
/// | `[FEN "8/8 w"]` | `BadPosition` |
/// | `1. e4 ( 1. d4` then the game's end | `UnclosedVariation` |
/// | `1. e4 )` | `UnopenedVariation` |
/// | `( 1. e4 )` before any move | `VariationWithoutMove` |
/// | `{ comment` to the end of the file | `UnclosedComment` |
/// | `1. e4 @` | `Unexpected` |
/// | `$300` | `BadAnnotation` |
/// | `[Variant "Crazyhouse"]` | `Unsupported` |
/// | a line past [`Limits::line_bytes`](super::Limits::line_bytes) | `LineTooLong` |
/// | variations nested past [`Limits::depth`](super::Limits::depth) | `TooDeep` |
/// | a game past [`Limits::nodes`](super::Limits::nodes) | `TooManyNodes` |
/// | a comment past [`Limits::comment_bytes`](super::Limits::comment_bytes) | `CommentTooLong` |
/// | a game past [`Limits::tags`](super::Limits::tags) tags | `TooManyTags` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// A move the rules do not allow in the position it was tried in.
    IllegalMove {
        /// The move as the record writes it.
        text: String,
        /// The position it was tried in.
        position: String,
    },
    /// A move that names more than one legal move.
    AmbiguousMove {
        /// The move as the record writes it.
        text: String,
        /// The position it was tried in.
        position: String,
        /// The legal moves it names, in the engine protocol's notation.
        candidates: Vec<String>,
    },
    /// Text where a move was expected that is no move of the notation.
    BadMove {
        /// The text.
        text: String,
    },
    /// A tag (a header line, a root property) that cannot be read.
    BadTag {
        /// The tag as written, cut to 80 characters.
        text: String,
        /// Why.
        reason: String,
    },
    /// The start position the record gives is no position of the game.
    BadPosition {
        /// The position as written.
        text: String,
        /// Why the game refuses it.
        reason: String,
    },
    /// A variation still open at the game's end; the line and column are
    /// where it opened.
    UnclosedVariation,
    /// The end of a variation that was never opened.
    UnopenedVariation,
    /// A variation that no move precedes: it would be an alternative to
    /// nothing.
    VariationWithoutMove,
    /// A comment still open at the end of the file; the line and column
    /// are where it opened.
    UnclosedComment,
    /// Text that is no token of the format there.
    Unexpected {
        /// The text, cut to 80 characters.
        text: String,
        /// What the reader expected instead.
        expected: &'static str,
    },
    /// An annotation glyph out of range, or unknown.
    BadAnnotation {
        /// The glyph as written.
        text: String,
    },
    /// Something the format allows that this reader does not read (a
    /// variant of the game, a feature of the format).
    Unsupported {
        /// What.
        what: String,
    },
    /// A line longer than the limit.
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Variations nested deeper than the limit.
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A game of more nodes than the limit.
    TooManyNodes {
        /// The limit, the root included.
        limit: usize,
    },
    /// A comment longer than the limit.
    CommentTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A game of more tags than the limit.
    TooManyTags {
        /// The limit.
        limit: usize,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::IllegalMove { text, position } => {
                write!(f, "illegal move {text:?} in {position}")
            }
            Problem::AmbiguousMove {
                text,
                position,
                candidates,
            } => write!(
                f,
                "ambiguous move {text:?} in {position}: it names {}",
                candidates.join(", ")
            ),
            Problem::BadMove { text } => write!(f, "{text:?} is no move"),
            Problem::BadTag { text, reason } => write!(f, "bad tag {text:?}: {reason}"),
            Problem::BadPosition { text, reason } => {
                write!(f, "bad start position {text:?}: {reason}")
            }
            Problem::UnclosedVariation => write!(f, "a variation opened here is never closed"),
            Problem::UnopenedVariation => write!(f, "a variation closed here was never opened"),
            Problem::VariationWithoutMove => {
                write!(f, "a variation opens here before any move")
            }
            Problem::UnclosedComment => write!(f, "a comment opened here is never closed"),
            Problem::Unexpected { text, expected } => {
                write!(f, "unexpected {text:?}, expected {expected}")
            }
            Problem::BadAnnotation { text } => write!(f, "bad annotation {text:?}"),
            Problem::Unsupported { what } => write!(f, "unsupported: {what}"),
            Problem::LineTooLong { limit } => write!(f, "a line longer than {limit} bytes"),
            Problem::TooDeep { limit } => {
                write!(f, "variations nested deeper than {limit}")
            }
            Problem::TooManyNodes { limit } => write!(f, "more than {limit} nodes in one game"),
            Problem::CommentTooLong { limit } => {
                write!(f, "a comment longer than {limit} bytes")
            }
            Problem::TooManyTags { limit } => write!(f, "more than {limit} tags in one game"),
        }
    }
}
