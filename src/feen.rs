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
//! Both typed positions read and write it: [`Qi<Epin, Sin>`](Qi) keeps the
//! pieces as FEEN spells them, [`Qi<Qpi, Sin>`](Qi) names each piece's style
//! (see [`Qpi::from_epin`] for the mapping).
//!
//! | | `Qi<Epin, Sin>` | `Qi<Qpi, Sin>` |
//! |---|---|---|
//! | read | `from_feen`, [`FromStr`] | `from_feen`, [`FromStr`] |
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
//! [`Qi::from_parts`]: the board in FEEN's square order as flat row-major
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
use core::hash::Hash;
use core::str::FromStr;

use sashite_epin::State;
use sashite_feen::{Feen, HandItem, Side};

use crate::qpi::{Epin, ForeignStyleError, Qpi, Sin};
use crate::{Error, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Player, Qi};

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

// ---------------------------------------------------------------- reading

impl Qi<Epin, Sin> {
    /// Reads a FEEN string, keeping each piece as its EPIN token.
    ///
    /// O(length of the string); allocates the position and nothing else.
    /// See the [module documentation](self) for how the string maps to the
    /// position.
    ///
    /// ```
    /// use persistent_qi::{Player, Qi};
    /// use persistent_qi::feen::{ParseError, ReadError};
    /// use persistent_qi::qpi::{Epin, Sin};
    ///
    /// let position = Qi::<Epin, Sin>::from_feen("k^+p4+PK^ / c/C")?;
    /// assert_eq!(position.shape(), [8]);
    /// assert_eq!(position.square(1), Some(&"+p".parse()?));
    /// assert_eq!(position.turn(), Player::Second);
    ///
    /// assert_eq!(
    ///     Qi::<Epin, Sin>::from_feen("k^+p4+PK^ / C/C"),
    ///     Err(ReadError::Invalid(ParseError::StylesSameCase)),
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError::Invalid`] with `sashite-feen`'s reason for a string
    /// that is not canonical FEEN; [`ReadError::Rejected`] for a position
    /// this crate's model refuses.
    pub fn from_feen(feen: &str) -> Result<Self, ReadError> {
        read(feen, |epin, _, _| epin)
    }

    /// Writes the canonical FEEN string of the position.
    ///
    /// O(squares + hand entries x log(hand entries)).
    ///
    /// ```
    /// use persistent_qi::Qi;
    /// use persistent_qi::qpi::{Epin, Sin};
    ///
    /// let position: Qi<Epin, Sin> = Qi::new(&[2, 2, 3], "R".parse()?, "r".parse()?)?
    ///     .board_diff([(0, Some("K^".parse()?)), (11, Some("k^".parse()?))])?
    ///     .toggle();
    /// assert_eq!(position.to_feen()?, "K^2/3//3/2k^ / r/R");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`WriteError`] for a position FEEN cannot spell: see the table in
    /// the [module documentation](self).
    pub fn to_feen(&self) -> Result<String, WriteError> {
        write(self, |&epin, _, _| Ok(epin))
    }
}

impl FromStr for Qi<Epin, Sin> {
    type Err = ReadError;

    /// Reads a FEEN string: the same as `from_feen`.
    fn from_str(feen: &str) -> Result<Self, ReadError> {
        Qi::<Epin, Sin>::from_feen(feen)
    }
}

impl Qi<Qpi, Sin> {
    /// Reads a FEEN string, naming each piece's style: a native piece gets
    /// the style of the player on its side, a derived one (`'`) the other
    /// player's (see [`Qpi::from_epin`]).
    ///
    /// O(length of the string); allocates the position and nothing else.
    ///
    /// ```
    /// use persistent_qi::Qi;
    /// use persistent_qi::qpi::{Qpi, Sin};
    ///
    /// // Shogi against chess: the first player's chess pawn in the second hand.
    /// let position = Qi::<Qpi, Sin>::from_feen("k^1/2/1K^ /P' S/c")?;
    /// assert_eq!(position.square(0), Some(&"c:k^".parse()?));
    /// assert_eq!(position.square(5), Some(&"S:K^".parse()?));
    /// assert_eq!(position.second_hand_count(&"c:P".parse()?), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError::Invalid`] with `sashite-feen`'s reason for a string
    /// that is not canonical FEEN; [`ReadError::Rejected`] for a position
    /// this crate's model refuses.
    pub fn from_feen(feen: &str) -> Result<Self, ReadError> {
        read(feen, Qpi::from_epin)
    }

    /// Writes the canonical FEEN string of the position, each piece as its
    /// EPIN token (see [`Qpi::to_epin`]).
    ///
    /// O(squares + hand entries x log(hand entries)).
    ///
    /// ```
    /// use persistent_qi::Qi;
    /// use persistent_qi::feen::WriteError;
    /// use persistent_qi::qpi::{Qpi, Sin};
    ///
    /// let position: Qi<Qpi, Sin> = Qi::new(&[4], "S".parse()?, "c".parse()?)?
    ///     .board_diff([(0, Some("c:k^".parse()?)), (3, Some("S:K^".parse()?))])?
    ///     .second_hand_diff([("c:P".parse()?, 1)])?;
    /// assert_eq!(position.to_feen()?, "k^2K^ /P' S/c");
    ///
    /// let foreign = position.board_diff([(1, Some("X:P".parse()?))])?;
    /// assert!(matches!(foreign.to_feen(), Err(WriteError::ForeignStyleOnSquare { square: 1, .. })));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`WriteError`] for a position FEEN cannot spell: see the table in
    /// the [module documentation](self).
    pub fn to_feen(&self) -> Result<String, WriteError> {
        write(self, |&qpi, first, second| qpi.to_epin(first, second))
    }
}

impl FromStr for Qi<Qpi, Sin> {
    type Err = ReadError;

    /// Reads a FEEN string: the same as `from_feen`.
    fn from_str(feen: &str) -> Result<Self, ReadError> {
        Qi::<Qpi, Sin>::from_feen(feen)
    }
}

/// Builds a position from a FEEN string through [`Qi::from_parts`],
/// straight from `sashite-feen`'s view; `piece` turns an EPIN token into
/// the piece type, given the first and second styles.
fn read<P: Clone + Ord + Hash>(
    text: &str,
    piece: impl Fn(Epin, Sin, Sin) -> P,
) -> Result<Qi<P, Sin>, ReadError> {
    let feen = Feen::parse(text).map_err(ReadError::Invalid)?;
    let (first_style, second_style) = (feen.first_style(), feen.second_style());
    let mut sizes = [0; MAX_DIMENSIONS];
    let dimensions = sizes
        .iter_mut()
        .zip(feen.shape().dimensions())
        .map(|(slot, &size)| *slot = usize::from(size))
        .count();
    let piece = |epin| piece(epin, first_style, second_style);
    // A count is at most the square count, far inside a `usize`; one that
    // did not fit would be refused by the piece limit all the same.
    let entry = |item: HandItem| {
        (
            piece(item.piece()),
            usize::try_from(item.count()).unwrap_or(usize::MAX),
        )
    };
    let turn = match feen.active_side() {
        Side::First => Player::First,
        Side::Second => Player::Second,
    };
    Qi::from_parts(
        &sizes[..dimensions],
        feen.squares().map(|square| square.map(piece)),
        feen.first_hand().map(entry),
        feen.second_hand().map(entry),
        first_style,
        second_style,
        turn,
    )
    .map_err(ReadError::Rejected)
}

// ---------------------------------------------------------------- writing

/// Where the text goes: a string, or a counter of its length.
trait Out {
    fn push_str(&mut self, text: &str);
    fn push_byte(&mut self, byte: u8);
    fn len(&self) -> usize;
}

impl Out for String {
    #[inline]
    fn push_str(&mut self, text: &str) {
        String::push_str(self, text);
    }

    #[inline]
    fn push_byte(&mut self, byte: u8) {
        self.push(char::from(byte));
    }

    #[inline]
    fn len(&self) -> usize {
        String::len(self)
    }
}

/// Counts the bytes of a string that would not be accepted, to say how long
/// it would have been.
struct Length(usize);

impl Out for Length {
    fn push_str(&mut self, text: &str) {
        self.0 += text.len();
    }

    fn push_byte(&mut self, _byte: u8) {
        self.0 += 1;
    }

    fn len(&self) -> usize {
        self.0
    }
}

/// Why writing stopped.
enum Stop {
    /// The text passed the length limit it was written with.
    Overflow,
    Error(WriteError),
}

/// Writes the canonical FEEN of a position; `epin` spells a piece given
/// the first and second styles.
fn write<P: Ord>(
    position: &Qi<P, Sin>,
    epin: impl Fn(&P, Sin, Sin) -> Result<Epin, ForeignStyleError>,
) -> Result<String, WriteError> {
    check_shape(position.shape())?;
    let (first_style, second_style) = (*position.first_style(), *position.second_style());
    if !(first_style.is_first() && second_style.is_second()) {
        return Err(WriteError::StylesNotSpellable {
            first_style,
            second_style,
        });
    }
    let epin = |piece: &P| epin(piece, first_style, second_style);
    let mut text = String::with_capacity(estimated_length(position));
    match write_fields(position, &epin, &mut text, MAX_STRING_LENGTH) {
        Ok(()) => Ok(text),
        Err(Stop::Error(error)) => Err(error),
        Err(Stop::Overflow) => {
            // Rare, and bounded: measured again from the start, without
            // keeping the text, to say how long it would have been.
            let mut length = Length(0);
            match write_fields(position, &epin, &mut length, usize::MAX) {
                Err(Stop::Error(error)) => Err(error),
                Ok(()) | Err(Stop::Overflow) => Err(WriteError::TooLong { length: length.0 }),
            }
        }
    }
}

/// Refuses a dimension other than the innermost of size 1.
fn check_shape(sizes: &[usize]) -> Result<(), WriteError> {
    let outer = sizes.split_last().map_or(&[][..], |(_, outer)| outer);
    match outer.iter().position(|&size| size < 2) {
        Some(dimension) => Err(WriteError::ShapeNotSpellable {
            dimension,
            size: outer[dimension],
        }),
        None => Ok(()),
    }
}

/// A capacity for the string that is usually enough: a couple of bytes per
/// piece and per rank, a few for the rest.
fn estimated_length<P, S>(position: &Qi<P, S>) -> usize {
    let ranks = position.square_count() / position.shape().last().copied().unwrap_or(1);
    (position.board_piece_count() * 2 + ranks * 3 + position.hand_piece_count() * 2 + 8)
        .min(MAX_STRING_LENGTH)
}

/// Writes the three fields, stopping with [`Stop::Overflow`] once the text
/// is longer than `limit` (checked after each rank and each field, so at
/// most a rank or a hand past it is written).
fn write_fields<P: Ord>(
    position: &Qi<P, Sin>,
    epin: &impl Fn(&P) -> Result<Epin, ForeignStyleError>,
    out: &mut impl Out,
    limit: usize,
) -> Result<(), Stop> {
    write_board(position, epin, out, limit)?;
    for (player, separator) in [(Player::First, b' '), (Player::Second, b'/')] {
        out.push_byte(separator);
        write_hand(position, player, epin, out)?;
        if out.len() > limit {
            return Err(Stop::Overflow);
        }
    }
    let (first, second) = (position.first_style(), position.second_style());
    let (active, inactive) = match position.turn() {
        Player::First => (first, second),
        Player::Second => (second, first),
    };
    out.push_byte(b' ');
    out.push_str(active.encode().as_str());
    out.push_byte(b'/');
    out.push_str(inactive.encode().as_str());
    if out.len() > limit {
        return Err(Stop::Overflow);
    }
    Ok(())
}

/// The placement field: runs of empty squares as counts, ranks separated by
/// `/`, layers by `//`.
fn write_board<P, S>(
    position: &Qi<P, S>,
    epin: &impl Fn(&P) -> Result<Epin, ForeignStyleError>,
    out: &mut impl Out,
    limit: usize,
) -> Result<(), Stop> {
    let sizes = position.shape();
    let files = sizes.last().copied().unwrap_or(1);
    // A layer of a 3D board ends after this many ranks; on other boards no
    // rank ends a layer (there are at most 255 ranks).
    let ranks_per_layer = if sizes.len() == 3 {
        sizes[1]
    } else {
        usize::MAX
    };
    let (mut files_left, mut ranks_left) = (files, ranks_per_layer);
    let mut empty = 0;
    for (square, piece) in position.squares().enumerate() {
        if files_left == 0 {
            push_count(out, empty);
            empty = 0;
            files_left = files;
            ranks_left -= 1;
            if ranks_left == 0 {
                out.push_str("//");
                ranks_left = ranks_per_layer;
            } else {
                out.push_byte(b'/');
            }
            if out.len() > limit {
                return Err(Stop::Overflow);
            }
        }
        files_left -= 1;
        match piece {
            None => empty += 1,
            Some(piece) => {
                push_count(out, empty);
                empty = 0;
                let token = epin(piece).map_err(|error| {
                    Stop::Error(WriteError::ForeignStyleOnSquare { square, error })
                })?;
                out.push_str(token.encode().as_str());
            }
        }
    }
    push_count(out, empty);
    Ok(())
}

/// One hand, in FEEN's canonical order: the largest count first, then by
/// token (see [`token_rank`]).
fn write_hand<P: Ord, S>(
    position: &Qi<P, S>,
    player: Player,
    epin: &impl Fn(&P) -> Result<Epin, ForeignStyleError>,
    out: &mut impl Out,
) -> Result<(), Stop> {
    let mut items = Vec::new();
    for (piece, count) in position.hand(player) {
        let token = epin(piece)
            .map_err(|error| Stop::Error(WriteError::ForeignStyleInHand { player, error }))?;
        items.push((token, count));
    }
    items.sort_unstable_by_key(|&(token, count)| (core::cmp::Reverse(count), token_rank(token)));
    for (token, count) in items {
        if count > 1 {
            push_count(out, count);
        }
        out.push_str(token.encode().as_str());
    }
    Ok(())
}

/// A token's place in FEEN's hand order, after the count: by letter, then
/// uppercase first, then state (`-`, `+`, none), then without `^` first,
/// then without `'` first. Distinct tokens have distinct ranks.
fn token_rank(token: Epin) -> u16 {
    let letter = u16::from(token.letter().as_ascii() - b'A');
    let state = match token.state() {
        State::Diminished => 0,
        State::Enhanced => 1,
        State::Normal => 2,
    };
    letter * 24
        + u16::from(token.is_second()) * 12
        + state * 4
        + u16::from(token.is_terminal()) * 2
        + u16::from(token.is_derived())
}

/// Writes a positive count in decimal; nothing for 0.
fn push_count(out: &mut impl Out, count: usize) {
    if count == 0 {
        return;
    }
    let mut digits = [0; 20];
    let mut start = digits.len();
    let mut rest = count;
    while rest > 0 {
        start -= 1;
        // A single decimal digit.
        #[allow(clippy::cast_possible_truncation)]
        let digit = (rest % 10) as u8;
        digits[start] = b'0' + digit;
        rest /= 10;
    }
    for &digit in &digits[start..] {
        out.push_byte(digit);
    }
}
