//! Legal shogi.
//!
//! The rules of shogi, complete, over any position crate that implements
//! [`Position`] with QPI pieces and SIN styles
//! ([`QpiPosition`]).
//!
//! ```
//! use games_shogi::{self as shogi, START};
//! use games_core::{Node as _, Persistent, perft};
//!
//! let start = shogi::Node::new(shogi::load::<Persistent>(START)?);
//! let moves = start.legal_move_list();
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
//! hand; [`play`] builds the child, the only write.
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
//!   `P*5e`. Positions also in SFEN, USI's notation ([`read_sfen`],
//!   [`write_sfen`]).
//!
//! # For the search
//!
//! [`Shogi`] implements [`Rules`](games_search::Rules) on the read
//! [`Board`]:
//!
//! - the make-move plays a move on the board in place, so that it equals
//!   the child read from its node, and keeps the position's key (board,
//!   hands with their counts, side to move) in the [`Step`], with whether
//!   the player to move is in check;
//! - the end of the game: a player with no legal move has lost (checkmate;
//!   shogi has no stalemate draw); the fourth occurrence of a position
//!   (sennichite) is a draw, unless one player gave check with every move
//!   since its first occurrence, who then loses; [`MAX_PLIES`] plies end
//!   the game drawn ([`ended`]);
//! - the evaluation is the material balance, hands included, through a
//!   logistic ([`evaluate`], [`EVALUATION_SCALE`]);
//! - a playout draws its moves uniformly among the legal ones;
//! - moves are parsed in USI, as [`Move`]'s `Display` writes them.
//!
//! # What this crate may use
//!
//! This crate uses `games-core`, `games-record` (CSA and KIF read into its
//! tree) and `games-search` (it implements [`Rules`](games_search::Rules));
//! it never names another game, the work units, the engines or the
//! measuring side (`ARCHITECTURE.md`).

mod board;
mod end;
mod make;
mod movegen;
mod moves;
pub(crate) mod piece;
pub mod records;
mod search;
mod setup;
mod sfen;

use persistent_qi::qpi::{Qpi, Sin};

pub use board::Board;
pub use end::{MAX_PLIES, Step, ended};
pub use movegen::{legal_move_list, legal_moves};
pub use moves::{FILES, Move, SQUARES, Usi, square_index, square_name};
pub use piece::Kind;
pub use search::{EVALUATION_SCALE, PRESSURE, evaluate};
pub use setup::{LoadError, NotShogi, Place, load};
pub use sfen::{START_SFEN, SfenError, SfenPosition, read_sfen, write_sfen};

use games_core::Fixed;
use games_core::{FeenError, write_feen};
use games_core::{Game, Published};
use games_core::{PerftOptions, divide_parallel, perft_each_parallel};
use games_core::{Position, QpiPosition, Write};

/// The start position.
pub const START: &str = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";

/// "Matsuri", a middle game with pieces in both hands and many captures.
pub const MATSURI: &str =
    "l6nl/5+P1gk^/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bK^L GR/5pgns s/S";

/// A position with 593 legal moves, the most known.
pub const MOST_MOVES: &str = "R8/2K^1S1SSk^/4B4/9/9/9/9/9/1L1L1L3 BGLNPRS/17p3g3n S/s";

/// The kinds of piece a hand of the fixed array holds: the 7 a player may
/// drop, each in either of the position's two styles (a FEEN hand piece
/// may be derived, in the other player's style, and a capture then adds
/// the native one), so that every position that loads plays every legal
/// move.
pub const HAND_KINDS: usize = 14;

/// Published perft counts: a position, then its counts at depths 1, 2, ...
pub const PUBLISHED: [Published; 3] = [
    Published {
        name: "start",
        text: START,
        counts: &[30, 900, 25_470, 719_731, 19_861_490],
        deeper: &[547_581_517, 15_086_269_607, 416_062_133_009],
    },
    Published {
        name: "Matsuri",
        text: MATSURI,
        counts: &[207, 28_684, 4_809_015, 516_925_165],
        deeper: &[],
    },
    Published {
        name: "most moves",
        text: MOST_MOVES,
        counts: &[593, 105_677, 53_393_368],
        deeper: &[],
    },
];

/// The mover's hand change, if any: `+1` of the captured piece, or `-1` of
/// the dropped one.
fn hand_change(mv: Move) -> Option<(Qpi, i32)> {
    match (mv.from, mv.capture) {
        (None, _) => Some((mv.piece, -1)),
        (Some(_), Some(captured)) => Some((captured, 1)),
        (Some(_), None) => None,
    }
}

/// The position after a legal move of the player to move, `mv` generated
/// for `position`: the board change, the mover's hand change (a capture
/// enters it, a drop leaves it) and the turn, as one new position.
///
/// # Panics
///
/// If `mv` is not a move generated for `position`: a legal move always
/// fits.
#[must_use]
pub fn play<P: QpiPosition>(position: &P, mv: Move) -> P {
    let (writes, count, hand) = changes(mv);
    position.play(&writes[..count], hand)
}

/// [`play`] into `out`, a position the caller keeps.
///
/// # Panics
///
/// As [`play`].
pub fn play_into<P: QpiPosition>(position: &P, mv: Move, out: &mut P) {
    let (writes, count, hand) = changes(mv);
    position.play_into(&writes[..count], hand, out);
}

/// What a move writes: its squares (the first `count` of the array, the
/// vacated square first) and the mover's hand change.
fn changes(mv: Move) -> ([Write<Qpi>; 2], usize, Option<(Qpi, i32)>) {
    let target = Write {
        square: usize::from(mv.to),
        before: mv.taken,
        after: Some(mv.piece),
    };
    let hand = hand_change(mv);
    match mv.from {
        Some(from) => (
            [
                Write {
                    square: usize::from(from),
                    before: Some(mv.mover),
                    after: None,
                },
                target,
            ],
            2,
            hand,
        ),
        None => ([target, target], 1, hand),
    }
}

/// A node of the shogi move tree: the position, and nothing beside it
/// (the board, both hands and the turn are the whole state of shogi here,
/// repetitions aside).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node<P> {
    /// The position.
    pub position: P,
}

impl<P> Node<P> {
    /// The node of a position.
    #[must_use]
    pub fn new(position: P) -> Self {
        Node { position }
    }
}

impl<P: QpiPosition> games_core::Node for Node<P> {
    type Move = Move;
    type Board = Board;
    type Position = P;

    fn position(&self) -> &P {
        &self.position
    }

    fn read_into(&self, board: &mut Board) {
        board.read_into(&self.position);
    }

    fn legal_moves(board: &Board, moves: &mut Vec<Move>) {
        legal_moves(board, moves);
    }

    fn play(&self, _board: &Board, mv: Move) -> Self {
        Node::new(play(&self.position, mv))
    }

    fn play_into(&self, _board: &Board, mv: Move, out: &mut Self) {
        play_into(&self.position, mv, &mut out.position);
    }

    fn key(&self) -> u64 {
        self.position.key()
    }

    fn detached(&self) -> Self {
        Node {
            position: self.position.detached(),
        }
    }

    fn state(&self) -> u64 {
        0
    }
}

/// Shogi, as the measuring side runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shogi {}

impl Game for Shogi {
    const NAME: &'static str = "shogi";
    type Piece = Qpi;
    type Style = Sin;
    type Move = Move;
    type Board = Board;
    type Node<P: Position<Piece = Qpi, Style = Sin>> = Node<P>;
    type Fixed = Fixed<Qpi, Sin, SQUARES, HAND_KINDS>;
    type LoadError = LoadError;

    const PUBLISHED: &'static [Published] = &PUBLISHED;

    fn load<P: Position<Piece = Qpi, Style = Sin>>(text: &str) -> Result<Node<P>, LoadError> {
        load(text).map(Node::new)
    }

    /// FEEN, the notation [`load`] reads: SFEN holds no style.
    fn notation<P: Position<Piece = Qpi, Style = Sin>>(
        node: &Node<P>,
    ) -> Result<String, FeenError> {
        write_feen(&node.position)
    }

    fn divide_parallel<P: Position<Piece = Qpi, Style = Sin> + Send + Sync>(
        node: &Node<P>,
        options: PerftOptions,
        root_done: &(dyn Fn() + Sync),
    ) -> Vec<(Move, u64)> {
        divide_parallel(node, options, root_done)
    }

    fn perft_each_parallel<P: Position<Piece = Qpi, Style = Sin> + Send + Sync>(
        lines: &[(Node<P>, u32)],
        options: PerftOptions,
        line_done: &(dyn Fn() + Sync),
    ) -> Vec<u64> {
        perft_each_parallel(lines, options, line_done)
    }
}
