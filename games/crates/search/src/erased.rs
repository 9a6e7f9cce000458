//! A [`Search`] whose position crate and store are chosen at run time:
//! what the protocols drive.

use super::engine::{Limits, Monitor, Report, Reuse, Search};
use super::line::Line;
use super::rules::Rules;
use super::store::Store;
use games_core::Node;

/// A game searched move after move, whatever its position crate and
/// store: [`Search`] behind a trait object.
pub trait Engine<G: Rules> {
    /// The game's line: the current position read, and every position's
    /// step so far.
    fn line(&self) -> &Line<G>;

    /// Plays `mv`, one of the current position's moves, keeping each
    /// tree's subtree of it: see [`Search::play`].
    fn play(&mut self, mv: G::Move) -> Reuse;

    /// Searches the current position: see [`Search::run`].
    fn search(&mut self, limits: &Limits, monitor: &mut dyn Monitor<G::Move>) -> Report<G::Move>;

    /// Tree nodes, every tree's.
    fn nodes(&self) -> usize;
}

/// A search on one thread, whatever its nodes: for positions that stay on
/// one thread (`LocalQi`).
#[derive(Debug)]
pub struct OneThread<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store>(
    pub Search<G, N, S>,
);

/// A search on as many threads as its options say: for positions that
/// cross threads.
#[derive(Debug)]
pub struct Threads<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store>(
    pub Search<G, N, S>,
);

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Engine<G>
    for OneThread<G, N, S>
{
    fn line(&self) -> &Line<G> {
        self.0.line()
    }

    fn play(&mut self, mv: G::Move) -> Reuse {
        self.0.play(mv)
    }

    fn search(&mut self, limits: &Limits, monitor: &mut dyn Monitor<G::Move>) -> Report<G::Move> {
        self.0.run(limits, monitor)
    }

    fn nodes(&self) -> usize {
        self.0.nodes()
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board> + Send + Sync, S: Store> Engine<G>
    for Threads<G, N, S>
where
    super::tree::Tree<G, N, S>: Send,
{
    fn line(&self) -> &Line<G> {
        self.0.line()
    }

    fn play(&mut self, mv: G::Move) -> Reuse {
        self.0.play(mv)
    }

    fn search(&mut self, limits: &Limits, monitor: &mut dyn Monitor<G::Move>) -> Report<G::Move> {
        self.0.run_parallel(limits, monitor)
    }

    fn nodes(&self) -> usize {
        self.0.nodes()
    }
}
