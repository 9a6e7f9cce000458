//! `games <game> search`, `selfplay` and `versus`: the Monte Carlo search
//! measured, the crates and stores taking turns; a game against itself
//! under a memory budget; games against a random mover.

use crate::measure::play::{Played, SelfPlay, Versus, budget, score};
use crate::measure::search::{
    SearchWorkload, compare, ratio_table, ratios, search_table, store_ratio_table,
};
use crate::measure::{
    Crate, Failure, InStore, Progress, Sections, format_number, run_on, thousands,
};
use crate::search::{Options, Outcome, Rules, Settings, StoreKind};
use clap::{Args, Subcommand};

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

/// Where a search starts and how its trees grow.
#[derive(Debug, Clone, Args)]
pub(crate) struct SearchArgs {
    /// The position, in the game's notation (FEN, FEEN, a Go board);
    /// the game's first published position by default.
    #[arg(
        long,
        visible_alias = "fen",
        visible_alias = "feen",
        visible_alias = "board"
    )]
    position: Option<String>,
    /// Plies of each random playout from a new node (0: the node is
    /// evaluated at once); the game's own default otherwise (32 in chess
    /// and shogi, Go's playouts go to the game's end).
    #[arg(long, value_name = "PLIES")]
    playout_plies: Option<u32>,
    /// The seed of the playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl SearchArgs {
    /// The position to start from.
    fn root<G: Rules>(&self) -> &str {
        self.position.as_deref().unwrap_or(G::PUBLISHED[0].text)
    }

    /// The trees' settings.
    fn settings<G: Rules>(&self) -> Settings {
        Settings {
            playout_plies: self.playout_plies.unwrap_or(G::PLAYOUT_PLIES),
            ..Settings::default()
        }
    }

    /// The root, the settings and the sections to write of a `command` run,
    /// whose section name goes on with `parts` and the playout plies.
    fn start<G: Rules>(
        &self,
        write: &[std::path::PathBuf],
        command: &str,
        mut parts: Vec<String>,
    ) -> Result<(&str, Settings, Option<Sections>), Failure> {
        let root = self.root::<G>();
        let settings = self.settings::<G>();
        parts.push(plies_slug(settings.playout_plies));
        Ok((root, settings, sections::<G>(write, command, root, &parts)?))
    }
}

/// Which stores a command runs: one (`positions`, `moves`, `every:K`),
/// `both` (positions and moves) or `all` (every store the tables measure:
/// K = 1, 2, 4, 8 and moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StoreChoice {
    /// One store.
    One(StoreKind),
    /// Positions and moves, taking turns.
    Both,
    /// Every store of [`StoreKind::ALL`], taking turns.
    All,
}

impl StoreChoice {
    /// The stores, in table order.
    pub(crate) fn stores(self) -> Vec<StoreKind> {
        match self {
            StoreChoice::One(store) => vec![store],
            StoreChoice::Both => StoreKind::BOTH.to_vec(),
            StoreChoice::All => StoreKind::ALL.to_vec(),
        }
    }
}

/// Reads a `--store` of a measuring command.
pub(crate) fn store_choice(text: &str) -> Result<StoreChoice, String> {
    match text {
        "both" => Ok(StoreChoice::Both),
        "all" => Ok(StoreChoice::All),
        one => one
            .parse()
            .map(StoreChoice::One)
            .map_err(|error: crate::search::StoreNameError| format!("{error}, both or all")),
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

/// The sections `--write` asks for: `<game>-<command>-<position>-<parts>`,
/// the parts joined by `-`.
fn sections<G: Rules>(
    write: &[std::path::PathBuf],
    command: &str,
    root: &str,
    parts: &[String],
) -> Result<Option<Sections>, Failure> {
    let name = format!(
        "{}-{command}-{}-{}",
        G::NAME,
        section_name::<G>(root)?,
        parts.join("-")
    );
    Sections::checked(write, name)
}

/// How a section names the position: a published one by its name, a Go
/// board by its size.
fn section_name<G: Rules>(root: &str) -> Result<String, Failure> {
    if G::NAME == "go" && root.chars().all(|c| c.is_ascii_digit() || c == 'x') {
        return Ok(root.to_string());
    }
    super::section_position::<G>(root)
}

/// How a section's name says the playouts' length: the plies, or `end`
/// for playouts to the game's end.
fn plies_slug(plies: u32) -> String {
    if plies == u32::MAX {
        "end".to_string()
    } else {
        plies.to_string()
    }
}

/// How a table's text says the playouts' length.
fn plies_phrase(plies: u32) -> String {
    match plies {
        0 => "no playout: the new node evaluated at once".to_string(),
        u32::MAX => "playouts to the game's end".to_string(),
        plies => format!("playouts of at most {plies} plies"),
    }
}

/// `games <game> selfplay`.
#[derive(Debug, Clone, Args)]
pub(crate) struct SelfPlayArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Plies to play at most.
    #[arg(long, default_value_t = 100)]
    plies: usize,
    /// Iterations a move.
    #[arg(long, default_value_t = 10_000)]
    iterations: u64,
    /// The trees' memory budget, in MiB, counted by the allocator.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory: Option<u64>,
    /// How the trees keep their nodes.
    /// (`positions`, `moves`, `every:K`).
    #[arg(long, value_parser = store_choice, default_value = "positions")]
    store: StoreChoice,
    /// The position crate.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Persistent)]
    crate_choice: CrateChoice,
    /// Threads, each with a tree of its own.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Also replace this run's section of FILE
    /// (`<game>-selfplay-<position>-<plies>-<iterations>`, with
    /// `-<MIB>mib` under a budget) with the game's summary, the date, the
    /// machine and the command.
    #[arg(long, value_name = "FILE")]
    write: Vec<std::path::PathBuf>,
}

/// Runs `games <game> selfplay`.
pub(crate) fn selfplay_run<G: Rules>(args: &SelfPlayArgs) -> Result<(), Failure> {
    let [krate] = args.crate_choice.crates()[..] else {
        return Err(Failure::Input("selfplay runs one crate".to_string()));
    };
    let [store] = args.store.stores()[..] else {
        return Err(Failure::Input("selfplay runs one store".to_string()));
    };
    if krate == Crate::Local && args.threads > 1 {
        return Err(Failure::Input(
            "--crate local runs on one thread: drop --threads".to_string(),
        ));
    }
    let root = args.search.root::<G>();
    let mut parts = vec![args.plies.to_string(), args.iterations.to_string()];
    parts.extend(args.memory.map(|mib| format!("{mib}mib")));
    let sections = sections::<G>(&args.write, "selfplay", root, &parts)?;
    let options = Options {
        settings: args.search.settings::<G>(),
        threads: usize::from(args.threads),
        seed: args.search.seed,
        memory: Some(budget(args.memory.unwrap_or(u64::MAX >> 20), allocated)),
    };
    let workload = SelfPlay {
        root,
        store,
        plies: args.plies,
        iterations: args.iterations,
        options,
    };
    let sample = run_on::<G, _>(krate, &InStore(&workload))?;
    let played: &Played = &sample.output;
    for (number, ply) in played.plies.iter().enumerate() {
        println!(
            "{:>4} {:<8} nodes {:>10} kept {:>10} ({:>5.1}%)  peak {:>12} B  before {:>12} B  after {:>12} B",
            number + 1,
            ply.mv,
            thousands(ply.nodes as u64),
            thousands(ply.kept as u64),
            100.0 * crate::measure::as_f64(ply.kept as u64)
                / crate::measure::as_f64(ply.nodes.max(1) as u64),
            thousands(ply.peak as u64),
            thousands(ply.before as u64),
            thousands(ply.after as u64),
        );
    }
    let outcome = match played.outcome {
        None => "not over".to_string(),
        Some(outcome) => format!("over: {} for the player to move", outcome_word(outcome)),
    };
    println!(
        "{} plies in {:.1} s, the game {outcome}; peak tree bytes {}, bytes given back by the moves {}",
        played.plies.len(),
        sample.elapsed.as_secs_f64(),
        thousands(played.peak() as u64),
        thousands(played.returned() as u64),
    );
    let within = args
        .memory
        .is_none_or(|mib| played.peak() as u64 <= mib << 20);
    if let Some(mib) = args.memory {
        println!(
            "memory budget {} B: peak {} ({})",
            thousands(mib << 20),
            thousands(played.peak() as u64),
            if within { "within" } else { "OVER" }
        );
    }
    if let Some(sections) = sections {
        let run = SelfPlayRun {
            root,
            krate,
            store,
            playout_plies: options.settings.playout_plies,
            seconds: sample.elapsed.as_secs_f64(),
            outcome: &outcome,
            within,
        };
        sections.write(&selfplay_section(args, &run, played))?;
    }
    if within {
        Ok(())
    } else {
        Err(Failure::Mismatch(
            "the trees went over their memory budget".to_string(),
        ))
    }
}

/// What a self-play section says beside the game's moves.
struct SelfPlayRun<'a> {
    root: &'a str,
    krate: Crate,
    store: StoreKind,
    playout_plies: u32,
    seconds: f64,
    outcome: &'a str,
    within: bool,
}

/// The section of a self-play game: what ran, and the budget's table.
fn selfplay_section(args: &SelfPlayArgs, run: &SelfPlayRun<'_>, played: &Played) -> String {
    let kept: usize = played.plies.iter().map(|ply| ply.kept).sum();
    let nodes: usize = played.plies.iter().map(|ply| ply.nodes).sum();
    let budget = args.memory.map_or("none".to_string(), |mib| {
        format!("{} B", thousands(mib << 20))
    });
    format!(
        "The search against itself from `{}`, {} iterations a move ({}), `{}` \
         positions, `--store {}`, {} thread{}: the game {} after {} plies, \
         in {:.1} s.\n\n\
         | memory budget | peak tree bytes | within | bytes given back by the moves | \
         nodes kept by the moves |\n|---|---|---|---|---|\n| {budget} | {} B | {} | {} B | \
         {:.1}% |\n",
        run.root,
        thousands(args.iterations),
        plies_phrase(run.playout_plies),
        run.krate.name(),
        run.store,
        args.threads,
        if args.threads == 1 { "" } else { "s" },
        run.outcome,
        played.plies.len(),
        run.seconds,
        thousands(played.peak() as u64),
        if run.within { "yes" } else { "**no**" },
        thousands(played.returned() as u64),
        100.0 * crate::measure::as_f64(kept as u64) / crate::measure::as_f64(nodes.max(1) as u64),
    )
}

/// A word for an outcome.
fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "a win",
        Outcome::Loss => "a loss",
        Outcome::Draw => "a draw",
    }
}

/// `games <game> versus`.
#[derive(Debug, Clone, Args)]
pub(crate) struct VersusArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Games to play; the search moves first in the even ones.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// Iterations a move.
    #[arg(long, default_value_t = 1_000)]
    iterations: u64,
    /// The position crate.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Persistent)]
    crate_choice: CrateChoice,
    /// The least score to reach, in percent of the games (a win 1, a draw
    /// ½): a lower score exits with code 1.
    #[arg(long, value_name = "PERCENT")]
    expect: Option<f64>,
    /// Also replace this run's section of FILE
    /// (`<game>-versus-<position>-<games>-<iterations>-<playout plies>`)
    /// with the games' table, the date, the machine and the command.
    #[arg(long, value_name = "FILE")]
    write: Vec<std::path::PathBuf>,
}

/// Runs `games <game> versus`.
pub(crate) fn versus_run<G: Rules>(args: &VersusArgs) -> Result<(), Failure> {
    let [krate] = args.crate_choice.crates()[..] else {
        return Err(Failure::Input("versus runs one crate".to_string()));
    };
    let (root, settings, sections) = args.search.start::<G>(
        &args.write,
        "versus",
        vec![args.games.to_string(), args.iterations.to_string()],
    )?;
    let workload = Versus {
        root,
        games: args.games,
        iterations: args.iterations,
        settings,
        seed: args.search.seed,
    };
    let sample = run_on::<G, _>(krate, &workload)?;
    let results = &sample.output;
    let count = |wanted: Outcome| {
        results
            .iter()
            .filter(|(outcome, _)| *outcome == wanted)
            .count()
    };
    for (number, (outcome, plies)) in results.iter().enumerate() {
        println!(
            "game {:>3}: {} in {plies} plies, the search {}",
            number + 1,
            outcome_word(*outcome),
            if number % 2 == 0 { "first" } else { "second" },
        );
    }
    let plies: usize = results.iter().map(|(_, plies)| plies).sum();
    let score = 100.0 * score(results);
    let percent = format_number(score, 1);
    let (games, won, drawn, lost) = (
        results.len(),
        count(Outcome::Win),
        count(Outcome::Draw),
        count(Outcome::Loss),
    );
    let (per_game, seconds) = (plies / games.max(1), sample.elapsed.as_secs_f64());
    println!(
        "{games} games against a random mover, {} iterations a move: {won} won, {drawn} \
         drawn, {lost} lost; score {percent}% ({per_game} plies a game on average, {seconds:.1} s)",
        thousands(args.iterations),
    );
    if let Some(sections) = sections {
        let body = format!(
            "The search (`{}` positions, {} iterations a move, {}, seed {}) against a \
             uniformly random mover from `{root}`, the search moving first in the odd games: a \
             win 1, a draw ½.\n\n| games | won | drawn | lost | score | plies a game | \
             seconds |\n|---|---|---|---|---|---|---|\n| {games} | {won} | {drawn} | {lost} | \
             {percent}% | {per_game} | {seconds:.1} |\n",
            krate.name(),
            thousands(args.iterations),
            plies_phrase(settings.playout_plies),
            args.search.seed,
        );
        sections.write(&body)?;
    }
    match args.expect {
        Some(least) if score < least => Err(Failure::Mismatch(format!(
            "the score {score:.1}% is below {least}%"
        ))),
        _ => Ok(()),
    }
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
