//! Errors produced when parsing a QPI token.

use core::fmt;

use super::{PinParseError, SinParseError};

/// The reason a string (or byte string) could not be parsed as a QPI token.
///
/// Returned by [`Qpi::parse`](super::Qpi::parse) and by the [`FromStr`](core::str::FromStr)
/// and [`TryFrom`] implementations of [`Qpi`](super::Qpi); all of them decide
/// the same variant for the same bytes.
///
/// This enum is `#[non_exhaustive]`: future revisions may add variants without
/// a breaking change, so a `match` on it needs a wildcard arm.
///
/// # Which variant you get
///
/// The checks run in a fixed order and the first one that fails decides:
///
/// 1. **Length.** More than 5 bytes is [`TooLong`](Self::TooLong), decided
///    before any byte is read (so hostile input costs O(1)); 0 bytes is
///    [`Empty`](Self::Empty).
/// 2. **SIN, byte 0.** A SIN is always exactly one byte, so byte 0 must be an
///    ASCII letter, otherwise [`InvalidSin`](Self::InvalidSin).
/// 3. **Separator, byte 1.** Byte 1 must be `:`, otherwise
///    [`InvalidSeparator`](Self::InvalidSeparator), including when the input
///    ends after the SIN.
/// 4. **PIN, bytes 2 and on.** The rest (0 to 3 bytes) goes to `sashite-pin`
///    unchanged; its error is kept in [`InvalidPin`](Self::InvalidPin) together
///    with the byte that error points at, read off the PIN crate's own table
///    (see [`PinParseError`]).
///
/// Lengths are counted in **bytes**, never in characters, and no UTF-8
/// decoding takes place: a non-ASCII character is simply a byte that is not the
/// expected one (or, at 6 bytes and more, part of an input that is too long).
///
/// | Input        | Variant                                                              | `position()` |
/// |--------------|----------------------------------------------------------------------|--------------|
/// | `""`         | `Empty`                                                              | `None`       |
/// | `"C:K^^^"`   | `TooLong { len: 6 }`                                                 | `None`       |
/// | `":K"`       | `InvalidSin { found: b':', .. }`                                     | `Some(0)`    |
/// | `" C:K"`     | `InvalidSin { found: b' ', .. }`                                     | `Some(0)`    |
/// | `"1:K"`      | `InvalidSin { found: b'1', .. }`                                     | `Some(0)`    |
/// | `"C"`        | `InvalidSeparator { found: None }`                                   | `Some(1)`    |
/// | `"CK"`       | `InvalidSeparator { found: Some(b'K') }`                             | `Some(1)`    |
/// | `"CC:K"`     | `InvalidSeparator { found: Some(b'C') }`                             | `Some(1)`    |
/// | `"C:"`       | `InvalidPin { position: 2, found: None, error: Empty }`              | `Some(2)`    |
/// | `"C:+"`      | `InvalidPin { position: 2, found: Some(b'+'), error: InvalidLetter }` | `Some(2)`   |
/// | `"C:1"`      | `InvalidPin { position: 2, found: Some(b'1'), error: InvalidLetter }` | `Some(2)`   |
/// | `"C:++K"`    | `InvalidPin { position: 3, found: Some(b'+'), error: InvalidLetter }` | `Some(3)`   |
/// | `"C:KK"`     | `InvalidPin { position: 3, found: Some(b'K'), error: InvalidTerminalMarker }` | `Some(3)` |
/// | `"C:K "`     | `InvalidPin { position: 3, found: Some(b' '), error: InvalidTerminalMarker }` | `Some(3)` |
/// | `"C:K^^"`    | `InvalidPin { position: 2, found: Some(b'K'), error: InvalidStateModifier }` | `Some(2)` |
///
/// Two rows are worth reading twice. `"CC:K"` is a separator error, not a
/// "SIN too long" error, because a SIN is one byte by definition and byte 1 is
/// where the colon must be. `"C:K^^"` blames byte 2 because, at three bytes, the
/// only PIN shape is `<modifier><letter>^` and `K` is not a modifier: that is
/// `sashite-pin`'s verdict on `"K^^"`, reported as is.
///
/// # Display and `source`
///
/// The message names the part, the byte and what was found there; the
/// component's own reason is not repeated in it but returned by
/// [`source`](std::error::Error::source), so error reporters that walk the
/// chain print each reason once.
///
/// # Examples
///
/// ```
/// use std::error::Error as _;
/// use persistent_qi::qpi::{ParseError, PinParseError, Qpi};
///
/// let err = Qpi::parse("C:K\n").unwrap_err();
/// assert_eq!(
///     err,
///     ParseError::InvalidPin {
///         position: 3,
///         found: Some(b'\n'),
///         error: PinParseError::InvalidTerminalMarker,
///     }
/// );
/// assert_eq!(err.position(), Some(3));
/// assert_eq!(err.to_string(), r"invalid PIN at byte 3: found '\n'");
/// assert_eq!(
///     err.source().map(ToString::to_string).as_deref(),
///     Some("invalid PIN terminal marker (expected '^')"),
/// );
///
/// assert_eq!(Qpi::parse("CK"), Err(ParseError::InvalidSeparator { found: Some(b'K') }));
/// assert_eq!(Qpi::parse("CK").unwrap_err().to_string(),
///            "invalid separator at byte 1: expected ':', found 'K'");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// The input was empty.
    Empty,
    /// The input was longer than the 5 bytes a token can occupy.
    ///
    /// Decided on the length alone, before any byte is read.
    TooLong {
        /// Length of the input, in bytes.
        len: usize,
    },
    /// Byte 0, the SIN, was not an ASCII letter.
    InvalidSin {
        /// The byte found at position 0.
        found: u8,
        /// The error `sashite-sin` gives for that byte on its own (always
        /// [`SinParseError::InvalidLetter`] today).
        error: SinParseError,
    },
    /// Byte 1 was not the `:` separator, or the input ended after the SIN.
    InvalidSeparator {
        /// The byte found at position 1, or `None` if the input ended there.
        found: Option<u8>,
    },
    /// The bytes after the separator were not a PIN token.
    InvalidPin {
        /// The byte, counted from the start of the whole token, that `error`
        /// points at; equal to the input length when the PIN is missing.
        position: usize,
        /// The byte found at `position`, or `None` if the input ended there.
        found: Option<u8>,
        /// The error `sashite-pin` gives for the PIN part on its own.
        error: PinParseError,
    },
}

impl ParseError {
    /// The byte offset that made the input invalid, when one byte is to blame.
    ///
    /// `Some(0)` for [`InvalidSin`](Self::InvalidSin), `Some(1)` for
    /// [`InvalidSeparator`](Self::InvalidSeparator), the recorded position for
    /// [`InvalidPin`](Self::InvalidPin) (which may equal the input length when
    /// the input ended early), and `None` for the length errors
    /// [`Empty`](Self::Empty) and [`TooLong`](Self::TooLong).
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("1:K").unwrap_err().position(), Some(0));
    /// assert_eq!(Qpi::parse("C").unwrap_err().position(), Some(1));
    /// assert_eq!(Qpi::parse("C:").unwrap_err().position(), Some(2));
    /// assert_eq!(Qpi::parse("C:K^^^").unwrap_err().position(), None);
    /// ```
    #[must_use]
    pub const fn position(&self) -> Option<usize> {
        match self {
            Self::Empty | Self::TooLong { .. } => None,
            Self::InvalidSin { .. } => Some(0),
            Self::InvalidSeparator { .. } => Some(1),
            Self::InvalidPin { position, .. } => Some(*position),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("empty QPI token"),
            Self::TooLong { len } => write!(
                f,
                "QPI token too long ({len} bytes, at most {})",
                super::token::MAX_LEN
            ),
            Self::InvalidSin { found, .. } => write!(
                f,
                "invalid SIN at byte 0: expected an ASCII letter, found {}",
                Found(Some(*found))
            ),
            Self::InvalidSeparator { found } => write!(
                f,
                "invalid separator at byte 1: expected ':', found {}",
                Found(*found)
            ),
            Self::InvalidPin {
                position, found, ..
            } => write!(f, "invalid PIN at byte {position}: found {}", Found(*found)),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InvalidSin { error, .. } => Some(error),
            Self::InvalidPin { error, .. } => Some(error),
            Self::Empty | Self::TooLong { .. } | Self::InvalidSeparator { .. } => None,
        }
    }
}

/// Renders the byte found at an offending position: the byte quoted and
/// ASCII-escaped (`'K'`, `'\n'`, `'\xef'`), or `end of input`.
struct Found(Option<u8>);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(byte) => write!(f, "'{}'", byte.escape_ascii()),
            None => f.write_str("end of input"),
        }
    }
}
