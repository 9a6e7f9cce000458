//! What the search asks of a game beyond [`Node`](games_core::Node): a
//! make-move on the rules' own board, the end of the game, a cheap
//! evaluation and a playout policy.
//!
//! Every method works on the read board ([`Game::Board`]), never on a
//! position crate, so the search plays the same game whatever the crate
//! and whatever it keeps in its tree: a tree that keeps positions reads
//! each node it expands into a board, a tree that keeps moves replays them
//! on one board from the root with [`Rules::make`], and both then see the
//! same boards, the same moves in the same order and the same keys.

use core::fmt::Debug;

use support::Rng;

use games_core::Game;

/// How a finished game ends, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move has won.
    Win,
    /// The player to move has lost.
    Loss,
    /// Neither has won.
    Draw,
}

impl Outcome {
    /// The outcome's value for the player to move: 1 for a win, ½ for a
    /// draw, 0 for a loss.
    #[must_use]
    pub fn value(self) -> f32 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same outcome, seen by the other player.
    #[must_use]
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

/// The terms a game is played under, beyond how its pieces move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Terms {
    /// Go's komi: the points added to White's (the second player's) area
    /// score. Chess and shogi ignore it.
    pub komi: f32,
    /// The most plies of a game, counted from the first position of its
    /// line: a game that reaches it ends, drawn in chess and shogi (shogi's
    /// move limit), scored in Go. `u32::MAX` for none.
    pub max_plies: u32,
}

/// One term of a position's key, as the rules' boards keep it: `place`
/// (a board square, or a number past the board's squares for a hand, a
/// right or a ko point) holding `token` (a piece, a count, a flag, as a
/// number unique within the game). A key is the xor of its position's
/// terms, so a move updates it by the terms of what it changes, as an
/// engine's Zobrist key is updated. The terms are `SplitMix64`'s finaliser
/// of the pair, a bijection: no table, any piece type.
#[must_use]
pub const fn key_term(place: u16, token: u64) -> u64 {
    // `as`: `u64::from` is not `const`; the cast is lossless.
    let mut z = (token << 16 | place as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The term of the second player to move, in every game's key.
pub const SECOND_TO_MOVE: u64 = 0x2545_f491_4f6c_dd1d;

/// What the search needs of a game's rules, on the read board.
///
/// The contract every game keeps, checked by its tests:
/// - [`make`](Rules::make) leaves the board exactly as reading the child
///   would (`node.play(&board, mv).read()`), so the moves listed next, and
///   their order, are the same after a replay as after a read;
/// - the step's key is the same for the same position reached by any
///   route, and differs for different ones (up to 64-bit collisions): it is
///   what repetitions are found by;
/// - nothing depends on the position crate.
pub trait Rules: Game {
    /// What the end-of-game rules know of one position of a game's line:
    /// its key, and the counters the game needs (chess's plies since the
    /// last capture or pawn move, whether shogi's player to move is in
    /// check, Go's passes in a row).
    type Step: Copy + PartialEq + Debug + Send + Sync + 'static;

    /// The plies of a playout unless told otherwise: 32 by default, Go's
    /// playouts go to the game's end (`u32::MAX`).
    const PLAYOUT_PLIES: u32 = 32;

    /// The terms a game from `board` is played under by default (komi and
    /// the move limit, which in Go depends on the board's size).
    fn default_terms(board: &Self::Board) -> Terms;

    /// The step of a board read from a node whose past is unknown: the first
    /// position of a line. Computes the key from the board, in O(squares).
    fn first_step(board: &Self::Board) -> Self::Step;

    /// Appends every move the search may play from `board`: the legal moves
    /// ([`Node::legal_moves`](games_core::Node::legal_moves)), in the same order,
    /// then Go's pass. None: the player to move has no move, and
    /// [`no_moves`](Rules::no_moves) says how the game ends.
    fn moves(board: &Self::Board, moves: &mut Vec<Self::Move>);

    /// Puts `moves`, all of `board`'s [`moves`](Rules::moves), in the order
    /// the tree makes them into children, the likeliest first: a node with
    /// more moves than visits tries those. The order depends on the board
    /// and the moves alone (every crate and store build the same tree), and
    /// is stable: moves the game ranks alike keep their generation order.
    /// The default keeps the generation order (chess's and Go's).
    fn order(board: &Self::Board, moves: &mut [Self::Move]) {
        let _ = (board, moves);
    }

    /// Plays `mv`, one of `board`'s [`moves`](Rules::moves), on `board` in
    /// place, as an engine's make-move does on its array; returns the new
    /// position's step, given `step`, the board's before the move. The key
    /// is updated from the squares the move changes, not recomputed.
    fn make(board: &mut Self::Board, mv: Self::Move, step: &Self::Step) -> Self::Step;

    /// How the game ends for the player to move when they have no move:
    /// checkmate (a loss) or stalemate (a draw) in chess, a loss in shogi.
    fn no_moves(board: &Self::Board) -> Outcome;

    /// Whether the game has ended at the last position of `line` by a rule
    /// that does not ask whether the player to move has a move: a
    /// repetition, chess's fifty-move rule and dead positions (insufficient
    /// material), shogi's fourfold repetition (lost by the side that gave
    /// check at every move of it), Go's two passes in a row (then scored),
    /// and [`Terms::max_plies`]. `line` holds the steps of the game's
    /// positions in order, the last one `board`'s; the outcome is for the
    /// player to move there.
    ///
    /// Where the player to move has no move, [`no_moves`](Rules::no_moves)
    /// decides first: a checkmate ends the game whatever else holds.
    fn ended(board: &Self::Board, line: &[Self::Step], terms: &Terms) -> Option<Outcome>;

    /// Whether a playout's game has ended at `board`, whose step is `step`,
    /// by the rules a playout keeps: those that need no line, as Go's two
    /// passes in a row (then scored) and chess's fifty-move rule.
    /// Repetitions are left to the tree ([`ended`](Rules::ended)), where
    /// they are found by looking back along the line. The default: none.
    fn playout_ended(board: &Self::Board, step: &Self::Step, terms: &Terms) -> Option<Outcome> {
        let _ = (board, step, terms);
        None
    }

    /// A cheap estimate of the game's value for the player to move, in
    /// `[0, 1]` (½ for even), where a playout stops before the game's end:
    /// material for chess and shogi (hands included), the area score with
    /// komi for Go.
    fn evaluate(board: &Self::Board, terms: &Terms) -> f32;

    /// A move of a random playout from `board`, drawn with `rng`: uniform
    /// over the legal moves in chess and shogi (listed into `scratch`,
    /// whose contents are not kept), uniform over the legal moves that do
    /// not fill one of the mover's eyes in Go, and the pass where there is
    /// none. `None` only where the player to move has no move (chess,
    /// shogi): then [`no_moves`](Rules::no_moves) says how the game ends.
    fn playout_move(
        board: &Self::Board,
        rng: &mut Rng,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move>;

    /// The move of `board` that `text` names in the game's protocol
    /// notation (UCI, USI, GTP), if it is one of [`moves`](Rules::moves);
    /// letters in any case.
    fn parse_move(board: &Self::Board, text: &str) -> Option<Self::Move> {
        let mut moves = Vec::new();
        Self::moves(board, &mut moves);
        moves
            .into_iter()
            .find(|mv| mv.to_string().eq_ignore_ascii_case(text.trim()))
    }
}
