//! Tree reuse: after a move is played, the child it leads to becomes the
//! root, its subtree moves down the vector in place and everything else is
//! dropped at once.

use super::line::Line;
use super::rules::Rules;
use super::store::Store;
use super::tree::{NONE, Tree};
use crate::game::Node;

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Tree<G, N, S> {
    /// The tree below the root's child after `mv`, that child its new root,
    /// every other node dropped at once and the vector shrunk to what is
    /// kept: the number of nodes kept, or `None` (the tree unchanged) if
    /// the root has no such child.
    ///
    /// The kept nodes move down the vector in their order, which keeps
    /// every parent before its children; no node is copied and no position
    /// cloned.
    pub fn advance(&mut self, mv: G::Move) -> Option<usize> {
        let child = self
            .child_indices(0)
            .find(|&index| self.entries[index as usize].mv == Some(mv))?;
        let kept = Marks::subtree(self, child);
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
        let root = &mut self.entries[0];
        root.next_sibling = NONE;
        root.mv = None;
        Some(next)
    }

    /// The tree made anew from `root` (its line `line`), its generator kept.
    pub fn restart(&mut self, root: &N, line: &Line<G>) {
        let fresh = Tree::<G, N, S>::new(root, line, 0);
        self.entries = fresh.entries;
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
    /// The nodes of the subtree of `root`.
    fn subtree<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store>(
        tree: &Tree<G, N, S>,
        root: u32,
    ) -> Marks {
        let mut words = vec![0_u64; tree.entries.len().div_ceil(64)];
        let mut pending = vec![root];
        while let Some(index) = pending.pop() {
            words[index as usize / 64] |= 1 << (index % 64);
            pending.extend(tree.child_indices(index));
        }
        let mut before = Vec::with_capacity(words.len());
        let mut count = 0;
        for word in &words {
            before.push(count);
            count += word.count_ones();
        }
        Marks { words, before }
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
