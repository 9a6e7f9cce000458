//! `games <game> search` and `games stores`: the Monte Carlo search
//! measured, the crates and stores taking turns; and the commands of the
//! search in each game (`search`, `selfplay`, `versus`).

use crate::measure::search::{
    SearchWorkload, compare, ratio_table, ratios, search_table, store_ratio_table,
};
use crate::measure::{Crate, Failure, Progress, thousands};
use crate::search::{Rules, Settings, StoreKind};
use clap::{Args, Subcommand};

use super::play::{SelfPlayArgs, VersusArgs, selfplay_run, versus_run};
use super::search_args::{SearchArgs, StoreChoice, plies_phrase, store_choice};
use crate::cli::{CrateChoice, allocated};

/// The search's commands in shogi and chess (Go says "board" where they
/// say "position").
#[derive(Debug, Subcommand)]
pub(crate) enum SearchCommand {
    /// A Monte Carlo search of a position, every crate and both stores
    /// taking turns: speed, tree nodes and bytes per node.
    Search(CompareArgs),
    /// A game of the search against itself, its trees kept from move to
    /// move, under a memory budget.
    Selfplay(SelfPlayArgs),
    /// Games of the search against a uniformly random mover.
    Versus(VersusArgs),
}

impl SearchCommand {
    /// Runs the command in the game `G`.
    pub(crate) fn run<G: Rules>(&self) -> Result<(), Failure> {
        match self {
            SearchCommand::Search(args) => compare_run::<G>(args),
            SearchCommand::Selfplay(args) => selfplay_run::<G>(args),
            SearchCommand::Versus(args) => versus_run::<G>(args),
        }
    }
}

/// `games <game> search`.
#[derive(Debug, Clone, Args)]
pub(crate) struct CompareArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Iterations of the search.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    iterations: u64,
    /// How the trees keep their nodes.
    /// (`positions`, `moves`, `every:K`, `both`, `all`).
    #[arg(long, value_parser = store_choice, default_value = "all")]
    store: StoreChoice,
    /// Which position crates to run; every crate and store must build the
    /// same tree.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::All)]
    crate_choice: CrateChoice,
    /// Times to run each crate and store, taking turns; medians shown.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// Also replace this run's section of FILE
    /// (`<game>-search-<position>-<iterations>-<playout plies>`, `end` for
    /// playouts to the game's end) with the
    /// tables, the date, the machine and the command.
    #[arg(long, value_name = "FILE")]
    write: Vec<std::path::PathBuf>,
}

/// Runs `games <game> search`.
pub(crate) fn compare_run<G: Rules>(args: &CompareArgs) -> Result<(), Failure> {
    let (root, settings, sections) =
        args.search
            .start::<G>(&args.write, "search", vec![args.iterations.to_string()])?;
    let crates = args.crate_choice.crates();
    let stores = args.store.stores();
    let rounds = usize::from(args.rounds);
    let progress = Progress::new(
        crates.len() * stores.len() * rounds,
        &format!("{} search, {} iterations: runs", G::NAME, args.iterations),
    );
    let workload = SearchWorkload {
        root,
        store: StoreKind::Positions,
        iterations: args.iterations,
        settings,
        seed: args.search.seed,
        probe: allocated,
    };
    let runs = compare::<G>(&crates, &stores, rounds, &workload, &|| progress.inc());
    progress.finish();
    let runs = runs?;
    let chosen = runs
        .first()
        .and_then(|runs| runs.searched.agreement.best.clone())
        .unwrap_or_else(|| "none".to_string());
    println!("every crate and store chose {chosen}, with the same visits at the root (MATCH)");
    let table = search_table(&runs, args.iterations);
    let ratios = ratio_table(&ratios(&runs, args.iterations));
    let stores = store_ratio_table(&runs, args.iterations)
        .map_or_else(String::new, |table| format!("\n{}", table.render()));
    print!("{}", table.render());
    println!();
    print!("{}", ratios.render());
    print!("{stores}");
    if let Some(sections) = sections {
        let body = format!(
            "A Monte Carlo search of `{root}`: {} iterations of UCT (one node made an \
             iteration; {}; seed {}), one thread, each crate and store in turn over \
             {rounds} round{}, medians shown. Every run built the same tree: the same visits at \
             the root, {chosen} chosen. Bytes per node: what the process holds more with the \
             tree than without it (a counting allocator), over the tree's nodes; the mean \
             depth of a selected path is the moves `--store moves` replays an iteration, \
             `every:K` fewer than K.\n\n{}\n{}{stores}",
            thousands(args.iterations),
            plies_phrase(settings.playout_plies),
            args.search.seed,
            if rounds == 1 { "" } else { "s" },
            table.render(),
            ratios.render(),
        );
        sections.write(&body)?;
    }
    Ok(())
}

/// `games stores`.
#[derive(Debug, Clone, Args)]
pub(crate) struct StoresArgs {
    /// Iterations of each search.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    iterations: u64,
    /// Plies of each random playout from a new node (0: the node is
    /// evaluated at once).
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    playout_plies: u32,
    /// Times to run each store, taking turns; medians shown.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// The seed of the playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw iterations a second against bytes per node, a line per board
    /// through its stores, as SVG into FILE.
    #[arg(long, value_name = "FILE")]
    plot: Option<std::path::PathBuf>,
}

/// The searches of `games stores` in `G` from `root`, every store on `Qi`.
fn stores_of<G: Rules>(
    name: &str,
    root: &str,
    args: &StoresArgs,
    progress: &Progress,
) -> Result<crate::measure::stores::Board, Failure> {
    let workload = SearchWorkload {
        root,
        store: StoreKind::Positions,
        iterations: args.iterations,
        settings: Settings {
            playout_plies: args.playout_plies,
            ..Settings::default()
        },
        seed: args.seed,
        probe: allocated,
    };
    let runs = compare::<G>(
        &[Crate::Persistent],
        &StoreKind::ALL,
        usize::from(args.rounds),
        &workload,
        &|| progress.inc(),
    )?;
    Ok(crate::measure::stores::Board {
        name: name.to_string(),
        runs,
        iterations: args.iterations,
    })
}

/// Runs `games stores`: every store's search of shogi's and chess's start
/// positions and Go's empty 9x9 and 19x19 boards on `Qi`, a table each,
/// and with `--plot` one picture of them all.
pub(crate) fn stores_run(args: &StoresArgs) -> Result<(), Failure> {
    use crate::Game as _;
    use crate::{chess::Chess, go::Go, shogi::Shogi};
    let progress = Progress::new(
        4 * StoreKind::ALL.len() * usize::from(args.rounds),
        &format!("every store, {} iterations: runs", args.iterations),
    );
    let boards = [
        stores_of::<Shogi>("shogi", Shogi::PUBLISHED[0].text, args, &progress),
        stores_of::<Chess>("chess", Chess::PUBLISHED[0].text, args, &progress),
        stores_of::<Go>("Go 9x9", "9x9", args, &progress),
        stores_of::<Go>("Go 19x19", "19x19", args, &progress),
    ];
    progress.finish();
    let boards = boards.into_iter().collect::<Result<Vec<_>, Failure>>()?;
    for board in &boards {
        println!(
            "{}, {} iterations ({}):",
            board.name,
            thousands(args.iterations),
            plies_phrase(args.playout_plies)
        );
        print!("{}", search_table(&board.runs, args.iterations).render());
        if let Some(table) = store_ratio_table(&board.runs, args.iterations) {
            println!();
            print!("{}", table.render());
        }
        println!();
    }
    if let Some(path) = &args.plot {
        let title = format!(
            "Search on Qi, {} iterations ({}): speed against bytes per node, by store",
            thousands(args.iterations),
            plies_phrase(args.playout_plies)
        );
        crate::measure::stores::plot(path, &title, &boards)?;
        println!("drawn: {}", path.display());
    }
    Ok(())
}
