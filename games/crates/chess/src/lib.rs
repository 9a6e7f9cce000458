//! Legal chess.
//!
//! The rules of chess (castling, en passant and promotion included) over
//! any position crate that implements [`Position`] with QPI pieces and SIN
//! styles, and what a search asks of them ([`Rules`](games_search::Rules)
//! for [`Chess`]).
//!
//! ```
//! use games_chess::{self as chess, START};
//! use games_core::{Node as _, Persistent, perft};
//!
//! let start = chess::load::<Persistent>(START)?;
//! let moves = start.legal_move_list();
//! assert_eq!(moves.len(), 20);
//! assert!(moves.iter().any(|mv| mv.to_string() == "e2e4"));
//! assert_eq!(perft(&start, 3), 8_902);
//! # Ok::<(), chess::LoadError>(())
//! ```
//!
//! # A record by hand
//!
//! A game record ([`Record`](games_record::Record)) keeps every node's
//! position: a move played is a child added.
//!
//! ```
//! use games_chess::{self as chess, START};
//! use games_record::{NodeId, Record, Step};
//! use games_core::{Node as _, Persistent};
//!
//! let start = chess::load::<Persistent>(START)?;
//! let mut record: Record<chess::Node<Persistent>> = Record::new(start);
//! record.set_tag("White", "Morphy");
//!
//! let board = record.kept(NodeId::ROOT).read();
//! let moves = record.kept(NodeId::ROOT).legal_move_list();
//! let e4 = *moves.iter().find(|mv| mv.to_string() == "e2e4").unwrap();
//! let d4 = *moves.iter().find(|mv| mv.to_string() == "d2d4").unwrap();
//! let child = record.kept(NodeId::ROOT).play(&board, e4);
//! let main = record.add(NodeId::ROOT, Step::Move(e4), child)?;
//! let child = record.kept(NodeId::ROOT).play(&board, d4);
//! let variation = record.add(NodeId::ROOT, Step::Move(d4), child)?;
//! record.notes_mut(variation).after.push("also good".to_string());
//!
//! assert_eq!(record.children(NodeId::ROOT).collect::<Vec<_>>(), [main, variation]);
//! assert_eq!(record.main_child(NodeId::ROOT), Some(main));
//! assert_eq!(record.parent(variation), Some(NodeId::ROOT));
//! assert_eq!(record.ply(variation), 1);
//! assert_eq!(record.tag("White"), Some("Morphy"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How the rules work
//!
//! [`load`] is the one door in: it reads FEN or FEEN into a position crate
//! and refuses what is no chess position ([`NotChess`]). The position holds
//! the board and the turn; the castling rights and the en-passant square
//! live in the [`Node`], beside it. For each expanded node, [`Board::read`]
//! copies the board (one scan) into a padded mailbox; [`legal_moves`] finds
//! the checkers and pinned pieces once, then generates only legal moves,
//! each resolved into a [`Move`] that says what every square it writes
//! holds before and after; [`Node::play`](games_core::Node::play) builds the
//! child, the only write.
//!
//! # What the search plays
//!
//! [`Chess`]'s [`Rules`](games_search::Rules) work on the [`Board`]: a
//! make-move plays a move in place on it, leaving it equal to the child
//! read, and keeps the position's key in a [`Step`] beside the halfmove
//! clock, the key updated from the squares the move changes.
//!
//! - The end: checkmate (a loss for the player to move) and stalemate (a
//!   draw) where there is no legal move; draws by threefold repetition,
//!   by the fifty-move rule (100 plies without a capture or a pawn move,
//!   unless the last one mates), in a dead position (K v K, K and a minor
//!   piece v K, only bishops all on one colour of square) and at
//!   [`Terms::max_plies`](games_search::Terms::max_plies) (no limit by
//!   default).
//! - The evaluation: the material difference for the player to move (P 1,
//!   N 3, B 3, R 5, Q 9), through a logistic of scale
//!   [`EVALUATION_SCALE`] (4 pawns).
//! - The playouts: a move drawn uniformly among the legal moves.
//! - Moves are read in UCI, letters in any case (`e7e8Q`).
//!
//! # Conventions
//!
//! - The board is 8x8, its squares the flat indices of the FEN placement
//!   field: 0 is a8, 7 h8, 56 a1, 63 h1. White is the first player
//!   (uppercase PIN letters) and moves toward row 0.
//! - Pieces `K^ Q R B N P`: the king carries the terminal mark, as in
//!   Sashité FEEN; no piece has a state (`+`, `-`). FEN's pieces are read
//!   in the styles `C` (white) and `c` (black). A FEEN's styles are free:
//!   the rules ignore them, a piece moves with its style and a pawn
//!   promotes into its own.
//! - Castling rights and the en-passant square are the node's. A right is
//!   lost when its king or rook leaves its home square, or the rook is
//!   taken there. The en-passant square is recorded only after a double
//!   push that lands beside a pawn of the other side: where no pawn could
//!   ever take, the node is the same as without it, so transpositions
//!   compare equal more often.
//! - Moves in UCI notation: `e2e4`, `e7e8q`, castling as the king's move
//!   (`e1g1`).
//!
//! # What this crate may use
//!
//! This crate uses `games-core`, `games-record` (PGN reads into its tree)
//! and `games-search` (it implements [`Rules`](games_search::Rules)); it
//! never names another game, the work units, the engines or the measuring
//! side (`ARCHITECTURE.md`).

mod board;
mod castling;
mod end;
mod fen;
mod make;
mod movegen;
mod moves;
pub mod pgn;
pub(crate) mod piece;
mod records;
mod search;
mod setup;

use persistent_qi::qpi::{Qpi, Sin};

pub use board::Board;
pub use castling::Castling;
pub use fen::{FenError, to_fen};
pub use make::Step;
pub use movegen::{legal_move_list, legal_moves};
pub use moves::{FILES, Move, RookMove, SQUARES, square_index, square_name};
pub use records::Format;
pub use search::EVALUATION_SCALE;
pub use setup::{LoadError, NotChess, load};

use games_core::Fixed;
use games_core::{FeenError, write_feen};
use games_core::{Game, Published};
use games_core::{PerftOptions, divide_parallel, perft_each_parallel};
use games_core::{Position, QpiPosition, Write};

/// The start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// "Kiwipete", the classic perft position: castling on both sides, pins,
/// checks and en passant within a few plies.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

/// The third position of the Chess Programming Wiki's perft results: an
/// endgame of rook and pawns, where en passant can expose a king along its
/// rank.
pub const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";

/// Published perft counts: a position, then its counts at depths 1, 2, ...
pub const PUBLISHED: [Published; 3] = [
    Published {
        name: "start",
        text: START,
        counts: &[20, 400, 8_902, 197_281, 4_865_609],
        // OEIS A048987. The deepest were counted by splitting the tree
        // into work units: perft(14) in Steven Edwards' units of ply 7.
        deeper: &[
            119_060_324,
            3_195_901_860,
            84_998_978_956,
            2_439_530_234_167,
            69_352_859_712_417,
            2_097_651_003_696_806,
            62_854_969_236_701_747,
            1_981_066_775_000_396_239,
            61_885_021_521_585_529_237,
            2_015_099_950_053_364_471_960,
        ],
    },
    Published {
        name: "Kiwipete",
        text: KIWIPETE,
        counts: &[48, 2_039, 97_862, 4_085_603],
        deeper: &[193_690_690, 8_031_647_685],
    },
    Published {
        name: "position 3",
        text: POSITION_3,
        counts: &[14, 191, 2_812, 43_238, 674_624],
        deeper: &[11_030_083, 178_633_661, 3_009_794_393],
    },
];

/// A node of the chess move tree: the position (board and turn), and the
/// castling rights, en-passant square and halfmove clock beside it.
///
/// Two nodes are equal when their positions, rights and en-passant squares
/// are: the halfmove clock counts the game's past, which the key leaves
/// out too, so that a transposition table finds a position whatever its
/// clock.
#[derive(Debug, Clone)]
pub struct Node<P> {
    /// The position.
    pub position: P,
    castling: Castling,
    /// The board square a pawn may be taken on en passant.
    en_passant: Option<u8>,
    /// Plies since the last capture or pawn move: a FEN's fifth field,
    /// then counted by every move.
    halfmove: u16,
}

impl<P: PartialEq> PartialEq for Node<P> {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
            && self.castling == other.castling
            && self.en_passant == other.en_passant
    }
}

impl<P: Eq> Eq for Node<P> {}

impl<P> Node<P> {
    /// The castling rights left.
    #[must_use]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The square a pawn may be taken on en passant (the square it passed
    /// over), if the last move was a double push that landed beside a pawn
    /// of the side to move. Recorded even where that pawn may not take
    /// (pinned, or its king in check by another piece): the rule looks at
    /// the two pawns only.
    #[must_use]
    pub fn en_passant(&self) -> Option<usize> {
        self.en_passant.map(usize::from)
    }

    /// The halfmove clock: plies since the last capture or pawn move, as
    /// the FEN read gave it and every move since counted (python-chess's
    /// `halfmove_clock`). The fifty-move rule draws at 100.
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
}

impl<P: QpiPosition> Node<P> {
    /// The node after a null move (PGN's `--`, as analysis writes it): the
    /// turn passes, nothing moves, the castling rights stay and the
    /// en-passant square is gone. A null move of a side in check leaves
    /// its king to be taken: the caller refuses it there.
    #[must_use]
    pub fn null_move(&self) -> Self {
        Node {
            position: self.position.play(&[], None),
            castling: self.castling,
            en_passant: None,
            halfmove: self.halfmove.saturating_add(1),
        }
    }
}

/// A write that [`play`] overwrites before use.
const NO_WRITE: Write<Qpi> = Write {
    square: 0,
    before: None,
    after: None,
};

/// The child of `node` after `mv`, a legal move of `board` (`node` read):
/// every square the move writes in one call to the position crate, then
/// the rights the move keeps and the en-passant square it leaves.
fn play<P: QpiPosition>(
    node: &Node<P>,
    board: &Board,
    mv: Move,
    out: Option<&mut Node<P>>,
) -> Option<Node<P>> {
    let (from, to) = (usize::from(mv.from), usize::from(mv.to));
    let mut writes = [NO_WRITE; 4];
    writes[0] = Write {
        square: from,
        before: Some(mv.mover),
        after: None,
    };
    writes[1] = Write {
        square: to,
        before: if mv.is_en_passant() {
            None
        } else {
            mv.captured
        },
        after: Some(mv.piece),
    };
    let mut count = 2;
    if mv.is_en_passant() {
        writes[2] = Write {
            square: usize::from(mv.capture_square),
            before: mv.captured,
            after: None,
        };
        count = 3;
    }
    if let Some(rook) = mv.castling {
        writes[2] = Write {
            square: usize::from(rook.from),
            before: Some(rook.rook),
            after: None,
        };
        writes[3] = Write {
            square: usize::from(rook.to),
            before: None,
            after: Some(rook.rook),
        };
        count = 4;
    }
    let en_passant = board.en_passant_after(&mv);
    let castling = node.castling.after_move(from, to);
    let halfmove = make::halfmove_after(node.halfmove, &mv);
    match out {
        Some(out) => {
            node.position
                .play_into(&writes[..count], None, &mut out.position);
            out.castling = castling;
            out.en_passant = en_passant;
            out.halfmove = halfmove;
            None
        }
        None => Some(Node {
            position: node.position.play(&writes[..count], None),
            castling,
            en_passant,
            halfmove,
        }),
    }
}

/// The part of a node's key that its castling rights and en-passant square
/// add: 0 for neither, so such a node keys as its position. Distinct states
/// get distinct values (`SplitMix64`'s finaliser is a bijection).
fn state_key(castling: Castling, en_passant: Option<u8>) -> u64 {
    let mut z =
        u64::from(castling.bits()) | (en_passant.map_or(0, |square| u64::from(square) + 1) << 4);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<P: QpiPosition> games_core::Node for Node<P> {
    type Move = Move;
    type Board = Board;
    type Position = P;

    fn position(&self) -> &P {
        &self.position
    }

    fn read_into(&self, board: &mut Board) {
        board.read_into(self);
    }

    fn legal_moves(board: &Board, moves: &mut Vec<Move>) {
        legal_moves(board, moves);
    }

    fn play(&self, board: &Board, mv: Move) -> Self {
        play(self, board, mv, None).expect("a new node when no slot is given")
    }

    fn play_into(&self, board: &Board, mv: Move, out: &mut Self) {
        play(self, board, mv, Some(out));
    }

    fn key(&self) -> u64 {
        self.position.key() ^ state_key(self.castling, self.en_passant)
    }

    fn detached(&self) -> Self {
        Node {
            position: self.position.detached(),
            ..self.clone()
        }
    }

    /// The castling rights in the low 4 bits, the en-passant square plus
    /// one above them (0 without one).
    fn state(&self) -> u64 {
        u64::from(self.castling.bits())
            | (self.en_passant.map_or(0, |square| u64::from(square) + 1) << 4)
    }

    /// The node without its en-passant square where no legal move takes
    /// on it (the pawn beside it pinned, or its king in check by another
    /// piece), as python-chess's FEN leaves it out by default, and with its
    /// halfmove clock at 0: a count of the game's past, which `==` leaves
    /// out, so that the node written is the same whichever moves reached
    /// it.
    fn canonical(&self) -> Self {
        let en_passant = self
            .en_passant
            .filter(|_| self.legal_move_list().iter().any(Move::is_en_passant));
        Node {
            en_passant,
            halfmove: 0,
            ..self.clone()
        }
    }
}

/// Chess, as the measuring side runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chess {}

impl Game for Chess {
    const NAME: &'static str = "chess";
    type Piece = Qpi;
    type Style = Sin;
    type Move = Move;
    type Board = Board;
    type Node<P: Position<Piece = Qpi, Style = Sin>> = Node<P>;
    /// Chess has no hands.
    type Fixed = Fixed<Qpi, Sin, SQUARES, 0>;
    type LoadError = LoadError;

    const PUBLISHED: &'static [Published] = &PUBLISHED;

    fn load<P: Position<Piece = Qpi, Style = Sin>>(text: &str) -> Result<Node<P>, LoadError> {
        load(text)
    }

    /// FEN ([`to_fen`]), which holds no style: where it would not read back
    /// as the node (styles other than `C` and `c`), FEEN and FEN's
    /// castling and en-passant fields.
    fn notation<P: Position<Piece = Qpi, Style = Sin>>(
        node: &Node<P>,
    ) -> Result<String, FeenError> {
        let fen = to_fen(node);
        if load::<P>(&fen).is_ok_and(|read| read == *node) {
            return Ok(fen);
        }
        let placement = write_feen(&node.position)?;
        let en_passant = node
            .en_passant()
            .map_or_else(|| "-".to_owned(), square_name);
        Ok(format!("{placement} {} {en_passant}", node.castling))
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
