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

pub mod cli;

pub use games_chess as chess;
pub use games_core::{
    BuildError, Crate, DISTINCT_BYTES, FIXED_ARRAY, FeenError, Fixed, FixedError, Game, KindName,
    Limits, Local, Node, Observer, Parts, PerftOptions, Persistent, Position, Published,
    QpiPosition, Sashite, Token, Tree, TreeError, Write, build_tree, content_digest, convert,
    distinct, divide, divide_parallel, divide_with_hits, estimated_positions, perft, perft_each,
    perft_each_parallel, read_feen, same_content, save, write_feen,
};
pub use games_engines as protocol;
pub use games_go as go;
pub use games_measure as measure;
pub use games_record as record;
pub use games_search as search;
pub use games_shogi as shogi;
pub use games_units as units;
