//! The whole legal move tree to a depth, built breadth-first with every
//! position kept alive: what a search that keeps its nodes pays in time and
//! memory.
//!
//! A tree grows by a factor of about 30 to 80 per ply, so one ply too many
//! asks for far more memory than a machine has. Before each ply is built,
//! the whole tree to the requested depth is estimated from the plies built
//! so far (the next level's size counted exactly, the levels below it grown
//! by the last measured branching factor, each position costing what the
//! last level's did), and refused if it would not fit the memory given;
//! the vectors of positions are reserved fallibly, so an allocation that
//! fails all the same stops the build with an error, never an abort.

use core::fmt;
use std::collections::HashSet;
use std::collections::TryReserveError;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::{Duration, Instant};

use rustc_hash::FxHasher;

use crate::game::Node;
use support::report::thousands;

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

impl<P: Node> Tree<P> {
    /// The number of positions, the root included.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }

    /// The number of distinct positions (transpositions counted once):
    /// positions are told apart by [`Node::key`], then by `==`.
    ///
    /// # Errors
    ///
    /// If the table of the positions seen (about [`DISTINCT_BYTES`] bytes a
    /// position) cannot be allocated.
    pub fn distinct(&self) -> Result<usize, TryReserveError> {
        distinct(self.levels.iter().flatten(), self.positions())
    }
}

/// The number of distinct nodes among `nodes` (of which there are about
/// `count`): told apart by [`Node::key`], then by `==`.
///
/// # Errors
///
/// If the table of the nodes seen (about [`DISTINCT_BYTES`] bytes a node)
/// cannot be allocated.
pub fn distinct<'a, N: Node>(
    nodes: impl IntoIterator<Item = &'a N>,
    count: usize,
) -> Result<usize, TryReserveError> {
    let mut seen: HashSet<Keyed<'_, N>, BuildHasherDefault<FxHasher>> = HashSet::default();
    seen.try_reserve(count)?;
    for node in nodes {
        seen.insert(Keyed(node.key(), node));
    }
    Ok(seen.len())
}

/// The most bytes per position the distinct count's table takes: a key and
/// a reference (16 bytes) and a control byte per slot, at most about twice
/// as many slots as positions.
pub const DISTINCT_BYTES: usize = 2 * (size_of::<u64>() + size_of::<usize>() + 1);

/// A position with its key (the first field, the position's own hash),
/// hashed by the key and compared in full: a distinct count's table
/// entry, as [`distinct`] and the measuring side build them.
pub struct Keyed<'a, P>(pub u64, pub &'a P);

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

/// What a tree may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most positions, the root included.
    pub positions: usize,
    /// The most bytes over the [`Observer`]'s baseline (the memory the
    /// machine has available), if known; the distinct count's table
    /// included.
    pub bytes: Option<usize>,
}

/// Why a tree was not built, or not to its depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeError {
    /// The tree to `ply` would hold more positions than allowed: counted
    /// exactly before the ply is built.
    TooManyPositions {
        /// The ply that would overflow.
        ply: u32,
        /// The positions the tree would hold with it.
        positions: usize,
        /// The limit.
        limit: usize,
    },
    /// The tree to `depth` would need more memory than allowed: estimated
    /// before building `ply` (see [`build`]).
    TooMuchMemory {
        /// The depth asked for.
        depth: u32,
        /// The ply the estimate was made before.
        ply: u32,
        /// The positions the tree would hold, estimated.
        positions: u128,
        /// The bytes a position was estimated to cost.
        bytes_per_position: usize,
        /// The bytes the tree would take, estimated.
        bytes: u128,
        /// The bytes allowed.
        limit: usize,
    },
    /// The vector for a ply's positions could not be allocated.
    OutOfMemory {
        /// The ply.
        ply: u32,
        /// Its positions.
        positions: usize,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TreeError::TooManyPositions {
                ply,
                positions,
                limit,
            } => write!(
                f,
                "the tree to ply {ply} would hold {positions} positions, over the limit of {limit}"
            ),
            TreeError::TooMuchMemory {
                depth,
                ply,
                positions,
                bytes_per_position,
                bytes,
                limit,
            } => write!(
                f,
                "the tree to depth {depth} would take about {} (about {} positions at \
                 {bytes_per_position} bytes, estimated before ply {ply}), more than the {} \
                 available",
                gigabytes(bytes),
                thousands(positions),
                gigabytes(limit as u128)
            ),
            TreeError::OutOfMemory { ply, positions } => write!(
                f,
                "out of memory: ply {ply} ({positions} positions) could not be allocated"
            ),
        }
    }
}

impl std::error::Error for TreeError {}

/// Bytes in gigabytes, or below one gigabyte in megabytes, to the nearest
/// tenth.
fn gigabytes(bytes: u128) -> String {
    let (unit, name) = if bytes < 1_000_000_000 {
        (1_000_000, "MB")
    } else {
        (1_000_000_000, "GB")
    };
    let tenths = (bytes + unit / 20) / (unit / 10);
    format!("{}.{} {name}", tenths / 10, tenths % 10)
}

/// The tree to `depth` as estimated before building `ply`, from the sizes
/// of the levels built (`levels`, the root's first: at least one) and of
/// the next one (counted): its positions, the next level's and those below
/// it grown by the last branching factor measured (at least 1).
#[must_use]
pub fn estimated_positions(levels: &[usize], next: usize, ply: u32, depth: u32) -> u128 {
    let built: u128 = levels.iter().map(|&level| level as u128).sum();
    let last = levels.last().copied().unwrap_or(1).max(1) as u128;
    let branching = (next as u128).div_ceil(last).max(1);
    let mut total = built + next as u128;
    let mut level = next as u128;
    for _ in ply..depth {
        level = level.saturating_mul(branching);
        total = total.saturating_add(level);
    }
    total
}

/// Builds the tree below `root` to `depth` plies, one level at a time,
/// within `limits`.
///
/// Before each ply, the whole tree to `depth` is estimated from the plies
/// built so far: the next level's size counted exactly, the levels below it
/// grown by the last measured branching factor, each position still to
/// build costing what a position of the last level built did (its own
/// size before the first), and every position its share of the distinct
/// count's table ([`DISTINCT_BYTES`]). A tree grows by a factor of about 30
/// to 80 per ply, so one ply too many asks for far more memory than a
/// machine has: that is refused at once, not found out by an abort.
///
/// # Errors
///
/// Before building a ply: [`TreeError::TooManyPositions`] if it would take
/// the tree over `limits.positions`, [`TreeError::TooMuchMemory`] if the
/// tree to `depth` is estimated to need more than `limits.bytes`;
/// [`TreeError::OutOfMemory`] if the ply's vector cannot be allocated.
/// Nothing of that ply is built.
pub fn build<P: Node>(
    root: P,
    depth: u32,
    limits: Limits,
    observer: &Observer<'_>,
) -> Result<Tree<P>, TreeError> {
    let start = Instant::now();
    let mut levels = vec![vec![root]];
    let mut positions = 1;
    let mut peak_bytes = 0;
    // What the last level built cost per position: its positions and
    // their vector, never less than a position's own size (all that is
    // known before the first level, or with an observer that counts
    // nothing).
    let mut bytes_per_position = size_of::<P>();
    for ply in 1..=depth {
        let parents = &levels[levels.len() - 1];
        (observer.level_started)(ply, parents.len());
        // The level's size first, move generation run once to count: the
        // level is then allocated once at its exact size (a growing vector
        // would count its slack as kept memory), and no move list of the
        // whole level is held beside it.
        let mut moves = Vec::new();
        let mut board = P::Board::default();
        let mut level = 0_usize;
        for parent in parents {
            moves.clear();
            parent.read_into(&mut board);
            P::legal_moves(&board, &mut moves);
            level += moves.len();
        }
        positions += level;
        if positions > limits.positions {
            return Err(TreeError::TooManyPositions {
                ply,
                positions,
                limit: limits.positions,
            });
        }
        if let Some(limit) = limits.bytes {
            // What is held already, what the positions still to build will
            // take, and the distinct count's table for all of them.
            let sizes: Vec<usize> = levels.iter().map(Vec::len).collect();
            let estimated = estimated_positions(&sizes, level, ply, depth);
            let to_build = estimated.saturating_sub((positions - level) as u128);
            let held = (observer.allocated)().saturating_sub(observer.baseline) as u128;
            let bytes = held
                .saturating_add(to_build.saturating_mul(bytes_per_position as u128))
                .saturating_add(estimated.saturating_mul(DISTINCT_BYTES as u128));
            if bytes > limit as u128 {
                return Err(TreeError::TooMuchMemory {
                    depth,
                    ply,
                    positions: estimated,
                    bytes_per_position: bytes_per_position + DISTINCT_BYTES,
                    bytes,
                    limit,
                });
            }
        }
        let before = (observer.allocated)();
        let mut children = Vec::new();
        children
            .try_reserve_exact(level)
            .map_err(|_| TreeError::OutOfMemory {
                ply,
                positions: level,
            })?;
        for parent in parents {
            moves.clear();
            parent.read_into(&mut board);
            P::legal_moves(&board, &mut moves);
            children.extend(moves.iter().map(|&mv| parent.play(&board, mv)));
            (observer.parent_done)();
        }
        let after = (observer.allocated)();
        if let Some(measured) = after.saturating_sub(before).checked_div(level) {
            bytes_per_position = measured.max(size_of::<P>());
        }
        peak_bytes = peak_bytes.max(after.saturating_sub(observer.baseline));
        drop(moves);
        levels.try_reserve(1).map_err(|_| TreeError::OutOfMemory {
            ply,
            positions: level,
        })?;
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
