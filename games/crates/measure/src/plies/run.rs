//! The lines over one runner, played ply by ply: each ply's children
//! made, by groups of lines timed apart, and their allocations counted.

use std::hint::black_box;
use std::ops::Range;
use std::time::{Duration, Instant};

use crate::{Crate, Failure, load};
use games_core::{Game, Node};
use games_core::{Local, Persistent, Position, Sashite, content_digest};

/// The lines a group holds: its children are timed together, each group
/// apart, so that a ply's figure is a median over groups (and rounds)
/// that a moment the thread lost to another process spoils only one of.
/// Ten lines' children take some microseconds at the least (chess's
/// start: about 200 children), a thousand times what reading the clock
/// costs.
pub const GROUP_LINES: usize = 10;

/// Whether the program's allocator counts allocations (the `games`
/// program's does; a test's may not): without it, every count is 0 and
/// the tables show none.
#[must_use]
pub fn counting() -> bool {
    densa_alloc::is_active()
}

/// The allocations (`alloc` and `realloc` calls) this thread made so far.
fn allocations() -> u64 {
    let stats = densa_alloc::thread_stats();
    stats.allocs + stats.reallocs
}

/// What the children of one group of lines at one ply cost in one run:
/// their time, and the allocations made meanwhile on the measuring thread.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// The time of every child.
    pub elapsed: Duration,
    /// The allocations (`alloc` and `realloc` calls) meanwhile.
    pub allocations: u64,
}

/// What one ply cost one runner, by group of lines.
#[derive(Debug, Clone, PartialEq)]
pub struct PlyRecord {
    /// The children made, by group of lines.
    pub children: Vec<u64>,
    /// Their cost, by group of lines, by [`Making`](super::Making).
    pub costs: [Vec<Cost>; 2],
}

/// One runner's lines, played ply by ply: a runner of the measurement,
/// whatever its position crate.
pub trait PlyRunner {
    /// Measures the children of every line at ply `ply + 1` (of each
    /// line's position after `ply` moves), then plays each line's own
    /// move there.
    ///
    /// # Errors
    ///
    /// [`Failure::Mismatch`] if a line's move is not legal with this
    /// runner.
    fn ply(&mut self, ply: usize) -> Result<PlyRecord, Failure>;

    /// A digest of every line's last node (its position's content and the
    /// game's state), the same for every runner; `None` if the two copies
    /// of the lines end apart.
    fn digest(&self) -> Option<u64>;
}

/// The lines of `moves` from `root` over the runner `krate`, ready to be
/// played ply by ply.
///
/// # Errors
///
/// [`Failure::Input`] for a root the game cannot read.
pub fn runner<'a, G: Game>(
    krate: Crate,
    root: &str,
    moves: &'a [Vec<G::Move>],
) -> Result<Box<dyn PlyRunner + 'a>, Failure> {
    Ok(match krate {
        Crate::Persistent => Box::new(Played::<G, Persistent<G::Piece, G::Style>>::new(
            root, moves,
        )?),
        Crate::Local => Box::new(Played::<G, Local<G::Piece, G::Style>>::new(root, moves)?),
        Crate::Sashite => Box::new(Played::<G, Sashite<G::Piece, G::Style>>::new(root, moves)?),
        Crate::Fixed => Box::new(Played::<G, G::Fixed>::new(root, moves)?),
    })
}

/// The positions of every line, the start first: one tree of lines.
type Tree<N> = Vec<Vec<N>>;

/// The lines over the position crate `P`, played so far.
struct Played<'a, G: Game, P: Position<Piece = G::Piece, Style = G::Style>> {
    /// Every line's moves.
    moves: &'a [Vec<G::Move>],
    /// Two trees of the same lines, sharing nothing: the children of one
    /// are made into slots, the other's fresh, and neither finds what the
    /// other made.
    trees: [Tree<G::Node<P>>; 2],
    /// The groups of lines timed apart.
    groups: Vec<Range<usize>>,
    /// Each line's position at the ply, read.
    boards: Vec<G::Board>,
    /// Each line's legal moves there.
    legal: Vec<Vec<G::Move>>,
}

impl<'a, G: Game, P: Position<Piece = G::Piece, Style = G::Style>> Played<'a, G, P> {
    fn new(root: &str, moves: &'a [Vec<G::Move>]) -> Result<Self, Failure> {
        let root = load::<G, P>(root)?;
        let plies = moves.first().map_or(0, Vec::len);
        let trees = [root.clone(), root.detached()].map(|start| {
            moves
                .iter()
                .map(|_| {
                    let mut line = Vec::with_capacity(plies + 1);
                    line.push(start.clone());
                    line
                })
                .collect()
        });
        Ok(Played {
            moves,
            trees,
            groups: (0..moves.len())
                .step_by(GROUP_LINES)
                .map(|first| first..(first + GROUP_LINES).min(moves.len()))
                .collect(),
            boards: moves.iter().map(|_| G::Board::default()).collect(),
            legal: moves.iter().map(|_| Vec::new()).collect(),
        })
    }
}

impl<G: Game, P: Position<Piece = G::Piece, Style = G::Style>> PlyRunner for Played<'_, G, P> {
    fn ply(&mut self, ply: usize) -> Result<PlyRecord, Failure> {
        // Untimed: each line read and its moves listed, which also brings
        // the parents into the cache, as perft's read of a node does.
        for (line, (board, legal)) in self.boards.iter_mut().zip(&mut self.legal).enumerate() {
            self.trees[0][line][ply].read_into(board);
            legal.clear();
            G::Node::<P>::legal_moves(board, legal);
            if !legal.contains(&self.moves[line][ply]) {
                return Err(Failure::Mismatch(format!(
                    "{}: move {} of line {} is not legal there",
                    P::CRATE,
                    self.moves[line][ply],
                    line + 1
                )));
            }
        }
        let lines = ReadPly {
            ply,
            boards: &self.boards,
            moves: &self.legal,
        };
        let record = PlyRecord {
            children: self
                .groups
                .iter()
                .map(|group| {
                    self.legal[group.clone()]
                        .iter()
                        .map(|legal| legal.len() as u64)
                        .sum()
                })
                .collect(),
            costs: [
                self.groups
                    .iter()
                    .map(|group| lines.in_slot(&self.trees[0][group.clone()], group.start))
                    .collect(),
                self.groups
                    .iter()
                    .map(|group| lines.fresh(&self.trees[1][group.clone()], group.start))
                    .collect(),
            ],
        };
        for tree in &mut self.trees {
            for ((line, board), played) in tree.iter_mut().zip(&self.boards).zip(self.moves) {
                let child = line[ply].play(board, played[ply]);
                line.push(child);
            }
        }
        Ok(record)
    }

    fn digest(&self) -> Option<u64> {
        use core::hash::Hasher as _;
        let mut hasher = rustc_hash::FxHasher::default();
        for (line, copy) in self.trees[0].iter().zip(&self.trees[1]) {
            let (last, other) = (line.last()?, copy.last()?);
            if last != other {
                return None;
            }
            hasher.write_u64(content_digest(last.position()));
            hasher.write_u64(last.state());
        }
        Some(hasher.finish())
    }
}
/// A ply of every line, read: each line's board and legal moves there.
struct ReadPly<'a, N: Node> {
    /// The ply: the children are `ply + 1` moves from the start.
    ply: usize,
    /// Each line's position at the ply, read.
    boards: &'a [N::Board],
    /// Each line's legal moves there.
    moves: &'a [Vec<N::Move>],
}

impl<N: Node> ReadPly<'_, N> {
    /// Every child of the group of lines `tree` (the lines from `first`
    /// on) at the ply, each built into one slot, as perft builds them.
    fn in_slot(&self, tree: &[Vec<N>], first: usize) -> Cost {
        // As perft's slot for a ply, first a clone of the first parent.
        let mut slot = tree[0][self.ply].clone();
        let before = allocations();
        let start = Instant::now();
        for (line, (board, legal)) in tree
            .iter()
            .zip(self.boards[first..].iter().zip(&self.moves[first..]))
        {
            let parent = &line[self.ply];
            for &mv in legal {
                parent.play_into(board, mv, &mut slot);
                black_box(&slot);
            }
        }
        let elapsed = start.elapsed();
        let allocations = allocations() - before;
        drop(slot);
        Cost {
            elapsed,
            allocations,
        }
    }

    /// Every child of the group of lines `tree` at the ply, each a new
    /// node, dropped at once.
    fn fresh(&self, tree: &[Vec<N>], first: usize) -> Cost {
        let before = allocations();
        let start = Instant::now();
        for (line, (board, legal)) in tree
            .iter()
            .zip(self.boards[first..].iter().zip(&self.moves[first..]))
        {
            let parent = &line[self.ply];
            for &mv in legal {
                black_box(&parent.play(board, mv));
            }
        }
        Cost {
            elapsed: start.elapsed(),
            allocations: allocations() - before,
        }
    }
}
