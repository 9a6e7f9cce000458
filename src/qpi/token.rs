//! The [`Qpi`] type: a whole QPI token packed into two bytes.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::num::NonZeroU16;

use super::error::ParseError;
use super::{Pin, Sin};
use sashite_pin::{Letter as PinLetter, Side as PinSide, State};
use sashite_sin::{Letter as SinLetter, Side as SinSide};

/// The longest token, in bytes: `<sin>:<modifier><letter>^`.
pub(crate) const MAX_LEN: usize = 5;

/// How many PIN tokens there are: 26 letters x 2 sides x 3 states x 2 terminal flags.
const PIN_COUNT: u16 = 312;

/// What one step of the PIN side adds to `pin_index`: 2 terminal flags x 3 states.
const PIN_SIDE_WEIGHT: u16 = 6;

/// How many SIN tokens there are: 26 letters x 2 sides.
const SIN_COUNT: u16 = 52;

/// A Qualified Piece Identifier: a SIN and a PIN, as in `C:+K^`.
///
/// A `Qpi` is a 2-byte `Copy` value (and so is `Option<Qpi>`). Every value is
/// a valid token: there is no way to build one that is not, so the accessors
/// and transformations are total. See the [module docs](super) for the format.
///
/// # Encoding, order and hash
///
/// The value is stored as its *code*, a [`NonZeroU16`] in `1..=16_224`:
///
/// ```text
/// code = 1 + sin_index * 312 + pin_index
/// sin_index = 2 * letter + side                                  (0..52)
/// pin_index = 12 * letter + 6 * side + 2 * state + terminal      (0..312)
/// ```
///
/// where `letter` is `A = 0 ..= Z = 25`, `side` is `First = 0, Second = 1`,
/// `state` is `Diminished = 0, Normal = 1, Enhanced = 2` and `terminal` is 0
/// or 1. Each index enumerates its component in the order that component's
/// crate derives `Ord` for it, so:
///
/// - **`Ord`** compares by SIN, then by PIN, each as its own crate orders it:
///   SIN by letter then side; PIN by letter, side, state
///   (`-` < none < `+`), terminal (without `^` first). `q1 < q2` exactly when
///   `(q1.sin(), q1.pin()) < (q2.sin(), q2.pin())`. This is **not** the
///   lexicographic order of the token text (`C:+K` sorts after `C:K`, and
///   `C:a` before `C:K`).
/// - **`Hash`** is one call to [`Hasher::write_u16`] with the code, the same
///   as hashing [`Qpi::code`] as a `u16`. The code is part of this type's
///   contract (it is pinned by a golden test, and changing it is a breaking
///   change), so with a deterministic hasher a `Qpi` hashes the same in every
///   build and on every platform whose hasher reads `write_u16` the same way
///   (`std`'s default `write_u16` feeds native-endian bytes; a hasher meant to
///   agree across endianness should override it).
///
/// # Examples
///
/// ```
/// use persistent_qi::qpi::Qpi;
///
/// let king: Qpi = "C:K^".parse()?;
/// assert_eq!(king.to_string(), "C:K^");
/// assert!(king.is_native());
///
/// // A first-player (chess-style) king, seen from the other side of the board.
/// assert_eq!(king.flip().to_string(), "c:k^");
/// // The same king turned into a second-side piece: only the PIN changes.
/// assert_eq!(king.derive().to_string(), "C:k^");
///
/// assert_eq!(core::mem::size_of::<Option<Qpi>>(), 2);
/// # Ok::<(), persistent_qi::qpi::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Qpi(NonZeroU16);

impl Qpi {
    /// How many distinct tokens there are: 52 SIN x 312 PIN.
    ///
    /// Codes run over `1..=Qpi::COUNT`.
    pub const COUNT: usize = SIN_COUNT as usize * PIN_COUNT as usize;

    /// Builds a token from its two components.
    ///
    /// Infallible: every SIN can be paired with every PIN, native or derived.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::{Pin, Qpi, Sin};
    ///
    /// let sin: Sin = "s".parse().expect("a SIN token");
    /// let pin: Pin = "+p".parse().expect("a PIN token");
    /// let qpi = Qpi::new(sin, pin);
    /// assert_eq!(qpi.to_string(), "s:+p");
    /// assert_eq!((qpi.sin(), qpi.pin()), (sin, pin));
    /// assert_eq!(qpi, Qpi::parse("s:+p")?);
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn new(sin: Sin, pin: Pin) -> Self {
        // At most 51 * 312 + 311 = 16_223.
        Self::from_index(sin_index(sin) * PIN_COUNT + pin_index(pin))
    }

    /// Parses a token.
    ///
    /// The whole input must be the token: nothing is trimmed, and a trailing
    /// line break is an error like any other extra byte. Parsing is
    /// allocation-free and reads at most 5 bytes, whatever the input length.
    ///
    /// # Errors
    ///
    /// Returns a [`ParseError`] naming the part that failed (the length, the
    /// SIN, the separator or the PIN) and, for a part, the byte; the rules that
    /// pick the variant are on [`ParseError`].
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::{ParseError, Qpi};
    ///
    /// let pawn = Qpi::parse("S:+P")?;
    /// assert_eq!(pawn.to_string(), "S:+P");
    ///
    /// assert_eq!(Qpi::parse(""), Err(ParseError::Empty));
    /// assert!(Qpi::parse("S:+P\n").is_err());
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        super::parse::parse_bytes(input.as_bytes())
    }

    /// Reports whether `input` is a valid token.
    ///
    /// Defined as [`Qpi::parse`] succeeding, so the two never disagree.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert!(Qpi::is_valid("C:K"));
    /// assert!(Qpi::is_valid("C:k")); // derived, and valid
    /// assert!(!Qpi::is_valid("C:K "));
    /// ```
    #[must_use]
    pub fn is_valid(input: &str) -> bool {
        Self::parse(input).is_ok()
    }

    /// Rebuilds a token from its [code](Qpi::code).
    ///
    /// Returns `None` for `0` and for anything above [`Qpi::COUNT`]. With
    /// [`Qpi::code`] this is a bijection between the tokens and
    /// `1..=Qpi::COUNT`, handy for dense lookup tables (index `code - 1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// let king = Qpi::parse("C:K")?;
    /// assert_eq!(Qpi::from_code(king.code()), Some(king));
    /// assert_eq!(Qpi::from_code(1), Some(Qpi::parse("A:-A")?));
    /// assert_eq!(Qpi::from_code(16_224), Some(Qpi::parse("z:+z^")?));
    /// assert_eq!(Qpi::from_code(0), None);
    /// assert_eq!(Qpi::from_code(16_225), None);
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn from_code(code: u16) -> Option<Self> {
        #[allow(clippy::cast_possible_truncation)] // COUNT is 16_224, well inside u16
        const MAX_CODE: u16 = Qpi::COUNT as u16;
        match NonZeroU16::new(code) {
            Some(nonzero) if code <= MAX_CODE => Some(Self(nonzero)),
            _ => None,
        }
    }

    /// The 2-byte code of this token, in `1..=Qpi::COUNT`.
    ///
    /// The layout is documented on [`Qpi`] and is stable: it is what `Ord`
    /// compares and what `Hash` writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("C:K")?.code(), 1371);
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn code(self) -> u16 {
        self.0.get()
    }

    /// The SIN component: the player style, whose case is the player side.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("x:+R")?.sin().to_char(), 'x');
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn sin(self) -> Sin {
        sin_from_index(self.index() / PIN_COUNT)
    }

    /// The PIN component: piece name, side, state and terminal status.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("x:+R")?.pin().to_string(), "+R");
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn pin(self) -> Pin {
        pin_from_index(self.index() % PIN_COUNT)
    }

    /// Reports whether the token is Native: the SIN letter and the PIN letter
    /// have the same case (`C:K`, `c:k`).
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert!(Qpi::parse("C:K")?.is_native());
    /// assert!(Qpi::parse("c:k")?.is_native());
    /// assert!(!Qpi::parse("C:k")?.is_native());
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_native(self) -> bool {
        self.side_is_second(PIN_COUNT) == self.side_is_second(PIN_SIDE_WEIGHT)
    }

    /// Reports whether the token is Derived: the SIN letter and the PIN letter
    /// have different cases (`C:k`, `c:K`). Always `!self.is_native()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert!(Qpi::parse("C:k")?.is_derived());
    /// assert!(Qpi::parse("c:K")?.is_derived());
    /// assert!(!Qpi::parse("c:k")?.is_derived());
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_derived(self) -> bool {
        !self.is_native()
    }

    /// Returns the Native form: the PIN letter takes the case of the SIN
    /// letter. The SIN is never touched; a Native token is returned as is.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("C:+k^")?.native().to_string(), "C:+K^");
    /// assert_eq!(Qpi::parse("c:p")?.native().to_string(), "c:p");
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn native(self) -> Self {
        if self.is_native() {
            self
        } else {
            self.flip_pin_side()
        }
    }

    /// Returns the Derived form: the PIN letter takes the case opposite to the
    /// SIN letter. The SIN is never touched; a Derived token is returned as is.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("C:+K^")?.derive().to_string(), "C:+k^");
    /// assert_eq!(Qpi::parse("c:P")?.derive().to_string(), "c:P");
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn derive(self) -> Self {
        if self.is_native() {
            self.flip_pin_side()
        } else {
            self
        }
    }

    /// Returns the same piece for the other player: the case of both letters
    /// is swapped, so Native stays Native and Derived stays Derived.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// assert_eq!(Qpi::parse("C:+K^")?.flip().to_string(), "c:+k^");
    /// assert_eq!(Qpi::parse("C:k")?.flip().to_string(), "c:K");
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn flip(self) -> Self {
        self.flip_sin_side().flip_pin_side()
    }

    /// Returns a copy with the SIN replaced and the PIN kept as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::{Qpi, Sin};
    ///
    /// let drop = Qpi::parse("C:p")?.with_sin(Sin::parse("S").expect("a SIN token"));
    /// assert_eq!(drop.to_string(), "S:p");
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_sin(self, sin: Sin) -> Self {
        Self::new(sin, self.pin())
    }

    /// Returns a copy with the PIN replaced and the SIN kept as it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::Qpi;
    ///
    /// let promoted = Qpi::parse("S:P")?;
    /// let promoted = promoted.with_pin(promoted.pin().enhanced());
    /// assert_eq!(promoted.to_string(), "S:+P");
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_pin(self, pin: Pin) -> Self {
        Self::new(self.sin(), pin)
    }

    /// The dense index, `code - 1`, in `0..Qpi::COUNT`.
    const fn index(self) -> u16 {
        self.0.get() - 1
    }

    // The side bits are read and toggled on the index directly, without
    // decoding the components: these are the per-piece operations a whole
    // board goes through when it is flipped. The exhaustive tests hold them to
    // the component-level definitions for every token.

    /// The side digit of the index at `weight`: the SIN's at `PIN_COUNT`
    /// (`sin_index % 2`), the PIN's at `PIN_SIDE_WEIGHT` (`(pin_index / 6)
    /// % 2`, which is also `(index / 6) % 2` because `PIN_COUNT` is a
    /// multiple of 12).
    const fn side_is_second(self, weight: u16) -> bool {
        (self.index() / weight) % 2 == 1
    }

    /// Toggles the side digit at `weight`: the index moves by `weight`
    /// between the digit's 0 and its 1, so it stays in range and cannot
    /// overflow. The SIN side moves `sin_index` by one between `2L` and
    /// `2L + 1`; the PIN side moves `pin_index` by 6 between `12l + r` and
    /// `12l + 6 + r` (where `r = 2 * state + terminal < 6`).
    const fn toggle_side(self, weight: u16) -> Self {
        let index = if self.side_is_second(weight) {
            self.index() - weight
        } else {
            self.index() + weight
        };
        Self::from_index(index)
    }

    /// Toggles the SIN side.
    const fn flip_sin_side(self) -> Self {
        self.toggle_side(PIN_COUNT)
    }

    /// Toggles the PIN side.
    const fn flip_pin_side(self) -> Self {
        self.toggle_side(PIN_SIDE_WEIGHT)
    }

    /// Wraps an index known to be below [`Qpi::COUNT`]: the code is
    /// `index + 1`, non-zero by type, and at most `16_224` so it never saturates.
    const fn from_index(index: u16) -> Self {
        Self(NonZeroU16::MIN.saturating_add(index))
    }

    /// Builds a token from the digits of its index, as the fast parser reads
    /// them off the bytes. `style` is the SIN's `2 * letter + side`, `piece`
    /// the PIN letter's `2 * letter + side` (both below 52), `state` is below
    /// 3; the caller guarantees those ranges.
    pub(crate) const fn from_digits(style: u16, piece: u16, state: u16, terminal: bool) -> Self {
        // pin_index = 12 * letter + 6 * side + 2 * state + terminal
        //           = 6 * (2 * letter + side) + 2 * state + terminal.
        let pin_index = piece * PIN_SIDE_WEIGHT + state * 2 + terminal as u16;
        Self::from_index(style * PIN_COUNT + pin_index)
    }

    /// The canonical token text, in an inline buffer.
    ///
    /// Written byte by byte rather than by concatenating the component
    /// encodings, so there is no index arithmetic and no panic path; the
    /// exhaustive tests check it against `format!("{sin}:{pin}")` for every
    /// token.
    pub(crate) const fn token(self) -> Token {
        let sin = self.sin();
        let pin = self.pin();
        let style = cased(sin.letter().as_ascii(), sin.is_first());
        let piece = cased(pin.letter().as_ascii(), pin.is_first());
        let modifier = match pin.state() {
            State::Diminished => Some(b'-'),
            State::Normal => None,
            State::Enhanced => Some(b'+'),
        };
        match (modifier, pin.is_terminal()) {
            (None, false) => Token {
                buf: [style, b':', piece, 0, 0],
                len: 3,
            },
            (None, true) => Token {
                buf: [style, b':', piece, b'^', 0],
                len: 4,
            },
            (Some(modifier), false) => Token {
                buf: [style, b':', modifier, piece, 0],
                len: 4,
            },
            (Some(modifier), true) => Token {
                buf: [style, b':', modifier, piece, b'^'],
                len: 5,
            },
        }
    }
}

/// A token's canonical text, stored inline: no allocation to print a `Qpi`.
pub(crate) struct Token {
    buf: [u8; MAX_LEN],
    len: usize,
}

impl Token {
    /// The token text.
    pub(crate) fn as_str(&self) -> &str {
        let bytes = self.buf.get(..self.len).unwrap_or_default();
        // Every byte written by `Qpi::token` is ASCII, so this cannot fail; the
        // empty fallback exists only to avoid both `unsafe` and a panic path.
        core::str::from_utf8(bytes).unwrap_or_default()
    }
}

/// An uppercase ASCII letter, lowered for the second side.
const fn cased(upper: u8, first: bool) -> u8 {
    if first {
        upper
    } else {
        upper.to_ascii_lowercase()
    }
}

/// `sin_index = 2 * letter + side`, in `0..52`: the order `Sin` derives.
const fn sin_index(sin: Sin) -> u16 {
    let letter = (sin.letter().as_ascii() - b'A') as u16;
    letter * 2 + sin.side() as u16
}

/// `pin_index = 12 * letter + 6 * side + 2 * state + terminal`, in `0..312`:
/// the order `Pin` derives (letter, side, state, terminal).
const fn pin_index(pin: Pin) -> u16 {
    let letter = (pin.letter().as_ascii() - b'A') as u16;
    letter * 12
        + pin.side() as u16 * PIN_SIDE_WEIGHT
        + pin.state() as u16 * 2
        + pin.is_terminal() as u16
}

/// Inverse of [`sin_index`]; `index` is below 52 for every code in range.
const fn sin_from_index(index: u16) -> Sin {
    let side = if index.is_multiple_of(2) {
        SinSide::First
    } else {
        SinSide::Second
    };
    Sin::new(SinLetter::ALL[(index / 2) as usize], side)
}

/// Inverse of [`pin_index`]; `index` is below 312, so the letter is below 26.
const fn pin_from_index(index: u16) -> Pin {
    let letter = PinLetter::ALL[(index / 12) as usize];
    let side = pin_side((index / 6).is_multiple_of(2));
    let state = match (index / 2) % 3 {
        0 => State::Diminished,
        1 => State::Normal,
        _ => State::Enhanced,
    };
    Pin::new(letter, side, state, index % 2 == 1)
}

/// The PIN side whose case is upper (`true`) or lower (`false`).
const fn pin_side(first: bool) -> PinSide {
    if first {
        PinSide::First
    } else {
        PinSide::Second
    }
}

/// Hashes the code with a single [`Hasher::write_u16`] call; see [`Qpi`].
impl Hash for Qpi {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u16(self.code());
    }
}

/// Writes the canonical token, through [`fmt::Formatter::pad`] so width, fill
/// and alignment work as for a [`str`]: `format!("{q:>6}")`.
impl fmt::Display for Qpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.token().as_str())
    }
}

/// Writes `Qpi("C:+K^")`: the token, not the code.
impl fmt::Debug for Qpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Qpi({:?})", self.token().as_str())
    }
}

impl core::str::FromStr for Qpi {
    type Err = ParseError;

    /// Parses a token; identical to [`Qpi::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<&str> for Qpi {
    type Error = ParseError;

    /// Parses a token; identical to [`Qpi::parse`].
    fn try_from(s: &str) -> Result<Self, Self::Error> {
        Self::parse(s)
    }
}

impl TryFrom<&[u8]> for Qpi {
    type Error = ParseError;

    /// Parses a token from raw bytes, which need not be UTF-8.
    ///
    /// No UTF-8 check is made or needed: only ASCII bytes can form a token, so
    /// ill-formed input fails the same length and position checks as text and
    /// gets the same [`ParseError`] variant that [`Qpi::parse`] gives for the
    /// same bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use persistent_qi::qpi::{ParseError, Qpi};
    ///
    /// assert_eq!(Qpi::try_from(&b"C:K"[..])?.to_string(), "C:K");
    /// assert_eq!(
    ///     Qpi::try_from(&[0xFF, b':', b'K'][..]).unwrap_err(),
    ///     ParseError::InvalidSin { found: 0xFF, error: persistent_qi::qpi::SinParseError::InvalidLetter },
    /// );
    /// # Ok::<(), persistent_qi::qpi::ParseError>(())
    /// ```
    fn try_from(bytes: &[u8]) -> Result<Self, Self::Error> {
        super::parse::parse_bytes(bytes)
    }
}
