//! The search's make-move: a move played in place on the mailbox, and the
//! position's key kept beside it.
//!
//! The key's terms and the key from scratch ([`first_step`]) sit beside
//! the incremental update ([`make`]), so the two are read together: a key
//! is the xor of one [`key_term`] per occupied square (the square and the
//! piece's QPI code, style included), [`SECOND_TO_MOVE`] when black is to
//! move, one term for the castling rights and one for the en-passant
//! square, each left out when there is none. Its identity is the node's
//! ([`Node::key`](games_core::Node::key)): the board, the turn, the rights and
//! the en-passant square as the node keeps it (only beside a pawn that
//! could take).

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;

use super::board::{Board, PAD, slot};
use super::castling::Castling;
use super::moves::{Move, SQUARES};
use super::piece::{EMPTY, Kind, code_of, is_kind};
use games_search::{SECOND_TO_MOVE, key_term};

/// The key's place for the castling rights, past the board's squares.
const CASTLING_PLACE: u16 = 64;

/// The key's place for the en-passant square.
const EN_PASSANT_PLACE: u16 = 65;

/// What the end-of-game rules know of one position of a line: its key and
/// the halfmove clock. 16 bytes, kept in every node of a search's tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    key: u64,
    clock: u16,
}

impl Step {
    /// The position's key: equal for equal positions (board, turn,
    /// castling rights, en-passant square) reached by any route.
    #[must_use]
    pub fn key(self) -> u64 {
        self.key
    }

    /// The halfmove clock: plies since the last capture or pawn move, from
    /// the line's first position's clock (its FEN's, kept by its node).
    #[must_use]
    pub fn clock(self) -> u16 {
        self.clock
    }
}

/// The term of `piece` on board square `square`.
#[allow(clippy::cast_possible_truncation)] // squares are below 64
fn square_term(square: usize, piece: Qpi) -> u64 {
    key_term(square as u16, u64::from(piece.code()))
}

/// The terms of the turn's player, the castling rights and the en-passant
/// square: 0 for white to move with neither.
fn state_terms(turn: Player, castling: Castling, en_passant: Option<u8>) -> u64 {
    let turn = match turn {
        Player::First => 0,
        Player::Second => SECOND_TO_MOVE,
    };
    let castling = if castling.is_empty() {
        0
    } else {
        key_term(CASTLING_PLACE, u64::from(castling.bits()))
    };
    let en_passant = en_passant.map_or(0, |square| key_term(EN_PASSANT_PLACE, u64::from(square)));
    turn ^ castling ^ en_passant
}

/// The step of a line's first position, read into `board`: its key from
/// every square, in O(squares), and the board's halfmove clock (its
/// node's).
#[must_use]
pub(crate) fn first_step(board: &Board) -> Step {
    let squares = board
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(square, piece)| piece.map(|piece| square_term(square, piece)))
        .fold(0, |key, term| key ^ term);
    Step {
        key: squares ^ state_terms(board.turn, board.castling, board.en_passant),
        clock: board.halfmove,
    }
}

/// The halfmove clock after `mv`, from `clock` before it: 0 after a capture
/// or a pawn move, one more after any other (at most `u16::MAX`).
#[inline]
pub(crate) fn halfmove_after(clock: u16, mv: &Move) -> u16 {
    if mv.captured.is_some() || is_kind(code_of(mv.mover), Kind::Pawn) {
        0
    } else {
        clock.saturating_add(1)
    }
}

impl Board {
    /// Empties board square `square`, which holds `piece`: the key's term
    /// it drops.
    #[inline]
    fn lift(&mut self, square: usize, piece: Qpi) -> u64 {
        self.pieces[square] = None;
        self.cells[usize::from(PAD[square])] = EMPTY;
        square_term(square, piece)
    }

    /// Puts `piece` on the empty board square `square`: the key's term it
    /// adds.
    #[inline]
    fn put(&mut self, square: usize, piece: Qpi) -> u64 {
        self.pieces[square] = Some(piece);
        self.cells[usize::from(PAD[square])] = code_of(piece);
        square_term(square, piece)
    }
}

/// Plays `mv`, a legal move of `board`, in place, leaving the board as
/// reading the child node would: the squares the move writes (two, three
/// for en passant, four for castling), the mover's king square, the
/// rights and en-passant square as [`Node::play`](games_core::Node::play)
/// leaves them, and the turn. The key changes by the terms of what
/// changed; the clock is reset by a capture or a pawn move. O(1).
pub(crate) fn make(board: &mut Board, mv: Move, step: &Step) -> Step {
    let us = board.turn;
    let (from, to) = (usize::from(mv.from), usize::from(mv.to));
    let mover = code_of(mv.mover);
    let en_passant = board.en_passant_after(&mv);
    let castling = board.castling.after_move(from, to);
    let mut key = step.key ^ state_terms(us, board.castling, board.en_passant);
    key ^= board.lift(from, mv.mover);
    if let Some(captured) = mv.captured {
        key ^= board.lift(usize::from(mv.capture_square), captured);
    }
    key ^= board.put(to, mv.piece);
    if let Some(rook) = mv.castling {
        key ^= board.lift(usize::from(rook.from), rook.rook);
        key ^= board.put(usize::from(rook.to), rook.rook);
    }
    if is_kind(mover, Kind::King) {
        board.kings[slot(us)] = usize::from(PAD[to]);
    }
    board.turn = us.flip();
    board.castling = castling;
    board.en_passant = en_passant;
    key ^= state_terms(board.turn, castling, en_passant);
    let clock = halfmove_after(step.clock, &mv);
    board.halfmove = clock;
    Step { key, clock }
}

// A step is kept in every node of a search's tree.
const _: () = assert!(size_of::<Step>() == 16);
// The places past the board are no square's.
const _: () = assert!(SQUARES <= CASTLING_PLACE as usize);
