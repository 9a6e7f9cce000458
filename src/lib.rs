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
//! # The cost of a move, ply by ply
//!
//! A position keeps its last 12 square writes itself, so a move copies the
//! position and writes into the copy, with no allocation. Along a line the
//! kept writes fill every five or six moves; the children of a position
//! whose kept writes leave less room than a move's two writes must move
//! them out, into what the positions share (a log beside the blocks, and
//! at every other spill the blocks themselves). That is the one place where
//! a move could cost more than its writes, and in a tree it comes back
//! every five or six plies of every line.
//!
//! The first child of such a position makes the spill, and its siblings
//! share it: a child built into the slot where its last sibling was built
//! ([`edit_into`](GenericQi::edit_into), what a search or a perft does)
//! finds the spill there, a child built as a new position
//! ([`edit`](GenericQi::edit), [`edit_with`](GenericQi::edit_with)) finds
//! it remembered by the shared part of its parent. Either way it allocates
//! nothing and changes no reference count outside the siblings; the one
//! spill is an allocation and a copy of the log (and, at every other spill,
//! of a block), between all the children. A spill's log holds exactly the
//! writes it took, which is how a sibling knows the spill is its own.
//!
//! The designs measured before this one was kept, in instructions a node
//! of chess perft(3) below each ply of a line of 0 to 14 moves (callgrind,
//! so the figures do not move with the machine's load; the fixed array, an
//! engine's own board copied for every child, takes 492 to 568):
//!
//! | design | a node, best ply | a node, worst ply | worst ply's speed against the fixed array, over the best ply's |
//! |---|---:|---:|---:|
//! | every child spills for itself (before) | 687 | 1,328 | 0.55 |
//! | more kept room (16 writes kept and 16 logged, a 112-byte position), every child spills | 698 | 998 | 0.72 |
//! | the spill remembered by the parent's shared part only | 687 | 869 | 0.83 |
//! | the spill found in the slot only | 692 | 811 | 0.90 |
//! | a block of its own at every spill (no log), shared both ways | 693 | 814 | 0.88 |
//! | the spill shared both ways, spilling when fewer than 4 slots are left | 687 | 815 | 0.90 |
//! | **the spill shared both ways, and remade in place in a slot that alone holds another parent's** | 705 | 823 | 0.91 |
//!
//! Perft builds its children into slots, so the slot does the work there;
//! children built as new positions (a search that keeps them, a game's
//! record) need the parent's memory: a child at the spill ply then costs
//! 338 instructions against 267 at the others, where each would otherwise
//! make its own spill. More room only moves the cliff (and grows every
//! position); a block of its own at every spill costs one more allocation
//! a spill for nothing measurable; spilling earlier moves the bumps and
//! spills more often. Remaking in place the spill a slot holds alone
//! costs about 10 instructions a node at every ply, in the larger
//! `edit_into`, and saves what instructions do not count at the spill ply:
//! an allocation, its release and eight atomic counts a parent (the first
//! child of a parent at a spill ply took 130 to 170 ns, now about 100).
//! Chess perft(7) from the start now runs at the speed of perft(6) (1.03
//! of its nodes a second with `Qi` on one thread, 1.00 with `LocalQi`,
//! 1.01 with `Qi` on two threads, each thread from a
//! [`detach`](GenericQi::detach)ed root; before: not done in 260 s, a
//! third of perft(6)'s rate). The figures by ply of every game, with the
//! commands that measure them, are in `docs/performance.md` ("The cost of
//! a move, ply by ply").
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
