//! A [`Search`] whose position crate and store are chosen at run time:
//! what the protocols drive.

use super::engine::{Limits, Monitor, Report, Reuse, Search};
use super::line::Line;
use super::rules::Rules;
use super::store::Store;
use crate::game::{Game, Node};

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

/// How an [`Erased`] search runs: [`Search::run`] or
/// [`Search::run_parallel`].
type Run<G, N, S> = fn(
    &mut Search<G, N, S>,
    &Limits,
    &mut dyn Monitor<<G as Game>::Move>,
) -> Report<<G as Game>::Move>;

/// A search behind [`Engine`], with the way it runs: on one thread
/// ([`Erased::one_thread`]), or on as many threads as its options say
/// ([`Erased::threads`]).
pub struct Erased<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> {
    search: Search<G, N, S>,
    run: Run<G, N, S>,
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Erased<G, N, S> {
    /// `search` on one thread, whatever its nodes: for positions that stay
    /// on one thread (`LocalQi`).
    #[must_use]
    pub fn one_thread(search: Search<G, N, S>) -> Self {
        Erased {
            search,
            run: Search::run,
        }
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board> + Send + Sync, S: Store> Erased<G, N, S>
where
    super::tree::Tree<G, N, S>: Send,
{
    /// `search` on as many threads as its options say: for positions that
    /// cross threads.
    #[must_use]
    pub fn threads(search: Search<G, N, S>) -> Self {
        Erased {
            search,
            run: Search::run_parallel,
        }
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> core::fmt::Debug
    for Erased<G, N, S>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Erased")
            .field("search", &self.search)
            .finish_non_exhaustive()
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Engine<G> for Erased<G, N, S> {
    fn line(&self) -> &Line<G> {
        self.search.line()
    }

    fn play(&mut self, mv: G::Move) -> Reuse {
        self.search.play(mv)
    }

    fn search(&mut self, limits: &Limits, monitor: &mut dyn Monitor<G::Move>) -> Report<G::Move> {
        (self.run)(&mut self.search, limits, monitor)
    }

    fn nodes(&self) -> usize {
        self.search.nodes()
    }
}
