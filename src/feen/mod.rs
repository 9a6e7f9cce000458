//! FEEN (feature `feen`): a whole position as one line of text.
//!
//! [FEEN](https://sashite.dev/specs/feen/1.0.0/) is the Sashité family's
//! canonical text for a position, in three space-separated fields:
//!
//! | field | example | content |
//! |---|---|---|
//! | board | `lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL` | ranks separated by `/` (layers by `//`), pieces as EPIN tokens, runs of empty squares as counts |
//! | hands | `2P/p` | the first hand, `/`, the second, each piece after its count if above 1 |
//! | styles | `S/s` | the style of the side to move first; the uppercase one is the first player's |
//!
//! Both typed positions read and write it: [`Qi<Epin, Sin>`](crate::Qi) keeps the
//! pieces as FEEN spells them, [`Qi<Qpi, Sin>`](crate::Qi) names each piece's style
//! (see [`Qpi::from_epin`](crate::qpi::Qpi::from_epin) for the mapping).
//!
//! | | `Qi<Epin, Sin>` | `Qi<Qpi, Sin>` |
//! |---|---|---|
//! | read | `from_feen`, [`FromStr`](core::str::FromStr) | `from_feen`, [`FromStr`](core::str::FromStr) |
//! | write | `to_feen` | `to_feen` |
//!
//! ```
//! use persistent_qi::Qi;
//! use persistent_qi::qpi::{Epin, Qpi, Sin};
//!
//! let text = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL 2P/p S/s";
//! let position: Qi<Epin, Sin> = text.parse()?;
//! assert_eq!(position.square(4), Some(&"k^".parse()?));
//! assert_eq!(position.first_hand_count(&"P".parse()?), 2);
//! assert_eq!(position.to_feen()?, text);
//!
//! let typed: Qi<Qpi, Sin> = text.parse()?;
//! assert_eq!(typed.square(4), Some(&"s:k^".parse()?));
//! assert_eq!(typed.to_feen()?, text);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reading
//!
//! [`sashite_feen::Feen::parse`] validates the string in one pass without
//! allocating, and the position is built straight from its view by
//! [`Qi::from_parts`](crate::Qi::from_parts): the board in FEEN's square order as flat row-major
//! indices (the first rank written is index 0), the hands with their
//! counts, the styles (the uppercase one is the first player's) and the side
//! to move (the style written first). There is no intermediate position:
//! reading allocates the position and nothing else. Any string, of any
//! length, gives a position or a [`ReadError`]; strings longer than
//! [`MAX_STRING_LENGTH`] bytes are refused before any byte is read.
//!
//! # Writing
//!
//! `to_feen` writes the canonical string: reading a canonical string and
//! writing it back gives it byte for byte. Some positions have no FEEN
//! spelling, and get a [`WriteError`] rather than a string that would read
//! back as something else:
//!
//! | position | variant |
//! |---|---|
//! | a dimension other than the innermost of size 1 (`[1, 8]`, `[2, 1, 3]`) | [`ShapeNotSpellable`](WriteError::ShapeNotSpellable) |
//! | a lowercase first style or an uppercase second style | [`StylesNotSpellable`](WriteError::StylesNotSpellable) |
//! | a `Qpi` piece whose style is neither player's | [`ForeignStyleOnSquare`](WriteError::ForeignStyleOnSquare), [`ForeignStyleInHand`](WriteError::ForeignStyleInHand) |
//! | a string longer than [`MAX_STRING_LENGTH`] bytes | [`TooLong`](WriteError::TooLong) |

use core::fmt;

use crate::qpi::ForeignStyleError;
use crate::qpi::Sin;
use crate::{Error, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Player};

mod position;
mod read;
mod write;

/// Why a string is not FEEN, as `sashite-feen` decides: the reason inside
/// [`ReadError::Invalid`].
pub use sashite_feen::ParseError;

/// The longest FEEN string, in bytes, that is read or written (4,096).
pub use sashite_feen::MAX_STRING_LENGTH;

/// Why a string could not be read as a position.
///
/// | input | variant | message |
/// |---|---|---|
/// | `"8/8 / C"` | [`Invalid`](ReadError::Invalid)`(`[`ParseError::InvalidStyleTurnDelimiter`]`)` | invalid FEEN: the style-turn field must contain exactly one '/' |
/// | `"1 2P/ C/c"` | [`Invalid`](ReadError::Invalid)`(`[`ParseError::TooManyPieces`]`)` | invalid FEEN: the position has more pieces than squares |
/// | 4,097 bytes | [`Invalid`](ReadError::Invalid)`(`[`ParseError::InputTooLong`]`)` | invalid FEEN: FEEN string exceeds the maximum length of 4096 bytes |
/// | `"300 / C/c"` | [`Invalid`](ReadError::Invalid)`(`[`ParseError::DimensionTooLarge`]`)` | invalid FEEN: a board dimension exceeds the maximum size of 255 squares |
///
/// [`Invalid`](ReadError::Invalid) holds `sashite-feen`'s own reason, so
/// this crate accepts exactly the strings it accepts.
/// [`Rejected`](ReadError::Rejected) is for a valid FEEN string whose
/// position this crate's model refuses; FEEN's limits (3 dimensions, 255
/// squares per dimension, 65,025 squares, no more pieces than squares) are
/// this crate's too, so no string reaches it today, but the variant keeps
/// the two verdicts apart should either side's limits change.
///
/// The message includes the reason, which is therefore not also returned
/// by [`source`](std::error::Error::source), and for a reason that is a
/// limit, the limit: the length in bytes, the dimensions, the size of a
/// dimension, the squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadError {
    /// Not a valid, canonical FEEN string.
    Invalid(ParseError),
    /// A valid FEEN string whose position this crate's model rejects.
    Rejected(Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Invalid(reason) => {
                write!(f, "invalid FEEN: {reason}")?;
                // sashite-feen's reasons carry no data: the limit they name
                // is said here.
                match reason {
                    ParseError::InputTooLong => write!(f, " of {MAX_STRING_LENGTH} bytes"),
                    ParseError::TooManyDimensions => write!(f, " (at most {MAX_DIMENSIONS})"),
                    ParseError::DimensionTooLarge => {
                        write!(f, " of {MAX_DIMENSION_SIZE} squares")
                    }
                    ParseError::TooManySquares => write!(f, " of {MAX_SQUARE_COUNT}"),
                    _ => Ok(()),
                }
            }
            ReadError::Rejected(error) => write!(f, "FEEN position rejected: {error}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Why a position has no FEEN string.
///
/// Checked in the order of the variants, the first failure giving the
/// error. The message includes the reason of a [`ForeignStyleError`],
/// which is therefore not also returned by
/// [`source`](std::error::Error::source).
///
/// ```
/// use persistent_qi::Qi;
/// use persistent_qi::feen::WriteError;
/// use persistent_qi::qpi::{Epin, Sin};
///
/// let thin: Qi<Epin, Sin> = Qi::new(&[1, 8], "C".parse()?, "c".parse()?)?;
/// assert_eq!(thin.to_feen(), Err(WriteError::ShapeNotSpellable { dimension: 0, size: 1 }));
/// assert_eq!(
///     thin.to_feen().unwrap_err().to_string(),
///     "FEEN cannot spell the shape: dimension 0 has size 1, and every dimension but the innermost needs at least 2",
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WriteError {
    /// A dimension other than the innermost has size 1: FEEN shows a
    /// dimension only by splitting it with separators, so `[1, 8]` would
    /// read back as `[8]`.
    ShapeNotSpellable {
        /// The first such dimension, from 0, outermost first.
        dimension: usize,
        /// Its size (1).
        size: usize,
    },
    /// FEEN tells the players' styles apart by case: the first player's
    /// must be uppercase and the second's lowercase.
    StylesNotSpellable {
        /// The first player's style.
        first_style: Sin,
        /// The second player's style.
        second_style: Sin,
    },
    /// A piece on the board has a style neither player has.
    ForeignStyleOnSquare {
        /// The square, as a flat index.
        square: usize,
        /// The piece and the styles.
        error: ForeignStyleError,
    },
    /// A piece in a hand has a style neither player has.
    ForeignStyleInHand {
        /// Whose hand.
        player: Player,
        /// The piece and the styles.
        error: ForeignStyleError,
    },
    /// The string would be longer than [`MAX_STRING_LENGTH`] bytes, the
    /// most a FEEN string may have.
    TooLong {
        /// Its length in bytes.
        length: usize,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::ShapeNotSpellable { dimension, size } => write!(
                f,
                "FEEN cannot spell the shape: dimension {dimension} has size {size}, \
                 and every dimension but the innermost needs at least 2"
            ),
            WriteError::StylesNotSpellable {
                first_style,
                second_style,
            } => write!(
                f,
                "FEEN cannot spell the styles {first_style} and {second_style}: \
                 the first player's must be uppercase and the second's lowercase"
            ),
            WriteError::ForeignStyleOnSquare { square, error } => {
                write!(f, "FEEN cannot spell square {square}: {error}")
            }
            WriteError::ForeignStyleInHand { player, error } => {
                write!(f, "FEEN cannot spell the {player} hand: {error}")
            }
            WriteError::TooLong { length } => write!(
                f,
                "FEEN string too long ({length} bytes, at most {MAX_STRING_LENGTH})"
            ),
        }
    }
}

impl std::error::Error for WriteError {}
