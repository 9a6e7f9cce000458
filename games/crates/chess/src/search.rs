//! What the search asks of chess ([`Rules`]): the make-move and key of
//! [`make`](super::make), the end of [`end`](super::end), a material
//! evaluation and uniform random playouts.

use support::Rng;

use super::board::{Board, PAD};
use super::make::{self, Step};
use super::movegen::legal_moves;
use super::moves::Move;
use super::piece::{OWNER_BITS, tag, value};
use super::{Chess, end};
use games_search::{Outcome, Rules, Terms};

/// The logistic's scale of [`Chess::evaluate`](Rules::evaluate), in pawns:
/// a side this much material ahead is given 1 / (1 + e⁻¹), about 0.73; a
/// pawn ahead 0.56, a queen ahead 0.90.
pub const EVALUATION_SCALE: f32 = 4.0;

/// The material of `board`, in pawns (P 1, N 3, B 3, R 5, Q 9), of the
/// player to move less the other's. O(squares).
fn material(board: &Board) -> i32 {
    let ours = tag(board.turn);
    PAD.iter()
        .map(|&padded| {
            let cell = board.cells[usize::from(padded)];
            if cell & OWNER_BITS == ours {
                value(cell)
            } else {
                -value(cell)
            }
        })
        .sum()
}

impl Rules for Chess {
    type Step = Step;

    /// No komi, no move limit.
    fn default_terms(_board: &Board) -> Terms {
        Terms {
            komi: 0.0,
            max_plies: u32::MAX,
        }
    }

    /// The key from every square, and the board's halfmove clock (the one
    /// its FEN gave, kept by its node).
    fn first_step(board: &Board) -> Step {
        make::first_step(board)
    }

    fn moves(board: &Board, moves: &mut Vec<Move>) {
        legal_moves(board, moves);
    }

    fn make(board: &mut Board, mv: Move, step: &Step) -> Step {
        make::make(board, mv, step)
    }

    /// Checkmate (a loss) if the king is in check, stalemate (a draw) if
    /// not.
    fn no_moves(board: &Board) -> Outcome {
        end::no_moves(board)
    }

    /// Threefold repetition, the fifty-move rule (a mate on its last ply
    /// decides first), a dead position, the move limit.
    fn ended(board: &Board, line: &[Step], terms: &Terms) -> Option<Outcome> {
        end::ended(board, line, *terms)
    }

    /// The fifty-move rule and a dead position.
    fn playout_ended(board: &Board, step: &Step, _terms: &Terms) -> Option<Outcome> {
        end::playout_ended(board, step)
    }

    /// The material difference `d` for the player to move, in pawns,
    /// through the logistic 1 / (1 + e^(−d / [`EVALUATION_SCALE`])): ½
    /// for equal material, `v` and `1 − v` for the two players of one
    /// board.
    #[allow(clippy::cast_precision_loss)] // a few hundred pawns at most: exact in f32
    fn evaluate(board: &Board, _terms: &Terms) -> f32 {
        let difference = material(board) as f32;
        1.0 / (1.0 + (-difference / EVALUATION_SCALE).exp())
    }

    /// Uniform over the legal moves.
    fn playout_move(board: &Board, rng: &mut Rng, scratch: &mut Vec<Move>) -> Option<Move> {
        scratch.clear();
        legal_moves(board, scratch);
        (!scratch.is_empty()).then(|| *rng.pick(scratch))
    }
}
