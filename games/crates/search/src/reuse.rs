//! Tree reuse: after a move is played, the child it leads to becomes the
//! root, its subtree moves down the vector in place and everything else is
//! dropped at once.

use super::corrupt::Corrupt;
use super::kept::Kept;
use super::line::Line;
use super::rules::Rules;
use super::store::Store;
use super::tree::{NONE, Tree};
use games_core::Node;

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Tree<G, N, S> {
    /// The tree below the root's child after `mv`, that child its new root
    /// (keeping `root`, its node, as every root keeps its position), every
    /// other node dropped at once and the vector shrunk to what is kept:
    /// the number of nodes kept, or `None` (the tree unchanged) if the
    /// root has no such child.
    ///
    /// The kept nodes move down the vector in their order, which keeps
    /// every parent before its children; no node is copied and no position
    /// cloned but the new root's.
    ///
    /// # Errors
    ///
    /// [`Corrupt`] where the subtree's links cannot be followed (a child
    /// past the nodes, a node reached twice); the tree is then as it was.
    ///
    pub fn advance(&mut self, mv: G::Move, root: &N) -> Result<Option<usize>, Corrupt> {
        let Some(child) = self
            .child_indices(0)
            .find(|&index| self.entries[index as usize].mv == Some(mv))
        else {
            return Ok(None);
        };
        let kept = Marks::subtree(self, child)?;
        let mut next = 0;
        for index in 0..self.entries.len() {
            if kept.contains(index) {
                self.entries.swap(next, index);
                next += 1;
            }
        }
        self.entries.truncate(next);
        self.entries.shrink_to_fit();
        let rank = |index: u32| {
            if index == NONE {
                NONE
            } else {
                kept.rank(index as usize)
            }
        };
        for entry in &mut self.entries {
            entry.first_child = rank(entry.first_child);
            entry.next_sibling = rank(entry.next_sibling);
        }
        self.keep_positions_of_entries();
        let new_root = &mut self.entries[0];
        new_root.next_sibling = NONE;
        new_root.mv = None;
        if new_root.kept == NONE {
            new_root.kept = self.positions.push(root.clone());
        }
        Ok(Some(next))
    }

    /// Drops the positions no entry keeps any more, the others moving down
    /// in their order, and names each entry's position anew.
    fn keep_positions_of_entries(&mut self) {
        let mut new_index = vec![NONE; self.positions.len()];
        for entry in &self.entries {
            if let Some(slot) = new_index.get_mut(entry.kept as usize) {
                *slot = 0;
            }
        }
        let mut next = 0;
        for slot in &mut new_index {
            if *slot == 0 {
                *slot = next;
                next += 1;
            }
        }
        let positions = core::mem::replace(&mut self.positions, Kept::new());
        self.positions = positions.retain(|index| new_index[index] != NONE);
        for entry in &mut self.entries {
            if entry.kept != NONE {
                entry.kept = new_index[entry.kept as usize];
            }
        }
    }

    /// The tree made anew from `root` (its line `line`), its generator kept.
    pub fn restart(&mut self, root: &N, line: &Line<G>) {
        let fresh = Tree::<G, N, S>::new(root, line, 0);
        self.entries = fresh.entries;
        self.positions = fresh.positions;
        self.scratch = fresh.scratch;
    }
}

/// A set of a tree's nodes, one bit each, with the rank of each kept node
/// among those kept: its index once the others are gone.
struct Marks {
    words: Vec<u64>,
    /// The kept nodes before each word.
    before: Vec<u32>,
}

impl Marks {
    /// The nodes of the subtree of `root`; a link past the nodes, or a
    /// node reached twice, is an error.
    fn subtree<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store>(
        tree: &Tree<G, N, S>,
        root: u32,
    ) -> Result<Marks, Corrupt> {
        let nodes = tree.entries.len();
        let mut words = vec![0_u64; nodes.div_ceil(64)];
        let mut pending = vec![(root, root)];
        while let Some((from, index)) = pending.pop() {
            if index as usize >= nodes {
                return Err(Corrupt::OutOfRange {
                    from,
                    to: index,
                    nodes,
                });
            }
            let (word, bit) = (index as usize / 64, 1 << (index % 64));
            if words[word] & bit != 0 {
                return Err(Corrupt::Cycle { at: index });
            }
            words[word] |= bit;
            let mut child = tree.entries[index as usize].first_child;
            while child != NONE {
                pending.push((index, child));
                if child as usize >= nodes {
                    break;
                }
                child = tree.entries[child as usize].next_sibling;
                if pending.len() > nodes {
                    return Err(Corrupt::Cycle { at: index });
                }
            }
        }
        let mut before = Vec::with_capacity(words.len());
        let mut count = 0;
        for word in &words {
            before.push(count);
            count += word.count_ones();
        }
        Ok(Marks { words, before })
    }

    fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1 << (index % 64)) != 0
    }

    /// The number of kept nodes before `index`.
    fn rank(&self, index: usize) -> u32 {
        let below = self.words[index / 64] & ((1 << (index % 64)) - 1);
        self.before[index / 64] + below.count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::super::corrupt::Corrupt;
    use super::super::line::Line;
    use super::super::rules::Rules;
    use super::super::settings::Settings;
    use super::super::store::{Moves, Positions, Store};
    use super::super::tree::{NONE, Tree};
    use games_core::{Game, Node as _, Persistent};

    use super::super::marks::{Mark as Move, Marks, MarksNode};

    type Node = MarksNode<Persistent<u8, u8>>;

    /// One node of a subtree as a test compares it: its move, visits,
    /// value, children made, and its children's moves in list order.
    #[derive(Debug, Clone, PartialEq)]
    struct Shape {
        mv: Option<Move>,
        visits: u32,
        value: f32,
        tried: u16,
        moves: u16,
        children: Vec<Move>,
    }

    /// The subtree of `at`, node by node in depth-first order (children in
    /// list order); an error where its links cannot be followed, so that a
    /// broken tree fails the test rather than hang it.
    fn subtree<S: Store>(tree: &Tree<Marks, Node, S>, at: u32) -> Result<Vec<Shape>, Corrupt> {
        let nodes = tree.entries.len();
        let entry_at = |from: u32, to: u32| {
            tree.entries
                .get(to as usize)
                .ok_or(Corrupt::OutOfRange { from, to, nodes })
        };
        let mut shapes = Vec::new();
        let mut pending = vec![at];
        while let Some(index) = pending.pop() {
            if shapes.len() >= nodes {
                return Err(Corrupt::Cycle { at: index });
            }
            let entry = entry_at(index, index)?;
            let mut children = Vec::new();
            let mut child = entry.first_child;
            while child != NONE && children.len() <= usize::from(entry.tried) {
                let listed = entry_at(index, child)?;
                children.push(listed.mv.expect("a child has a move"));
                pending.push(child);
                child = listed.next_sibling;
            }
            // Depth first, the first listed child first.
            let start = pending.len() - children.len();
            pending[start..].reverse();
            shapes.push(Shape {
                mv: entry.mv,
                visits: entry.visits,
                value: entry.value,
                tried: entry.tried,
                moves: entry.moves,
                children,
            });
        }
        Ok(shapes)
    }

    /// A tree of `iterations` from the start position, kept by `S` every
    /// `keep_every` plies, and its line.
    fn grown<S: Store>(
        keep_every: u32,
        iterations: u32,
    ) -> (Tree<Marks, Node, S>, Line<Marks>, Settings) {
        let root: Node = Marks::load("").expect("the empty board");
        let line = Line::start(&root, Marks::default_terms(&root.read()));
        let settings = Settings {
            playout_plies: 0,
            keep_every,
            ..Settings::default()
        };
        let mut tree = Tree::<Marks, Node, S>::new(&root, &line, 5);
        for _ in 0..iterations {
            assert!(tree.reserve(None));
            tree.iterate(&line, &settings, true).expect("a sound tree");
        }
        (tree, line, settings)
    }

    /// The root's most visited child: its move and index.
    fn most_visited<S: Store>(tree: &Tree<Marks, Node, S>) -> (Move, u32) {
        let best = tree.best().expect("children").mv;
        let index = tree
            .child_indices(0)
            .find(|&index| tree.entries[index as usize].mv == Some(best))
            .expect("the best child is listed");
        (best, index)
    }

    fn compacts_node_by_node<S: Store>(keep_every: u32) {
        let (mut tree, mut line, settings) = grown::<S>(keep_every, 3_000);
        let (mv, child) = most_visited(&tree);
        let before = subtree(&tree, child).expect("a sound tree");
        assert!(
            before.len() > 100,
            "a subtree worth compacting: {}",
            before.len()
        );
        assert!(before.len() < tree.nodes(), "other subtrees are dropped");
        let board = line.board.clone();
        let root: Node = Marks::load("").expect("the empty board");
        let played = root.play(&board, mv);
        let kept = tree.advance(mv, &played).expect("a sound tree");
        assert_eq!(kept, Some(before.len()));
        let after = subtree(&tree, 0).expect("a compacted tree is sound");
        assert_eq!(after.len(), before.len());
        assert_eq!(after[0].mv, None, "the new root has no move");
        assert_eq!(after[0].children, before[0].children);
        assert_eq!(after[1..], before[1..], "{} every {keep_every}", S::NAME);
        assert_ne!(
            tree.entries[0].kept, NONE,
            "the new root keeps its position"
        );
        let kept = tree
            .entries
            .iter()
            .filter(|entry| entry.kept != NONE)
            .count();
        assert_eq!(
            kept,
            tree.positions.len(),
            "the positions of the dropped nodes go"
        );
        // The compacted tree searches on.
        line.play(mv);
        for _ in 0..500 {
            assert!(tree.reserve(None));
            tree.iterate(&line, &settings, true).expect("a sound tree");
        }
        assert!(tree.nodes() >= before.len() + 400);
    }

    #[test]
    fn a_compacted_subtree_is_the_subtree_before_compaction_node_by_node_in_every_store() {
        for keep_every in [1, 2, 4, 8] {
            compacts_node_by_node::<Positions>(keep_every);
        }
        compacts_node_by_node::<Moves>(u32::MAX);
    }

    #[test]
    fn a_selection_that_meets_a_child_past_the_nodes_stops_with_an_error() {
        let (mut tree, line, settings) = grown::<Positions>(1, 200);
        let (_, child) = most_visited(&tree);
        let nodes = tree.nodes();
        tree.entries[0].first_child = 1_000_000;
        assert_eq!(
            tree.iterate(&line, &settings, true),
            Err(Corrupt::OutOfRange {
                from: 0,
                to: 1_000_000,
                nodes
            })
        );
        tree.entries[0].first_child = child;
        let root = tree.entries[0].visits;
        assert!(tree.iterate(&line, &settings, true).is_ok() || root > 0);
    }

    #[test]
    fn a_selection_that_meets_a_cycle_stops_with_an_error() {
        let (mut tree, line, settings) = grown::<Positions>(1, 200);
        // A list of children that comes back to its first.
        let first = tree.entries[0].first_child;
        let last = tree.child_indices(0).last().expect("the root has children");
        tree.entries[last as usize].next_sibling = first;
        assert_eq!(
            tree.iterate(&line, &settings, true),
            Err(Corrupt::Cycle { at: 0 })
        );
    }

    #[test]
    fn a_path_that_comes_back_to_an_ancestor_stops_with_an_error() {
        let (mut tree, line, settings) = grown::<Moves>(u32::MAX, 2_000);
        // Every child of the root, fully made, leads back to the root.
        let children: Vec<u32> = tree.child_indices(0).collect();
        for &child in &children {
            let entry = &mut tree.entries[child as usize];
            (entry.tried, entry.moves, entry.first_child, entry.outcome) = (1, 1, 0, None);
        }
        tree.entries[0].next_sibling = NONE;
        assert!(matches!(
            tree.iterate(&line, &settings, true),
            Err(Corrupt::Cycle { .. })
        ));
    }

    #[test]
    fn an_advance_through_a_subtree_that_loops_stops_with_an_error() {
        let (mut tree, line, _) = grown::<Positions>(1, 500);
        let (mv, child) = most_visited(&tree);
        let grandchild = tree.entries[child as usize].first_child;
        tree.entries[grandchild as usize].first_child = child;
        let root: Node = Marks::load("").expect("the empty board");
        let played = root.play(&line.board, mv);
        let nodes = tree.nodes();
        assert!(matches!(
            tree.advance(mv, &played),
            Err(Corrupt::Cycle { .. })
        ));
        assert_eq!(tree.nodes(), nodes, "the tree is as it was");
    }
}
