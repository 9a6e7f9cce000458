//! The two ways a tree keeps its nodes' positions: [`Positions`] (each
//! node holds its own, the position crate's position plus the game's
//! state) and [`Moves`] (a node holds its move only; a position is rebuilt
//! by replaying the path from the root on the rules' board, as lc0 and
//! `KataGo` do).

use crate::game::Node;

/// How a tree keeps what it needs to find a node's board.
pub trait Store: 'static {
    /// The name on the command line and in tables (`positions`, `moves`).
    const NAME: &'static str;

    /// What a tree node keeps beside its move and statistics.
    type Kept<N: Node>;

    /// What the tree's root keeps of `node`.
    fn keep<N: Node>(node: &N) -> Self::Kept<N>;

    /// The node a tree node keeps, if the store keeps nodes: then its board
    /// is read from it; otherwise it is replayed from the root.
    fn node<N: Node>(kept: &Self::Kept<N>) -> Option<&N>;

    /// What the child of `parent` after `mv` keeps; `board` is the parent
    /// read (or replayed).
    fn child<N: Node>(parent: &Self::Kept<N>, board: &N::Board, mv: N::Move) -> Self::Kept<N>;
}

/// Every tree node keeps its position: the crate's position and the
/// game's state, built once by the crate when the node is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Positions {}

impl Store for Positions {
    const NAME: &'static str = "positions";

    type Kept<N: Node> = N;

    fn keep<N: Node>(node: &N) -> N {
        node.clone()
    }

    fn node<N: Node>(kept: &N) -> Option<&N> {
        Some(kept)
    }

    fn child<N: Node>(parent: &N, board: &N::Board, mv: N::Move) -> N {
        parent.play(board, mv)
    }
}

/// Tree nodes keep their move only: a node's board is the root's, read
/// once, with every move of the path made on it in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moves {}

impl Store for Moves {
    const NAME: &'static str = "moves";

    type Kept<N: Node> = ();

    fn keep<N: Node>(_node: &N) {}

    fn node<N: Node>((): &()) -> Option<&N> {
        None
    }

    fn child<N: Node>((): &(), _board: &N::Board, _mv: N::Move) {}
}

/// Which store an engine keeps its trees in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoreKind {
    /// Every tree node keeps its position ([`Positions`]).
    Positions,
    /// Tree nodes keep their move; positions are replayed ([`Moves`]).
    Moves,
}

impl StoreKind {
    /// Both, in table order.
    pub const ALL: [StoreKind; 2] = [StoreKind::Positions, StoreKind::Moves];

    /// How the command line names it (`--store positions`).
    #[must_use]
    pub fn flag(self) -> &'static str {
        match self {
            StoreKind::Positions => Positions::NAME,
            StoreKind::Moves => Moves::NAME,
        }
    }
}
