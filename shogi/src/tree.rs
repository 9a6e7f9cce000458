//! The whole legal move tree to a depth, built breadth-first with every
//! position kept alive: what a search that keeps its nodes pays in time and
//! memory.

use core::fmt;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::{Duration, Instant};

use rustc_hash::FxHasher;

use crate::board::Board;
use crate::movegen::legal_moves;
use crate::position::Position;

/// A tree kept in memory: level `k` holds every position `k` plies from the
/// root, children in the order of their parents and of move generation.
#[derive(Debug)]
pub struct Tree<P> {
    /// The levels, the root's first.
    pub levels: Vec<Vec<P>>,
    /// Time spent generating moves and building children.
    pub elapsed: Duration,
    /// Bytes held at the end, over the [`Observer`]'s baseline: every
    /// position of the tree, with the vectors holding them.
    pub bytes_kept: usize,
    /// The most bytes held at once during the build, over the baseline,
    /// sampled at the end of each level (where all its children are built).
    pub peak_bytes: usize,
}

impl<P: Position> Tree<P> {
    /// The number of positions, the root included.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }

    /// The number of distinct positions (transpositions counted once):
    /// positions are told apart by [`Position::key`], then by `==`.
    #[must_use]
    pub fn distinct(&self) -> usize {
        let mut seen: HashSet<Keyed<'_, P>, BuildHasherDefault<FxHasher>> = HashSet::default();
        for position in self.levels.iter().flatten() {
            seen.insert(Keyed(position.key(), position));
        }
        seen.len()
    }
}

/// A position with its key, hashed by the key and compared in full.
struct Keyed<'a, P>(u64, &'a P);

impl<P: PartialEq> PartialEq for Keyed<'_, P> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0 && self.1 == other.1
    }
}

impl<P: PartialEq> Eq for Keyed<'_, P> {}

impl<P> Hash for Keyed<'_, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0);
    }
}

/// What [`build`] reports to its caller while it works.
pub struct Observer<'a> {
    /// The bytes the process holds (read from a counting allocator).
    pub allocated: &'a dyn Fn() -> usize,
    /// [`allocated`](Observer::allocated) before the root was built, so
    /// that the root counts too.
    pub baseline: usize,
    /// Called as each ply starts, with the ply and its number of parents.
    pub level_started: &'a dyn Fn(u32, usize),
    /// Called after each parent's children are built.
    pub parent_done: &'a dyn Fn(),
}

/// The tree would hold more positions than allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The ply that would overflow.
    pub ply: u32,
    /// The positions the tree would hold with it.
    pub positions: usize,
    /// The limit.
    pub limit: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the tree to ply {} would hold {} positions, over the limit of {}",
            self.ply, self.positions, self.limit
        )
    }
}

impl std::error::Error for TooLarge {}

/// Builds the tree below `root` to `depth` plies, one level at a time,
/// holding at most `max_positions` positions (the root included).
///
/// # Errors
///
/// [`TooLarge`] before building a ply that would take the tree over
/// `max_positions`; nothing of that ply is built.
pub fn build<P: Position>(
    root: P,
    depth: u32,
    max_positions: usize,
    observer: &Observer<'_>,
) -> Result<Tree<P>, TooLarge> {
    let start = Instant::now();
    let mut levels = vec![vec![root]];
    let mut positions = 1;
    let mut peak_bytes = 0;
    for ply in 1..=depth {
        let parents = &levels[levels.len() - 1];
        (observer.level_started)(ply, parents.len());
        // The level's size first, move generation run once to count: the
        // level is then allocated once at its exact size (a growing vector
        // would count its slack as kept memory), and no move list of the
        // whole level is held beside it.
        let mut moves = Vec::new();
        let mut level = 0_usize;
        for parent in parents {
            moves.clear();
            legal_moves(&Board::read(parent), &mut moves);
            level += moves.len();
        }
        positions += level;
        if positions > max_positions {
            return Err(TooLarge {
                ply,
                positions,
                limit: max_positions,
            });
        }
        let mut children = Vec::with_capacity(level);
        for parent in parents {
            moves.clear();
            legal_moves(&Board::read(parent), &mut moves);
            children.extend(moves.iter().map(|mv| parent.play(*mv)));
            (observer.parent_done)();
        }
        peak_bytes = peak_bytes.max((observer.allocated)().saturating_sub(observer.baseline));
        drop(moves);
        levels.push(children);
    }
    let elapsed = start.elapsed();
    Ok(Tree {
        levels,
        elapsed,
        bytes_kept: (observer.allocated)().saturating_sub(observer.baseline),
        peak_bytes,
    })
}
