//! Perft: the number of leaf positions of the legal move tree to a depth.
//!
//! Every counted position is built: each leaf is a real child node,
//! created with [`Node::play`] and then dropped, so the figure measures
//! what it costs a position crate to make moves, not a shortcut around it.
//! The same code counts every game.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use rustc_hash::FxHasher;

use crate::game::Node;
pub use crate::game::PerftOptions;

/// The leaf count below `node` at `depth` plies (1 at depth 0).
///
/// (`games-chess`'s and `games-shogi`'s crate docs count their start
/// positions.)
#[must_use]
pub fn perft<N: Node>(node: &N, depth: u32) -> u64 {
    Search::new(None).count(node, depth)
}

/// Each root move with its leaf count at `options.depth` (the moves in
/// generation order), calling `root_done` after each root move, on this
/// thread: `options.threads` is not read, so nodes need not be `Send`.
#[must_use]
pub fn divide<N: Node>(
    node: &N,
    options: PerftOptions,
    root_done: &dyn Fn(),
) -> Vec<(N::Move, u64)> {
    divide_with_hits(node, options, root_done).0
}

/// [`divide`], and how many subtree counts the transposition table gave
/// (each a transposition found, and a subtree not searched again); 0
/// without a table.
#[must_use]
pub fn divide_with_hits<N: Node>(
    node: &N,
    options: PerftOptions,
    root_done: &dyn Fn(),
) -> (Vec<(N::Move, u64)>, u64) {
    let board = node.read();
    let mut moves = Vec::new();
    N::legal_moves(&board, &mut moves);
    let table = options.table.then(Table::new);
    let mut search = Search::new(table.as_ref());
    let counts = moves
        .iter()
        .map(|&mv| {
            let count = search.count(&node.play(&board, mv), options.depth - 1);
            root_done();
            (mv, count)
        })
        .collect();
    (counts, table.map_or(0, |table| table.hits.into_inner()))
}

/// [`divide`] on `options.threads` worker threads sharing the root moves
/// (and the table, if any).
///
/// # Panics
///
/// If the thread pool cannot be built.
pub fn divide_parallel<N: Node + Send + Sync>(
    node: &N,
    options: PerftOptions,
    root_done: &(dyn Fn() + Sync),
) -> Vec<(N::Move, u64)> {
    let moves = node.legal_move_list();
    let table = options.table.then(Table::new);
    pool(options.threads).install(|| {
        moves
            .par_iter()
            .map(|&mv| {
                // Each worker reads the root for itself: a read board need
                // not be shared between threads. The child shares nothing
                // with the root, so the positions below it share their
                // reference counts with this worker's only.
                let child = node.play(&node.read(), mv).detached();
                let count = Search::new(table.as_ref()).count(&child, options.depth - 1);
                root_done();
                (mv, count)
            })
            .collect()
    })
}

/// The leaf count below each node of `lines` at its own depth, in their
/// order, on this thread, with one transposition table for them all if
/// `options.table` (a work unit's positions share many subtrees), calling
/// `line_done` after each; `options.depth` and `options.threads` are not
/// read.
///
/// (`games-units`'s crate docs count the children of chess's start.)
#[must_use]
pub fn perft_each<N: Node>(
    lines: &[(N, u32)],
    options: PerftOptions,
    line_done: &dyn Fn(),
) -> Vec<u64> {
    let table = options.table.then(Table::new);
    let mut search = Search::new(table.as_ref());
    lines
        .iter()
        .map(|(node, depth)| {
            let count = search.count(node, *depth);
            line_done();
            count
        })
        .collect()
}

/// [`perft_each`] on `options.threads` worker threads taking the lines in
/// turn (and sharing the table, if any).
///
/// # Panics
///
/// If the thread pool cannot be built.
pub fn perft_each_parallel<N: Node + Send + Sync>(
    lines: &[(N, u32)],
    options: PerftOptions,
    line_done: &(dyn Fn() + Sync),
) -> Vec<u64> {
    let table = options.table.then(Table::new);
    pool(options.threads).install(|| {
        lines
            .par_iter()
            .map_init(
                || Search::new(table.as_ref()),
                |search, (node, depth)| {
                    let count = search.count(node, *depth);
                    line_done();
                    count
                },
            )
            .collect()
    })
}

/// A pool of `threads` worker threads (at least one).
///
/// # Panics
///
/// If the pool cannot be built.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .expect("a thread pool")
}

/// What a search keeps for a ply: the node's moves, the board it is read
/// into, and the slot its children are built into.
type Ply<N> = (Vec<<N as Node>::Move>, <N as Node>::Board, Option<N>);

/// One thread's search: its move buffers, one per ply, and the shared
/// table if any.
struct Search<'t, N: Node> {
    table: Option<&'t Table<N>>,
    /// Per ply, the node's moves, the board it is read into, and the slot
    /// its children are built into, one after the other.
    buffers: Vec<Ply<N>>,
}

impl<'t, N: Node> Search<'t, N> {
    fn new(table: Option<&'t Table<N>>) -> Self {
        Search {
            table,
            buffers: Vec::new(),
        }
    }

    fn count(&mut self, node: &N, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // Leaves' parents are not stored: their counts are cheaper to redo
        // than to look up, and they would outnumber every other entry.
        let table = self.table.filter(|_| depth >= 2);
        let key = table.map(|_| node.key());
        if let (Some(table), Some(key)) = (table, key)
            && let Some(count) = table.get(key, node, depth)
        {
            return count;
        }
        let ply = depth as usize;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Default::default);
        }
        let (mut moves, mut board, child) = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        node.read_into(&mut board);
        N::legal_moves(&board, &mut moves);
        let mut child = child.unwrap_or_else(|| node.clone());
        let count = if depth == 1 {
            for &mv in &moves {
                // The leaf is built, and kept from being optimised away.
                node.play_into(&board, mv, &mut child);
                std::hint::black_box(&child);
            }
            moves.len() as u64
        } else {
            let mut count = 0;
            for &mv in &moves {
                node.play_into(&board, mv, &mut child);
                count += self.count(&child, depth - 1);
            }
            count
        };
        self.buffers[ply] = (moves, board, Some(child));
        if let (Some(table), Some(key)) = (table, key) {
            table.insert(key, node, depth, count);
        }
        count
    }
}

type Entries<P> = HashMap<(u64, u32), (P, u64), BuildHasherDefault<FxHasher>>;

/// Subtree counts keyed by position key and depth. Each entry keeps its
/// position and a hit is compared with `==`, so two positions that share a
/// key can never share a count. Sharded so that threads seldom wait.
struct Table<P> {
    shards: Vec<Mutex<Entries<P>>>,
    /// The counts the table gave.
    hits: AtomicU64,
}

const SHARDS: usize = 64;

/// Entries a table holds at most, so that a deep perft cannot exhaust
/// memory: about 4 million positions, a gigabyte or two.
const CAPACITY: usize = 1 << 22;

impl<P: Node> Table<P> {
    fn new() -> Self {
        Table {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            hits: AtomicU64::new(0),
        }
    }

    fn shard(&self, key: u64) -> &Mutex<Entries<P>> {
        // The key's low bits pick the shard; the map hashes the whole key.
        let low_bits = usize::from(key.to_le_bytes()[0]);
        &self.shards[low_bits % SHARDS]
    }

    fn get(&self, key: u64, position: &P, depth: u32) -> Option<u64> {
        let shard = self
            .shard(key)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = shard
            .get(&(key, depth))
            .filter(|(stored, _)| stored == position)
            .map(|(_, count)| *count);
        if count.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        count
    }

    /// Stores a count, replacing what the key held; once the table is
    /// full, only replacing.
    fn insert(&self, key: u64, position: &P, depth: u32, count: u64) {
        let mut shard = self
            .shard(key)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if shard.len() < CAPACITY / SHARDS || shard.contains_key(&(key, depth)) {
            shard.insert((key, depth), (position.clone(), count));
        }
    }
}
