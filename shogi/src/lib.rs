//! Legal shogi on persistent positions.
//!
//! The rules of shogi, complete, over any position crate that implements
//! [`Position`]: persistent-qi's `Qi<Qpi, Sin>` ([`Persistent`]) and its
//! single-thread `LocalQi<Qpi, Sin>` ([`Local`]) and, as the peer every
//! figure is compared with, sashite-qi's ([`Sashite`]). The rules read and
//! write positions only through those crates' public APIs.
//!
//! ```
//! use shogi::{Board, Persistent, START, legal_move_list, load, perft};
//!
//! let start: Persistent = load(START)?;
//! let moves = legal_move_list(&Board::read(&start));
//! assert_eq!(moves.len(), 30);
//! assert!(moves.iter().any(|mv| mv.usi().to_string() == "7g7f"));
//! assert_eq!(perft(&start, 3), 25_470);
//! # Ok::<(), shogi::LoadError>(())
//! ```
//!
//! # How the rules work
//!
//! [`load`] is the one door in: it reads FEEN into a position crate and
//! refuses what is no shogi position ([`NotShogi`]). For each expanded
//! node, [`Board::read`] copies the board (one scan) and the hands into a
//! padded mailbox; [`legal_moves`] finds the checkers and pinned pieces
//! once, then generates only legal moves, each resolved into a [`Move`]
//! that says which squares change and what enters or leaves the mover's
//! hand; [`Position::play`] builds the child, the only write. [`perft`],
//! [`divide`] and [`build_tree`] are those three steps in a loop.
//!
//! # Conventions
//!
//! - The board is 9x9, its squares the flat indices of the FEEN placement
//!   field: row 0 first, the second player's camp. The first player
//!   (uppercase PIN letters) moves toward row 0.
//! - Promotion zones: rows 0-2 for the first player, rows 6-8 for the
//!   second. Promotion is optional on a move that starts or ends in the
//!   zone, and forced where the piece could never move again (a pawn or
//!   lance on the last row, a knight on the last two).
//! - Pieces `K^ R B G S N L P`, promoted `+R +B +S +N +L +P`; kings carry
//!   the terminal mark. Styles are free: any pair is accepted and the rules
//!   ignore them. A piece moves with its style; a captured piece enters the
//!   capturer's hand unpromoted, turned to the capturer's side and in the
//!   capturer's style (native, as FEEN writes shogi hands). A hand holding
//!   one kind in two styles drops each as its own move.
//! - Moves in USI notation: files 9 to 1 from left to right as the first
//!   player sees the board, ranks `a` to `i` from row 0; `7g7f`, `8h2b+`,
//!   `P*5e`.
#![forbid(unsafe_code)]

mod board;
mod feen;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod setup;
mod tree;

pub use board::Board;
pub use feen::{FeenError, read_persistent, read_sashite};
pub use movegen::{legal_move_list, legal_moves};
pub use moves::{FILES, Move, SQUARES, Usi, square_index, square_name};
pub use perft::{PerftOptions, divide, divide_parallel, divide_with_hits, perft};
pub use piece::Kind;
pub use position::{KindName, Local, Persistent, Position, Sashite, content_digest, same_content};
pub use setup::{LoadError, NotShogi, Place, load};
pub use tree::{
    DISTINCT_BYTES, Limits, Observer, Tree, TreeError, build as build_tree, estimated_positions,
};

/// The start position.
pub const START: &str = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";

/// "Matsuri", a middle game with pieces in both hands and many captures.
pub const MATSURI: &str =
    "l6nl/5+P1gk^/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bK^L GR/5pgns s/S";

/// A position with 593 legal moves, the most known.
pub const MOST_MOVES: &str = "R8/2K^1S1SSk^/4B4/9/9/9/9/9/1L1L1L3 BGLNPRS/17p3g3n S/s";

/// Published perft counts: a position, then its counts at depths 1, 2, ...
pub const PUBLISHED: [(&str, &str, &[u64]); 3] = [
    ("start", START, &[30, 900, 25_470, 719_731, 19_861_490]),
    ("Matsuri", MATSURI, &[207, 28_684, 4_809_015, 516_925_165]),
    ("most moves", MOST_MOVES, &[593, 105_677, 53_393_368]),
];
