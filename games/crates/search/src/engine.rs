//! A game searched move after move: the game's line, one tree per thread
//! (root parallelism: each thread its own tree, their root children
//! merged), each tree kept from one move to the next (the played child
//! becomes its root), limits on iterations, time and memory.

use core::time::Duration;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::child::Child;
use super::line::Line;
use super::rules::{Rules, Terms};
use super::settings::Settings;
use super::store::Store;
use super::tree::Tree;
use games_core::Node;

/// Bytes kept free below a memory budget, a thread: room for what one
/// expansion may allocate beside its tree node (a position's blocks).
const MARGIN: usize = 1 << 20;

/// Iterations between two looks at the monitor and the stop flag. The
/// clock of a search with a time limit is looked at every iteration: an
/// iteration with a playout to the end of a 19x19 game takes milliseconds,
/// and a clock's share of a second must not be overrun by 16 of them.
const CHECK_EVERY: u64 = 16;

/// The most moves of a principal variation in a report.
const PV_PLIES: usize = 32;

/// How a search is run, beyond one tree's [`Settings`].
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// One tree's settings.
    pub settings: Settings,
    /// Threads, each with a tree of its own; at least 1.
    pub threads: usize,
    /// The seed of the first thread's generator (the others take the next
    /// seeds).
    pub seed: u64,
    /// The most bytes the trees may hold, counted by `probe` (the process's
    /// counting allocator) from when the search was made; `None` for no
    /// limit.
    pub memory: Option<Budget>,
}

/// A memory budget, counted by the process's allocator.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// The most bytes.
    pub bytes: usize,
    /// The bytes the process holds now.
    pub probe: fn() -> usize,
}

/// When a search stops: the first limit reached. With none, it runs until
/// its [`Monitor`] stops it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations in all, over every thread.
    pub iterations: Option<u64>,
    /// Time from the search's start.
    pub time: Option<Duration>,
}

/// What watches a search while it runs, on the first thread: a protocol
/// reading its input, a progress line.
pub trait Monitor<M> {
    /// Called every few iterations: whether to stop now. The default: never.
    fn poll(&mut self) -> bool {
        false
    }

    /// Called about once a second with the search's progress. The default
    /// ignores it.
    fn progress(&mut self, progress: &Progress<M>) {
        let _ = progress;
    }
}

/// A monitor that never stops a search and shows nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl<M> Monitor<M> for Quiet {}

/// A search's state, as its info callback sees it while it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress<M> {
    /// Iterations so far, every thread's.
    pub iterations: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The first thread's principal variation.
    pub pv: Vec<M>,
    /// The value of its first move for the player to move, in `[0, 1]`.
    pub value: f32,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Report<M> {
    /// The move to play, over every tree: a move that wins at once, else
    /// the root's most visited child, else the better mean
    /// ([`Child::better_than`]; the first in generation order among
    /// equals); where no iteration ran (a search stopped at once), the move
    /// the tree tries first ([`Rules::order`]); `None` only where the
    /// player to move has no move.
    pub best: Option<M>,
    /// Its mean value for the player to move, in `[0, 1]`.
    pub value: f32,
    /// The root's moves in generation order, each with its visits and
    /// value summed over the trees.
    pub root: Vec<Child<M>>,
    /// The most visited line, from the tree that visited `best` most.
    pub pv: Vec<M>,
    /// Iterations run, every thread's.
    pub iterations: u64,
    /// The search's time.
    pub elapsed: Duration,
    /// Tree nodes at the end, every tree's.
    pub nodes: usize,
    /// The mean plies from the root to the node an iteration selected, over
    /// the first tree's life (its iterations since it was made, across
    /// moves where it was kept).
    pub mean_depth: f64,
    /// The most bytes the trees held while it ran, by the budget's probe;
    /// `None` without a budget.
    pub peak_bytes: Option<usize>,
}

/// What a move kept of the trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reuse {
    /// Nodes before the move, every tree's.
    pub before: usize,
    /// Nodes kept: the played child's subtrees.
    pub kept: usize,
}

/// A game searched move after move, over nodes `N`, its trees kept by `S`.
pub struct Search<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> {
    node: N,
    line: Line<G>,
    trees: Vec<Tree<G, N, S>>,
    options: Options,
    /// The budget's probe when the search was made: what the process held
    /// before any tree.
    base: usize,
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> core::fmt::Debug
    for Search<G, N, S>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Search")
            .field("store", &S::NAME)
            .field("trees", &self.trees)
            .field("plies", &(self.line.steps.len() - 1))
            .finish_non_exhaustive()
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store> Search<G, N, S> {
    /// A search of the game that starts at `root` under `terms`.
    #[must_use]
    pub fn new(root: N, terms: Terms, options: Options) -> Self {
        let base = options.memory.map_or(0, |budget| (budget.probe)());
        let line = Line::start(&root, terms);
        let threads = options.threads.max(1);
        let trees = (0..threads)
            .map(|thread| Tree::new(&root, &line, options.seed.wrapping_add(thread as u64)))
            .collect();
        Search {
            node: root,
            line,
            trees,
            options: Options { threads, ..options },
            base,
        }
    }

    /// The game's line: the root read, and every position's step so far.
    #[must_use]
    pub fn line(&self) -> &Line<G> {
        &self.line
    }

    /// The node at the root: the game's current position.
    #[must_use]
    pub fn node(&self) -> &N {
        &self.node
    }

    /// Tree nodes, every tree's.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.trees.iter().map(Tree::nodes).sum()
    }

    /// Plays `mv`, one of the root's moves: the game goes on from its
    /// child, and each tree keeps the child's subtree (or starts anew from
    /// it where the tree never made it).
    ///
    /// # Panics
    ///
    /// If a tree is [`Corrupt`](super::Corrupt): a bug, never the game's
    /// input.
    pub fn play(&mut self, mv: G::Move) -> Reuse {
        let before = self.nodes();
        let child = self.node.play(&self.line.board, mv);
        self.line.play(mv);
        self.node = child;
        for tree in &mut self.trees {
            match tree.advance(mv, &self.node) {
                Ok(Some(_)) => {}
                Ok(None) => tree.restart(&self.node, &self.line),
                Err(corrupt) => panic!("{corrupt}"),
            }
        }
        Reuse {
            before,
            kept: self.nodes(),
        }
    }

    /// Searches on this thread, with the first tree only (`threads` is not
    /// read, so nodes need not be `Send`), watched by `monitor`.
    ///
    /// # Panics
    ///
    /// If the tree is [`Corrupt`](super::Corrupt): a bug, never the game's
    /// input; the search stops there rather than loop.
    pub fn run(&mut self, limits: &Limits, monitor: &mut dyn Monitor<G::Move>) -> Report<G::Move> {
        let started = Instant::now();
        let control = Control::new(limits, started, 1, self.options.memory, self.base);
        work(
            &mut self.trees[0],
            0,
            &self.line,
            &self.options.settings,
            &control,
            Some(monitor),
        );
        self.report(&self.trees[..1], &control, started)
    }

    fn report(
        &self,
        trees: &[Tree<G, N, S>],
        control: &Control,
        started: Instant,
    ) -> Report<G::Move> {
        let mut moves = Vec::new();
        G::moves(&self.line.board, &mut moves);
        let root: Vec<Child<G::Move>> = moves
            .iter()
            .map(|&mv| {
                let (visits, total, wins) = trees
                    .iter()
                    .flat_map(Tree::children)
                    .filter(|child| child.mv == mv)
                    .fold((0_u32, 0.0_f32, false), |(visits, total, wins), child| {
                        #[allow(clippy::cast_precision_loss)] // a mean: 24 bits are plenty
                        let sum = child.value * child.visits as f32;
                        (visits + child.visits, total + sum, wins || child.wins)
                    });
                #[allow(clippy::cast_precision_loss)] // a mean: 24 bits are plenty
                let value = if visits == 0 {
                    0.5
                } else {
                    total / visits as f32
                };
                Child {
                    mv,
                    visits,
                    value,
                    wins,
                }
            })
            .collect();
        let best = root.iter().filter(|child| child.visits > 0).fold(
            None::<&Child<G::Move>>,
            |best, child| match best {
                Some(best) if !child.better_than(best) => Some(best),
                _ => Some(child),
            },
        );
        let pv = best
            .and_then(|best| {
                trees
                    .iter()
                    .max_by_key(|tree| {
                        tree.children()
                            .find(|child| child.mv == best.mv)
                            .map_or(0, |child| child.visits)
                    })
                    .map(|tree| tree.principal_variation_from(best.mv, PV_PLIES))
            })
            .unwrap_or_default();
        // A search stopped before its first iteration still answers a move
        // of the position: the one its tree would have tried first.
        let untried = || {
            let mut ordered = moves.clone();
            G::order(&self.line.board, &mut ordered);
            ordered.first().copied()
        };
        Report {
            best: best.map(|child| child.mv).or_else(untried),
            value: best.map_or(0.5, |child| child.value),
            root,
            pv,
            iterations: control.done.load(Ordering::Relaxed),
            elapsed: started.elapsed(),
            nodes: trees.iter().map(Tree::nodes).sum(),
            mean_depth: trees.first().map_or(0.0, Tree::mean_depth),
            peak_bytes: self
                .options
                .memory
                .map(|_| control.peak.load(Ordering::Relaxed)),
        }
    }
}

impl<G: Rules, N: Node<Move = G::Move, Board = G::Board> + Send + Sync, S: Store> Search<G, N, S>
where
    Tree<G, N, S>: Send,
{
    /// Searches with every tree, each on a thread of its own (the first on
    /// this one, watched by `monitor`); the root children merged.
    pub fn run_parallel(
        &mut self,
        limits: &Limits,
        monitor: &mut dyn Monitor<G::Move>,
    ) -> Report<G::Move> {
        if self.trees.len() == 1 {
            return self.run(limits, monitor);
        }
        let started = Instant::now();
        let control = Control::new(
            limits,
            started,
            self.trees.len(),
            self.options.memory,
            self.base,
        );
        let (line, settings) = (&self.line, &self.options.settings);
        // Two trees or more, by the test above.
        let (first, others) = self.trees.split_at_mut(1);
        let first = &mut first[0];
        std::thread::scope(|scope| {
            for (thread, tree) in (1..).zip(others) {
                let control = &control;
                scope.spawn(move || work(tree, thread, line, settings, control, None));
            }
            work(first, 0, line, settings, &control, Some(monitor));
        });
        self.report(&self.trees, &control, started)
    }
}

/// What every thread of a search reads: its limits, and the figures they
/// share.
struct Control {
    limits: Limits,
    started: Instant,
    threads: usize,
    budget: Option<Budget>,
    base: usize,
    /// Iterations done, every thread's (added every few iterations).
    done: AtomicU64,
    /// Set when the monitor stops the search: every thread stops.
    halt: AtomicBool,
    /// The most bytes seen, every thread's.
    peak: AtomicUsize,
}

impl Control {
    fn new(
        limits: &Limits,
        started: Instant,
        threads: usize,
        budget: Option<Budget>,
        base: usize,
    ) -> Self {
        Control {
            limits: *limits,
            started,
            threads,
            budget,
            base,
            done: AtomicU64::new(0),
            halt: AtomicBool::new(false),
            peak: AtomicUsize::new(0),
        }
    }

    /// Thread `thread`'s share of the iterations.
    fn quota(&self, thread: u64) -> Option<u64> {
        self.limits.iterations.map(|total| {
            let threads = self.threads as u64;
            total / threads + u64::from(thread < total % threads)
        })
    }

    /// Whether the time is up or the monitor stopped the search.
    fn should_stop(&self) -> bool {
        self.halt.load(Ordering::Relaxed) || self.time_up()
    }

    /// Whether the search has a time limit and has reached it.
    fn time_up(&self) -> bool {
        self.limits
            .time
            .is_some_and(|time| self.started.elapsed() >= time)
    }

    /// The bytes the trees hold now, by the budget's probe; 0 without a
    /// budget.
    fn held(&self) -> usize {
        self.budget
            .map_or(0, |budget| (budget.probe)().saturating_sub(self.base))
    }

    /// Given the bytes `held`, whether a thread may make a node, and the
    /// bytes it may add to its tree's vector (`None`: no limit).
    fn room(&self, held: usize) -> (bool, Option<usize>) {
        let Some(budget) = self.budget else {
            return (true, None);
        };
        let spare = budget.bytes.saturating_sub(held);
        let margin = MARGIN * self.threads;
        if spare <= margin {
            return (false, Some(0));
        }
        (true, Some((spare - margin) / self.threads / 2))
    }
}

/// Thread `thread`'s iterations on `tree` until a limit is reached.
fn work<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store>(
    tree: &mut Tree<G, N, S>,
    thread: u64,
    line: &Line<G>,
    settings: &Settings,
    control: &Control,
    mut monitor: Option<&mut dyn Monitor<G::Move>>,
) {
    let quota = control.quota(thread);
    let mut done = 0_u64;
    let mut peak = control.held();
    let mut next_info = Duration::from_secs(1);
    while !tree.is_over() && quota.is_none_or(|quota| done < quota) {
        if done.is_multiple_of(CHECK_EVERY) {
            if let Some(monitor) = monitor.as_deref_mut() {
                if monitor.poll() {
                    control.halt.store(true, Ordering::Relaxed);
                }
                let elapsed = control.started.elapsed();
                if elapsed >= next_info {
                    next_info = elapsed + Duration::from_secs(1);
                    monitor.progress(&progress(tree, control, done, elapsed));
                }
            }
            if control.should_stop() {
                break;
            }
        } else if control.time_up() {
            break;
        }
        let held = control.held();
        peak = peak.max(held);
        let (may_expand, room) = control.room(held);
        let expand = may_expand && tree.reserve(room);
        if let Err(corrupt) = tree.iterate(line, settings, expand) {
            panic!("{corrupt}");
        }
        done += 1;
        if done.is_multiple_of(CHECK_EVERY) {
            control.done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
        }
    }
    control
        .done
        .fetch_add(done % CHECK_EVERY, Ordering::Relaxed);
    control
        .peak
        .fetch_max(peak.max(control.held()), Ordering::Relaxed);
}

fn progress<G: Rules, N: Node<Move = G::Move, Board = G::Board>, S: Store>(
    tree: &Tree<G, N, S>,
    control: &Control,
    done: u64,
    elapsed: Duration,
) -> Progress<G::Move> {
    Progress {
        iterations: control.done.load(Ordering::Relaxed).max(done),
        elapsed,
        pv: tree.principal_variation(PV_PLIES),
        value: tree.best().map_or(0.5, |child| child.value),
    }
}
