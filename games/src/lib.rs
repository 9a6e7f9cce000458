//! Three games on persistent positions: legal shogi, chess and Go, each
//! checked against published counts and measured against sashite-qi
//! through the same rules.
//!
//! Each game is a module of rules ([`shogi`], [`chess`], [`go`]) over any
//! position crate that implements [`Position`]: persistent-qi's `Qi`
//! ([`Persistent`]) and its single-thread `LocalQi` ([`Local`]) and, as the
//! peer every figure is compared with, sashite-qi's `Qi` ([`Sashite`]);
//! and, as the limit of copying, each game's [`Fixed`] array: the board
//! as an array inside the position, copied whole for every child.
//! The rules read and write positions only through those crates' public
//! APIs. Each game's node (the crate's position plus the game's own state)
//! implements [`Node`], and each game [`Game`]: the one trait the
//! measuring side ([`perft`], [`build_tree`], [`measure`]) uses, so every
//! figure of every game is taken by the same code. A kept tree of shogi or
//! chess is saved as its root and one diff a position, and loaded back,
//! by [`save`]. A perft too deep for one machine is split into work units,
//! counted anywhere and merged, by [`units`]. Game records (PGN, CSA, KIF,
//! SGF) are read into one tree a game, every node keeping its position:
//! [`record`]. The `games` program's command line is [`cli`], here rather
//! than in the program so that the generic code is instantiated once.
//!
//! ```
//! use games::chess::{self, Chess};
//! use games::{Game, Persistent, Sashite, perft};
//!
//! let ours = Chess::load::<Persistent>(chess::START)?;
//! let peer = Chess::load::<Sashite>(chess::START)?;
//! assert_eq!(perft(&ours, 3), 8_902);
//! assert_eq!(perft(&peer, 3), 8_902);
//! # Ok::<(), chess::LoadError>(())
//! ```
#![forbid(unsafe_code)]

pub mod chess;
pub mod cli;
mod feen;
mod fixed;
mod game;
pub mod go;
mod macros;
mod mailbox;
pub mod measure;
mod perft;
mod position;
pub mod protocol;
pub mod record;
pub mod save;
pub mod search;
pub mod shogi;
mod tree;
pub mod units;

pub use feen::{FeenError, convert, read_feen, write_feen};
pub use fixed::{FIXED_ARRAY, Fixed};
pub use game::{Game, Node, Published};
pub use perft::{
    PerftOptions, divide, divide_parallel, divide_with_hits, perft, perft_each, perft_each_parallel,
};
pub use position::{
    BuildError, FixedError, KindName, Local, Parts, Persistent, Position, QpiPosition, Sashite,
    Token, Write, content_digest, same_content,
};
pub use tree::{
    DISTINCT_BYTES, Limits, Observer, Tree, TreeError, build as build_tree, distinct,
    estimated_positions,
};
