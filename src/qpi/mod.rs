//! # Qualified Piece Identifier (QPI)
//!
//! A typed, 2-byte implementation of the
//! [QPI v1.0.0 specification](https://sashite.dev/specs/qpi/1.0.0/): the
//! complete identity of a piece, written `<sin>:<pin>`.
//!
//! ```text
//! C:+K^
//! │ │││└─ terminal marker (optional): losing this piece ends the game
//! │ ││└── piece name letter; its case is the piece side
//! │ │└─── state modifier (optional): `+` enhanced, `-` diminished
//! │ └──── separator
//! └────── style letter (SIN); its case is the player side
//! ```
//!
//! | Part  | Crate                                      | Shape          | Encodes                                 |
//! |-------|--------------------------------------------|----------------|-----------------------------------------|
//! | SIN   | [`sashite-sin`](sin) ([`Sin`])             | `[A-Za-z]`     | piece style; case: player side          |
//! | `:`   |                                            | `:`            | nothing (separator)                     |
//! | PIN   | [`sashite-pin`](pin) ([`Pin`])             | `[-+]?[A-Za-z]\^?` | name, side (case), state, terminal  |
//!
//! A token matches `\A[A-Za-z]:[-+]?[A-Za-z]\^?\z` against the **whole**
//! input: nothing is trimmed, a trailing `\n` or `\r\n` is an error, and only
//! ASCII letters are letters (no fullwidth or Cyrillic look-alikes). There are
//! exactly 52 x 312 = 16,224 tokens ([`Qpi::COUNT`]), and tokens are canonical
//! as written: parsing never changes case or modifiers, and printing gives back
//! the input byte for byte.
//!
//! | Input       | Result                                                           |
//! |-------------|------------------------------------------------------------------|
//! | `"C:K"`     | `Ok`: chess-style king of the first player, Native               |
//! | `"c:+p"`    | `Ok`: second player's chess-style enhanced pawn, Native          |
//! | `"C:k"`     | `Ok`: a second-side piece of first-player style, **Derived**     |
//! | `"S:+R^"`   | `Ok`: enhanced, terminal shogi-style rook                        |
//! | `"x:-g"`    | `Ok`: diminished xiangqi-style general                           |
//! | `""`        | `Err(ParseError::Empty)`                                         |
//! | `"C:K^^^"`  | `Err(ParseError::TooLong { len: 6 })`                            |
//! | `":K"`      | `Err(ParseError::InvalidSin { found: b':', .. })`                |
//! | `"CK"`      | `Err(ParseError::InvalidSeparator { found: Some(b'K') })`        |
//! | `"CC:K"`    | `Err(ParseError::InvalidSeparator { found: Some(b'C') })`        |
//! | `"C:"`      | `Err(ParseError::InvalidPin { position: 2, found: None, .. })`   |
//! | `"C:K\n"`   | `Err(ParseError::InvalidPin { position: 3, found: Some(b'\n'), .. })` |
//!
//! [`ParseError`] has the full table and the rules behind it.
//!
//! ## Native and Derived
//!
//! Comparing the two cases gives the spec's Native / Derived relationship. Both
//! are valid tokens; what they mean (a captured piece dropped back, a
//! converted piece, ...) is up to the rule system.
//!
//! | SIN case | PIN case | Example | Relationship |
//! |----------|----------|---------|--------------|
//! | upper    | upper    | `C:K`   | Native       |
//! | upper    | lower    | `C:k`   | Derived      |
//! | lower    | upper    | `c:K`   | Derived      |
//! | lower    | lower    | `c:k`   | Native       |
//!
//! [`Qpi::native`] and [`Qpi::derive`] change only the case of the PIN letter
//! and never the SIN, as the spec requires (within a match, a player's style
//! and side are fixed). [`Qpi::flip`] swaps both cases: the same piece for the
//! other player.
//!
//! ## Example
//!
//! ```
//! use persistent_qi::qpi::{ParseError, Qpi};
//!
//! let pawn: Qpi = "S:P".parse()?;
//! assert_eq!(pawn.sin().to_char(), 'S');
//! assert_eq!(pawn.pin().to_string(), "P");
//! assert!(pawn.is_native());
//!
//! // Captured by the second player: now a second-side piece of the same style.
//! let captured = pawn.derive();
//! assert_eq!(captured.to_string(), "S:p");
//! assert!(captured.is_derived());
//! assert_eq!(captured.native(), pawn);
//!
//! // Promoted, via the PIN crate's own transformations.
//! let promoted = pawn.with_pin(pawn.pin().enhanced());
//! assert_eq!(promoted.to_string(), "S:+P");
//!
//! assert_eq!("S:P ".parse::<Qpi>(), Err(ParseError::InvalidPin {
//!     position: 3,
//!     found: Some(b' '),
//!     error: persistent_qi::qpi::PinParseError::InvalidTerminalMarker,
//! }));
//! # Ok::<(), persistent_qi::qpi::ParseError>(())
//! ```
//!
//! ## Representation
//!
//! A [`Qpi`] is a `Copy` newtype over a [`NonZeroU16`](core::num::NonZeroU16)
//! code, so `size_of::<Qpi>() == 2` and `size_of::<Option<Qpi>>() == 2`: a
//! board of `Option<Qpi>` is as dense as a board of `u16`. The code layout,
//! the `Ord` it gives (by SIN, then PIN) and the `Hash` contract (one
//! `write_u16` of the code) are documented on [`Qpi`]. Accessors and
//! transformations are `const fn`s that do a few integer operations; parsing
//! allocates nothing, reads at most 5 bytes and never panics, on any bytes.
//!
//! `Qpi` is the piece type of the typed position `Qi<Qpi, Sin>`, which users
//! build themselves: this module knows nothing of positions.
//!
//! ## Components
//!
//! The two components are the official `sashite-sin` and `sashite-pin`
//! identifier types, re-exported as [`Sin`] and [`Pin`] (and their crates as
//! [`sin`] and [`pin`], for `Letter`, `Side` and `State`), so tokens
//! interoperate with the rest of the Sashité ecosystem.
//!
//! With the `serde` feature, a `Qpi` serializes as its token string in a
//! human-readable format (read back through [`Qpi::parse`]) and as its
//! 2-byte [code](Qpi::code) in a binary one (read back through
//! [`Qpi::from_code`]).
//!
//! ## EPIN (feature `feen`)
//!
//! FEEN writes pieces as EPIN tokens ([`Epin`], from `sashite-epin`): a PIN
//! plus a "derived" mark (`'`) for a piece in the other player's style.
//! Given a game's two styles, [`Qpi::to_epin`] and [`Qpi::from_epin`]
//! convert exactly between the two; only a piece whose style neither player
//! has lacks an EPIN spelling ([`ForeignStyleError`]).

#[cfg(feature = "feen")]
mod epin;
mod error;
mod parse;
#[cfg(feature = "serde")]
mod serde;
mod token;

#[cfg(feature = "feen")]
pub use self::epin::ForeignStyleError;
pub use self::error::ParseError;
pub use self::token::Qpi;

/// The `sashite-sin` crate (1.x), for [`Sin`]'s `Letter` and `Side`.
///
/// Part of this crate's public API, as [`Sin`] is its `Identifier`: this
/// crate depends on `sashite-sin = "1.1"`, and a release of it that breaks
/// its API would be a breaking release of this crate too.
pub use sashite_sin as sin;

/// The `sashite-pin` crate (1.x), for [`Pin`]'s `Letter`, `Side` and
/// `State`.
///
/// Part of this crate's public API, as [`Pin`] is its `Identifier`: this
/// crate depends on `sashite-pin = "1.1"`, and a release of it that breaks
/// its API would be a breaking release of this crate too.
pub use sashite_pin as pin;

/// The SIN component: a style letter whose case is the player side.
pub use sashite_sin::Identifier as Sin;

/// The PIN component: a piece letter whose case is the piece side, with an
/// optional state modifier and terminal marker.
pub use sashite_pin::Identifier as Pin;

/// The EPIN identifier of FEEN: a PIN plus a native / derived style mark.
/// See [`Qpi::to_epin`] and [`Qpi::from_epin`].
#[cfg(feature = "feen")]
pub use sashite_epin::Identifier as Epin;

/// The error `sashite-sin` gives for a SIN; found inside
/// [`ParseError::InvalidSin`].
pub use sashite_sin::ParseError as SinParseError;

/// The error `sashite-epin` gives for an EPIN token.
#[cfg(feature = "feen")]
pub use sashite_epin::ParseError as EpinParseError;

/// The error `sashite-pin` gives for a PIN; found inside
/// [`ParseError::InvalidPin`].
pub use sashite_pin::ParseError as PinParseError;
