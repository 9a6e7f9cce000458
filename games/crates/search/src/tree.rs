//! One Monte Carlo tree: its nodes in one vector (an arena, children linked
//! from their parent), and the four steps of an iteration: UCT selection,
//! the expansion of one node, a playout (or the evaluation of the new
//! leaf), and the values backed up along the path.
//!
//! The tree is written once for every game ([`Rules`]), every position
//! crate (the node type `N`) and every store ([`Store`]): what differs
//! between the stores is only how the selected node's board is found
//! (read from the nearest node of its path that keeps a position, the
//! path's last moves made on it, or replayed from the root's) and whether
//! a new node keeps a position. Every choice depends on the boards, the
//! moves in their generation order and the tree's generator, so every
//! crate and every store build the same tree from the same seed.
//!
//! A tree whose links cannot be followed (a child past the nodes, a path
//! or a list of children that comes back on itself: a bug in how the tree
//! was made or moved, never the game's input) stops the iteration with a
//! [`Corrupt`] instead of looping.

use core::fmt;

use support::Rng;

use super::child::Child;
use super::corrupt::Corrupt;
use super::kept::Kept;
use super::line::Line;
use super::playout::playout;
use super::rules::{Outcome, Rules};
use super::settings::Settings;
use super::store::Store;
use games_core::{Game, Node};

/// No node: the end of a list of children.
pub(crate) const NONE: u32 = u32::MAX;

/// One node of the tree.
pub(crate) struct Entry<M, T> {
    /// The index of the node's position in the tree's positions, if it
    /// keeps one; [`NONE`] if not.
    pub(crate) kept: u32,
    /// The node's step: its key and the game's counters.
    pub(crate) step: T,
    /// The move that led here; `None` for the root.
    pub(crate) mv: Option<M>,
    /// Iterations through this node.
    pub(crate) visits: u32,
    /// The sum of their values for the player who made `mv`.
    pub(crate) value: f32,
    /// The most recently made child, or [`NONE`].
    pub(crate) first_child: u32,
    /// The parent's next older child, or [`NONE`].
    pub(crate) next_sibling: u32,
    /// The moves of the node made into children so far, in generation
    /// order.
    pub(crate) tried: u16,
    /// The node's moves.
    pub(crate) moves: u16,
    /// How the game ends here, if it does.
    pub(crate) outcome: Option<Outcome>,
}

impl<M: Copy, T> Entry<M, T> {
    /// The move of a node that is a child, as every node but the root is.
    fn child_move(&self) -> M {
        self.mv.expect("a child has a move")
    }
}

/// Bytes a tree node takes in the tree's vector of nodes: one slot.
pub(crate) fn entry_bytes<G: Rules>() -> usize {
    size_of::<Entry<G::Move, G::Step>>()
}

/// The entry of a tree of `G`.
type EntryOf<G> = Entry<<G as Game>::Move, <G as Rules>::Step>;

/// One Monte Carlo tree over nodes `N` of the game `G`, kept by `S`.
pub struct Tree<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> {
    pub(super) entries: Vec<EntryOf<G>>,
    /// The positions the nodes keep, each named by its node's `kept`: a
    /// vector of its own, so that a node that keeps none costs its slot
    /// only, whatever the node type's size.
    pub(super) positions: Kept<N>,
    /// The store, a type of no value.
    store: core::marker::PhantomData<S>,
    rng: Rng,
    pub(super) scratch: Scratch<G>,
    /// The selected leaf's node, made from its nearest keeping ancestor's
    /// by the path's moves, where the leaf keeps none and its new child
    /// will keep one.
    leaf_node: Option<N>,
    /// The plies of every selected path, summed, and the selections.
    depths: (u64, u64),
}

/// What an iteration reuses rather than allocates.
pub(super) struct Scratch<G: Rules> {
    path: Vec<u32>,
    /// The line's steps (the first `synced`), then the path's.
    line: Vec<G::Step>,
    synced: usize,
    moves: Vec<G::Move>,
    board: G::Board,
    playout: G::Board,
    /// The moves made on `board` from the nearest node of the path that
    /// keeps a position (the root's line where none does).
    gap: u32,
}

impl<G: Rules> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            path: Vec::new(),
            line: Vec::new(),
            synced: 0,
            moves: Vec::new(),
            board: G::Board::default(),
            playout: G::Board::default(),
            gap: 0,
        }
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> fmt::Debug for Tree<G, N, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tree")
            .field("store", &S::NAME)
            .field("nodes", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Tree<G, N, S> {
    /// A tree of one node, `root`, whose line is `line`; its playouts draw
    /// from a generator seeded with `seed`.
    pub fn new(root: &N, line: &Line<G>, seed: u64) -> Self {
        let mut scratch = Scratch::<G>::default();
        G::moves(&line.board, &mut scratch.moves);
        let moves = scratch.moves.len();
        let entry = Entry {
            kept: 0,
            step: *line.last_step(),
            mv: None,
            visits: 0,
            value: 0.0,
            first_child: NONE,
            next_sibling: NONE,
            tried: 0,
            moves: move_count(moves),
            outcome: (moves == 0).then(|| G::no_moves(&line.board)),
        };
        let mut positions = Kept::new();
        positions.push(root.clone());
        Tree {
            entries: vec![entry],
            positions,
            store: core::marker::PhantomData,
            rng: Rng(seed),
            scratch,
            leaf_node: None,
            depths: (0, 0),
        }
    }

    /// The mean plies from the root to the node each iteration selected;
    /// 0 before the first.
    #[must_use]
    pub fn mean_depth(&self) -> f64 {
        let (sum, count) = self.depths;
        if count == 0 {
            0.0
        } else {
            #[allow(clippy::cast_precision_loss)] // a mean
            let mean = sum as f64 / count as f64;
            mean
        }
    }

    /// The number of nodes, the root included.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.entries.len()
    }

    /// Iterations through the root.
    #[must_use]
    pub fn visits(&self) -> u32 {
        self.entries[0].visits
    }

    /// The root's children, most recently made first.
    pub fn children(&self) -> impl Iterator<Item = Child<G::Move>> + '_ {
        self.child_indices(0).map(|index| self.child(index))
    }

    /// The moves of the most visited line from the root: at each node the
    /// child visited most (the first made among equals), as far as the
    /// tree goes.
    #[must_use]
    pub fn principal_variation(&self, limit: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        self.extend_line(0, &mut line, limit);
        line
    }

    /// [`principal_variation`](Tree::principal_variation) from the root's
    /// child after `mv`, that move first; empty if the tree never made it.
    #[must_use]
    pub fn principal_variation_from(&self, mv: G::Move, limit: usize) -> Vec<G::Move> {
        let Some(at) = self
            .child_indices(0)
            .find(|&index| self.entries[index as usize].mv == Some(mv))
        else {
            return Vec::new();
        };
        let mut line = vec![mv];
        self.extend_line(at, &mut line, limit);
        line
    }

    /// Appends to `line`, up to `limit` moves in all, the most visited
    /// child of `at`, then of that child, as far as the tree goes.
    fn extend_line(&self, mut at: u32, line: &mut Vec<G::Move>, limit: usize) {
        while line.len() < limit {
            let Some(best) = self.most_visited(at) else {
                break;
            };
            line.push(self.entries[best as usize].child_move());
            at = best;
        }
    }

    /// The figures of the node at `index`, a child.
    fn child(&self, index: u32) -> Child<G::Move> {
        let entry = &self.entries[index as usize];
        Child {
            mv: entry.child_move(),
            visits: entry.visits,
            value: mean(entry),
            wins: entry.outcome == Some(Outcome::Loss),
        }
    }

    /// The root's child to play ([`Child::better_than`]; the first made
    /// among equals), if the root has children.
    #[must_use]
    pub fn best(&self) -> Option<Child<G::Move>> {
        self.most_visited(0).map(|index| self.child(index))
    }

    /// Whether the game has ended at the root (its player has no move).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.entries[0].outcome.is_some()
    }

    /// The bytes of the tree's vectors: the slots of its nodes and of the
    /// positions they keep. The positions may hold more on the heap, which
    /// only the allocator counts.
    #[must_use]
    pub fn vector_bytes(&self) -> usize {
        self.entries.capacity() * entry_bytes::<G>() + self.positions.slots() * size_of::<N>()
    }

    pub(super) fn child_indices(&self, parent: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.entries[parent as usize].first_child;
        core::iter::from_fn(move || {
            (next != NONE).then(|| {
                let index = next;
                next = self.entries[index as usize].next_sibling;
                index
            })
        })
    }

    /// The child of `parent` to play ([`Child::better_than`]: a move that
    /// wins at once, else the most visited, else the better mean); among
    /// equals the one made first (the last in the list), so that the choice
    /// follows the order the moves were tried in.
    fn most_visited(&self, parent: u32) -> Option<u32> {
        let mut best: Option<(u32, Child<G::Move>)> = None;
        for index in self.child_indices(parent) {
            let child = self.child(index);
            if best
                .as_ref()
                .is_none_or(|(_, best)| !best.better_than(&child))
            {
                best = Some((index, child));
            }
        }
        best.map(|(index, _)| index)
    }

    /// Makes room for one more node within `room` bytes more (`None`: no
    /// limit): whether there is room.
    pub fn reserve(&mut self, room: Option<usize>) -> bool {
        if self.entries.len() < self.entries.capacity() {
            return true;
        }
        let wanted = self.entries.len().max(64);
        let extra = match room {
            None => wanted,
            Some(bytes) => wanted.min(bytes / entry_bytes::<G>()),
        };
        extra > 0 && self.entries.try_reserve_exact(extra).is_ok()
    }

    /// One iteration: selects a path by UCT from the root, makes one new
    /// node at its end if `expand` (and the node is not over), evaluates
    /// it by a playout, and backs the value up the path.
    ///
    /// # Errors
    ///
    /// [`Corrupt`] where the selection meets a link it cannot follow; the
    /// tree is then as it was.
    ///
    /// # Panics
    ///
    /// If the tree's vector has no room for a new node and `expand` is
    /// true: [`reserve`](Tree::reserve) first.
    pub fn iterate(
        &mut self,
        line: &Line<G>,
        settings: &Settings,
        expand: bool,
    ) -> Result<(), Corrupt> {
        let leaf = self.select(settings.exploration)?;
        self.depths.0 += self.scratch.path.len() as u64 - 1;
        self.depths.1 += 1;
        let value = if let Some(outcome) = self.entries[leaf as usize].outcome {
            outcome.value()
        } else {
            let expanding = expand && self.has_untried(leaf);
            self.board_at_leaf(line, settings, expanding);
            if expanding {
                self.expand(leaf, line, settings)
            } else {
                let played = line.steps.len() + self.scratch.path.len() - 2;
                let step = self.entries[leaf as usize].step;
                let Scratch {
                    board,
                    moves,
                    playout: scratch,
                    ..
                } = &mut self.scratch;
                playout::<G>(
                    board,
                    played,
                    step,
                    line.terms,
                    settings,
                    &mut self.rng,
                    moves,
                    scratch,
                )
            }
        };
        self.back_up(value);
        Ok(())
    }

    fn has_untried(&self, index: u32) -> bool {
        let entry = &self.entries[index as usize];
        entry.tried < entry.moves
    }

    /// From the root, the child of best UCT score while the node is fully
    /// made into children and not over; the path into `scratch.path`. A
    /// link past the nodes, a path longer than the tree has nodes, or a
    /// node with more children in its list than it made, is an error.
    fn select(&mut self, exploration: f64) -> Result<u32, Corrupt> {
        let path = &mut self.scratch.path;
        path.clear();
        path.push(0);
        let nodes = self.entries.len();
        let mut at = 0;
        loop {
            let entry = &self.entries[at as usize];
            if entry.outcome.is_some() || entry.tried < entry.moves || entry.first_child == NONE {
                return Ok(at);
            }
            if path.len() > nodes {
                return Err(Corrupt::Cycle { at });
            }
            let log_visits = f64::from(entry.visits.max(1)).ln();
            let mut best = NONE;
            let mut best_score = f64::NEG_INFINITY;
            let mut child = entry.first_child;
            let mut listed = 0_u16;
            while child != NONE {
                if child as usize >= nodes {
                    return Err(Corrupt::OutOfRange {
                        from: at,
                        to: child,
                        nodes,
                    });
                }
                listed += 1;
                if listed > entry.tried {
                    return Err(Corrupt::Cycle { at });
                }
                let candidate = &self.entries[child as usize];
                let visits = f64::from(candidate.visits.max(1));
                let score = f64::from(candidate.value) / visits
                    + exploration * (log_visits / visits).sqrt();
                // `>=`: among equal scores the child made first, last in
                // the list, as in `most_visited`.
                if score >= best_score {
                    best = child;
                    best_score = score;
                }
                child = candidate.next_sibling;
            }
            path.push(best);
            at = best;
        }
    }

    /// The board of the path's last node into `scratch.board`: read from
    /// the nearest node of the path that keeps a position, every later
    /// move of the path made on it (the root's line, every move of the
    /// path made, where no node keeps one); the moves made into
    /// `scratch.gap`. Where the leaf is `expanding` into a child that will
    /// keep a position and keeps none itself, its node is made too, by the
    /// crate, move by move from the keeping ancestor's, into `leaf_node`.
    fn board_at_leaf(&mut self, line: &Line<G>, settings: &Settings, expanding: bool) {
        let path = &self.scratch.path;
        let kept = path
            .iter()
            .rposition(|&index| self.entries[index as usize].kept != NONE)
            .unwrap_or(0);
        let gap = u32::try_from(path.len() - 1 - kept).unwrap_or(u32::MAX);
        self.scratch.gap = gap;
        let from = self.entries[path[kept] as usize].kept;
        let from = self.positions.get(from);
        let start = kept;
        // The root's board is the line's, read once: a copy is all it takes.
        match from {
            Some(node) if kept > 0 => node.read_into(&mut self.scratch.board),
            _ => self.scratch.board.clone_from(&line.board),
        }
        let mut node = from
            .filter(|_| gap > 0 && expanding && S::keeps(gap + 1, settings))
            .cloned();
        for pair in path[start..].windows(2) {
            let parent = &self.entries[pair[0] as usize];
            let mv = self.entries[pair[1] as usize].child_move();
            if let Some(made) = &mut node {
                *made = made.play(&self.scratch.board, mv);
            }
            G::make(&mut self.scratch.board, mv, &parent.step);
        }
        self.leaf_node = node;
    }

    /// `scratch.line`: the line's steps then those of the path after the
    /// root, the game from its start to the path's last node.
    fn steps_to_leaf(&mut self, line: &Line<G>) {
        let scratch = &mut self.scratch;
        let known = line.steps.len();
        if scratch.synced != known || scratch.line.get(known - 1) != line.steps.last() {
            scratch.line.clear();
            scratch.line.extend_from_slice(&line.steps);
            scratch.synced = known;
        }
        scratch.line.truncate(known);
        scratch.line.extend(
            scratch.path[1..]
                .iter()
                .map(|&index| self.entries[index as usize].step),
        );
    }

    /// Makes the next untried move of `leaf` (read into `scratch.board`)
    /// into a new node at the end of the path; its value for the player to
    /// move there.
    fn expand(&mut self, leaf: u32, line: &Line<G>, settings: &Settings) -> f32 {
        let scratch = &mut self.scratch;
        scratch.moves.clear();
        G::moves(&scratch.board, &mut scratch.moves);
        G::order(&scratch.board, &mut scratch.moves);
        let parent = &mut self.entries[leaf as usize];
        debug_assert_eq!(usize::from(parent.moves), scratch.moves.len());
        let mv = scratch.moves[usize::from(parent.tried)];
        parent.tried += 1;
        let kept = if S::keeps(scratch.gap + 1, settings) {
            let from = self.positions.get(parent.kept);
            let from = from.or(self.leaf_node.as_ref());
            let from = from.expect("a keeping child's parent node is kept or made");
            self.positions.push(from.play(&scratch.board, mv))
        } else {
            NONE
        };
        self.leaf_node = None;
        let step = G::make(&mut scratch.board, mv, &parent.step);
        scratch.moves.clear();
        G::moves(&scratch.board, &mut scratch.moves);
        let moves = scratch.moves.len();
        self.steps_to_leaf(line);
        let Scratch {
            board,
            line: steps,
            moves: scratch_moves,
            playout: scratch,
            ..
        } = &mut self.scratch;
        steps.push(step);
        let outcome = if moves == 0 {
            Some(G::no_moves(board))
        } else {
            G::ended(board, steps, &line.terms)
        };
        let value = match outcome {
            Some(outcome) => outcome.value(),
            None => playout::<G>(
                board,
                steps.len() - 1,
                step,
                line.terms,
                settings,
                &mut self.rng,
                scratch_moves,
                scratch,
            ),
        };
        let index = u32::try_from(self.entries.len()).expect("fewer than 2^32 nodes");
        let parent = &mut self.entries[leaf as usize];
        let entry = Entry {
            kept,
            step,
            mv: Some(mv),
            visits: 0,
            value: 0.0,
            first_child: NONE,
            next_sibling: parent.first_child,
            tried: 0,
            moves: move_count(moves),
            outcome,
        };
        parent.first_child = index;
        assert!(
            self.entries.len() < self.entries.capacity(),
            "room reserved for the new node"
        );
        self.entries.push(entry);
        self.scratch.path.push(index);
        value
    }

    /// Adds one visit and `value` (for the player to move at the path's
    /// last node) to every node of the path, each from the view of the
    /// player who made its move.
    fn back_up(&mut self, value: f32) {
        let mut value = 1.0 - value;
        for &index in self.scratch.path.iter().rev() {
            let entry = &mut self.entries[index as usize];
            entry.visits += 1;
            entry.value += value;
            value = 1.0 - value;
        }
    }
}

/// The mean value of a node for the player who made its move.
fn mean<M, T>(entry: &Entry<M, T>) -> f32 {
    if entry.visits == 0 {
        0.5
    } else {
        #[allow(clippy::cast_precision_loss)] // a mean: 24 bits are plenty
        let visits = entry.visits as f32;
        entry.value / visits
    }
}

/// A node's number of moves, as a tree node keeps it.
fn move_count(moves: usize) -> u16 {
    u16::try_from(moves).expect("fewer than 65,536 moves")
}
