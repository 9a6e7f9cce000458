//! Game records, whatever their format: one [`Record`] a game, its tags
//! and a tree of nodes, each node keeping its position.
//!
//! This room knows no format. Each game's formats live beside its rules
//! (PGN with chess, CSA and KIF with shogi, SGF with Go) and read into,
//! and write from, the same tree; the tree knows no game either, only the
//! [`Node`](games_core::Node) trait, so a record of any game over any position
//! crate is the same type.
//!
//! # Why a node keeps its position
//!
//! A reader of a record has each node's position in hand: it played the
//! move to read the next one. Keeping it costs a kept position what the
//! move changed, the rest shared with the parent (persistent-qi), and
//! gives every node's board in O(1), its hash kept: no replay from the
//! root (python-chess keeps moves and replays them on every
//! `GameNode.board()`), no string parsed again (a FEN a node, as lichess's
//! analysis tree keeps). The measuring side compares those designs over
//! the same readers through `K`, what a node keeps (see [`Record`]).
//!
//! # The tree
//!
//! A record is one vector of nodes, the root (the game's start) first, in
//! the order they were added; a node is its [`NodeId`]. Each keeps the
//! [`Step`] that reached it (a move, a null move, a setup), its
//! [`Notes`] (comments before and after its move, annotation glyphs, and
//! what else its format says) and its children: the first is the main
//! line's next node, the others the variations, in order. Tags are the
//! game's (name, value) pairs; the ending is how the record says the game
//! ended, as its format spells it.
//!
//! # How a reader is written
//!
//! A reader of a format takes the file's bytes and [`Limits`], walks them
//! with a [`Source`] (the line and column of every byte, the length of
//! every line checked), and gives the file's games one at a time, each a
//! `Result<Record<N, K>, RecordError>`: it plays every move on the game's
//! rules (a move is legal or the game is bad), adds each node with
//! [`Record::add`], keeping what its caller's `keep(&step, &node) -> K`
//! makes of the node (the node itself, by default), and calls
//! [`Record::shrink_to_fit`] when a game is read. A bad game is a
//! [`RecordError`]: the game's number in the file (from 1, bad games
//! counted), the line and column, and the [`Problem`]; the reader then
//! goes on from the next game, so that a caller may keep reading past it.
//! Nothing a file holds makes a reader panic, recurse without bound or
//! keep more than the limits allow.
//!
//! A writer writes every field it can of the records it is given, so
//! that reading what it wrote gives the same records (`==`).
//!
//! # What this crate may use
//!
//! This crate uses `games-core` (the `Node` trait) and persistent-qi; it
//! never names a game, a format's syntax, the search or the measuring side
//! (`ARCHITECTURE.md`): each game's readers build its records.

mod error;
mod formats;
mod limits;
mod notes;
mod saved;
mod source;
mod tree;
mod walk;

pub use error::{Problem, RecordError};
pub use formats::{GameReader, Records};
pub use limits::Limits;
pub use notes::Notes;
pub use saved::{RecordFile, Saved, SavedError, load, save};
pub use source::{Mark, Source, excerpt, text_of};
pub use tree::{NodeId, NodeLimit, Record, Step};
pub use walk::{Children, MainLine, Preorder};
