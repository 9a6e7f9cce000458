//! Go: captures, suicide and simple ko on rectangular boards from 1x1 to
//! 19x19, with random playouts and a kept playout tree.
//!
//! The rules run over any position crate that implements
//! [`Position`] with `u8` stones and styles.
//!
//! ```
//! use games_go::{self as go, Go};
//! use games_core::{Game, Node as _, Persistent, Sashite, perft};
//!
//! let ours = go::load::<Persistent<u8, u8>>("9x9")?;
//! let peer = Go::load::<Sashite<u8, u8>>("9x9")?;
//! assert_eq!(ours.legal_move_list().len(), 81);
//! assert_eq!(perft(&ours, 2), 6_480);
//! assert_eq!(perft(&peer, 2), 6_480);
//! # Ok::<(), go::LoadError>(())
//! ```
//!
//! # How the rules work
//!
//! [`load`] is the one door in: it reads a size or a diagram into a
//! position crate and refuses what no game reaches ([`LoadError`]). For
//! each expanded node, [`Node::read`](games_core::Node::read) copies the board
//! once into a fixed array ([`Board`]) and builds its groups, which every
//! move made in place keeps: a legality test and a capture cost what the
//! stones beside the point cost. A board read into again
//! ([`Node::read_into`](games_core::Node::read_into)) applies only the points
//! where the new node differs from what it held, and the groups they touch. [`Node::play`](games_core::Node::play) writes the new
//! stone and every captured stone in one call to the crate, and sets the
//! ko point.
//!
//! # Conventions
//!
//! - Stones are [`BLACK`] and [`WHITE`]; black is the first player and
//!   moves first. The styles are [`BLACK_STYLE`] and [`WHITE_STYLE`];
//!   the rules ignore them.
//! - The board's shape is `[rows, columns]`, its points row-major from the
//!   top-left one, as the position crates number squares. A move is a
//!   [`Point`], named as Go players name points: columns `A` to `T`
//!   without `I` from the left, rows from 1 at the bottom (`A1` is the
//!   bottom-left corner).
//! - A move places a stone on an empty point; enemy groups left without a
//!   liberty are captured. Suicide (a move whose own group is left without
//!   a liberty, capturing nothing) is illegal. Simple ko: after a move
//!   that captured exactly one stone with a stone that has no friendly
//!   neighbour and one liberty (the captured point), that point may not be
//!   played on the next move.
//! - The pass ([`Point::PASS`], printed `pass`) places no stone, gives the
//!   turn over and clears the ko point.
//!   [`Node::legal_moves`](games_core::Node::legal_moves) leaves it out, so
//!   perft counts follow the published ones, and so do [`playout`] and
//!   [`kept_tree`], which end when the mover has no move; the search lists
//!   it after the legal moves, so the player to move always has one.
//!
//! # The game's end, for the search
//!
//! [`Go`] implements [`Rules`](games_search::Rules): a make-move in place
//! on the [`Board`], and a [`Step`] whose keys it updates by the stones a
//! move places and captures.
//!
//! - Two passes in a row end the game, and so does
//!   [`Terms::max_plies`](games_search::Terms::max_plies) (by default
//!   three plies a point of the board, [`PLIES_PER_POINT`]); both are scored
//!   by area ([`Board::area`]: each player's stones, plus the empty regions
//!   that border that player's stones only), komi added to White (by
//!   default [`KOMI`], 7.5). The player ahead wins; an equal score, which
//!   only an integer komi allows, is a draw.
//! - Positional superko: a stone played that brings the board's stones
//!   back to a position earlier in the game's line, whoever was to move
//!   there, loses at once (the positions compared by the 64-bit key of the
//!   stones, [`Step::stones`]). Move generation, and so every playout,
//!   keeps simple ko only: superko is found by the search's end-of-game
//!   check, after the move.
//! - The evaluation of an unfinished game is the logistic of the mover's
//!   lead by area with komi, over a scale of the square root of the
//!   board's points: ½ for an even score, 0.73 for a lead of 9 points on
//!   9x9 (19 on 19x19).
//! - A playout plays a uniformly random legal move that does not fill one
//!   of the mover's own eyes ([`random_move`]), and passes where there is
//!   none.
//!
//! For GTP, [`Rules::parse_move`](games_search::Rules::parse_move) reads
//! vertices (`D4`, `pass`), [`Board::judge`] decides the dead stones and
//! the seki of `final_status_list` and the area of `final_score`, whose
//! answer is [`Score`]'s `Display` (`B+3.5`), [`Node::with_turn`] lets the other colour play, and the
//! board's `Display` is a diagram [`load`] reads back.
//!
//! # What this crate may use
//!
//! This crate uses `games-core`, `games-record` (SGF reads into its tree)
//! and `games-search` (it implements [`Rules`](games_search::Rules)); it
//! never names another game, the work units, the engines or the measuring
//! side (`ARCHITECTURE.md`).

mod board;
mod end;
mod judge;
mod playout;
mod point;
mod records;
mod search;
mod setup;
pub mod sgf;

use persistent_qi::Player;

pub use board::{Board, KeptMismatch};
pub use end::{Area, Score, Step};
pub use judge::{JUDGE_PLAYOUTS, Judgement, ParseStatusError, Status};
pub use playout::{KeptTree, KeptTreeError, MAX_MOVES, Playout, kept_tree, playout, random_move};
pub use point::{COLUMNS, MAX_POINTS, MAX_SIZE, ParsePointError, Point};
pub use records::Format;
pub use search::{KOMI, PLIES_PER_POINT};
pub use setup::{LoadError, load};

use games_core::FeenError;
use games_core::Fixed;
use games_core::{Game, Published};
use games_core::{PerftOptions, divide_parallel, perft_each_parallel};
use games_core::{Position, Write};

/// A black stone, the first player's.
pub const BLACK: u8 = b'X';

/// A white stone, the second player's.
pub const WHITE: u8 = b'O';

/// Black's style: Go's letter, upper case for the first player as in the
/// Sashité notations.
pub const BLACK_STYLE: u8 = b'G';

/// White's style, lower case for the second player.
pub const WHITE_STYLE: u8 = b'g';

/// A player's stone.
#[must_use]
pub const fn stone(player: Player) -> u8 {
    match player {
        Player::First => BLACK,
        Player::Second => WHITE,
    }
}

/// The empty 9x9 board.
pub const EMPTY_9X9: &str = "9x9";

/// Published perft counts (simple ko, suicide illegal, no pass): a
/// position, then its counts at depths 1, 2, ...
pub const PUBLISHED: [Published; 1] = [Published {
    name: "9x9",
    text: EMPTY_9X9,
    counts: &[81, 6_480, 511_920, 39_929_136],
    deeper: &[],
}];

/// Positions whose stones and styles are `u8`: Go's.
pub trait GoPosition: Position<Piece = u8, Style = u8> {}

impl<P: Position<Piece = u8, Style = u8>> GoPosition for P {}

/// A node of the Go move tree: the position, and the ko point beside it
/// (the one state of Go the board and turn do not hold).
///
/// Nodes are made by [`load`] and by playing moves, so that every node is
/// one the rules accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node<P> {
    /// The position.
    pub position: P,
    /// The point the player to move may not play (a flat index), if any.
    ko: Option<u16>,
}

impl<P: GoPosition> Node<P> {
    /// The point the player to move may not play because it would retake a
    /// ko at once, if any.
    #[must_use]
    pub fn ko(&self) -> Option<Point> {
        let &[height, width] = self.position.shape() else {
            return None;
        };
        self.ko
            .and_then(|ko| Point::from_index(usize::from(ko), width, height))
    }

    /// The node with `player` to move and every stone where it stands:
    /// a clone if `player` is to move, else the node after a pass (the
    /// turn given over, the ko point cleared). GTP lets either colour play
    /// (`play white D4` with black to move): the move is played from this
    /// node.
    #[must_use]
    pub fn with_turn(&self, player: Player) -> Node<P> {
        if self.position.turn() == player {
            self.clone()
        } else {
            Node {
                position: self.position.play(&[], None),
                ko: None,
            }
        }
    }
}

/// Mixes the ko point into a key: an odd multiplier spreads the point over
/// the high bits, and a node without ko keeps the position's key.
const KO_MIX: u64 = 0x9e37_79b9_7f4a_7c15;

impl<P: GoPosition> games_core::Node for Node<P> {
    type Move = Point;
    type Board = Board;
    type Position = P;

    fn position(&self) -> &P {
        &self.position
    }

    fn read_into(&self, board: &mut Board) {
        board.read_into(&self.position, self.ko);
    }

    fn legal_moves(board: &Board, moves: &mut Vec<Point>) {
        board.legal_moves(moves);
    }

    /// The child after `mv`: the new stone and every stone it captures,
    /// written in one call to the position crate; for the pass
    /// ([`Point::PASS`]), one call that writes nothing: the turn passes and
    /// the ko point is cleared.
    ///
    /// # Panics
    ///
    /// If `mv` is neither on the board nor the pass; a move that is on it
    /// but not legal may panic in the position crate (an occupied point) or
    /// give a position no game reaches (a suicide).
    fn play(&self, board: &Board, mv: Point) -> Self {
        let mut ko = None;
        let position = Self::changes(board, mv, &mut ko, |writes| {
            self.position.play(writes, None)
        });
        Node { position, ko }
    }

    fn play_into(&self, board: &Board, mv: Point, out: &mut Self) {
        let mut ko = None;
        Self::changes(board, mv, &mut ko, |writes| {
            self.position.play_into(writes, None, &mut out.position);
        });
        out.ko = ko;
    }

    fn key(&self) -> u64 {
        self.position.key() ^ self.state().wrapping_mul(KO_MIX)
    }

    fn detached(&self) -> Self {
        Node {
            position: self.position.detached(),
            ..self.clone()
        }
    }

    /// The ko point plus one, or 0 without one.
    fn state(&self) -> u64 {
        self.ko.map_or(0, |ko| u64::from(ko) + 1)
    }
}

impl<P: GoPosition> Node<P> {
    /// The squares a move at `mv` writes (the new stone, then every stone
    /// it captures; none for the pass), given to `apply`; the new ko point
    /// into `ko`.
    fn changes<R>(
        board: &Board,
        mv: Point,
        ko: &mut Option<u16>,
        apply: impl FnOnce(&[Write<u8>]) -> R,
    ) -> R {
        if mv.is_pass() {
            *ko = None;
            return apply(&[]);
        }
        let index = board.index(mv).expect("a move on the board");
        let captured = board.captures(index);
        *ko = board.ko_after(index, &captured);
        let placed = Write {
            square: index,
            before: None,
            after: Some(board.mover()),
        };
        // Most moves capture nothing: their one write needs no vector.
        if captured.is_empty() {
            apply(&[placed])
        } else {
            let opponent = Some(board.opponent());
            let mut writes = Vec::with_capacity(1 + captured.len());
            writes.push(placed);
            writes.extend(captured.iter().map(|square| Write {
                square,
                before: opponent,
                after: None,
            }));
            apply(&writes)
        }
    }
}

/// Go, as the measuring side runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Go {}

impl Game for Go {
    const NAME: &'static str = "go";
    type Piece = u8;
    type Style = u8;
    type Move = Point;
    type Board = Board;
    type Node<P: Position<Piece = u8, Style = u8>> = Node<P>;
    /// One array for every board size, the largest's, as Go engines keep
    /// one; no hands.
    type Fixed = Fixed<u8, u8, MAX_POINTS, 0>;
    type LoadError = LoadError;

    const PUBLISHED: &'static [Published] = &PUBLISHED;

    fn load<P: Position<Piece = u8, Style = u8>>(text: &str) -> Result<Node<P>, LoadError> {
        load(text)
    }

    /// The diagram [`load`] reads, the ko point after it where there is
    /// one (`... X E5`).
    fn notation<P: Position<Piece = u8, Style = u8>>(node: &Node<P>) -> Result<String, FeenError> {
        let diagram = games_core::Node::read(node).to_string();
        Ok(match node.ko() {
            Some(ko) => format!("{diagram} {ko}"),
            None => diagram,
        })
    }

    fn divide_parallel<P: Position<Piece = u8, Style = u8> + Send + Sync>(
        node: &Node<P>,
        options: PerftOptions,
        root_done: &(dyn Fn() + Sync),
    ) -> Vec<(Point, u64)> {
        divide_parallel(node, options, root_done)
    }

    fn perft_each_parallel<P: Position<Piece = u8, Style = u8> + Send + Sync>(
        lines: &[(Node<P>, u32)],
        options: PerftOptions,
        line_done: &(dyn Fn() + Sync),
    ) -> Vec<u64> {
        perft_each_parallel(lines, options, line_done)
    }
}
