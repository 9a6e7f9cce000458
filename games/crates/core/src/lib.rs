//! The vocabulary every game shares: the [`Game`], [`Node`] and
//! [`Position`] traits, the four position kinds a game runs on, perft,
//! the kept tree and its file.
//!
//! Each game (`games-chess`, `games-shogi`, `games-go`) is rules over any
//! position crate that implements [`Position`]: persistent-qi's `Qi`
//! ([`Persistent`]) and its single-thread `LocalQi` ([`Local`]) and, as the
//! peer every figure is compared with, sashite-qi's `Qi` ([`Sashite`]);
//! and, as the limit of copying, each game's [`Fixed`] array: the board
//! as an array inside the position, copied whole for every child. The
//! rules read and write positions only through those crates' public APIs.
//! Each game's node (the crate's position plus the game's own state)
//! implements [`Node`], and each game [`Game`]: the one trait perft
//! ([`perft`]), the kept tree ([`build_tree`]) and the measuring side use,
//! so every figure of every game is taken by the same code. A kept tree is
//! saved as its root and one diff a position, and loaded back, by
//! [`save`]. What the chess and shogi boards share (the padded mailbox)
//! is [`mailbox`].
//!
//! # What this crate may use
//!
//! persistent-qi and sashite-qi, `support` (the generator, the number
//! format) and general crates (rayon, serde, postcard, rustc-hash). No
//! member of the games: it is the bottom layer, and names no game, no
//! record, no search, no work unit and no measurement (`ARCHITECTURE.md`).
//!
//! ```
//! use games_core::{Persistent, Position, Sashite, convert, read_feen, write_feen};
//!
//! // Any position crate reads the same FEEN, and one converts to another
//! // through the shared trait: the games never name a crate's own API.
//! let feen = "k^2/3/2K^ / C/c";
//! let ours: Persistent = read_feen(feen)?;
//! let peer: Sashite = convert(&ours)?;
//! assert_eq!(peer.square_count(), 9);
//! assert_eq!(write_feen(&peer)?, feen);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod feen;
mod fixed;
mod game;
mod macros;
pub mod mailbox;
mod perft;
mod position;
pub mod save;
mod tree;

pub use feen::{FeenError, convert, read_feen, write_feen};
pub use fixed::{FIXED_ARRAY, Fixed};
pub use game::{Game, Node, Published};
pub use perft::{
    PerftOptions, divide, divide_parallel, divide_with_hits, perft, perft_each, perft_each_parallel,
};
pub use position::{
    BuildError, Crate, FixedError, KindName, Local, Parts, Persistent, Position, QpiPosition,
    Sashite, Token, Write, content_digest, same_content, shape_text,
};
pub use tree::{
    DISTINCT_BYTES, Keyed, Limits, Observer, Tree, TreeError, build as build_tree, distinct,
    estimated_positions,
};
