//! The make-move on the mailbox, and the position key it keeps: the key's
//! terms and the from-scratch key side by side, so the incremental update
//! and the reference it is tested against read together.
//!
//! A key is the xor of one [`key_term`] per piece on the board (its square
//! and its token), one per kind of piece in a hand (the hand's place past
//! the board and the token with its count), and [`SECOND_TO_MOVE`] when the
//! second player is to move: the board, both hands with their counts, and
//! the side to move, which is what shogi's repetition compares.

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;

use super::board::{Board, PAD, slot, square_bit};
use super::moves::{FILES, Move, SQUARES};
use super::piece::{CODE_OF_QPI, EMPTY, Kind, code, kind_of};
use games_search::{SECOND_TO_MOVE, key_term};

/// The key term of `piece` on the board square `square`.
#[allow(clippy::cast_possible_truncation)] // squares below 81
fn square_term(square: usize, piece: Qpi) -> u64 {
    key_term(square as u16, u64::from(piece.code()))
}

/// The key term of `count` (at least 1) of `piece` in `player`'s hand;
/// the hands' places follow the board's squares.
#[allow(clippy::cast_possible_truncation)] // places 81 and 82
fn hand_term(player: Player, piece: Qpi, count: u8) -> u64 {
    let place = (SQUARES + slot(player)) as u16;
    key_term(place, u64::from(piece.code()) << 8 | u64::from(count))
}

/// What the key changes by when `player` holds one `piece` more than
/// `fewer` (0 or more) or one less than `fewer + 1`: the one count's term
/// leaves and the other's enters (a count of 0 has none).
fn hand_step(player: Player, piece: Qpi, fewer: u8) -> u64 {
    let more = hand_term(player, piece, fewer + 1);
    if fewer == 0 {
        more
    } else {
        more ^ hand_term(player, piece, fewer)
    }
}

/// The key of a board, from scratch: O(squares + hand entries).
pub(crate) fn key(board: &Board) -> u64 {
    let mut key = 0;
    for (square, piece) in board.pieces.iter().enumerate() {
        if let Some(piece) = *piece {
            key ^= square_term(square, piece);
        }
    }
    for player in Player::ALL {
        for entry in board.hands[slot(player)].entries() {
            key ^= hand_term(player, entry.piece, entry.count);
        }
    }
    if board.turn == Player::Second {
        key ^= SECOND_TO_MOVE;
    }
    key
}

impl Board {
    /// Plays `mv`, a legal move of this board, in place: the squares it
    /// writes, the kings, pawn files and empty squares they change, the
    /// mover's hand, and the turn. Returns what the move changes in the
    /// key: the xor of the terms it removes and adds.
    ///
    /// Afterwards the board equals the child's board read from its node.
    /// O(1), with no allocation: a file is scanned (9 squares) only where a
    /// pawn leaves it by promotion or capture, since a loaded position may
    /// hold two pawns of one side on a file.
    ///
    /// # Panics
    ///
    /// If `mv` is not a move generated for this board.
    pub(crate) fn make(&mut self, mv: Move) -> u64 {
        let us = self.turn;
        let to = usize::from(mv.to);
        let mut change = SECOND_TO_MOVE;
        if let Some(from) = mv.from {
            let from = usize::from(from);
            let moved = kind_of(self.cells[usize::from(PAD[from])]);
            change ^= square_term(from, mv.mover);
            self.lift(from);
            if moved == Kind::King {
                self.kings[slot(us)] = usize::from(PAD[to]);
            }
            if let Some(taken) = mv.taken {
                let taken_kind = kind_of(self.cells[usize::from(PAD[to])]);
                change ^= square_term(to, taken);
                self.lift(to);
                if taken_kind == Kind::Pawn {
                    self.pawn_left(us.flip(), to % FILES);
                }
            }
            if moved == Kind::Pawn && mv.promotion {
                self.pawn_left(us, from % FILES);
            }
            if let Some(captured) = mv.capture {
                let after = self.hands[slot(us)].add(captured);
                change ^= hand_step(us, captured, after - 1);
            }
        } else {
            let before = self.hands[slot(us)].take(mv.piece);
            change ^= hand_step(us, mv.piece, before - 1);
        }
        self.place(to, mv.piece);
        change ^= square_term(to, mv.piece);
        self.turn = us.flip();
        change
    }

    /// Empties a board square.
    fn lift(&mut self, square: usize) {
        self.cells[usize::from(PAD[square])] = EMPTY;
        self.pieces[square] = None;
        self.empty |= square_bit(square);
    }

    /// Puts `piece` on an empty board square.
    fn place(&mut self, square: usize, piece: Qpi) {
        let cell = CODE_OF_QPI[usize::from(piece.code())];
        self.cells[usize::from(PAD[square])] = cell;
        self.pieces[square] = Some(piece);
        self.empty &= !square_bit(square);
        if kind_of(cell) == Kind::Pawn {
            let owner = if cell == code(Kind::Pawn, Player::First) {
                Player::First
            } else {
                Player::Second
            };
            self.pawn_files[slot(owner)] |= 1 << (square % FILES);
        }
    }

    /// After one of `player`'s pawns has left `file` (taken, or promoted),
    /// clears the file's pawn bit unless another of their pawns is there.
    fn pawn_left(&mut self, player: Player, file: usize) {
        let pawn = code(Kind::Pawn, player);
        let holds = (0..FILES).any(|row| self.cells[usize::from(PAD[row * FILES + file])] == pawn);
        if !holds {
            self.pawn_files[slot(player)] &= !(1 << file);
        }
    }
}
