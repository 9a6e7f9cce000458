//! The games program: legal shogi, chess and Go on persistent-qi
//! positions, each checked against published counts and measured against
//! sashite-qi through the same rules.
//!
//! This crate is the command line only ([`cli`], here rather than in
//! `main` so that the generic code is instantiated once); the rules and
//! everything the program runs live in the layers below it, each a
//! workspace member (`ARCHITECTURE.md` draws them):
//!
//! | Layer | Crate | Re-exported as |
//! |---|---|---|
//! | traits, position kinds, perft, kept tree and its file | `games-core` | the root (`games::Game`, `games::perft`, [`save`]) |
//! | game records, whatever their format | `games-record` | [`record`] |
//! | the Monte Carlo tree search | `games-search` | [`search`] |
//! | chess, shogi, Go: rules and record formats | `games-chess`, `games-shogi`, `games-go` | [`chess`], [`shogi`], [`go`] |
//! | perft in work units | `games-units` | [`units`] |
//! | UCI, USI, GTP | `games-engines` | [`protocol`] |
//! | the measuring side | `games-measure` | [`measure`] |
//!
//! The re-exports keep one path for the program's tests and scripts; a
//! program of your own depends on the layer it needs.
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
