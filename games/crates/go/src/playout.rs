//! Random playouts, and the kept tree: playouts whose every position stays
//! alive, as a Monte Carlo search keeps its tree in memory.
//!
//! Every choice depends only on the read board and the generator, never on
//! the position crate: from the same node and seed, every crate plays the
//! same game and keeps the same positions, so their costs compare move for
//! move.

use core::fmt;

use support::Rng;

use super::board::{Board, to_u16};
use super::point::{MAX_POINTS, Point};
use super::{GoPosition, Node};
use games_core::Node as _;

/// The usual move limit of a playout: a 9x9 game ends well before it; a
/// 19x19 game is cut short.
pub const MAX_MOVES: usize = 300;

/// Points drawn from the whole board, where at least a quarter of it is
/// empty, before [`random_move`] lists the empty points: a draw over the
/// board costs a load where the list costs a pass over the empty points,
/// and each draw finds an empty point at least a quarter of the time.
const BOARD_DRAWS: usize = 4;

/// A uniformly random move of the read board among the legal moves that do
/// not fill one of the mover's eyes ([`Board::is_own_eye`]), or `None` if
/// there is none.
///
/// Where at least a quarter of the board is empty, points are first drawn
/// from the whole board, each taken if it is such a move (4 of them at
/// most): each such move is as likely as any other. Failing that, the
/// board's empty points, which it keeps as a set, are listed in index
/// order and drawn from, each one refused (illegal, or an eye) removed
/// from the draw, which is uniform over the same moves. About one draw and
/// one legality test on a board with room; on a board full but for its
/// eyes, one draw for each point refused, and none on a full board. The
/// draws depend on the points alone, not on the order they were emptied
/// in, so a board read from a node and one made move by move draw the
/// same move.
#[must_use]
pub fn random_move(board: &Board, rng: &mut Rng) -> Option<Point> {
    let (points, empty) = (board.squares().len(), board.empty_len());
    if empty > 0 && empty * 4 >= points {
        for _ in 0..BOARD_DRAWS {
            let index = below(rng, points);
            if board.playable_at(index) {
                return Some(board.point_at(index));
            }
        }
    }
    // The empty points in index order, each refused one replaced by the
    // last of the list: the list depends on the draws alone.
    let mut candidates = [0_u16; MAX_POINTS];
    for (slot, index) in candidates.iter_mut().zip(board.empty_points().iter()) {
        *slot = to_u16(index);
    }
    let mut len = empty;
    while len > 0 {
        let drawn = below(rng, len);
        let index = usize::from(candidates[drawn]);
        if board.playable_at(index) {
            return Some(board.point_at(index));
        }
        len -= 1;
        candidates[drawn] = candidates[len];
    }
    None
}

/// A number below `bound` (not 0) from the next 64 bits of `rng`, by
/// multiplying them with `bound` and keeping the high 64 bits (Lemire's
/// method) rather than by a division: a bias of at most `bound` in 2^64,
/// which a playout cannot tell.
fn below(rng: &mut Rng, bound: usize) -> usize {
    let bound = u128::try_from(bound).expect("a usize fits 128 bits");
    usize::try_from((u128::from(rng.next_u64()) * bound) >> 64).expect("below a usize bound")
}

/// A finished playout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playout<P> {
    /// The moves played, in order.
    pub moves: Vec<Point>,
    /// The last node.
    pub node: Node<P>,
}

/// Plays random moves ([`random_move`]) from `node`, each child made
/// through the position crate and its parent dropped, until `max_moves`
/// moves are played or the player to move has none.
///
/// ```
/// use games_go::{self as go, MAX_MOVES, playout};
/// use games_core::{Local, Sashite, same_content};
/// use support::Rng;
///
/// let ours = playout(go::load::<Local<u8, u8>>("9x9")?, &mut Rng(7), MAX_MOVES);
/// let peer = playout(go::load::<Sashite<u8, u8>>("9x9")?, &mut Rng(7), MAX_MOVES);
/// assert_eq!(ours.moves, peer.moves);
/// assert!(same_content(&ours.node.position, &peer.node.position));
/// # Ok::<(), go::LoadError>(())
/// ```
#[must_use]
pub fn playout<P: GoPosition>(node: Node<P>, rng: &mut Rng, max_moves: usize) -> Playout<P> {
    let mut node = node;
    // The child is built over the grandparent, which it replaces: each
    // ply's parent is dropped when the next ply is built.
    let mut next = node.clone();
    let mut moves = Vec::new();
    let mut board = Board::default();
    while moves.len() < max_moves {
        node.read_into(&mut board);
        let Some(mv) = random_move(&board, rng) else {
            break;
        };
        node.play_into(&board, mv, &mut next);
        core::mem::swap(&mut node, &mut next);
        moves.push(mv);
    }
    Playout { moves, node }
}

/// Positions kept by [`kept_tree`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptTree<P> {
    /// The root, then every position in the order it was made.
    pub nodes: Vec<Node<P>>,
    /// The playouts played, fruitless ones (from a node with no move)
    /// included.
    pub playouts: usize,
}

/// Why [`kept_tree`] kept nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeptTreeError {
    /// The vector for the positions could not be allocated.
    OutOfMemory {
        /// The positions asked for.
        positions: usize,
    },
}

impl fmt::Display for KeptTreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeptTreeError::OutOfMemory { positions } => write!(
                f,
                "out of memory: room for {positions} kept positions could not be allocated"
            ),
        }
    }
}

impl std::error::Error for KeptTreeError {}

/// Fruitless playouts in a row after which the kept nodes are searched for
/// one that can still move: doubled after each search that finds one, so
/// that the searches cost little beside the playouts.
const FIRST_STUCK_CHECK: usize = 64;

/// Keeps `positions` nodes, the root included, all alive at once in one
/// vector reserved up front: the first playout ([`playout`]'s moves, at
/// most `max_moves`) from the root, each later one from a node drawn at
/// random among those kept. Every ply reads its parent, draws a move
/// ([`random_move`]) and keeps the child. The tree is what a Monte Carlo
/// search keeps in memory; the nodes share structure as their crate
/// allows.
///
/// Fewer nodes are kept only when none can grow the tree: `max_moves` is
/// 0, `positions` is 0 (nothing is kept, not even the root), or no kept
/// node has a move.
///
/// ```
/// use games_go::{self as go, MAX_MOVES, kept_tree};
/// use games_core::{Node as _, Persistent};
/// use support::Rng;
///
/// let root = go::load::<Persistent<u8, u8>>("9x9")?;
/// let tree = kept_tree(root, &mut Rng(1), 1_000, MAX_MOVES)?;
/// assert_eq!(tree.nodes.len(), 1_000);
/// assert_eq!(tree.nodes[0].key(), go::load::<Persistent<u8, u8>>("9x9")?.key());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`KeptTreeError::OutOfMemory`] if the vector of `positions` nodes cannot
/// be allocated: refused at once, never an abort midway.
pub fn kept_tree<P: GoPosition>(
    root: Node<P>,
    rng: &mut Rng,
    positions: usize,
    max_moves: usize,
) -> Result<KeptTree<P>, KeptTreeError> {
    let mut nodes = Vec::new();
    nodes
        .try_reserve_exact(positions)
        .map_err(|_| KeptTreeError::OutOfMemory { positions })?;
    let mut tree = KeptTree { nodes, playouts: 0 };
    if positions == 0 || max_moves == 0 {
        tree.nodes.extend((positions > 0).then_some(root));
        return Ok(tree);
    }
    tree.nodes.push(root);
    let mut fruitless = 0;
    let mut stuck_check = FIRST_STUCK_CHECK;
    while tree.nodes.len() < positions {
        let start = if tree.playouts == 0 {
            0
        } else {
            rng.below(tree.nodes.len())
        };
        tree.playouts += 1;
        if grow(&mut tree.nodes, start, rng, positions, max_moves) > 0 {
            fruitless = 0;
            continue;
        }
        fruitless += 1;
        if fruitless == stuck_check {
            if !tree.nodes.iter().any(|node| can_move(&node.read())) {
                break;
            }
            fruitless = 0;
            stuck_check *= 2;
        }
    }
    Ok(tree)
}

/// One playout of the kept tree from `nodes[start]`, each child pushed
/// (the vector is never grown past `positions`, its reserved length); the
/// number of children.
fn grow<P: GoPosition>(
    nodes: &mut Vec<Node<P>>,
    start: usize,
    rng: &mut Rng,
    positions: usize,
    max_moves: usize,
) -> usize {
    let mut parent = start;
    let mut played = 0;
    let mut board = Board::default();
    while played < max_moves && nodes.len() < positions {
        nodes[parent].read_into(&mut board);
        let Some(mv) = random_move(&board, rng) else {
            break;
        };
        // The child is built where it is kept: a copy of its parent,
        // edited in place.
        nodes.push(nodes[parent].clone());
        let last = nodes.len() - 1;
        let (kept, child) = nodes.split_at_mut(last);
        kept[parent].play_into(&board, mv, &mut child[0]);
        parent = nodes.len() - 1;
        played += 1;
    }
    played
}

/// Whether the mover has a move a playout would play.
fn can_move(board: &Board) -> bool {
    (0..board.squares().len()).any(|index| board.playable_at(index))
}
