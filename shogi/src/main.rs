//! `shogi`: legal shogi on persistent-qi, checked against the published
//! perft counts and measured against sashite-qi through the same rules.
//!
//! Without arguments it runs the self-check: perft from the start position
//! to depth 5 (and Matsuri to depth 3, the most-moves position to depth 2),
//! with both crates, each count beside the published one, then the whole
//! depth-4 tree of the start position kept in memory by each crate, side by
//! side, and last a verdict line. Any mismatch ends it with exit code 1;
//! bad input gets a one-line error and exit code 2. `shogi --help` lists
//! the commands.
//!
//! `perft` and `tree` take `--write FILE`, which replaces their own
//! section of FILE (`docs/performance.md`) with their table, the date, the
//! machine and the command; `tree --depth-range` builds the tree at each
//! depth of a range and draws its scaling (`--plot FILE`, see [`scaling`]).
#![forbid(unsafe_code)]

mod scaling;

use std::alloc::System;
use std::fmt::Write as _;
use std::hash::Hasher;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cap::Cap;
use clap::{Args, Parser, Subcommand, ValueEnum};
use harness::report;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use shogi::{
    Limits, LoadError, Local, MATSURI, Move, Observer, PUBLISHED, PerftOptions, Persistent,
    Position, START, Sashite, build_tree, content_digest, divide, divide_parallel, load,
};

/// Counts the bytes the process holds, for the tree's memory figures.
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Legal shogi on persistent-qi positions, checked against the published
/// perft counts and measured against sashite-qi through the same rules.
///
/// Without a command: the self-check. Perft from the start position to
/// depth 5, Matsuri to depth 3 and the most-moves position to depth 2, with
/// both crates, each count beside the published one (MATCH / MISMATCH);
/// then the whole depth-4 tree of the start position kept in memory by
/// each crate, side by side; the last line is the verdict (`verdict: all N
/// counts MATCH`, or how many MISMATCH). Exit code 1 on any mismatch, 2 on
/// bad input.
#[derive(Debug, Parser)]
#[command(name = "shogi", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaf positions of the legal move tree (perft); the last
    /// line is `nodes: N`.
    Perft(PerftArgs),
    /// Build the whole tree breadth-first, keep every position, and compare
    /// the crates: positions, distinct positions, speed and memory; with
    /// `--depth-range`, at each depth of a range, drawn with `--plot`.
    Tree(TreeArgs),
}

#[derive(Debug, Args)]
struct PerftArgs {
    /// The position, in FEEN.
    #[arg(long, default_value = START)]
    feen: String,
    /// Plies to search, 1 to 10.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10))]
    depth: u32,
    /// Print each root move (USI) with its count first.
    #[arg(long)]
    divide: bool,
    /// Keep a transposition table of subtree counts, keyed by the position
    /// hash; entries keep their position and hits compare it in full.
    #[arg(long)]
    tt: bool,
    /// Worker threads sharing the root moves (not with `--crate local`,
    /// whose positions stay on one thread).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Which position crates to run; with more than one, they are checked
    /// to agree.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = Crate::Persistent)]
    crate_choice: Crate,
    /// Also replace this perft's section of FILE (`docs/performance.md`),
    /// named after the position, the depth and the options
    /// (`shogi-perft-start-5`, `shogi-perft-start-5-tt`, ...), with the
    /// table, the date, the machine and the command. Published positions
    /// only; may be given more than once.
    #[arg(long, value_name = "FILE")]
    write: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct TreeArgs {
    /// The position, in FEEN.
    #[arg(long, default_value = START)]
    feen: String,
    /// Plies to expand, 1 to 10.
    #[arg(
        long,
        value_parser = clap::value_parser!(u32).range(1..=10),
        required_unless_present = "depth_range",
        conflicts_with = "depth_range"
    )]
    depth: Option<u32>,
    /// Build the tree at every depth of a range (`1..=5` or `1-5`), each
    /// depth and crate in a process of its own, and print how memory and
    /// speed scale with the positions kept.
    #[arg(long, value_name = "FIRST..=LAST", value_parser = scaling::DepthRange::parse)]
    depth_range: Option<scaling::DepthRange>,
    /// With `--depth-range`: draw peak bytes and positions per second
    /// against positions kept, log scales, one line per crate, into this
    /// SVG file (`docs/tree_scaling.svg`).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Also replace this tree's section of FILE (`docs/performance.md`),
    /// named after the position and the depth (`shogi-tree-start-4`;
    /// `shogi-tree-scaling-start-1-5` with `--depth-range 1..=5`), with the
    /// table, the date, the machine and the command. Published positions
    /// only; may be given more than once.
    #[arg(long, value_name = "FILE")]
    write: Vec<PathBuf>,
    /// Which position crates to build the tree with, each in a process of
    /// its own, one after the other; their trees are checked to agree.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = Crate::Both)]
    crate_choice: Crate,
    /// The memory a tree may take, in MiB: a tree estimated to need more
    /// is refused before it is built (exit code 2). By default, the memory
    /// the machine has available (`MemAvailable` in /proc/meminfo, else
    /// `MemTotal`); where neither can be read, only the limit on positions
    /// applies.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    max_memory: Option<u64>,
    /// Internal: build one crate's tree in this process and print its
    /// summary as one line, for the process that compares them.
    #[arg(long, hide = true)]
    summary_line: bool,
    /// Internal: draw no progress bar (the parent process draws its own).
    #[arg(long, hide = true)]
    quiet: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Crate {
    /// persistent-qi's thread-safe positions (`Qi`), the crate under test.
    Persistent,
    /// persistent-qi's single-thread positions (`LocalQi`).
    Local,
    /// sashite-qi, the peer.
    Sashite,
    /// persistent-qi's thread-safe positions and sashite-qi.
    Both,
    /// All three: `Qi`, `LocalQi` and sashite-qi.
    All,
}

impl Crate {
    fn runs_persistent(self) -> bool {
        matches!(self, Crate::Persistent | Crate::Both | Crate::All)
    }

    fn runs_local(self) -> bool {
        matches!(self, Crate::Local | Crate::All)
    }

    fn runs_sashite(self) -> bool {
        matches!(self, Crate::Sashite | Crate::Both | Crate::All)
    }
}

/// How a run ended.
enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A count or position that disagrees: exit code 1.
    Mismatch(String),
    /// Bad input a child process has already reported: exit code 2, and
    /// nothing more to say.
    Reported,
}

impl From<LoadError> for Failure {
    fn from(error: LoadError) -> Self {
        Failure::Input(error.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            // clap's message, up to its usage hint, on one line.
            let message = error.to_string();
            let lines: Vec<&str> = message
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("shogi: {}", lines.join(" ").trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let outcome = match cli.command {
        None => self_check(),
        Some(Command::Perft(args)) => run_perft(&args),
        Some(Command::Tree(args)) => run_tree(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("shogi: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Reported) => ExitCode::from(2),
        Err(Failure::Mismatch(message)) => {
            eprintln!("shogi: {message}");
            ExitCode::FAILURE
        }
    }
}

// ------------------------------------------------------------------ perft

/// One crate's perft: the root moves in USI with their counts, and the time.
struct PerftRun {
    crate_name: &'static str,
    divide: Vec<(String, u64)>,
    elapsed: Duration,
}

impl PerftRun {
    fn nodes(&self) -> u64 {
        self.divide.iter().map(|(_, count)| count).sum()
    }

    fn nodes_per_second(&self) -> f64 {
        as_f64(self.nodes()) / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// How a perft spreads over threads: [`divide`] on one, or
/// [`divide_parallel`] (for positions that are `Send` and `Sync`).
type Divide<P> = fn(&P, PerftOptions, &(dyn Fn() + Sync)) -> Vec<(Move, u64)>;

/// [`divide_parallel`] when more than one thread is asked for.
fn on_threads<P: Position + Send + Sync>(
    position: &P,
    options: PerftOptions,
    root_done: &(dyn Fn() + Sync),
) -> Vec<(Move, u64)> {
    if options.threads > 1 {
        divide_parallel(position, options, root_done)
    } else {
        divide(position, options, &|| root_done())
    }
}

/// [`divide`], for positions that stay on one thread.
fn on_one_thread<P: Position>(
    position: &P,
    options: PerftOptions,
    root_done: &(dyn Fn() + Sync),
) -> Vec<(Move, u64)> {
    divide(position, options, &|| root_done())
}

fn perft_with<P: Position>(
    feen: &str,
    options: PerftOptions,
    label: &str,
    run: Divide<P>,
) -> Result<PerftRun, Failure> {
    let position: P = load(feen)?;
    let root_moves = shogi::legal_move_list(&shogi::Board::read(&position)).len();
    let progress = Progress::new(
        root_moves,
        &format!("{label} {} depth {}: root moves", P::CRATE, options.depth),
    );
    let start = Instant::now();
    let counts = run(&position, options, &|| progress.inc());
    let elapsed = start.elapsed();
    progress.finish();
    let mut divide: Vec<(String, u64)> = counts
        .into_iter()
        .map(|(mv, count)| (mv.usi().to_string(), count))
        .collect();
    divide.sort();
    Ok(PerftRun {
        crate_name: P::CRATE,
        divide,
        elapsed,
    })
}

fn run_perft(args: &PerftArgs) -> Result<(), Failure> {
    let options = PerftOptions {
        depth: args.depth,
        table: args.tt,
        threads: usize::from(args.threads),
    };
    let section = perft_section(args, options)?;
    if args.crate_choice.runs_local() && options.threads > 1 {
        return Err(Failure::Input(
            "--crate local runs on one thread (its positions are not Send): \
             drop --threads or pick another crate"
                .to_string(),
        ));
    }
    let mut runs = Vec::new();
    if args.crate_choice.runs_persistent() {
        runs.push(perft_with::<Persistent>(
            &args.feen, options, "perft", on_threads,
        )?);
    }
    if args.crate_choice.runs_local() {
        runs.push(perft_with::<Local>(
            &args.feen,
            options,
            "perft",
            on_one_thread,
        )?);
    }
    if args.crate_choice.runs_sashite() {
        runs.push(perft_with::<Sashite>(
            &args.feen, options, "perft", on_threads,
        )?);
    }
    if args.divide {
        for (usi, count) in &runs[0].divide {
            println!("{usi}: {count}");
        }
    }
    for run in &runs {
        println!(
            "{}: {} nodes in {:.3} s, {} nodes/s",
            run.crate_name,
            thousands(run.nodes()),
            run.elapsed.as_secs_f64(),
            format_number(run.nodes_per_second(), 0),
        );
    }
    if let Some(peer) = runs.iter().find(|run| run.crate_name == Sashite::CRATE) {
        for ours in runs.iter().filter(|run| run.crate_name != Sashite::CRATE) {
            println!(
                "nodes per second, {} / sashite-qi: {:.2}",
                ours.crate_name,
                ours.nodes_per_second() / peer.nodes_per_second()
            );
        }
    }
    for run in &runs[1..] {
        if run.divide != runs[0].divide {
            return Err(Failure::Mismatch(format!(
                "the crates disagree: {} nodes with {} against {} with {}",
                runs[0].nodes(),
                runs[0].crate_name,
                run.nodes(),
                run.crate_name
            )));
        }
    }
    if let Some(section) = &section {
        let body = format!(
            "Perft of `{}` to depth {}{}{}, single process, each crate in turn.\n\n{}",
            args.feen,
            options.depth,
            if options.table {
                ", with the transposition table"
            } else {
                ""
            },
            if options.threads > 1 {
                format!(", {} threads", options.threads)
            } else {
                ", one thread".to_string()
            },
            perft_table(&runs)
        );
        write_sections(&args.write, section, &body)?;
    }
    println!("nodes: {}", runs[0].nodes());
    Ok(())
}

/// The section a perft writes with `--write`, named after the position,
/// the depth and the options (`shogi-perft-start-5-tt`), once every file
/// is found to have it; `None` without `--write`.
fn perft_section(args: &PerftArgs, options: PerftOptions) -> Result<Option<String>, Failure> {
    if args.write.is_empty() {
        return Ok(None);
    }
    let mut name = format!(
        "shogi-perft-{}-{}",
        section_position(&args.feen)?,
        options.depth
    );
    if options.table {
        name.push_str("-tt");
    }
    if options.threads > 1 {
        let _ = write!(name, "-threads-{}", options.threads);
    }
    checked_section(&args.write, name).map(Some)
}

/// The perft runs as a table: one row per crate, with its ratio to
/// sashite-qi's speed where sashite-qi ran.
fn perft_table(runs: &[PerftRun]) -> String {
    let peer = runs.iter().find(|run| run.crate_name == Sashite::CRATE);
    let mut table = String::from(
        "| crate | nodes | seconds | nodes per second | speed ratio to sashite-qi |\n\
         |---|---:|---:|---:|---:|\n",
    );
    for run in runs {
        let ratio = peer.map_or_else(
            || "-".to_string(),
            |peer| format!("{:.2}", run.nodes_per_second() / peer.nodes_per_second()),
        );
        let _ = writeln!(
            table,
            "| {} | {} | {:.3} | {} | {ratio} |",
            run.crate_name,
            thousands(run.nodes()),
            run.elapsed.as_secs_f64(),
            format_number(run.nodes_per_second(), 0),
        );
    }
    table
}

/// How a section of docs/performance.md names a published position
/// (`start`, `matsuri`, `most-moves`); any other position is refused, as
/// it has no section.
fn section_position(feen: &str) -> Result<String, Failure> {
    PUBLISHED
        .iter()
        .find(|(_, published, _)| *published == feen)
        .map(|(name, _, _)| name.to_lowercase().replace(' ', "-"))
        .ok_or_else(|| {
            Failure::Input(
                "--write files the table under its position: only the published positions \
                 (start, Matsuri, most moves) have a section"
                    .to_string(),
            )
        })
}

/// The name of a section, once each file of `paths` is found to have it
/// (checked before measuring, not after).
fn checked_section(paths: &[PathBuf], section: String) -> Result<String, Failure> {
    for path in paths {
        report::check_section(path, &section).map_err(Failure::Input)?;
    }
    Ok(section)
}

/// Replaces `section` of each file of `paths` with `body`, the date, the
/// machine and this run's command line.
fn write_sections(paths: &[PathBuf], section: &str, body: &str) -> Result<(), Failure> {
    let command = report::command_line("cargo run --release -p shogi --");
    for path in paths {
        report::write_section(path, section, &command, body).map_err(Failure::Input)?;
        eprintln!("shogi: wrote the section {section} of {}", path.display());
    }
    Ok(())
}

// ------------------------------------------------------------------- tree

/// The most positions a kept tree may hold, whatever the memory: the start
/// position's depth-5 tree (20.6 million) fits, in about 2 GB with
/// persistent-qi and 6 GB with sashite-qi, built one after the other. The
/// memory estimate (see `shogi::build_tree`) usually refuses a deeper tree
/// first; this bounds it where the memory cannot be read.
const MAX_TREE_POSITIONS: usize = 25_000_000;

/// What the table shows of one crate's tree, and a digest of each level's
/// positions to check the crates agree.
struct TreeSummary {
    crate_name: &'static str,
    positions: usize,
    distinct: usize,
    elapsed: Duration,
    bytes_kept: usize,
    peak_bytes: usize,
    /// One digest per level: every position's content, in order.
    levels: Vec<u64>,
}

/// The memory available to a tree, in bytes: the machine's available
/// memory as Linux reports it (`MemAvailable`, else `MemTotal`, in
/// /proc/meminfo), or `None` where it cannot be read.
fn available_memory() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| {
        meminfo.lines().find_map(|line| {
            let kilobytes = line.strip_prefix(name)?.strip_prefix(':')?;
            let kilobytes: usize = kilobytes.trim().strip_suffix("kB")?.trim().parse().ok()?;
            kilobytes.checked_mul(1024)
        })
    };
    field("MemAvailable").or_else(|| field("MemTotal"))
}

/// The limits of a tree: [`MAX_TREE_POSITIONS`], and `max_memory` MiB or
/// else the memory available.
fn tree_limits(max_memory: Option<u64>) -> Limits {
    let bytes = match max_memory {
        Some(mebibytes) => Some(
            usize::try_from(mebibytes)
                .ok()
                .and_then(|mebibytes| mebibytes.checked_mul(1 << 20))
                .unwrap_or(usize::MAX),
        ),
        None => available_memory(),
    };
    Limits {
        positions: MAX_TREE_POSITIONS,
        bytes,
    }
}

/// Builds one crate's tree and measures it.
fn tree_with<P: Position>(
    feen: &str,
    depth: u32,
    limits: Limits,
    quiet: bool,
) -> Result<TreeSummary, Failure> {
    let baseline = ALLOCATOR.allocated();
    let root: P = load(feen)?;
    let progress = Progress::new(0, "");
    if quiet {
        progress.never_show();
    }
    let observer = Observer {
        allocated: &|| ALLOCATOR.allocated(),
        baseline,
        level_started: &|ply, parents| {
            progress.restart(parents, &format!("tree {} ply {ply}: parents", P::CRATE));
        },
        parent_done: &|| progress.inc(),
    };
    let tree = build_tree(root, depth, limits, &observer).map_err(|error| {
        progress.finish();
        Failure::Input(error.to_string())
    })?;
    progress.finish();
    let levels = tree
        .levels
        .iter()
        .map(|level| {
            let mut hasher = rustc_hash::FxHasher::default();
            for position in level {
                hasher.write_u64(content_digest(position));
            }
            hasher.finish()
        })
        .collect();
    Ok(TreeSummary {
        crate_name: P::CRATE,
        positions: tree.positions(),
        distinct: tree.distinct().map_err(|_| {
            Failure::Input(format!(
                "out of memory: the distinct count of {} positions could not be allocated",
                tree.positions()
            ))
        })?,
        elapsed: tree.elapsed,
        bytes_kept: tree.bytes_kept,
        peak_bytes: tree.peak_bytes,
        levels,
    })
}

/// The `--crate` names of the crates `crates` runs, in table order.
fn crate_names(crates: Crate) -> Vec<&'static str> {
    [
        (crates.runs_persistent(), "persistent"),
        (crates.runs_local(), "local"),
        (crates.runs_sashite(), "sashite"),
    ]
    .into_iter()
    .filter_map(|(runs, name)| runs.then_some(name))
    .collect()
}

/// Builds the trees of the chosen crates, each in a process of its own (so
/// that each starts from the same state: no other tree's memory freed or
/// held), and prints them side by side, with each persistent-qi kind's
/// ratio to sashite-qi; fails if two crates disagree on the positions of any
/// level. Returns the number of positions and the table.
fn compare_trees(
    feen: &str,
    depth: u32,
    crates: Crate,
    max_memory: Option<u64>,
) -> Result<(usize, String), Failure> {
    // Bad input is refused here, once, before any child runs.
    let _: Persistent = load(feen)?;
    let mut summaries = Vec::new();
    for name in crate_names(crates) {
        summaries.push(tree_in_child(feen, depth, name, max_memory, false)?);
    }
    let table = tree_table(depth, &summaries);
    print!("{table}");
    check_agreement(&summaries)?;
    Ok((summaries[0].positions, table))
}

/// Fails if two crates' trees differ in their positions, distinct
/// positions, or the positions of any level.
fn check_agreement(summaries: &[TreeSummary]) -> Result<(), Failure> {
    let first = &summaries[0];
    for other in &summaries[1..] {
        if other.positions != first.positions || other.distinct != first.distinct {
            return Err(Failure::Mismatch(format!(
                "the crates disagree: {} positions ({} distinct) with {} against {} ({} distinct) with {}",
                first.positions,
                first.distinct,
                first.crate_name,
                other.positions,
                other.distinct,
                other.crate_name
            )));
        }
        if let Some(ply) =
            (0..first.levels.len()).find(|&ply| first.levels[ply] != other.levels[ply])
        {
            return Err(Failure::Mismatch(format!(
                "the crates disagree on the positions of ply {ply}: {} against {}",
                first.crate_name, other.crate_name
            )));
        }
    }
    Ok(())
}

/// One crate's tree, built by this program run again with
/// `--summary-line`, and its summary read back.
fn tree_in_child(
    feen: &str,
    depth: u32,
    crate_name: &str,
    max_memory: Option<u64>,
    quiet: bool,
) -> Result<TreeSummary, Failure> {
    let program = std::env::current_exe().map_err(|error| Failure::Input(error.to_string()))?;
    let max_memory = max_memory.map(|mebibytes| mebibytes.to_string());
    let output = std::process::Command::new(program)
        .args(["tree", "--feen", feen, "--depth", &depth.to_string()])
        .args(["--crate", crate_name, "--summary-line"])
        .args(quiet.then_some("--quiet"))
        .args(
            max_memory
                .iter()
                .flat_map(|mebibytes| ["--max-memory", mebibytes]),
        )
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|error| Failure::Input(format!("the {crate_name} tree: {error}")))?;
    let text = String::from_utf8_lossy(&output.stdout);
    match output.status.code() {
        Some(0) => TreeSummary::parse(&text).ok_or_else(|| {
            Failure::Mismatch(format!("the {crate_name} tree: no summary in {text:?}"))
        }),
        // The child printed its own one-line error on stderr.
        Some(2) => Err(Failure::Reported),
        _ => Err(Failure::Mismatch(format!(
            "the {crate_name} tree failed: {}",
            output.status
        ))),
    }
}

impl TreeSummary {
    /// The summary as one line of numbers, for [`TreeSummary::parse`].
    fn line(&self) -> String {
        let mut numbers = vec![
            self.positions as u64,
            self.distinct as u64,
            u64::try_from(self.elapsed.as_nanos()).unwrap_or(u64::MAX),
            self.bytes_kept as u64,
            self.peak_bytes as u64,
        ];
        numbers.extend(&self.levels);
        let numbers: Vec<String> = numbers.iter().map(u64::to_string).collect();
        format!(
            "{} {}",
            self.crate_name.replace(' ', "_"),
            numbers.join(" ")
        )
    }

    /// Reads a [`line`](TreeSummary::line) back.
    fn parse(text: &str) -> Option<TreeSummary> {
        let mut words = text.lines().last()?.split(' ');
        let crate_name = match words.next()? {
            "persistent-qi" => Persistent::CRATE,
            "persistent-qi_(local)" => Local::CRATE,
            "sashite-qi" => Sashite::CRATE,
            _ => return None,
        };
        let numbers: Vec<u64> = words.map(str::parse).collect::<Result<_, _>>().ok()?;
        let [
            positions,
            distinct,
            nanos,
            bytes_kept,
            peak_bytes,
            ref levels @ ..,
        ] = numbers[..]
        else {
            return None;
        };
        Some(TreeSummary {
            crate_name,
            positions: usize::try_from(positions).ok()?,
            distinct: usize::try_from(distinct).ok()?,
            elapsed: Duration::from_nanos(nanos),
            bytes_kept: usize::try_from(bytes_kept).ok()?,
            peak_bytes: usize::try_from(peak_bytes).ok()?,
            levels: levels.to_vec(),
        })
    }
}

/// The side-by-side table of the trees: one column per crate, then each
/// persistent-qi kind's ratio to sashite-qi.
fn tree_table(depth: u32, summaries: &[TreeSummary]) -> String {
    let mut table = String::new();
    let peer = summaries
        .iter()
        .find(|summary| summary.crate_name == Sashite::CRATE);
    let ours: Vec<&TreeSummary> = summaries
        .iter()
        .filter(|summary| summary.crate_name != Sashite::CRATE)
        .collect();
    let mut header = vec![format!("depth {depth} tree, every position kept")];
    header.extend(
        summaries
            .iter()
            .map(|summary| summary.crate_name.to_string()),
    );
    if peer.is_some() {
        header.extend(
            ours.iter()
                .map(|summary| format!("ratio, {}", summary.crate_name)),
        );
    }
    let _ = writeln!(table, "| {} |", header.join(" | "));
    let _ = writeln!(table, "|---|{}", "---:|".repeat(header.len() - 1));
    let mut row = |name: &str, figure: &dyn Fn(&TreeSummary) -> f64, decimals: usize| {
        let mut cells = vec![name.to_string()];
        cells.extend(
            summaries
                .iter()
                .map(|summary| format_number(figure(summary), decimals)),
        );
        if let Some(peer) = peer {
            cells.extend(
                ours.iter()
                    .map(|summary| format!("{:.3}", figure(summary) / figure(peer))),
            );
        }
        let _ = writeln!(table, "| {} |", cells.join(" | "));
    };
    row("positions", &|s| as_f64(s.positions as u64), 0);
    row("distinct positions", &|s| as_f64(s.distinct as u64), 0);
    row("positions per second", &|s| rate(s.positions, s.elapsed), 0);
    row(
        "bytes kept per position",
        &|s| as_f64(s.bytes_kept as u64) / as_f64(s.positions as u64),
        1,
    );
    row("peak bytes", &|s| as_f64(s.peak_bytes as u64), 0);
    table
}

/// Positions per second.
fn rate(positions: usize, elapsed: Duration) -> f64 {
    as_f64(positions as u64) / elapsed.as_secs_f64().max(1e-9)
}

fn run_tree(args: &TreeArgs) -> Result<(), Failure> {
    if let Some(range) = args.depth_range {
        return scaling::run(args, range);
    }
    if args.plot.is_some() {
        return Err(Failure::Input(
            "--plot draws the depths of a --depth-range run: give --depth-range".to_string(),
        ));
    }
    // clap requires one of --depth and --depth-range.
    let depth = args.depth.unwrap_or(1);
    if !args.summary_line {
        let section = if args.write.is_empty() {
            None
        } else {
            let name = format!("shogi-tree-{}-{depth}", section_position(&args.feen)?);
            Some(checked_section(&args.write, name)?)
        };
        let (_, table) = compare_trees(&args.feen, depth, args.crate_choice, args.max_memory)?;
        if let Some(section) = &section {
            let body = format!(
                "The whole tree of `{}` to depth {depth}, every position kept, each crate's \
                 tree built in a process of its own. Bytes are counted by a counting \
                 allocator; the peak is sampled at the end of each ply.\n\n{table}",
                args.feen
            );
            write_sections(&args.write, section, &body)?;
        }
        return Ok(());
    }
    let limits = tree_limits(args.max_memory);
    let quiet = args.quiet;
    let summary = match args.crate_choice {
        Crate::Persistent => tree_with::<Persistent>(&args.feen, depth, limits, quiet)?,
        Crate::Local => tree_with::<Local>(&args.feen, depth, limits, quiet)?,
        Crate::Sashite => tree_with::<Sashite>(&args.feen, depth, limits, quiet)?,
        Crate::Both | Crate::All => {
            return Err(Failure::Input(
                "--summary-line builds one crate's tree".to_string(),
            ));
        }
    };
    println!("{}", summary.line());
    Ok(())
}

// ------------------------------------------------------------- self-check

fn self_check() -> Result<(), Failure> {
    const TREE_DEPTH: u32 = 4;
    let mut mismatches = Vec::new();
    // Every count compared with a published one: each perft row, the tree.
    let mut counts = 0;
    println!("Perft against the published counts (single thread, no table)");
    println!();
    println!(
        "| position | depth | published | {} | {} | {} | |",
        Persistent::CRATE,
        Local::CRATE,
        Sashite::CRATE
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    let mut speeds = Vec::new();
    for (name, feen, published_counts) in PUBLISHED {
        let depths = match name {
            "start" => 5,
            "Matsuri" => 3,
            _ => 2,
        };
        for (depth, &published) in (1..=depths).zip(published_counts.iter()) {
            counts += 1;
            let options = PerftOptions::new(depth);
            let runs = [
                perft_with::<Persistent>(feen, options, name, on_threads)?,
                perft_with::<Local>(feen, options, name, on_one_thread)?,
                perft_with::<Sashite>(feen, options, name, on_threads)?,
            ];
            let verdict = if runs.iter().all(|run| run.nodes() == published) {
                "MATCH"
            } else {
                mismatches.push(format!("{name} depth {depth}"));
                "MISMATCH"
            };
            println!(
                "| {name} | {depth} | {} | {} | {} | {} | {verdict} |",
                thousands(published),
                thousands(runs[0].nodes()),
                thousands(runs[1].nodes()),
                thousands(runs[2].nodes())
            );
            if depth == depths && (feen == START || feen == MATSURI) {
                speeds.push((name, depth, runs.map(|run| run.nodes_per_second())));
            }
        }
    }
    println!();
    println!(
        "| perft nodes per second | {} | {} | {} | ratio, {} | ratio, {} |",
        Persistent::CRATE,
        Local::CRATE,
        Sashite::CRATE,
        Persistent::CRATE,
        Local::CRATE
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, depth, [ours, local, theirs]) in speeds {
        println!(
            "| {name} depth {depth} | {} | {} | {} | {:.2} | {:.2} |",
            format_number(ours, 0),
            format_number(local, 0),
            format_number(theirs, 0),
            ours / theirs,
            local / theirs
        );
    }
    println!();
    counts += 1;
    check_kept_tree(TREE_DEPTH, &mut mismatches)?;
    println!();
    if mismatches.is_empty() {
        println!("self-check: every count matches the published one, and the crates agree");
    }
    println!("{}", verdict_line(counts, mismatches.len()));
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(Failure::Mismatch(format!(
            "MISMATCH: {}",
            mismatches.join(", ")
        )))
    }
}

/// The self-check's last row: the kept tree of the start position, all three
/// kinds, its positions against the published counts. A mismatch is pushed
/// onto `mismatches`; bad input ends the run.
fn check_kept_tree(depth: u32, mismatches: &mut Vec<String>) -> Result<(), Failure> {
    let published: u64 = 1 + PUBLISHED[0].2[..depth as usize].iter().sum::<u64>();
    // Crates that disagree on the tree are a mismatch like any other: the
    // verdict line still ends the run.
    match compare_trees(START, depth, Crate::All, None) {
        Ok((positions, _)) => {
            let verdict = if positions as u64 == published {
                "MATCH"
            } else {
                mismatches.push("the kept tree".to_string());
                "MISMATCH"
            };
            println!();
            println!(
                "positions kept, root included: {} (published {}) {verdict}",
                thousands(positions as u64),
                thousands(published)
            );
        }
        Err(Failure::Mismatch(message)) => {
            println!();
            println!("the kept tree: {message} MISMATCH");
            mismatches.push("the kept tree".to_string());
        }
        Err(failure) => return Err(failure),
    }
    Ok(())
}

/// The self-check's last word, on one line a script can test: every count
/// matched, or how many did not.
fn verdict_line(counts: usize, mismatches: usize) -> String {
    if mismatches == 0 {
        format!("verdict: all {counts} counts MATCH")
    } else {
        format!("verdict: {mismatches} of {counts} counts MISMATCH")
    }
}

// --------------------------------------------------------------- progress

/// A progress bar that appears only on a terminal, and only once its task
/// has run for a second.
struct Progress {
    bar: ProgressBar,
    start: std::sync::Mutex<Instant>,
    shown: AtomicBool,
}

impl Progress {
    const DELAY: Duration = Duration::from_secs(1);

    fn new(length: usize, message: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(length as u64), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(message.to_string());
        Progress {
            bar,
            start: std::sync::Mutex::new(Instant::now()),
            shown: AtomicBool::new(false),
        }
    }

    fn restart(&self, length: usize, message: &str) {
        self.bar.set_length(length as u64);
        self.bar.set_position(0);
        self.bar.set_message(message.to_string());
    }

    fn inc(&self) {
        self.bar.inc(1);
        if !self.shown.load(Ordering::Relaxed)
            && std::io::stderr().is_terminal()
            && self
                .start
                .lock()
                .is_ok_and(|start| start.elapsed() > Self::DELAY)
        {
            self.shown.store(true, Ordering::Relaxed);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Never shows the bar, as for a child whose parent draws its own.
    fn never_show(&self) {
        self.shown.store(true, Ordering::Relaxed);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

// ------------------------------------------------------------- formatting

/// Counts and byte totals are far below 2^52, where `f64` starts to round.
#[allow(clippy::cast_precision_loss)]
fn as_f64(value: u64) -> f64 {
    value as f64
}

fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn format_number(value: f64, decimals: usize) -> String {
    if decimals == 0 {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        thousands(value.round() as u64)
    } else {
        format!("{value:.decimals$}")
    }
}

#[cfg(test)]
mod tests {
    use super::verdict_line;

    #[test]
    fn the_verdict_counts_every_comparison() {
        assert_eq!(verdict_line(11, 0), "verdict: all 11 counts MATCH");
        assert_eq!(verdict_line(11, 2), "verdict: 2 of 11 counts MISMATCH");
    }
}
