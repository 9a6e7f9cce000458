//! Perft as a workload: each root move's count, or each line's of a work
//! unit, the same for every crate, and the time of the count alone
//! (reading the positions left out).

use std::time::{Duration, Instant};

use super::{Failure, Sample, Workload, as_f64, load};
use games_core::Position;
use games_core::{Game, Node};
use games_core::{PerftOptions, divide, perft_each};
use games_units::Line;

/// Perft of one position to a depth, with the options given.
pub struct PerftWorkload<'a> {
    /// The position, as the game's `load` reads it.
    pub text: &'a str,
    /// The depth, the table and the threads.
    pub options: PerftOptions,
    /// Called after each root move.
    pub root_done: &'a (dyn Fn() + Sync),
}

/// What a perft computes: each root move (as the game spells it) with its
/// count, sorted by the move's spelling.
pub type Divide = Vec<(String, u64)>;

/// The leaf count of a divide.
#[must_use]
pub fn nodes(divide: &Divide) -> u64 {
    divide.iter().map(|(_, count)| count).sum()
}

fn sorted<M: ToString>(counts: Vec<(M, u64)>) -> Divide {
    let mut divide: Divide = counts
        .into_iter()
        .map(|(mv, count)| (mv.to_string(), count))
        .collect();
    divide.sort();
    divide
}

impl<G: Game> Workload<G> for PerftWorkload<'_> {
    type Output = Divide;

    fn run<P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Sample<Divide>, Failure> {
        let node = load::<G, P>(self.text)?;
        let start = Instant::now();
        let counts = divide(&node, self.options, &|| (self.root_done)());
        let elapsed = start.elapsed();
        Ok(Sample {
            output: sorted(counts),
            elapsed,
        })
    }

    fn run_sync<P: Position<Piece = G::Piece, Style = G::Style> + Send + Sync>(
        &self,
    ) -> Result<Sample<Divide>, Failure> {
        if self.options.threads <= 1 {
            return <Self as Workload<G>>::run::<P>(self);
        }
        let node = load::<G, P>(self.text)?;
        let start = Instant::now();
        let counts = G::divide_parallel(&node, self.options, self.root_done);
        let elapsed = start.elapsed();
        Ok(Sample {
            output: sorted(counts),
            elapsed,
        })
    }
}

/// The number of root moves of a position, for a progress bar.
///
/// # Errors
///
/// [`Failure::Input`] for a text the game cannot read.
pub fn root_moves<G: Game>(text: &str) -> Result<usize, Failure> {
    let node = load::<G, games_core::Persistent<G::Piece, G::Style>>(text)?;
    Ok(node.legal_move_list().len())
}

/// Nodes per second of a count done in `elapsed`.
#[must_use]
pub fn rate(nodes: u64, elapsed: Duration) -> f64 {
    as_f64(nodes) / elapsed.as_secs_f64().max(1e-9)
}

/// The count of every line of a work unit, each line read by the game
/// into the crate's position, the same counts for every crate.
pub struct UnitWorkload<'a> {
    /// The unit's file name, for the errors.
    pub name: &'a str,
    /// Its lines.
    pub lines: &'a [Line],
    /// The depth each line counts.
    pub depth: u32,
    /// The table and the threads (the depth is the lines').
    pub options: PerftOptions,
    /// Called after each line.
    pub line_done: &'a (dyn Fn() + Sync),
}

/// The lines of a unit read into nodes, each with the depth it counts.
type Nodes<G, P> = Vec<(<G as Game>::Node<P>, u32)>;

impl UnitWorkload<'_> {
    /// Every line read by the game into a node over `P`, with its depth.
    fn nodes<G: Game, P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Nodes<G, P>, Failure> {
        self.lines
            .iter()
            .enumerate()
            .map(|(index, line)| {
                let node = G::load::<P>(&line.position).map_err(|error| {
                    Failure::Input(format!("{} line {}: {error}", self.name, index + 1))
                })?;
                Ok((node, self.depth))
            })
            .collect()
    }
}

impl<G: Game> Workload<G> for UnitWorkload<'_> {
    type Output = Vec<u64>;

    fn run<P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Sample<Vec<u64>>, Failure> {
        let nodes = self.nodes::<G, P>()?;
        let start = Instant::now();
        let counts = perft_each(&nodes, self.options, &|| (self.line_done)());
        Ok(Sample {
            output: counts,
            elapsed: start.elapsed(),
        })
    }

    fn run_sync<P: Position<Piece = G::Piece, Style = G::Style> + Send + Sync>(
        &self,
    ) -> Result<Sample<Vec<u64>>, Failure> {
        if self.options.threads <= 1 {
            return <Self as Workload<G>>::run::<P>(self);
        }
        let nodes = self.nodes::<G, P>()?;
        let start = Instant::now();
        let counts = G::perft_each_parallel(&nodes, self.options, self.line_done);
        Ok(Sample {
            output: counts,
            elapsed: start.elapsed(),
        })
    }
}
