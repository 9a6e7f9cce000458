//! `shogi`: legal shogi on persistent-qi, checked against the published
//! perft counts and measured against sashite-qi through the same rules.
//!
//! Without arguments it runs the self-check: perft from the start position
//! to depth 5 (and Matsuri to depth 3, the most-moves position to depth 2),
//! with both crates, each count beside the published one, then the whole
//! depth-4 tree of the start position kept in memory by each crate, side by
//! side. Any mismatch ends it with exit code 1; bad input gets a one-line
//! error and exit code 2. `shogi --help` lists the commands.
#![forbid(unsafe_code)]

use std::alloc::System;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cap::Cap;
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use shogi::{
    LoadError, MATSURI, Observer, PUBLISHED, PerftOptions, Persistent, Position, START, Sashite,
    Tree, build_tree, divide, load, same_content,
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
/// each crate, side by side. Exit code 1 on any mismatch, 2 on bad input.
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
    /// the two crates: positions, distinct positions, speed and memory.
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
    /// Worker threads sharing the root moves.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Which position crate to run; `both` checks they agree.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = Crate::Persistent)]
    crate_choice: Crate,
}

#[derive(Debug, Args)]
struct TreeArgs {
    /// The position, in FEEN.
    #[arg(long, default_value = START)]
    feen: String,
    /// Plies to expand, 1 to 10.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10))]
    depth: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Crate {
    /// persistent-qi, the crate under test.
    Persistent,
    /// sashite-qi, the peer.
    Sashite,
    /// Both, one after the other, checking that they agree.
    Both,
}

/// How a run ended.
enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A count or position that disagrees: exit code 1.
    Mismatch(String),
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

fn perft_with<P: Position>(
    feen: &str,
    options: PerftOptions,
    label: &str,
) -> Result<PerftRun, Failure> {
    let position: P = load(feen)?;
    let root_moves = shogi::legal_move_list(&shogi::Board::read(&position)).len();
    let progress = Progress::new(
        root_moves,
        &format!("{label} {} depth {}: root moves", P::CRATE, options.depth),
    );
    let start = Instant::now();
    let counts = divide(&position, options, &|| progress.inc());
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
    let mut runs = Vec::new();
    if args.crate_choice != Crate::Sashite {
        runs.push(perft_with::<Persistent>(&args.feen, options, "perft")?);
    }
    if args.crate_choice != Crate::Persistent {
        runs.push(perft_with::<Sashite>(&args.feen, options, "perft")?);
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
    if let [ours, theirs] = &runs[..] {
        println!(
            "nodes per second, persistent-qi / sashite-qi: {:.2}",
            ours.nodes_per_second() / theirs.nodes_per_second()
        );
        if ours.divide != theirs.divide {
            return Err(Failure::Mismatch(format!(
                "the crates disagree: {} nodes against {}",
                ours.nodes(),
                theirs.nodes()
            )));
        }
    }
    println!("nodes: {}", runs[0].nodes());
    Ok(())
}

// ------------------------------------------------------------------- tree

/// The most positions a kept tree may hold: the start position's depth-5
/// tree (20.6 million) fits, in about 4 GB with persistent-qi and 6 GB
/// with sashite-qi, both kept at once; a deeper one would not fit the
/// machine.
const MAX_TREE_POSITIONS: usize = 25_000_000;

/// One crate's kept tree, measured.
struct TreeRun<P> {
    tree: Tree<P>,
    distinct: usize,
}

fn tree_with<P: Position>(feen: &str, depth: u32) -> Result<TreeRun<P>, Failure> {
    let baseline = ALLOCATOR.allocated();
    let root: P = load(feen)?;
    let progress = Progress::new(0, "");
    let observer = Observer {
        allocated: &|| ALLOCATOR.allocated(),
        baseline,
        level_started: &|ply, parents| {
            progress.restart(parents, &format!("tree {} ply {ply}: parents", P::CRATE));
        },
        parent_done: &|| progress.inc(),
    };
    let tree = build_tree(root, depth, MAX_TREE_POSITIONS, &observer)
        .map_err(|error| Failure::Input(error.to_string()))?;
    progress.finish();
    let distinct = tree.distinct();
    Ok(TreeRun { tree, distinct })
}

/// Builds both trees and prints them side by side; fails if the crates
/// disagree on any position.
fn compare_trees(feen: &str, depth: u32) -> Result<usize, Failure> {
    // The first tree stays alive while the second is built, so that the two
    // can be compared position by position at the end; each is measured
    // against its own baseline, so neither counts the other's bytes.
    let ours = tree_with::<Persistent>(feen, depth)?;
    let theirs = tree_with::<Sashite>(feen, depth)?;
    let (a, b) = (&ours.tree, &theirs.tree);
    println!("| depth {depth} tree, every position kept | persistent-qi | sashite-qi | ratio |");
    println!("|---|---:|---:|---:|");
    let row = |name: &str, ours: f64, theirs: f64, decimals: usize| {
        println!(
            "| {name} | {} | {} | {:.3} |",
            format_number(ours, decimals),
            format_number(theirs, decimals),
            ours / theirs
        );
    };
    row(
        "positions",
        as_f64(a.positions() as u64),
        as_f64(b.positions() as u64),
        0,
    );
    row(
        "distinct positions",
        as_f64(ours.distinct as u64),
        as_f64(theirs.distinct as u64),
        0,
    );
    row(
        "positions per second",
        rate(a.positions(), a.elapsed),
        rate(b.positions(), b.elapsed),
        0,
    );
    row(
        "bytes kept per position",
        as_f64(a.bytes_kept as u64) / as_f64(a.positions() as u64),
        as_f64(b.bytes_kept as u64) / as_f64(b.positions() as u64),
        1,
    );
    row(
        "peak bytes",
        as_f64(a.peak_bytes as u64),
        as_f64(b.peak_bytes as u64),
        0,
    );
    if a.positions() != b.positions() || ours.distinct != theirs.distinct {
        return Err(Failure::Mismatch(format!(
            "the crates disagree: {} positions ({} distinct) against {} ({} distinct)",
            a.positions(),
            ours.distinct,
            b.positions(),
            theirs.distinct
        )));
    }
    for (ply, (mine, peer)) in a.levels.iter().zip(&b.levels).enumerate() {
        if let Some(index) = mine.iter().zip(peer).position(|(x, y)| !same_content(x, y)) {
            return Err(Failure::Mismatch(format!(
                "the crates disagree on position {index} of ply {ply}"
            )));
        }
    }
    Ok(a.positions())
}

/// Positions per second.
fn rate(positions: usize, elapsed: Duration) -> f64 {
    as_f64(positions as u64) / elapsed.as_secs_f64().max(1e-9)
}

fn run_tree(args: &TreeArgs) -> Result<(), Failure> {
    compare_trees(&args.feen, args.depth).map(|_| ())
}

// ------------------------------------------------------------- self-check

fn self_check() -> Result<(), Failure> {
    const TREE_DEPTH: u32 = 4;
    let mut mismatches = Vec::new();
    println!("Perft against the published counts (single thread, no table)");
    println!();
    println!("| position | depth | published | persistent-qi | sashite-qi | |");
    println!("|---|---:|---:|---:|---:|---|");
    let mut speeds = Vec::new();
    for (name, feen, counts) in PUBLISHED {
        let depths = match name {
            "start" => 5,
            "Matsuri" => 3,
            _ => 2,
        };
        for (depth, &published) in (1..=depths).zip(counts.iter()) {
            let options = PerftOptions::new(depth);
            let ours = perft_with::<Persistent>(feen, options, name)?;
            let theirs = perft_with::<Sashite>(feen, options, name)?;
            let verdict = if ours.nodes() == published && theirs.nodes() == published {
                "MATCH"
            } else {
                mismatches.push(format!("{name} depth {depth}"));
                "MISMATCH"
            };
            println!(
                "| {name} | {depth} | {} | {} | {} | {verdict} |",
                thousands(published),
                thousands(ours.nodes()),
                thousands(theirs.nodes())
            );
            if depth == depths && (feen == START || feen == MATSURI) {
                speeds.push((
                    name,
                    depth,
                    ours.nodes_per_second(),
                    theirs.nodes_per_second(),
                ));
            }
        }
    }
    println!();
    println!("| perft nodes per second | persistent-qi | sashite-qi | ratio |");
    println!("|---|---:|---:|---:|");
    for (name, depth, ours, theirs) in speeds {
        println!(
            "| {name} depth {depth} | {} | {} | {:.2} |",
            format_number(ours, 0),
            format_number(theirs, 0),
            ours / theirs
        );
    }
    println!();
    let published: u64 = 1 + PUBLISHED[0].2[..TREE_DEPTH as usize].iter().sum::<u64>();
    let positions = compare_trees(START, TREE_DEPTH)?;
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
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(Failure::Mismatch(format!(
            "MISMATCH: {}",
            mismatches.join(", ")
        )))
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
