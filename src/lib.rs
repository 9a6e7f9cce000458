//! A persistent, format-agnostic model of a two-player board-game position
//! (chess, shogi, xiangqi and their variants) for search code that keeps
//! millions of positions alive at once.
//!
//! A [`Qi`] is a board of 1 to 3 dimensions (a flat row-major sequence of
//! squares), two hands (pieces off the board, as piece → count), one style per
//! player and the side to move. Every transformation returns a new position
//! that shares structure with its parent: `clone()` is O(1), a move costs
//! O(changes), never O(board), the 64-bit position hash is O(1) to read, and
//! the original is never modified.
//!
//! The sections below are shared with the README (each is a file of
//! `docs/crate/`, included here and copied between markers there; a test
//! fails when the two differ), so their examples are written as whole
//! programs.
//!
//! # Quick start
//!
#![doc = include_str!("../docs/crate/quick-start.md")]
//!
//! A move found at run time builds in place, step by step: see [`Edit`]. A
//! move generator reads each node's whole board once, with
//! [`board_into`](GenericQi::board_into), into an array it keeps (a memory
//! copy and a few stores, about the time of copying a slice of the same
//! squares), or walks it with [`squares`](GenericQi::squares)`().for_each`
//! or `fold`, which take runs of squares as slices; `squares()` zipped into
//! an array reads square by square, 25 to 45 times slower on a 19x19 board
//! (`docs/performance.md`). It builds each child with
//! [`edit_into`](GenericQi::edit_into) into a slot it keeps.
//! Every piece and style type works (`&str`, `String`, `u8`); the
//! [`qpi`] module has the typed 2-byte piece identifier of the Sashité
//! family, and a `Qi<Qpi, Sin>` reads and writes FEEN with the `feen`
//! feature.
//!
//! # Complexity
//!
#![doc = include_str!("../docs/crate/complexity.md")]
//!
//! # Limits and errors
//!
#![doc = include_str!("../docs/crate/limits.md")]
//!
//! # Feature flags
//!
#![doc = include_str!("../docs/crate/features.md")]
//!
//! # Thread safety
//!
#![doc = include_str!("../docs/crate/thread-safety.md")]
// docs.rs builds with `--cfg docsrs` on nightly (see
// `[package.metadata.docs.rs]` in Cargo.toml): feature-gated items then
// carry a badge naming their feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

// The integrations that only add impls are hidden modules (as imbl's are);
// those with items of their own (`feen`, `proptest`, `qpi`) are public.
#[cfg(feature = "arbitrary")]
#[doc(hidden)]
pub mod arbitrary;
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
mod write_policy;

pub mod qpi;

#[cfg(feature = "feen")]
#[cfg_attr(docsrs, doc(cfg(feature = "feen")))]
pub mod feen;
#[cfg(feature = "sashite-qi")]
#[doc(hidden)]
pub mod peer;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod proptest;
#[cfg(feature = "quickcheck")]
#[doc(hidden)]
pub mod quickcheck;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde;

pub use error::Error;
pub use player::Player;
pub use qi::{
    BoardMark, Changes, Diff, DiffError, Edit, GenericQi, HandChange, HandDiff, LocalQi, Qi,
    SquareChange, SquareChanges, SquareDiff, SquaresSince,
};

/// The pointer kinds a position can be built over, from
/// [archery](https://docs.rs/archery), the crate rpds and imbl take theirs
/// from: [`ArcTK`] (atomic counts, `Send` and `Sync`: [`Qi`]) and [`RcK`]
/// (plain counts, one thread: [`LocalQi`]). Generic code bounds its kind by
/// [`SharedPointerKind`].
pub use archery::{ArcTK, RcK, SharedPointerKind};
pub use shape::{MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Nested};

/// The README's examples, compiled and run as doctests. Its FEEN example
/// needs the `feen` feature, and a README shows every line of a code
/// block (no hidden `#[cfg]` lines), so the README is tested with `feen`
/// on, as `cargo test --workspace --all-features` has it; the sections it
/// shares with the crate docs run above with any features.
#[cfg(all(doctest, feature = "feen"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
