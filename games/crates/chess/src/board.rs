//! The mailbox: one node read once from the position crate, laid out for
//! move generation.
//!
//! The 8x8 board sits in the classic padded 10x12 array: two rows of wall
//! above and below (a knight jumps two rows) and a wall column on each
//! side (one is enough for a knight's sideways jump of two, as the right
//! wall of a row is next to the left wall of the next). Every ray and jump
//! stops on a wall, so no step needs a bounds test.

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;

use super::Node;
use super::castling::Castling;
use super::moves::{FILES, Move, SQUARES};
use super::piece::{Kind, OWNER_BITS, code, code_of, is_kind, owner, slides};
use games_core::QpiPosition;
use games_core::mailbox::{self, Code, EMPTY, tag};
pub(crate) use games_core::mailbox::{slot, step};

/// The width of a padded row: eight squares and a wall on each side.
pub(crate) const ROW: isize = 10;

/// Squares of the padded array.
pub(crate) const PADDED: usize = 120;

/// The eight directions, clockwise from "up" (toward row 0, white's
/// forward), as offsets on the padded mailbox: even indices orthogonal, odd
/// diagonal, and direction `i + 4` opposite to `i`.
pub(crate) const DIRECTIONS: [isize; 8] = mailbox::directions(ROW);

/// A knight's eight jumps on the padded mailbox.
pub(crate) const KNIGHT_JUMPS: [isize; 8] = [
    -2 * ROW - 1,
    -2 * ROW + 1,
    -ROW - 2,
    -ROW + 2,
    ROW - 2,
    ROW + 2,
    2 * ROW - 1,
    2 * ROW + 1,
];

/// The padded index of each board square.
pub(crate) static PAD: [u8; SQUARES] = mailbox::pad_table(FILES, ROW.unsigned_abs());

/// The board square of each padded index, or [`mailbox::OFF_BOARD`].
pub(crate) static UNPAD: [u8; PADDED] = mailbox::unpad_table(&PAD);

/// The mailbox of an empty board: walls around empty squares.
static EMPTY_CELLS: [Code; PADDED] = mailbox::empty_cells(&UNPAD);

/// One row toward the far side for `player`'s pawns.
pub(crate) const fn forward(player: Player) -> isize {
    match player {
        Player::First => -ROW,
        Player::Second => ROW,
    }
}

/// One node read for move generation: the board as mailbox codes and as
/// the position's own tokens, the turn, and the node's castling rights,
/// en-passant square and halfmove clock. Two boards are equal when every field is: a board
/// a search's make-moves reached equals the node it stands for, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Piece codes on the padded array.
    pub(crate) cells: [Code; PADDED],
    /// The position's own tokens, by board square.
    pub(crate) pieces: [Option<Qpi>; SQUARES],
    pub(crate) turn: Player,
    /// The padded index of each player's king.
    pub(crate) kings: [usize; 2],
    pub(crate) castling: Castling,
    /// The board square a pawn may be taken on en passant.
    pub(crate) en_passant: Option<u8>,
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u16,
}

impl Default for Board {
    /// An empty board: a board to read a node into.
    fn default() -> Self {
        Board {
            cells: EMPTY_CELLS,
            pieces: [None; SQUARES],
            turn: Player::First,
            kings: [0; 2],
            castling: Castling::NONE,
            en_passant: None,
            halfmove: 0,
        }
    }
}

impl Board {
    /// Reads a node: its board once, its turn and the game's state.
    ///
    /// # Panics
    ///
    /// Only for nodes of positions that are no chess positions, which
    /// [`load`](super::load) refuses and legal moves never make; anything
    /// else may panic.
    #[must_use]
    pub fn read<P: QpiPosition>(node: &Node<P>) -> Board {
        let mut board = Board::default();
        board.read_into(node);
        board
    }

    /// [`read`](Board::read) into this board, whatever it held.
    ///
    /// # Panics
    ///
    /// As [`read`](Board::read).
    pub fn read_into<P: QpiPosition>(&mut self, node: &Node<P>) {
        self.cells = EMPTY_CELLS;
        self.turn = node.position.turn();
        self.kings = [0; 2];
        self.castling = node.castling;
        self.en_passant = node.en_passant;
        self.halfmove = node.halfmove_clock();
        node.position.read_board(&mut self.pieces);
        for (square, piece) in self.pieces.iter().enumerate() {
            if let Some(piece) = *piece {
                let padded = usize::from(PAD[square]);
                let code = code_of(piece);
                self.cells[padded] = code;
                if is_kind(code, Kind::King) {
                    self.kings[slot(owner(piece))] = padded;
                }
            }
        }
    }

    /// The player to move.
    #[must_use]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The halfmove clock: plies since the last capture or pawn move
    /// ([`Node::halfmove_clock`]).
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// Whether `player`'s king is attacked.
    #[must_use]
    pub fn in_check(&self, player: Player) -> bool {
        attacked(&self.cells, self.kings[slot(player)], player.flip())
    }

    /// The piece on a board square (0 = a8, 63 = h1).
    ///
    /// # Panics
    ///
    /// If `square` is not below 64.
    #[must_use]
    pub fn piece(&self, square: usize) -> Option<Qpi> {
        self.pieces[square]
    }

    /// The en-passant square `mv`, a move of this board, leaves: the square
    /// a double push passes over, if it lands beside a pawn of the other
    /// side (see [`Node::en_passant`]).
    // Perft's `play` calls it at every node, and with a plain `#[inline]`
    // it stayed a call there.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn en_passant_after(&self, mv: &Move) -> Option<u8> {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let double_push = is_kind(code_of(mv.mover), Kind::Pawn) && from.abs_diff(to) == 2 * FILES;
        (double_push && self.pawn_beside(to, self.turn.flip()))
            .then(|| u8::try_from(from.midpoint(to)).expect("a board square"))
    }

    /// Whether a pawn of `player` stands beside a board square, on its row.
    pub(crate) fn pawn_beside(&self, square: usize, player: Player) -> bool {
        let pawn = code(Kind::Pawn, player);
        let padded = usize::from(PAD[square]);
        self.cells[step(padded, -1)] == pawn || self.cells[step(padded, 1)] == pawn
    }
}

/// Whether any piece of `by` attacks the padded square `target` on the
/// mailbox `cells`.
pub(crate) fn attacked(cells: &[Code; PADDED], target: usize, by: Player) -> bool {
    // A pawn of `by` attacks from one row behind the target, as `by` sees
    // the board.
    let pawn = code(Kind::Pawn, by);
    let behind = step(target, -forward(by));
    if cells[step(behind, -1)] == pawn || cells[step(behind, 1)] == pawn {
        return true;
    }
    let knight = code(Kind::Knight, by);
    if KNIGHT_JUMPS
        .iter()
        .any(|&jump| cells[step(target, jump)] == knight)
    {
        return true;
    }
    let (by_tag, king) = (tag(by), code(Kind::King, by));
    for (direction, &offset) in DIRECTIONS.iter().enumerate() {
        let mut at = step(target, offset);
        if cells[at] == king {
            return true;
        }
        while cells[at] == EMPTY {
            at = step(at, offset);
        }
        let cell = cells[at];
        if cell & OWNER_BITS == by_tag && slides(cell) & (1 << direction) != 0 {
            return true;
        }
    }
    false
}
