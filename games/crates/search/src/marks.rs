//! A game of the search's own tests, so that they name no real game: two
//! players take turns marking an empty square of a 3x3 board until none
//! is left (a draw). Nine moves, then eight, ... one: a tree deep and wide
//! enough for a subtree of hundreds of nodes, over persistent-qi like any
//! game.

use core::fmt;

use games_core::{
    BuildError, FeenError, Fixed, Game, Node, Parts, PerftOptions, Position, Published, Write,
    divide_parallel, perft_each_parallel,
};
use persistent_qi::Player;
use support::Rng;

use crate::{Outcome, Rules, Terms};

/// The squares of the board.
const SQUARES: usize = 9;

/// A move: the square marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Mark(u8);

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The board the rules read: each square's mark (0 none, 1 the first
/// player's, 2 the second's) and the player to move.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Board {
    squares: [u8; SQUARES],
    second: bool,
}

/// The game.
pub(crate) struct Marks;

/// Every move: the empty squares, in order.
fn empty_squares(board: &Board, moves: &mut Vec<Mark>) {
    let empty = (0..).zip(board.squares).filter(|&(_, mark)| mark == 0);
    moves.extend(empty.map(|(at, _)| Mark(at)));
}

/// A node of the game over the position crate `P`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MarksNode<P>(P);

impl<P: Position<Piece = u8, Style = u8>> Node for MarksNode<P> {
    type Move = Mark;
    type Board = Board;
    type Position = P;

    fn position(&self) -> &P {
        &self.0
    }

    fn read_into(&self, board: &mut Board) {
        let mut squares = [None; SQUARES];
        self.0.read_board(&mut squares);
        board.squares = squares.map(|square| square.unwrap_or(0));
        board.second = self.0.turn() == Player::Second;
    }

    fn legal_moves(board: &Board, moves: &mut Vec<Mark>) {
        empty_squares(board, moves);
    }

    fn play(&self, board: &Board, mv: Mark) -> Self {
        let write = Write {
            square: usize::from(mv.0),
            before: None,
            after: Some(1 + u8::from(board.second)),
        };
        MarksNode(self.0.play(&[write], None))
    }

    fn key(&self) -> u64 {
        self.0.key()
    }

    fn state(&self) -> u64 {
        0
    }

    fn detached(&self) -> Self {
        MarksNode(self.0.detached())
    }
}

impl Game for Marks {
    const NAME: &'static str = "marks";
    type Piece = u8;
    type Style = u8;
    type Move = Mark;
    type Board = Board;
    type Node<P: Position<Piece = u8, Style = u8>> = MarksNode<P>;
    type Fixed = Fixed<u8, u8, SQUARES, 1>;
    type LoadError = BuildError;

    const PUBLISHED: &'static [Published] = &[];

    /// The empty board, whatever the text.
    fn load<P: Position<Piece = u8, Style = u8>>(_text: &str) -> Result<MarksNode<P>, BuildError> {
        P::from_parts(Parts {
            shape: &[3, 3],
            squares: &[None; SQUARES],
            hands: [&[], &[]],
            styles: [0, 0],
            turn: Player::First,
        })
        .map(MarksNode)
    }

    fn notation<P: Position<Piece = u8, Style = u8>>(
        node: &MarksNode<P>,
    ) -> Result<String, FeenError> {
        Ok(format!("{:?}", node.read().squares))
    }

    fn divide_parallel<P: Position<Piece = u8, Style = u8> + Send + Sync>(
        node: &MarksNode<P>,
        options: PerftOptions,
        root_done: &(dyn Fn() + Sync),
    ) -> Vec<(Mark, u64)> {
        divide_parallel(node, options, root_done)
    }

    fn perft_each_parallel<P: Position<Piece = u8, Style = u8> + Send + Sync>(
        lines: &[(MarksNode<P>, u32)],
        options: PerftOptions,
        line_done: &(dyn Fn() + Sync),
    ) -> Vec<u64> {
        perft_each_parallel(lines, options, line_done)
    }
}

impl Rules for Marks {
    type Step = ();

    fn default_terms(_board: &Board) -> Terms {
        Terms {
            komi: 0.0,
            max_plies: u32::MAX,
        }
    }

    fn first_step(_board: &Board) {}

    fn moves(board: &Board, moves: &mut Vec<Mark>) {
        empty_squares(board, moves);
    }

    fn make(board: &mut Board, mv: Mark, _step: &()) {
        board.squares[usize::from(mv.0)] = 1 + u8::from(board.second);
        board.second = !board.second;
    }

    fn no_moves(_board: &Board) -> Outcome {
        Outcome::Draw
    }

    fn ended(_board: &Board, _line: &[()], _terms: &Terms) -> Option<Outcome> {
        None
    }

    /// The marks in the corners and the centre, the mover's against the
    /// other's: a value that differs between children, so that the
    /// search prefers some.
    fn evaluate(board: &Board, _terms: &Terms) -> f32 {
        let (mine, theirs) = if board.second { (2, 1) } else { (1, 2) };
        let strong = [0, 2, 4, 6, 8];
        let count = |mark| {
            strong
                .iter()
                .filter(|&&at| board.squares[at] == mark)
                .count()
        };
        #[allow(clippy::cast_precision_loss)] // at most 5
        let difference = count(mine) as f32 - count(theirs) as f32;
        0.5 + difference / 10.0
    }

    fn playout_move(board: &Board, rng: &mut Rng, scratch: &mut Vec<Mark>) -> Option<Mark> {
        scratch.clear();
        Self::moves(board, scratch);
        (!scratch.is_empty()).then(|| *rng.pick(scratch))
    }
}
