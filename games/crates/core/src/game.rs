//! The one trait between each game's rules and the measuring side: a
//! [`Node`] (a position crate's position plus the game's own state) that
//! generates its legal moves and plays them, and a [`Game`] that names
//! the node over each position crate and reads positions.

use core::fmt::{Debug, Display};
use core::hash::Hash;

use crate::feen::FeenError;
use crate::position::{Position, Token};

/// One node of a game's move tree: the position crate's position (board,
/// hands, turn), plus whatever state the game keeps beside it (chess's
/// castling rights and en-passant square, Go's ko point).
///
/// A node is expanded in three steps: [`read_into`](Node::read_into) copies
/// its board once into the rules' own array (one the caller keeps, so a
/// search reads every node into the same few),
/// [`legal_moves`](Node::legal_moves)
/// lists the moves there, and [`play`](Node::play) builds each child
/// through the position crate (its one write). Perft, the kept tree and
/// the playouts are those steps in a loop.
pub trait Node: Clone + PartialEq + Sized + 'static {
    /// A legal move, resolved enough to be played from the read board.
    type Move: Copy + Eq + Hash + Display + Debug + Send + Sync + 'static;
    /// What a node is read into for move generation. Its default is a
    /// board to read into; what it holds before a read does not matter.
    type Board: Default;
    /// The position crate's position.
    type Position: Position;

    /// The position crate's position.
    fn position(&self) -> &Self::Position;

    /// Reads the node once into `board`: its board, hands and turn, and the
    /// game's state, laid out for move generation. Whatever `board` held is
    /// replaced.
    fn read_into(&self, board: &mut Self::Board);

    /// The node read into a new board: see [`read_into`](Node::read_into).
    fn read(&self) -> Self::Board {
        let mut board = Self::Board::default();
        self.read_into(&mut board);
        board
    }

    /// Appends every legal move of the read node to `moves`.
    fn legal_moves(board: &Self::Board, moves: &mut Vec<Self::Move>);

    /// The child after `mv`, a legal move of `board` (this node, read).
    /// `self` is unchanged.
    #[must_use]
    fn play(&self, board: &Self::Board, mv: Self::Move) -> Self;

    /// [`play`](Node::play) into `out`, a node the caller keeps (a
    /// search's slot for a ply's child): the position crate builds the
    /// child where it is read next, if it can.
    fn play_into(&self, board: &Self::Board, mv: Self::Move, out: &mut Self) {
        *out = self.play(board, mv);
    }

    /// A 64-bit hash of the node, the game's state included: equal for
    /// equal nodes.
    fn key(&self) -> u64;

    /// The game's own state beside the position (castling rights and
    /// en-passant square, the ko point) as a number, the same whatever the
    /// position crate: 0 for a game with none.
    fn state(&self) -> u64;

    /// An equal node whose position shares no storage with this one's
    /// ([`Position::detached`]): where a thread starts a subtree of its
    /// own.
    #[must_use]
    fn detached(&self) -> Self;

    /// Every legal move of the node, read once.
    fn legal_move_list(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        Self::legal_moves(&self.read(), &mut moves);
        moves
    }

    /// The node with the state that no legal move uses left out, so that
    /// two nodes that play alike compare equal and are written alike:
    /// chess drops an en-passant square on which no legal move takes (the
    /// pawn beside it pinned, or its king in check by another piece) and
    /// sets its halfmove clock to 0; the other games keep their whole
    /// state. Perft counts and legal moves are the node's own.
    #[must_use]
    fn canonical(&self) -> Self {
        self.clone()
    }
}

/// How a perft is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftOptions {
    /// Plies to search, at least 1.
    pub depth: u32,
    /// Whether to keep a transposition table of subtree counts.
    pub table: bool,
    /// Worker threads, at least 1: root moves are shared among them.
    pub threads: usize,
}

impl PerftOptions {
    /// A single-threaded perft without a table.
    #[must_use]
    pub fn new(depth: u32) -> PerftOptions {
        PerftOptions {
            depth,
            table: false,
            threads: 1,
        }
    }
}

/// A published position and its perft counts at depths 1, 2, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Published {
    /// How reports name it (`start`, `Kiwipete`).
    pub name: &'static str,
    /// The position, as the game's `load` reads it.
    pub text: &'static str,
    /// The leaf counts at depths 1, 2, ...
    pub counts: &'static [u64],
    /// The counts at the depths after [`counts`](Published::counts)
    /// (`counts.len() + 1`, ...), too deep for one process: published by
    /// those who split the tree into work units, and what a merge of
    /// `games-units` compares its total with. Past 2^64 from
    /// chess's perft(14).
    pub deeper: &'static [u128],
}

impl Published {
    /// The published count at `depth`, if there is one.
    #[must_use]
    pub fn count(&self, depth: u32) -> Option<u128> {
        let index = usize::try_from(depth).ok()?.checked_sub(1)?;
        match self.counts.get(index) {
            Some(&count) => Some(u128::from(count)),
            None => self.deeper.get(index - self.counts.len()).copied(),
        }
    }
}

/// A game: its rules over any position crate, as the measuring side uses
/// them.
pub trait Game: 'static {
    /// The game's name, as the command line spells it (`chess`).
    const NAME: &'static str;
    /// The piece type the game's positions hold.
    type Piece: Token;
    /// The style type.
    type Style: Token;
    /// A legal move.
    type Move: Copy + Eq + Hash + Display + Debug + Send + Sync + 'static;
    /// The board every node of the game is read into, whatever its
    /// position crate: the rules' own array.
    type Board: Clone + Default + Debug + Send + Sync + 'static;
    /// A node over the position crate `P`.
    type Node<P: Position<Piece = Self::Piece, Style = Self::Style>>: Node<Move = Self::Move, Board = Self::Board, Position = P>;
    /// The fixed array the game's positions fit in, as an engine author
    /// writes one for this game alone: see [`Fixed`](crate::Fixed).
    type Fixed: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync;
    /// Why a text is no position of the game.
    type LoadError: std::error::Error + 'static;

    /// The positions whose perft counts are published, with their counts;
    /// the first is the game's start position, where a search or a
    /// protocol starts when told no other.
    const PUBLISHED: &'static [Published];

    /// Reads a position of the game, in its usual notation, into a node over
    /// the position crate `P`.
    ///
    /// # Errors
    ///
    /// [`Game::LoadError`], saying why the text is no position of the game.
    fn load<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        text: &str,
    ) -> Result<Self::Node<P>, Self::LoadError>;

    /// The node in the game's notation, as [`Game::load`] reads it back
    /// into an equal node, its state included: chess's FEN (FEEN and FEN's
    /// castling and en-passant fields where the styles are not FEN's),
    /// shogi's SFEN (FEEN where SFEN would lose a style), Go's diagram and
    /// its ko point.
    ///
    /// # Errors
    ///
    /// [`FeenError`] where FEEN cannot spell the position, which no
    /// position the game's rules reach gives.
    fn notation<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        node: &Self::Node<P>,
    ) -> Result<String, FeenError>;

    /// [`divide_parallel`](crate::perft::divide_parallel) for nodes over a
    /// crate whose positions are `Send` and `Sync`; each game's impl knows
    /// its node is then too.
    fn divide_parallel<P: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync>(
        node: &Self::Node<P>,
        options: PerftOptions,
        root_done: &(dyn Fn() + Sync),
    ) -> Vec<(Self::Move, u64)>;

    /// [`perft_each_parallel`](crate::perft::perft_each_parallel) for
    /// nodes over a crate whose positions are `Send` and `Sync`, as
    /// [`Game::divide_parallel`].
    fn perft_each_parallel<P: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync>(
        lines: &[(Self::Node<P>, u32)],
        options: PerftOptions,
        line_done: &(dyn Fn() + Sync),
    ) -> Vec<u64>;
}
