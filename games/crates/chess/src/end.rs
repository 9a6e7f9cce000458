//! The end of a game of chess, beyond how its pieces move.
//!
//! - No legal move: checkmate (a loss for the player to move) if their
//!   king is in check, stalemate (a draw) if not.
//! - Threefold repetition: the last position's key is found twice before
//!   in the line (a draw). Only positions since the last capture or pawn
//!   move can repeat, and only those with the same player to move, so the
//!   line is looked at every second ply, at most the halfmove clock back.
//! - The fifty-move rule: 100 plies without a capture or a pawn move (a
//!   draw), unless the last of them mates.
//! - A dead position, where no sequence of moves can mate (a draw): no
//!   pawn, rook or queen, and either at most one knight or bishop in all
//!   (K v K, K and a minor piece v K), or bishops only, every one on
//!   squares of one colour (K and B v K and B on the same colour, or any
//!   number of such bishops).
//! - [`Terms::max_plies`]: a line that has played that many plies ends
//!   drawn.

use super::board::{Board, PAD};
use super::make::Step;
use super::movegen::legal_move_list;
use super::moves::FILES;
use super::piece::{EMPTY, Kind, is_kind};
use games_search::{Outcome, Terms};

/// The plies without a capture or a pawn move that end a game.
const FIFTY_MOVES: u16 = 100;

/// How the game ends for the player to move, who has no legal move.
pub(crate) fn no_moves(board: &Board) -> Outcome {
    if board.in_check(board.turn) {
        Outcome::Loss
    } else {
        Outcome::Draw
    }
}

/// Whether the game has ended at the last position of `line`, `board`'s,
/// by repetition, the fifty-move rule, a dead position or the move limit.
pub(crate) fn ended(board: &Board, line: &[Step], terms: Terms) -> Option<Outcome> {
    let last = line.last()?;
    if let Some(outcome) = fifty_moves(board, last) {
        return Some(outcome);
    }
    let played = line.len() - 1;
    let out_of_plies = u32::try_from(played).map_or(true, |played| played >= terms.max_plies);
    (repeated(line) || dead(board) || out_of_plies).then_some(Outcome::Draw)
}

/// Whether a playout's game has ended at `board`, whose step is `step`, by
/// the rules that need no line: the fifty-move rule and a dead position.
pub(crate) fn playout_ended(board: &Board, step: &Step) -> Option<Outcome> {
    fifty_moves(board, step).or_else(|| dead(board).then_some(Outcome::Draw))
}

/// The fifty-move rule at a position whose step is `step`: a draw once the
/// clock reaches 100, unless the player to move is mated, which decides
/// first.
fn fifty_moves(board: &Board, step: &Step) -> Option<Outcome> {
    if step.clock() < FIFTY_MOVES {
        return None;
    }
    let mated = board.in_check(board.turn) && legal_move_list(board).is_empty();
    Some(if mated { Outcome::Loss } else { Outcome::Draw })
}

/// Whether the last position of `line` is there for the third time.
fn repeated(line: &[Step]) -> bool {
    let Some((last, before)) = line.split_last() else {
        return false;
    };
    let reach = usize::from(last.clock()).min(before.len());
    before[before.len() - reach..]
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|step| step.key() == last.key())
        .nth(1)
        .is_some()
}

/// Whether no sequence of moves can mate either king: no pawn, rook or
/// queen, and at most one minor piece, or only bishops, all on squares of
/// one colour. O(squares), stopping at the first pawn, rook or queen.
pub(crate) fn dead(board: &Board) -> bool {
    let (mut knights, mut bishops) = (0_u32, 0_u32);
    // Bit 0: a bishop on a light square; bit 1: on a dark one.
    let mut colours = 0_u8;
    for (square, &padded) in PAD.iter().enumerate() {
        let cell = board.cells[usize::from(padded)];
        if cell == EMPTY || is_kind(cell, Kind::King) {
            continue;
        }
        if is_kind(cell, Kind::Knight) {
            knights += 1;
        } else if is_kind(cell, Kind::Bishop) {
            bishops += 1;
            colours |= 1 << ((square / FILES + square % FILES) % 2);
        } else {
            return false;
        }
    }
    knights + bishops <= 1 || (knights == 0 && colours != 0b11)
}
