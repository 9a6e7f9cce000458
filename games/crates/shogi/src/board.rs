//! The mailbox: one node's position, read once from the position crate,
//! laid out for move generation.
//!
//! The 9x9 board sits in a padded 13x10 array: two rows of wall above and
//! below (a knight jumps two rows) and one wall column, which is both the
//! left wall of a row and the right wall of the row before. Every ray stops
//! on a wall, so no step needs a bounds test.

use persistent_qi::Player;
use persistent_qi::qpi::sin::{Letter, Side};
use persistent_qi::qpi::{Qpi, Sin};

use super::moves::{FILES, SQUARES};
use super::piece::{
    CODE_OF_QPI, DIRECTIONS, FIRST_KNIGHT_JUMPS, Kind, MOVES, PADDED_WIDTH, code, kind_of, opposite,
};
use games_core::QpiPosition;
use games_core::mailbox::{self, Code, EMPTY, tag};
pub(crate) use games_core::mailbox::{OFF_BOARD, slot, step};

/// Squares of the padded array: 13 rows of [`PADDED_WIDTH`] (two wall
/// rows above and below the board, one wall column), and one wall cell
/// more: a knight's jump from the last square (two rows down, one column
/// right) lands one cell past the 13 rows.
pub(crate) const PADDED: usize = 13 * PADDED_WIDTH + 1;

/// The padded index of each board square.
pub(crate) static PAD: [u8; SQUARES] = mailbox::pad_table(FILES, PADDED_WIDTH);

/// The board square of each padded index, or [`OFF_BOARD`].
pub(crate) static UNPAD: [u8; PADDED] = mailbox::unpad_table(&PAD);

/// The mailbox of an empty board: walls around empty squares.
static EMPTY_CELLS: [Code; PADDED] = mailbox::empty_cells(&UNPAD);

/// How far a square is from the far edge for `player`: 0 on the last row
/// (row 0 for the first player, row 8 for the second).
pub(crate) const fn distance_to_far_edge(player: Player, square: usize) -> usize {
    let row = square / FILES;
    match player {
        Player::First => row,
        Player::Second => FILES - 1 - row,
    }
}

/// Whether a square is in `player`'s promotion zone (the far three rows).
pub(crate) const fn in_promotion_zone(player: Player, square: usize) -> bool {
    distance_to_far_edge(player, square) < 3
}

/// The square in front of `square` for `player`, if on the board.
pub(crate) const fn square_ahead(player: Player, square: usize) -> Option<usize> {
    match player {
        Player::First if square >= FILES => Some(square - FILES),
        Player::Second if square + FILES < SQUARES => Some(square + FILES),
        _ => None,
    }
}

/// The knight jumps of a player, as padded offsets.
pub(crate) const fn knight_jumps(player: Player) -> [isize; 2] {
    match player {
        Player::First => FIRST_KNIGHT_JUMPS,
        Player::Second => [-FIRST_KNIGHT_JUMPS[0], -FIRST_KNIGHT_JUMPS[1]],
    }
}

/// A bit per board square.
pub(crate) const fn square_bit(square: usize) -> u128 {
    1 << square
}

/// One kind of piece in a hand, in the position's own spelling, and how
/// many of it the hand holds (at least 1; a position holds at most as many
/// pieces as squares, so a count fits a byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HandEntry {
    pub(crate) piece: Qpi,
    pub(crate) kind: Kind,
    pub(crate) count: u8,
}

/// Distinct pieces a hand can hold: seven kinds, each in either player's
/// style (a FEEN may spell a piece in hand as derived).
const HAND_CAPACITY: usize = 14;

/// A player's hand as the rules need it: which pieces can be dropped, and
/// how many of each.
///
/// The entries are in piece order, as every position crate lists a hand,
/// so a hand read and a hand changed by [`add`](Hand::add) and
/// [`take`](Hand::take) list their drops in the same order. The slots past
/// `len` are `None`, so equal hands compare equal field by field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hand {
    entries: [Option<HandEntry>; HAND_CAPACITY],
    len: usize,
}

impl Hand {
    const EMPTY: Hand = Hand {
        entries: [None; HAND_CAPACITY],
        len: 0,
    };

    pub(crate) fn entries(&self) -> impl Iterator<Item = HandEntry> + '_ {
        self.entries[..self.len].iter().flatten().copied()
    }

    /// Where `piece`'s entry is, or where it would go in piece order.
    fn search(&self, piece: Qpi) -> Result<usize, usize> {
        self.entries[..self.len].binary_search_by(|entry| match entry {
            Some(entry) => entry.piece.cmp(&piece),
            None => core::cmp::Ordering::Greater,
        })
    }

    /// Puts one `piece` (a capture) in the hand: one more of its entry, or a
    /// new entry at its place in piece order. Returns the count after.
    ///
    /// A legal move never overfills the hand: it holds at most seven kinds
    /// in each of two styles.
    pub(crate) fn add(&mut self, piece: Qpi) -> u8 {
        match self.search(piece) {
            Ok(index) => {
                let entry = self.entries[index].as_mut().expect("an entry below len");
                entry.count += 1;
                entry.count
            }
            Err(index) => {
                debug_assert!(self.len < HAND_CAPACITY, "a hand holds 14 kinds at most");
                self.entries[index..=self.len].rotate_right(1);
                self.entries[index] = Some(HandEntry {
                    piece,
                    kind: kind_of(CODE_OF_QPI[usize::from(piece.code())]),
                    count: 1,
                });
                self.len += 1;
                1
            }
        }
    }

    /// Takes one `piece` (a drop) from the hand, removing its entry when
    /// it was the last. Returns the count before.
    ///
    /// # Panics
    ///
    /// If the hand holds no `piece`: a drop generated for this hand always
    /// finds it.
    pub(crate) fn take(&mut self, piece: Qpi) -> u8 {
        let index = self.search(piece).expect("a drop's piece is in hand");
        let entry = self.entries[index].as_mut().expect("an entry below len");
        let before = entry.count;
        entry.count -= 1;
        if entry.count == 0 {
            self.entries[index..self.len].rotate_left(1);
            self.len -= 1;
            self.entries[self.len] = None;
        }
        before
    }
}

/// One node's position, laid out for move generation.
///
/// Two boards are equal when every field is: the same cells, tokens, hands
/// (entries in the same order, with the same counts), styles, turn, kings,
/// pawn files and empty squares. A board read from a node and a board
/// made by playing the moves that lead there compare equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Piece codes on the padded array.
    pub(crate) cells: [Code; PADDED],
    /// The position's own tokens, by board square.
    pub(crate) pieces: [Option<Qpi>; SQUARES],
    pub(crate) hands: [Hand; 2],
    pub(crate) styles: [Sin; 2],
    pub(crate) turn: Player,
    /// Padded index of each player's king.
    pub(crate) kings: [usize; 2],
    /// Files (bit per column) holding a player's unpromoted pawn.
    pub(crate) pawn_files: [u16; 2],
    /// A bit per empty board square.
    pub(crate) empty: u128,
}

impl Default for Board {
    /// An empty board with both kings nowhere: a board to read a node into.
    fn default() -> Self {
        Board {
            cells: EMPTY_CELLS,
            pieces: [None; SQUARES],
            hands: [Hand::EMPTY; 2],
            // A read replaces them.
            styles: usual_styles(),
            turn: Player::First,
            kings: [0; 2],
            pawn_files: [0; 2],
            empty: 0,
        }
    }
}

/// `S` and `s`, shogi's usual styles: the first player's and the second's.
pub(crate) fn usual_styles() -> [Sin; 2] {
    [
        Sin::new(Letter::ALL[18], Side::First),
        Sin::new(Letter::ALL[18], Side::Second),
    ]
}

impl Board {
    /// Reads a validated shogi position: its board once, its hands and turn.
    ///
    /// # Panics
    ///
    /// Only for positions that [`load`](super::load) accepted and their
    /// descendants, where every square and hand holds a shogi piece and each
    /// side one king; anything else may panic.
    #[must_use]
    pub fn read<P: QpiPosition>(position: &P) -> Board {
        let mut board = Board::default();
        board.read_into(position);
        board
    }

    /// [`read`](Board::read) into this board, whatever it held.
    ///
    /// # Panics
    ///
    /// As [`read`](Board::read).
    pub fn read_into<P: QpiPosition>(&mut self, position: &P) {
        let board = self;
        board.cells = EMPTY_CELLS;
        board.hands = [Hand::EMPTY; 2];
        board.styles = [
            position.style(Player::First),
            position.style(Player::Second),
        ];
        board.turn = position.turn();
        board.kings = [0; 2];
        board.pawn_files = [0; 2];
        board.empty = 0;
        position.read_board(&mut board.pieces);
        for (square, piece) in board.pieces.iter().enumerate() {
            let padded = usize::from(PAD[square]);
            match piece {
                None => board.empty |= square_bit(square),
                Some(piece) => {
                    let code = CODE_OF_QPI[usize::from(piece.code())];
                    board.cells[padded] = code;
                    let owner = if code & tag(Player::First) != 0 {
                        Player::First
                    } else {
                        Player::Second
                    };
                    match kind_of(code) {
                        Kind::King => board.kings[slot(owner)] = padded,
                        Kind::Pawn => board.pawn_files[slot(owner)] |= 1 << (square % FILES),
                        _ => {}
                    }
                }
            }
        }
        for player in Player::ALL {
            let hand = &mut board.hands[slot(player)];
            position.for_each_in_hand(player, |piece, count| {
                if hand.len < HAND_CAPACITY {
                    hand.entries[hand.len] = Some(HandEntry {
                        piece,
                        kind: kind_of(CODE_OF_QPI[usize::from(piece.code())]),
                        count: u8::try_from(count).unwrap_or(u8::MAX),
                    });
                    hand.len += 1;
                }
            });
        }
    }

    /// The player to move.
    #[must_use]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Whether `player`'s king is attacked.
    #[must_use]
    pub fn in_check(&self, player: Player) -> bool {
        attacked(&self.cells, self.kings[slot(player)], player.flip())
    }
}

/// Whether any piece of `by` attacks the padded square `target` on the
/// mailbox `cells`.
pub(crate) fn attacked(cells: &[Code; PADDED], target: usize, by: Player) -> bool {
    let by_tag = tag(by);
    for (direction, &offset) in DIRECTIONS.iter().enumerate() {
        let toward_target = 1 << opposite(direction);
        let mut at = step(target, offset);
        let mut cell = cells[at];
        if cell & 0x70 == by_tag {
            let (steps, slides) = MOVES[usize::from(cell)];
            if (steps | slides) & toward_target != 0 {
                return true;
            }
            continue;
        }
        while cell == EMPTY {
            at = step(at, offset);
            cell = cells[at];
        }
        if cell & 0x70 == by_tag && MOVES[usize::from(cell)].1 & toward_target != 0 {
            return true;
        }
    }
    let knight = code(Kind::Knight, by);
    knight_jumps(by)
        .iter()
        .any(|&jump| cells[step(target, -jump)] == knight)
}
