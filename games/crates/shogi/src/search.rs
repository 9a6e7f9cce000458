//! What the search asks of shogi ([`Rules`]): the make-move and its key,
//! the end of the game, a material evaluation and a uniform playout.

use persistent_qi::Player;
use support::Rng;

use super::Shogi;
use super::board::{Board, OFF_BOARD, PAD, UNPAD, slot};
use super::end::{self, MAX_PLIES, Step};
use super::make::key;
use super::movegen::legal_moves;
use super::moves::FILES;
use super::moves::Move;
use super::piece::{CODE_OF_QPI, EMPTY, kind_of};
use games_core::mailbox::FIRST;
use games_search::{Outcome, Rules, Terms};

/// The material value of each kind, by its code (index 0 unused), as
/// [`evaluate`] lists them: the usual scale, a promoted minor piece worth a
/// gold (it moves as one), the king not counted.
const VALUES: [i32; 15] = [0, 1, 3, 4, 5, 6, 8, 10, 0, 6, 6, 6, 6, 10, 12];

/// The material difference that [`evaluate`] maps to about 0.73
/// (1 / (1 + e⁻¹)): a rook ahead.
pub const EVALUATION_SCALE: f32 = 10.0;

/// What a piece on the board adds to the balance, in pawns, for standing
/// within two files and two ranks of the opponent's king: the pressure that
/// leads to a mate, where material alone leaves a won position aimless.
pub const PRESSURE: i32 = 1;

/// Whether two board squares are at most two files and two ranks apart.
fn near(square: usize, king: u8) -> bool {
    let king = usize::from(king);
    (square % FILES).abs_diff(king % FILES) <= 2 && (square / FILES).abs_diff(king / FILES) <= 2
}

/// The material balance of a board for the first player: its pieces on the
/// board and in hand, and [`PRESSURE`] for each piece near the opponent's
/// king, less the second player's.
fn material(board: &Board) -> i32 {
    let kings = [
        UNPAD[board.kings[slot(Player::First)]],
        UNPAD[board.kings[slot(Player::Second)]],
    ];
    let mut balance = 0;
    for (square, &padded) in PAD.iter().enumerate() {
        let cell = board.cells[usize::from(padded)];
        if cell != EMPTY {
            let mut value = VALUES[kind_of(cell) as usize];
            let theirs = kings[usize::from(cell & FIRST != 0)];
            if value != 0 && theirs != OFF_BOARD && near(square, theirs) {
                value += PRESSURE;
            }
            balance += if cell & FIRST != 0 { value } else { -value };
        }
    }
    for (player, sign) in [(Player::First, 1), (Player::Second, -1)] {
        for entry in board.hands[slot(player)].entries() {
            balance += sign * VALUES[entry.kind as usize] * i32::from(entry.count);
        }
    }
    balance
}

/// The value of a board for the player to move, in `[0, 1]`: the logistic
/// of its material balance over [`EVALUATION_SCALE`]; ½ for equal material.
/// O(squares).
///
/// The balance counts a pawn 1, lance 3, knight 4, silver 5, gold 6,
/// bishop 8, rook 10, a promoted pawn, lance, knight or silver 6, a horse
/// 10 and a dragon 12, for the player's pieces on the board and in hand
/// (a piece in hand as its kind on the board), and [`PRESSURE`] more for
/// each of the player's pieces on the board within two files and two
/// ranks of the opponent's king, less the opponent's.
#[must_use]
pub fn evaluate(board: &Board) -> f32 {
    let balance = match board.turn() {
        Player::First => material(board),
        Player::Second => -material(board),
    };
    // Balances stay within the set's total material (under 200): exact.
    #[allow(clippy::cast_precision_loss)]
    let balance = balance as f32;
    1.0 / (1.0 + (-balance / EVALUATION_SCALE).exp())
}

impl Rules for Shogi {
    type Step = Step;

    /// No komi; the move limit [`MAX_PLIES`].
    fn default_terms(_board: &Board) -> Terms {
        Terms {
            komi: 0.0,
            max_plies: MAX_PLIES,
        }
    }

    fn first_step(board: &Board) -> Step {
        Step {
            key: key(board),
            in_check: board.in_check(board.turn()),
        }
    }

    fn moves(board: &Board, moves: &mut Vec<Move>) {
        legal_moves(board, moves);
    }

    fn make(board: &mut Board, mv: Move, step: &Step) -> Step {
        let change = board.make(mv);
        Step {
            key: step.key ^ change,
            in_check: board.in_check(board.turn()),
        }
    }

    /// A loss, checkmated or not: shogi has no stalemate draw.
    fn no_moves(_board: &Board) -> Outcome {
        Outcome::Loss
    }

    fn ended(_board: &Board, line: &[Step], terms: &Terms) -> Option<Outcome> {
        end::ended(line, terms)
    }

    fn evaluate(board: &Board, _terms: &Terms) -> f32 {
        evaluate(board)
    }

    /// Captures first, the most valuable taken first; then promotions;
    /// then the moves and drops that land near the opponent's king (within
    /// two files and two ranks); then the rest.
    fn order(board: &Board, moves: &mut [Move]) {
        let theirs = UNPAD[board.kings[slot(board.turn().flip())]];
        moves.sort_by_cached_key(|mv| {
            let taken = mv.taken.map_or(0, |taken| {
                VALUES[kind_of(CODE_OF_QPI[usize::from(taken.code())]) as usize]
            });
            let near = theirs != OFF_BOARD && near(usize::from(mv.to), theirs);
            core::cmp::Reverse(64 * taken + 16 * i32::from(mv.promotion) + 8 * i32::from(near))
        });
    }

    fn playout_move(board: &Board, rng: &mut Rng, scratch: &mut Vec<Move>) -> Option<Move> {
        scratch.clear();
        legal_moves(board, scratch);
        (!scratch.is_empty()).then(|| scratch[rng.below(scratch.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::VALUES;
    use crate::Kind;

    #[test]
    fn every_kind_but_the_king_has_a_value_and_promotion_raises_it() {
        for kind in Kind::ALL {
            let value = VALUES[kind as usize];
            assert_eq!(value == 0, kind == Kind::King, "{kind:?}");
            if let Some(promoted) = kind.promoted() {
                assert!(VALUES[promoted as usize] > value, "{kind:?}");
            }
        }
    }
}
