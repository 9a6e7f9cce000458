//! The search as a measurement: one Monte Carlo search of a position, its
//! iterations counted, with every crate and both stores taking turns in
//! one process; the tree each builds (the root's visits, the move chosen)
//! must be the same.

use std::time::{Duration, Instant};

use super::{
    Crate, Failure, InStore, Sample, StoreWorkload, Table, as_f64, format_number, load, median,
    run_on,
};
use games_core::Node as _;
use games_core::Position;
use games_search::{Limits, Options, Quiet, Rules, Search, Settings, Store, StoreKind};

/// One search of a position, as a workload over any crate.
#[derive(Debug, Clone, Copy)]
pub struct SearchWorkload<'a> {
    /// The position, as the game's `load` reads it.
    pub root: &'a str,
    /// How the tree is kept.
    pub store: StoreKind,
    /// Iterations to run.
    pub iterations: u64,
    /// The tree's settings.
    pub settings: Settings,
    /// The playouts' seed.
    pub seed: u64,
    /// The process's bytes, for the tree's.
    pub probe: fn() -> usize,
}

/// What every crate and store must agree on: the move chosen and the
/// root's visits, move by move in generation order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    /// The move chosen, as the game spells it.
    pub best: Option<String>,
    /// Each root move's visits.
    pub visits: Vec<u32>,
}

/// One search's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Searched {
    /// What must agree.
    pub agreement: Agreement,
    /// Tree nodes at the end.
    pub nodes: usize,
    /// Bytes the process held more with the tree than before it.
    pub bytes: usize,
    /// The mean plies from the root to the node an iteration selected: the
    /// moves a store that keeps none replays, on average.
    pub mean_depth: f64,
}

impl<G: Rules> StoreWorkload<G> for SearchWorkload<'_> {
    type Output = Searched;

    fn run_in<P: Position<Piece = G::Piece, Style = G::Style>, S: Store>(
        &self,
    ) -> Result<Sample<Searched>, Failure> {
        let before = (self.probe)();
        let root = load::<G, P>(self.root)?;
        let terms = G::default_terms(&root.read());
        let options = Options {
            settings: self.store.settings(self.settings),
            threads: 1,
            seed: self.seed,
            memory: None,
        };
        let mut search = Search::<G, G::Node<P>, S>::new(root, terms, options);
        let limits = Limits {
            iterations: Some(self.iterations),
            time: None,
        };
        let start = Instant::now();
        let report = search.run(&limits, &mut Quiet);
        let elapsed = start.elapsed();
        let bytes = (self.probe)().saturating_sub(before);
        let output = Searched {
            agreement: Agreement {
                best: report.best.map(|mv| mv.to_string()),
                visits: report.root.iter().map(|child| child.visits).collect(),
            },
            nodes: report.nodes,
            bytes,
            mean_depth: report.mean_depth,
        };
        drop(search);
        Ok(Sample { output, elapsed })
    }

    fn store(&self) -> StoreKind {
        self.store
    }
}

/// One crate and store's runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchRuns {
    /// The crate.
    pub krate: Crate,
    /// The store.
    pub store: StoreKind,
    /// The last run's figures (every run's agree).
    pub searched: Searched,
    /// Each round's time.
    pub times: Vec<Duration>,
}

impl SearchRuns {
    /// Iterations a second, at the median time.
    #[must_use]
    pub fn speed(&self, iterations: u64) -> f64 {
        as_f64(iterations) / median(&self.times).as_secs_f64().max(f64::MIN_POSITIVE)
    }

    /// Bytes per tree node.
    #[must_use]
    pub fn bytes_per_node(&self) -> f64 {
        as_f64(self.searched.bytes as u64) / as_f64(self.searched.nodes.max(1) as u64)
    }
}

/// Runs `workload` with every crate of `crates` and every store of
/// `stores`, `rounds` times, taking turns (the pair that starts a round
/// moving on by one each round), and checks that every run built the
/// same tree.
///
/// # Errors
///
/// [`Failure::Input`] for a position the game refuses;
/// [`Failure::Mismatch`] naming two runs that disagree.
pub fn compare<G: Rules>(
    crates: &[Crate],
    stores: &[StoreKind],
    rounds: usize,
    workload: &SearchWorkload<'_>,
    run_done: &dyn Fn(),
) -> Result<Vec<SearchRuns>, Failure> {
    let pairs: Vec<(Crate, StoreKind)> = crates
        .iter()
        .flat_map(|&krate| stores.iter().map(move |&store| (krate, store)))
        .collect();
    let mut runs: Vec<Option<SearchRuns>> = pairs.iter().map(|_| None).collect();
    for round in 0..rounds.max(1) {
        for turn in 0..pairs.len() {
            let slot = (round + turn) % pairs.len();
            let (krate, store) = pairs[slot];
            let sample = run_on::<G, _>(krate, &InStore(&SearchWorkload { store, ..*workload }))?;
            run_done();
            match &mut runs[slot] {
                Some(runs) => runs.times.push(sample.elapsed),
                empty @ None => {
                    *empty = Some(SearchRuns {
                        krate,
                        store,
                        searched: sample.output,
                        times: vec![sample.elapsed],
                    });
                }
            }
        }
    }
    let runs: Vec<SearchRuns> = runs.into_iter().flatten().collect();
    if let Some(first) = runs.first()
        && let Some(other) = runs
            .iter()
            .find(|other| other.searched.agreement != first.searched.agreement)
    {
        return Err(Failure::Mismatch(format!(
            "the searches disagree: {} with --store {} chose {:?}, {} with --store {} chose {:?} \
             (the root's visits: {:?} against {:?})",
            first.krate.name(),
            first.store,
            first.searched.agreement.best,
            other.krate.name(),
            other.store,
            other.searched.agreement.best,
            first.searched.agreement.visits,
            other.searched.agreement.visits,
        )));
    }
    Ok(runs)
}

/// The run of `krate` with `store`, if it ran.
fn find(runs: &[SearchRuns], krate: Crate, store: StoreKind) -> Option<&SearchRuns> {
    runs.iter()
        .find(|runs| runs.krate == krate && runs.store == store)
}

/// The figures the search's targets compare: `Qi` keeping positions
/// against `Qi` keeping moves, and against sashite-qi keeping positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchRatios {
    /// Speed, positions on `Qi` over moves on `Qi`.
    pub speed_against_moves: Option<f64>,
    /// Speed, positions on `Qi` over positions on sashite-qi.
    pub speed_against_peer: Option<f64>,
    /// Bytes per node, positions on `Qi` over moves on `Qi`.
    pub bytes_against_moves: Option<f64>,
    /// Bytes per node, positions on `Qi` over positions on sashite-qi.
    pub bytes_against_peer: Option<f64>,
}

/// The ratios of `runs` of `iterations` each.
#[must_use]
pub fn ratios(runs: &[SearchRuns], iterations: u64) -> SearchRatios {
    let ours = find(runs, Crate::Persistent, StoreKind::Positions);
    let moves = find(runs, Crate::Persistent, StoreKind::Moves);
    let peer = find(runs, Crate::Sashite, StoreKind::Positions);
    let speed = |a: Option<&SearchRuns>, b: Option<&SearchRuns>| {
        Some(a?.speed(iterations) / b?.speed(iterations))
    };
    let bytes = |a: Option<&SearchRuns>, b: Option<&SearchRuns>| {
        Some(a?.bytes_per_node() / b?.bytes_per_node())
    };
    SearchRatios {
        speed_against_moves: speed(ours, moves),
        speed_against_peer: speed(ours, peer),
        bytes_against_moves: bytes(ours, moves),
        bytes_against_peer: bytes(ours, peer),
    }
}

/// One row per crate and store: iterations a second at the median time,
/// tree nodes, bytes per node; then the target ratios.
#[must_use]
pub fn search_table(runs: &[SearchRuns], iterations: u64) -> Table {
    let rounds = runs.first().map_or(0, |runs| runs.times.len());
    let mut table = Table::new([
        "crate".to_string(),
        "store".to_string(),
        if rounds > 1 {
            format!("seconds (median of {rounds})")
        } else {
            "seconds".to_string()
        },
        "iterations per second".to_string(),
        "tree nodes".to_string(),
        "bytes per node".to_string(),
        "mean depth of a selected path".to_string(),
    ]);
    for run in runs {
        table.row([
            run.krate.name().to_string(),
            run.store.to_string(),
            format!("{:.3}", median(&run.times).as_secs_f64()),
            format_number(run.speed(iterations), 0),
            format_number(as_f64(run.searched.nodes as u64), 0),
            format!("{:.1}", run.bytes_per_node()),
            format!("{:.2}", run.searched.mean_depth),
        ]);
    }
    table
}

/// How much more than the moves store's bytes per node a store may take
/// and still be the store the targets pick: the fastest within it.
pub const BYTES_ALLOWANCE: f64 = 1.5;

/// Every store of `Qi` against `Qi` keeping moves, speed and bytes per
/// node; then the fastest store within [`BYTES_ALLOWANCE`] times the moves
/// store's bytes per node, against it. `None` where `Qi` kept no moves.
#[must_use]
pub fn store_ratio_table(runs: &[SearchRuns], iterations: u64) -> Option<Table> {
    let moves = find(runs, Crate::Persistent, StoreKind::Moves)?;
    let ours: Vec<&SearchRuns> = runs
        .iter()
        .filter(|run| run.krate == Crate::Persistent && run.store != StoreKind::Moves)
        .collect();
    let speed = |run: &SearchRuns| run.speed(iterations) / moves.speed(iterations);
    let bytes = |run: &SearchRuns| run.bytes_per_node() / moves.bytes_per_node();
    let mut table = Table::new([
        "`--store` on `Qi` against `--store moves` on `Qi`",
        "speed",
        "bytes per node",
    ]);
    for run in &ours {
        table.row([
            format!("`{}`", run.store),
            format!("{:.2}", speed(run)),
            format!("{:.2}", bytes(run)),
        ]);
    }
    let fastest = ours
        .iter()
        .filter(|run| bytes(run) <= BYTES_ALLOWANCE)
        .max_by(|a, b| speed(a).total_cmp(&speed(b)));
    table.row(match fastest {
        Some(run) => [
            format!(
                "the fastest within {BYTES_ALLOWANCE}x the bytes per node: `{}`",
                run.store
            ),
            format!("{:.2}", speed(run)),
            format!("{:.2}", bytes(run)),
        ],
        None => [
            format!("the fastest within {BYTES_ALLOWANCE}x the bytes per node: none"),
            "-".to_string(),
            "-".to_string(),
        ],
    });
    Some(table)
}

/// The target ratios as a table of two columns.
#[must_use]
pub fn ratio_table(ratios: &SearchRatios) -> Table {
    let cell = |ratio: Option<f64>| ratio.map_or("-".to_string(), |ratio| format!("{ratio:.2}"));
    let mut table = Table::new([
        "`--store positions` on `Qi` against",
        "speed",
        "bytes per node",
    ]);
    table.row([
        "`--store moves` on `Qi`".to_string(),
        cell(ratios.speed_against_moves),
        cell(ratios.bytes_against_moves),
    ]);
    table.row([
        "`--store positions` on sashite-qi".to_string(),
        cell(ratios.speed_against_peer),
        cell(ratios.bytes_against_peer),
    ]);
    table
}
