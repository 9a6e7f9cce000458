//! Go's side of the search: the make-move on the read board, the step
//! (keys and the counters of the end), the evaluation and the playout
//! policy, as [`Rules`] asks them.

use persistent_qi::Player;
use support::Rng;

use super::board::Board;
use super::end::{self, Step};
use super::playout::random_move;
use super::point::{MAX_POINTS, Point};
use super::{BLACK, Go, WHITE};
use games_search::{Outcome, Rules, SECOND_TO_MOVE, Terms, key_term};

/// The default komi, added to White's area: the usual one of area scoring,
/// half a point so that no game is drawn.
pub const KOMI: f32 = 7.5;

/// The default move limit, in plies per point of the board: a game of
/// random moves ends by two passes well before it.
pub const PLIES_PER_POINT: u32 = 3;

/// The key terms of the rules, computed at compile time as [`key_term`]
/// gives them, so that a make looks them up: `TERMS[0][i]` a black stone
/// on the point of flat index `i`, `TERMS[1][i]` a white one, `TERMS[2][i]`
/// the ko point at `i`. Every index of a board, and the ko's place (361),
/// fits a `u16` (checked in the board): `as`, as `try_from` is not
/// `const`.
#[allow(clippy::cast_possible_truncation)]
static TERMS: [[u64; MAX_POINTS]; 3] = {
    let mut terms = [[0; MAX_POINTS]; 3];
    let mut index = 0;
    while index < MAX_POINTS {
        let place = index as u16;
        terms[0][index] = key_term(place, BLACK as u64);
        terms[1][index] = key_term(place, WHITE as u64);
        terms[2][index] = key_term(MAX_POINTS as u16, place as u64);
        index += 1;
    }
    terms
};

/// The term of a stone ([`BLACK`] or [`WHITE`]) on a point: a load.
fn stone_term(index: usize, stone: u8) -> u64 {
    TERMS[usize::from(stone != BLACK)][index]
}

/// The terms of the player to move and the ko point.
fn state_terms(board: &Board) -> u64 {
    let turn = match board.turn() {
        Player::First => 0,
        Player::Second => SECOND_TO_MOVE,
    };
    // The ko point's place is past every point of the largest board.
    turn ^ board.ko_index().map_or(0, |ko| TERMS[2][usize::from(ko)])
}

/// The scale of [`Rules::evaluate`]'s logistic, in points: the square
/// root of the board's points (its side, on a square board), at least 1.
fn evaluation_scale(board: &Board) -> f32 {
    let points = u16::try_from(board.squares().len()).unwrap_or(u16::MAX);
    f32::from(points).sqrt().max(1.0)
}

impl Rules for Go {
    type Step = Step;

    /// Go's playouts go to the game's end: random moves that fill no eye
    /// of the mover's end the game by two passes well before its limit.
    const PLAYOUT_PLIES: u32 = u32::MAX;

    /// Komi [`KOMI`] (7.5), and a limit of [`PLIES_PER_POINT`] (3) plies
    /// per point of the board: 243 on 9x9, 1,083 on 19x19.
    fn default_terms(board: &Board) -> Terms {
        let points = u32::try_from(board.squares().len()).unwrap_or(u32::MAX);
        Terms {
            komi: KOMI,
            max_plies: points.saturating_mul(PLIES_PER_POINT),
        }
    }

    fn first_step(board: &Board) -> Step {
        let stones = board
            .squares()
            .iter()
            .enumerate()
            .filter_map(|(index, square)| square.map(|stone| stone_term(index, stone)))
            .fold(0, |key, term| key ^ term);
        Step {
            key: stones ^ state_terms(board),
            stones,
            since_capture: 0,
            passes: 0,
        }
    }

    /// The legal moves in index order, then the pass: the player to move
    /// always has a move.
    fn moves(board: &Board, moves: &mut Vec<Point>) {
        board.legal_moves(moves);
        moves.push(Point::PASS);
    }

    /// Places the stone and removes the ones it captures (or passes), then
    /// sets the ko point and passes the turn, as
    /// [`Node::play`](games_core::Node::play) builds the child. O(the groups
    /// next to the stone); no allocation.
    ///
    /// # Panics
    ///
    /// If `mv` is neither a point of the board nor the pass.
    fn make(board: &mut Board, mv: Point, step: &Step) -> Step {
        let mut stones = step.stones;
        let mut passes = 0;
        let mut since_capture = step.since_capture.saturating_add(1);
        if mv.is_pass() {
            board.pass();
            passes = step.passes.saturating_add(1).min(2);
        } else {
            let index = board.index(mv).expect("a move on the board");
            let (mover, opponent) = (board.mover(), board.opponent());
            let captured = board.play_at(index);
            stones ^= stone_term(index, mover);
            for square in captured.iter() {
                stones ^= stone_term(square, opponent);
            }
            if !captured.is_empty() {
                since_capture = 0;
            }
        }
        Step {
            key: stones ^ state_terms(board),
            stones,
            since_capture,
            passes,
        }
    }

    /// Never reached: [`moves`](Rules::moves) always lists the pass. Were
    /// it reached, the game would be scored as it stands, with the default
    /// komi.
    fn no_moves(board: &Board) -> Outcome {
        end::scored(board, Self::default_terms(board).komi)
    }

    fn ended(board: &Board, line: &[Step], terms: &Terms) -> Option<Outcome> {
        end::ended(board, line, *terms)
    }

    /// Two passes in a row end a playout, scored by area with komi as the
    /// tree's [`ended`](Rules::ended) scores them. Before, a playout kept
    /// passing to its move limit and was then evaluated, so trees built
    /// with playouts to the end may differ from those of earlier versions.
    fn playout_ended(board: &Board, step: &Step, terms: &Terms) -> Option<Outcome> {
        (step.passes() >= 2).then(|| end::scored(board, terms.komi))
    }

    /// The logistic of the mover's lead by area with komi ([`Board::area`],
    /// as the end counts it), over a scale of the square root of the
    /// board's points: a lead of 9 points on 9x9, or 19 on 19x19, is worth
    /// 0.73; an even score ½.
    fn evaluate(board: &Board, terms: &Terms) -> f32 {
        let lead = board.area().score(terms.komi).lead(board.turn());
        1.0 / (1.0 + (-lead / evaluation_scale(board)).exp())
    }

    /// [`random_move`], else the pass; `scratch` is not used.
    fn playout_move(board: &Board, rng: &mut Rng, _scratch: &mut Vec<Point>) -> Option<Point> {
        random_move(board, rng).or(Some(Point::PASS))
    }

    /// A GTP vertex (`D4`, `d4`; columns `A` to `T` without `I`, so `J1`
    /// is the ninth column) that is a legal move, or `pass` in any case.
    /// `resign` is no move: the front-end answers it.
    fn parse_move(board: &Board, text: &str) -> Option<Point> {
        let point: Point = text.trim().parse().ok()?;
        (point.is_pass() || board.is_legal(point)).then_some(point)
    }
}

#[cfg(test)]
mod tests {
    use super::{BLACK, TERMS, WHITE, stone_term};
    use crate::board::to_u16;
    use crate::point::MAX_POINTS;
    use games_search::key_term;

    /// The table holds the terms the keys are documented with.
    #[test]
    fn the_terms_table_is_key_term() {
        for (index, &ko) in TERMS[2].iter().enumerate() {
            let place = to_u16(index);
            assert_eq!(stone_term(index, BLACK), key_term(place, u64::from(BLACK)));
            assert_eq!(stone_term(index, WHITE), key_term(place, u64::from(WHITE)));
            assert_eq!(ko, key_term(to_u16(MAX_POINTS), u64::from(place)));
        }
    }
}
