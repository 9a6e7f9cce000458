//! Go's random playouts as measurements: playouts one after the other
//! (each ply a child made through the crate, the parent dropped), and the
//! kept tree of playouts, as a Monte Carlo search keeps one.

use std::hash::Hasher;
use std::time::Instant;

use support::Rng;

use super::tree::{TreeSummary, crate_of, digest, distinct_out_of_memory};
use super::{Failure, Sample, Workload, load};
use games_core::distinct;
use games_core::{Position, content_digest};
use games_go::{self as go, Go};

/// Playouts from one board, one after the other, from one seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutWorkload<'a> {
    /// The board, as [`go::load`] reads it.
    pub board: &'a str,
    /// How many playouts.
    pub playouts: usize,
    /// The most moves of each.
    pub max_moves: usize,
    /// The seed of the moves.
    pub seed: u64,
}

/// What playouts compute: the moves played in all, and a digest of every
/// playout's last position, the same for every crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Moves played, over every playout.
    pub moves: u64,
    /// A digest of each playout's last position, in order.
    pub digest: u64,
}

impl Workload<Go> for PlayoutWorkload<'_> {
    type Output = Played;

    fn run<P: Position<Piece = u8, Style = u8>>(&self) -> Result<Sample<Played>, Failure> {
        let root = load::<Go, P>(self.board)?;
        let mut rng = Rng(self.seed);
        let mut hasher = rustc_hash::FxHasher::default();
        let mut moves = 0;
        let start = Instant::now();
        for _ in 0..self.playouts {
            let played = go::playout(root.clone(), &mut rng, self.max_moves);
            moves += played.moves.len() as u64;
            hasher.write_u64(content_digest(&played.node.position));
        }
        let elapsed = start.elapsed();
        Ok(Sample {
            output: Played {
                moves,
                digest: hasher.finish(),
            },
            elapsed,
        })
    }
}

/// One crate's kept tree of playouts on `board`, built in this process and
/// summed up: what a child of `games go tree` runs (`--summary-line`),
/// through [`super::run_on`].
#[derive(Clone, Copy)]
pub struct KeptWorkload<'a> {
    /// The board, as Go's `load` reads it.
    pub board: &'a str,
    /// Positions to keep, the root included.
    pub positions: usize,
    /// The most moves of a playout.
    pub max_moves: usize,
    /// The playouts' seed.
    pub seed: u64,
    /// The bytes the process holds.
    pub allocated: &'a dyn Fn() -> usize,
}

impl Workload<Go> for KeptWorkload<'_> {
    type Output = TreeSummary;

    /// Builds the tree over `P`, timed as the playouts alone.
    ///
    /// # Errors
    ///
    /// [`Failure::Input`] for a board Go cannot read, or a tree whose
    /// vector cannot be allocated.
    fn run<P: Position<Piece = u8, Style = u8>>(&self) -> Result<Sample<TreeSummary>, Failure> {
        let baseline = (self.allocated)();
        let root = load::<Go, P>(self.board)?;
        let mut rng = Rng(self.seed);
        let start = Instant::now();
        let nodes = go::kept_tree(root, &mut rng, self.positions, self.max_moves)
            .map_err(Failure::input)?
            .nodes;
        let elapsed = start.elapsed();
        let bytes_kept = (self.allocated)().saturating_sub(baseline);
        let distinct =
            distinct(nodes.iter(), nodes.len()).map_err(|_| distinct_out_of_memory(nodes.len()))?;
        // One digest per thousand positions, so that a disagreement says where.
        let digests = nodes.chunks(1_000).map(digest).collect();
        Ok(Sample {
            elapsed,
            output: TreeSummary {
                krate: crate_of::<P>(),
                positions: nodes.len(),
                distinct,
                elapsed,
                bytes_kept,
                // Playouts only add positions: the end is the peak.
                peak_bytes: bytes_kept,
                digests,
            },
        })
    }
}
