//! A persistent, format-agnostic model of a two-player board-game position
//! (chess, shogi, xiangqi and their variants) for search code that keeps
//! millions of positions alive at once.
//!
//! A [`Qi`] is a board of 1 to 3 dimensions (a flat row-major sequence of
//! squares), two hands (pieces off the board, as piece → count), one style per
//! player and the side to move. Every transformation returns a new position
//! that shares structure with its parent: `clone()` is O(1), a diff costs
//! O(changes), never O(board), and the original is never modified.
//!
//! # Quick start
//!
//! ```
//! use persistent_qi::{Player, Qi};
//!
//! // An empty 8x8 board; "C" and "c" are the two players' styles.
//! let start: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?
//!     .board_diff([(4, Some("K")), (60, Some("k")), (12, Some("P")), (51, Some("p"))])?;
//!
//! // A move: vacate the source, fill the target, hand over the turn.
//! let after_move = start.board_diff([(12, None), (28, Some("P"))])?.toggle();
//!
//! // A capture into the hand, as in shogi.
//! let after_capture = after_move
//!     .board_diff([(51, None), (28, Some("p"))])?
//!     .second_hand_diff([("p", 1)])?
//!     .toggle();
//!
//! assert_eq!(after_capture.square(28), Some(&"p"));
//! assert_eq!(after_capture.second_hand_count(&"p"), 1);
//! assert_eq!(after_capture.turn(), Player::First);
//!
//! // Every earlier version is still there, unchanged, sharing storage.
//! assert_eq!(start.square(12), Some(&"P"));
//! assert_eq!(after_move.piece_count(), 4);
//!
//! // Positions reached by different routes are equal and hash alike, in O(1).
//! let direct = start
//!     .board_diff([(12, None), (51, None), (28, Some("p"))])?
//!     .second_hand_diff([("p", 1)])?;
//! assert_eq!(direct, after_capture);
//! assert_eq!(direct.position_hash(), after_capture.position_hash());
//!
//! // Bad input is a typed error, and nothing changes.
//! let error = start.first_hand_diff([("Q", -1)]).unwrap_err();
//! assert_eq!(error.to_string(), "cannot remove 1 from the first hand: it holds 0 (change 0)");
//! # Ok::<(), persistent_qi::Error>(())
//! ```
//!
//! # Complexity
//!
//! For a board of n squares, a diff of k changes and a hand of h kinds of
//! piece:
//!
//! | operation | time | new memory |
//! |---|---|---|
//! | `clone()` | O(1) | none |
//! | [`board_diff`](Qi::board_diff) | O(k log n) | none while the position has room for the writes (16, for squares without a destructor); then O(k) blocks and trie paths |
//! | [`hand_diff`](Qi::hand_diff) | O(k log h) | O(k log h) |
//! | [`toggle`](Qi::toggle), [`with_turn`](Qi::with_turn) | O(1) | none |
//! | [`square`](Qi::square) (read) | O(log n), at most 3 hops | none |
//! | [`squares`](Qi::squares) (scan) | O(n) | none |
//! | piece counts | O(1) | none |
//! | [`position_hash`](Qi::position_hash), [`Hash`](core::hash::Hash) | O(1) | none |
//! | `==` on clones, or on positions with different hashes | O(1) | none |
//! | `==` otherwise | O(kept writes) when the two are within 16 square writes of one version of the blocks (a parent and its children until the kept writes flush), else O(n), skipping blocks the two share | none |
//! | [`changes_since`](Qi::changes_since), iterating the [`Changes`] | O(kept writes) within 16 square writes of one version of the blocks; O(k x block length + blocks) for positions k changes apart, skipping blocks the two share; O(n) for unrelated ones | none |
//!
//! The board is an [`rpds`] vector whose elements are blocks of squares; each
//! hand is an [`imbl::OrdMap`] with its running total. Piece totals and the
//! hash are updated by every transformation, never recounted.
//!
//! # Limits
//!
//! Every input is bounded and checked, so positions can be built from
//! untrusted data: 1 to [`MAX_DIMENSIONS`] dimensions, each of 1 to
//! [`MAX_DIMENSION_SIZE`] squares, at most [`MAX_SQUARE_COUNT`] squares in
//! all, and never more pieces (board and hands) than squares. A violation is
//! an [`Error`] naming the numbers involved; no input makes the crate panic.
//!
//! # Feature flags
//!
//! All off by default, each an integration in its own module:
//!
//! | feature | adds |
//! |---|---|
//! | `serde` | `Serialize` and a validating, streaming `Deserialize` for `Qi`, `Player` and `Qpi` (format and rejections in the `serde` module) |
//! | `arbitrary` | `Arbitrary` for `Qi<P, S>` (any `P`, `S` that are `Arbitrary`), `Qpi` and `Player`, for fuzzing; brings in `arbitrary` only |
//! | `proptest` | the `proptest` module: strategies for positions, QPI tokens, styles, players and shapes |
//! | `quickcheck` | `Arbitrary` for `Player`, `Qpi` and `Qi<Qpi, Sin>`, with shrinking |
//! | `feen` | the `feen` module: FEEN text read into and written from `Qi<Epin, Sin>` and `Qi<Qpi, Sin>`; the EPIN piece `qpi::Epin` and `Qpi` <-> `Epin` |
//! | `sashite-qi` | conversions with `sashite_qi::Qi`, both ways and over either pointer kind: `TryFrom` (each side checks its own limits, and says so with an error rather than a panic), and `From` between the two `Player` types |
//!
//! The three build positions through one generator: an empty board, then
//! random moves, each played through [`Qi::edit`] and kept only if the
//! position accepts it, so every generated position is valid and reachable.
//!
//! # Thread safety
//!
//! Positions are immutable values over atomically reference-counted storage:
//! `Qi<P, S>` is `Send` and `Sync` whenever `P` and `S` are, so a tree of
//! positions can be expanded by several threads at once and shared between
//! them without locks.
// docs.rs builds with `--cfg docsrs` on nightly (see
// `[package.metadata.docs.rs]` in Cargo.toml): feature-gated items then
// carry a badge naming their feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

#[cfg(feature = "arbitrary")]
mod arbitrary;
mod board;
mod display;
mod error;
#[cfg(any(feature = "arbitrary", feature = "proptest", feature = "quickcheck"))]
mod generate;
mod hand;
mod hash;
mod identity;
mod player;
mod qi;
mod shape;

pub mod qpi;

#[cfg(feature = "feen")]
#[cfg_attr(docsrs, doc(cfg(feature = "feen")))]
pub mod feen;
#[cfg(feature = "sashite-qi")]
mod peer;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod proptest;
#[cfg(feature = "quickcheck")]
#[cfg_attr(docsrs, doc(cfg(feature = "quickcheck")))]
pub mod quickcheck;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;

pub use error::Error;
pub use player::Player;
pub use qi::{Changes, Edit, GenericQi, HandChange, LocalQi, Qi, SquareChange, SquareChanges};

/// The pointer kinds a position can be built over, from
/// [archery](https://docs.rs/archery), the crate rpds and imbl take theirs
/// from: [`ArcTK`] (atomic counts, `Send` and `Sync`: [`Qi`]) and [`RcK`]
/// (plain counts, one thread: [`LocalQi`]). Generic code bounds its kind by
/// [`SharedPointerKind`].
pub use archery::{ArcTK, RcK, SharedPointerKind};
pub use shape::{MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Nested};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
