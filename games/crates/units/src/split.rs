//! The split: the move tree walked to a ply, one level at a time, equal
//! positions merged at every level with the number of move sequences that
//! reach them.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use rustc_hash::FxHasher;

use games_core::Node;

/// The distinct positions at the split's ply, each with its multiplicity:
/// the number of move sequences from the root that reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split<N> {
    /// Each distinct position and its multiplicity, in the order the walk
    /// first reached them (the same for every run).
    pub lines: Vec<(N, u128)>,
    /// The distinct positions at each ply from 0 (the root) to the split.
    pub distinct: Vec<usize>,
}

impl<N> Split<N> {
    /// The sum of the multiplicities: perft at the split's ply.
    #[must_use]
    pub fn leaves(&self) -> u128 {
        self.lines
            .iter()
            .map(|(_, multiplicity)| multiplicity)
            .sum()
    }
}

/// Why a split stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfMemory {
    /// The ply being merged.
    pub ply: u32,
    /// The distinct positions of that ply kept when it stopped.
    pub distinct: usize,
}

/// How often, in positions merged, a split asks whether it is over its
/// budget.
const BUDGET_EVERY: usize = 1 << 12;

/// The distinct positions `ply` plies below `root` with their
/// multiplicities, each position made [`canonical`](Node::canonical), so
/// that positions that differ only in a state no move uses are one.
///
/// Ply by ply: every distinct position of a ply is expanded once, its
/// children merged into the next ply (found by [`Node::key`], confirmed by
/// `==`, so a hash collision cannot merge two positions), each adding its
/// parent's multiplicity. The work is the sum over plies of the distinct
/// positions times their moves, not perft at the ply; two plies are held
/// at a time. `over_budget` is asked every few thousand positions and
/// stops the split when it says so; `ply_done` is told each ply and its
/// distinct count.
///
/// ```
/// use games_chess::{self as chess, START};
/// use games_units::split;
/// use games_core::Persistent;
///
/// let start = chess::load::<Persistent>(START)?;
/// let split = split(&start, 3, &|| false, &|_, _| {}).expect("within budget");
/// assert_eq!(split.distinct, [1, 20, 400, 5_362]);
/// assert_eq!(split.leaves(), 8_902);
/// # Ok::<(), chess::LoadError>(())
/// ```
///
/// # Errors
///
/// [`OutOfMemory`] when `over_budget` said so.
pub fn split<N: Node>(
    root: &N,
    ply: u32,
    over_budget: &dyn Fn() -> bool,
    ply_done: &dyn Fn(u32, usize),
) -> Result<Split<N>, OutOfMemory> {
    let mut level = vec![(root.canonical(), 1)];
    let mut distinct = vec![1];
    ply_done(0, 1);
    let mut board = N::Board::default();
    let mut moves = Vec::new();
    let mut made = 0usize;
    for depth in 1..=ply {
        let mut next = Merged::default();
        for (node, multiplicity) in &level {
            node.read_into(&mut board);
            moves.clear();
            N::legal_moves(&board, &mut moves);
            for &mv in &moves {
                next.add(node.play(&board, mv).canonical(), *multiplicity);
                made += 1;
                if made.is_multiple_of(BUDGET_EVERY) && over_budget() {
                    return Err(OutOfMemory {
                        ply: depth,
                        distinct: next.entries.len(),
                    });
                }
            }
        }
        level = next.entries;
        distinct.push(level.len());
        ply_done(depth, level.len());
    }
    Ok(Split {
        lines: level,
        distinct,
    })
}

/// One ply's distinct positions: each key's first entry in `heads`, the
/// entries of one key chained through `next` (almost always alone).
struct Merged<N> {
    heads: HashMap<u64, usize, BuildHasherDefault<FxHasher>>,
    entries: Vec<(N, u128)>,
    next: Vec<usize>,
}

impl<N> Default for Merged<N> {
    fn default() -> Self {
        Merged {
            heads: HashMap::default(),
            entries: Vec::new(),
            next: Vec::new(),
        }
    }
}

/// The end of a chain.
const NONE: usize = usize::MAX;

impl<N: Node> Merged<N> {
    fn add(&mut self, node: N, multiplicity: u128) {
        let fresh = self.entries.len();
        let head = *self.heads.entry(node.key()).or_insert(fresh);
        let mut at = head;
        while at != fresh && at != NONE {
            if self.entries[at].0 == node {
                self.entries[at].1 += multiplicity;
                return;
            }
            at = self.next[at];
        }
        // A new position: first of its key, or put after the key's head.
        if head == fresh {
            self.next.push(NONE);
        } else {
            self.next.push(self.next[head]);
            self.next[head] = fresh;
        }
        self.entries.push((node, multiplicity));
    }
}
