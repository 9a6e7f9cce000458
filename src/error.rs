//! The error type of every fallible operation.

use core::fmt;

use crate::Player;

/// Why a position could not be built, transformed or addressed.
///
/// Every variant carries the numbers needed to act on it, and its
/// [`Display`](fmt::Display) reads as a lowercase sentence fragment:
///
/// | operation | input | variant | message |
/// |---|---|---|---|
/// | [`Qi::new`](crate::Qi::new) | `&[]` | [`EmptyShape`](Error::EmptyShape) | at least one dimension is required |
/// | [`Qi::new`](crate::Qi::new) | `&[2, 2, 2, 2]` | [`TooManyDimensions`](Error::TooManyDimensions) | board exceeds 3 dimensions (got 4) |
/// | [`Qi::new`](crate::Qi::new) | `&[8, 0]` | [`DimensionTooSmall`](Error::DimensionTooSmall) | dimension size must be at least 1, got 0 (dimension 1) |
/// | [`Qi::new`](crate::Qi::new) | `&[256]` | [`DimensionTooLarge`](Error::DimensionTooLarge) | dimension size 256 exceeds maximum of 255 (dimension 0) |
/// | [`Qi::new`](crate::Qi::new) | `&[255, 255, 2]` | [`TooManySquares`](Error::TooManySquares) | board exceeds 65025 squares (got 130050) |
/// | [`Qi::board_diff`](crate::Qi::board_diff) | index 99 on `[2, 2]` | [`IndexOutOfRange`](Error::IndexOutOfRange) | invalid flat index: 99 (board has 4 squares) |
/// | [`Qi::hand_diff`](crate::Qi::hand_diff) | `("P", -2)` holding one | [`HandUnderflow`](Error::HandUnderflow) | cannot remove 2 from the first hand: it holds 1 (change 0) |
/// | any transformation | a third piece on `[2]` | [`TooManyPieces`](Error::TooManyPieces) | too many pieces for board size (3 pieces, 2 squares) |
/// | [`Qi::from_parts`](crate::Qi::from_parts) | 3 squares for `[2, 2]` | [`SquareCountMismatch`](Error::SquareCountMismatch) | wrong number of squares: the shape has 4, 3 given |
/// | [`Qi::from_parts`](crate::Qi::from_parts) | 9 (or endless) squares for `[2, 2]` | [`SquareCountMismatch`](Error::SquareCountMismatch) | wrong number of squares: the shape has 4, at least 5 given |
/// | [`Qi::board_into`](crate::Qi::board_into) | a slice of 8 for `[3, 3]` | [`OutputLengthMismatch`](Error::OutputLengthMismatch) | the board has 9 squares, the output 8 |
/// | [`Diff::apply_to`](crate::Diff::apply_to) | a diff from `"P"` on 31, applied where 31 holds `"p"` | [`DiffSquareMismatch`](Error::DiffSquareMismatch) | square 31 does not hold what the diff starts from |
/// | [`Diff::apply_to`](crate::Diff::apply_to) | a diff from 2 `"P"` in the first hand, applied to a hand of 1 | [`DiffHandMismatch`](Error::DiffHandMismatch) | the first hand holds 1 of the piece of the diff's hand change 0, not 2 |
/// | [`Qi::from_parts`](crate::Qi::from_parts) | first hand `[("P", 0)]` | [`ZeroHandCount`](Error::ZeroHandCount) | hand count must be at least 1: the first hand lists 0 (entry 0) |
/// | [`Qi::from_parts`](crate::Qi::from_parts) | first hand `[("P", 1), ("P", 1)]` | [`DuplicateHandPiece`](Error::DuplicateHandPiece) | the first hand lists a piece twice (entry 1) |
/// | [`Qi::changes_since`](crate::Qi::changes_since) | `[8, 8]` against `[9, 9]` | [`ShapeMismatch`](Error::ShapeMismatch) | different shapes: the base has [8, 8], the other position [9, 9] |
/// | [`Qi::changes_since`](crate::Qi::changes_since) | styles `"C"` against `"S"` | [`StyleMismatch`](Error::StyleMismatch) | the positions give the first player different styles |
/// | [`Qi::index_of`](crate::Qi::index_of) | `&[1]` on `[8, 8]` | [`CoordinateCountMismatch`](Error::CoordinateCountMismatch) | expected 2 coordinates, got 1 |
/// | [`Qi::index_of`](crate::Qi::index_of) | `&[0, 9]` on `[8, 8]` | [`CoordinateOutOfRange`](Error::CoordinateOutOfRange) | coordinate 9 is outside dimension 1 of size 8 |
///
/// Dimensions are numbered from 0, outermost first, and so are the changes of
/// a diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The shape had no dimensions.
    EmptyShape,
    /// The shape had more than [`MAX_DIMENSIONS`](crate::MAX_DIMENSIONS) dimensions.
    TooManyDimensions {
        /// How many dimensions the shape had.
        dimensions: usize,
    },
    /// A dimension had size 0.
    DimensionTooSmall {
        /// Which dimension, from 0.
        dimension: usize,
        /// Its size.
        size: usize,
    },
    /// A dimension exceeded [`MAX_DIMENSION_SIZE`](crate::MAX_DIMENSION_SIZE).
    DimensionTooLarge {
        /// Which dimension, from 0.
        dimension: usize,
        /// Its size.
        size: usize,
    },
    /// The product of the dimensions exceeded
    /// [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT).
    TooManySquares {
        /// The product of the dimensions.
        squares: usize,
    },
    /// A flat index was not a square of the board.
    IndexOutOfRange {
        /// The index asked for.
        index: usize,
        /// The number of squares of the board.
        square_count: usize,
        /// Which change of a [`board_diff`](crate::Qi::board_diff) held the
        /// index, from 0; `None` outside a diff.
        change: Option<usize>,
    },
    /// A hand change removed more copies of a piece than the hand held.
    ///
    /// To remove exactly what a hand holds, negate the counts it lists:
    /// counts are `usize` and deltas `i32`, and a count always converts
    /// (it is at most [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT), 65,025).
    ///
    /// ```
    /// use persistent_qi::{Player, Qi};
    ///
    /// let position: Qi<&str, &str> =
    ///     Qi::new(&[9, 9], "S", "s")?.first_hand_diff([("P", 3), ("B", 1)])?;
    /// let everything = position
    ///     .hand(Player::First)
    ///     .map(|(&piece, count)| Ok((piece, -i32::try_from(count)?)))
    ///     .collect::<Result<Vec<(&str, i32)>, std::num::TryFromIntError>>()?;
    /// let emptied = position.hand_diff(Player::First, everything)?;
    /// assert_eq!(emptied.hand_piece_count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    HandUnderflow {
        /// Whose hand.
        player: Player,
        /// How many copies the hand held when the change was applied.
        held: usize,
        /// How many copies the change removed.
        requested: usize,
        /// Which change of the diff, from 0.
        change: usize,
    },
    /// The pieces on the board and in both hands would outnumber the squares.
    TooManyPieces {
        /// The number of pieces the transformation would leave
        /// (`usize::MAX` if it would not even fit a `usize`).
        pieces: usize,
        /// The number of squares of the board.
        squares: usize,
    },
    /// The squares given to [`Qi::from_parts`](crate::Qi::from_parts) were
    /// not one per square of the shape.
    SquareCountMismatch {
        /// The number of squares of the shape.
        expected: usize,
        /// The number of squares given if fewer than `expected`; otherwise
        /// `expected + 1`, meaning at least that many: reading stops at the
        /// first square past the shape's, so that an endless sequence of
        /// squares is refused too.
        given: usize,
    },
    /// The slice given to [`Qi::board_into`](crate::Qi::board_into) was not
    /// as long as the board.
    OutputLengthMismatch {
        /// The number of squares of the board.
        squares: usize,
        /// The length of the slice given.
        output: usize,
    },
    /// A square a [`Diff`](crate::Diff) changes does not hold what the diff
    /// starts from (applied: its content before; reverted: after).
    DiffSquareMismatch {
        /// The square's flat index.
        index: usize,
    },
    /// A hand count a [`Diff`](crate::Diff) changes is not the count the
    /// diff starts from.
    DiffHandMismatch {
        /// Whose hand.
        player: Player,
        /// The number of the diff's hand change, from 0.
        change: usize,
        /// The count the diff starts from.
        expected: usize,
        /// The count the hand holds.
        held: usize,
    },
    /// A hand entry given to [`Qi::from_parts`](crate::Qi::from_parts) had
    /// a count of 0.
    ZeroHandCount {
        /// Whose hand.
        player: Player,
        /// Which entry of that hand, from 0.
        entry: usize,
    },
    /// A hand given to [`Qi::from_parts`](crate::Qi::from_parts) listed a
    /// piece twice.
    DuplicateHandPiece {
        /// Whose hand.
        player: Player,
        /// Which entry of that hand listed the piece again, from 0.
        entry: usize,
    },
    /// Two positions compared by [`Qi::changes_since`](crate::Qi::changes_since)
    /// have boards of different shapes.
    ShapeMismatch {
        /// The base position's dimension sizes, outermost first, padded
        /// with 0 to [`MAX_DIMENSIONS`](crate::MAX_DIMENSIONS).
        base: [usize; crate::MAX_DIMENSIONS],
        /// The other position's, likewise.
        other: [usize; crate::MAX_DIMENSIONS],
    },
    /// Two positions compared by [`Qi::changes_since`](crate::Qi::changes_since)
    /// give a player different styles.
    StyleMismatch {
        /// The player whose styles differ (the first, if both do).
        player: Player,
    },
    /// A coordinate list did not have one coordinate per dimension.
    CoordinateCountMismatch {
        /// The number of dimensions of the board.
        expected: usize,
        /// The number of coordinates given.
        actual: usize,
    },
    /// A coordinate was not smaller than the size of its dimension.
    CoordinateOutOfRange {
        /// Which dimension, from 0.
        dimension: usize,
        /// The coordinate given.
        coordinate: usize,
        /// The size of that dimension.
        size: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each variant belongs to exactly one of the three groups.
        self.fmt_shape(f)
            .or_else(|| self.fmt_content(f))
            .or_else(|| self.fmt_comparison(f))
            .unwrap_or(Ok(()))
    }
}

impl Error {
    /// The message of a shape, or of coordinates that do not fit one;
    /// `None` for another error.
    fn fmt_shape(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match *self {
            Error::EmptyShape => f.write_str("at least one dimension is required"),
            Error::TooManyDimensions { dimensions } => write!(
                f,
                "board exceeds {} dimensions (got {dimensions})",
                crate::MAX_DIMENSIONS
            ),
            Error::DimensionTooSmall { dimension, size } => write!(
                f,
                "dimension size must be at least 1, got {size} (dimension {dimension})"
            ),
            Error::DimensionTooLarge { dimension, size } => write!(
                f,
                "dimension size {size} exceeds maximum of {} (dimension {dimension})",
                crate::MAX_DIMENSION_SIZE
            ),
            Error::TooManySquares { squares } => write!(
                f,
                "board exceeds {} squares (got {squares})",
                crate::MAX_SQUARE_COUNT
            ),
            Error::CoordinateCountMismatch { expected, actual } => {
                write!(f, "expected {expected} coordinates, got {actual}")
            }
            Error::CoordinateOutOfRange {
                dimension,
                coordinate,
                size,
            } => write!(
                f,
                "coordinate {coordinate} is outside dimension {dimension} of size {size}"
            ),
            _ => return None,
        })
    }

    /// The message of a change or a content that breaks a rule; `None` for
    /// another error.
    fn fmt_content(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match *self {
            Error::IndexOutOfRange {
                index,
                square_count,
                ..
            } => write!(
                f,
                "invalid flat index: {index} (board has {square_count} squares)"
            ),
            Error::HandUnderflow {
                player,
                held,
                requested,
                change,
            } => write!(
                f,
                "cannot remove {requested} from the {player} hand: it holds {held} (change {change})"
            ),
            Error::TooManyPieces { pieces, squares } => write!(
                f,
                "too many pieces for board size ({pieces} pieces, {squares} squares)"
            ),
            Error::SquareCountMismatch { expected, given } => {
                let at_least = if given > expected { "at least " } else { "" };
                write!(
                    f,
                    "wrong number of squares: the shape has {expected}, {at_least}{given} given"
                )
            }
            Error::OutputLengthMismatch { squares, output } => {
                write!(f, "the board has {squares} squares, the output {output}")
            }
            Error::DiffSquareMismatch { index } => {
                write!(f, "square {index} does not hold what the diff starts from")
            }
            Error::DiffHandMismatch {
                player,
                change,
                expected,
                held,
            } => write!(
                f,
                "the {player} hand holds {held} of the piece of the diff's hand change {change}, not {expected}"
            ),
            Error::ZeroHandCount { player, entry } => write!(
                f,
                "hand count must be at least 1: the {player} hand lists 0 (entry {entry})"
            ),
            Error::DuplicateHandPiece { player, entry } => {
                write!(f, "the {player} hand lists a piece twice (entry {entry})")
            }
            _ => return None,
        })
    }

    /// The message of two positions that cannot be compared; `None` for
    /// another error.
    fn fmt_comparison(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match *self {
            Error::ShapeMismatch { base, other } => {
                let sizes = |padded: [usize; crate::MAX_DIMENSIONS]| {
                    padded
                        .into_iter()
                        .take_while(|&size| size > 0)
                        .collect::<Vec<_>>()
                };
                write!(
                    f,
                    "different shapes: the base has {:?}, the other position {:?}",
                    sizes(base),
                    sizes(other)
                )
            }
            Error::StyleMismatch { player } => {
                write!(f, "the positions give the {player} player different styles")
            }
            _ => return None,
        })
    }
}

impl std::error::Error for Error {}
