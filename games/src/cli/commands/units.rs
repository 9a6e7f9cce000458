//! `games <game> perft --split`, `--unit`, `--merge` and `--pending`: the
//! steps of a perft split into work units ([`crate::units`]), each a thin
//! layer that reads its arguments, runs the step and prints what it did.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::cli::{PerftArgs, allocated};
use crate::measure::perft::{UnitWorkload, rate};
use crate::measure::{
    Crate, Failure, Progress, Verdict, as_f64, available_memory, format_number, load, run_on,
    thousands,
};
use crate::units::{
    self, Line, Manifest, Problem, SplitWriter, UnitResult, files, read_unit, result_path,
    write_atomically,
};
use crate::{Game, Node, PerftOptions, Persistent, Published};

/// The share of the memory available at its start that a split may take,
/// in quarters: what is left is the units' text and the system's.
const SPLIT_MEMORY_QUARTERS: usize = 3;

/// `--split PLY --units DIR`: the tree of `text` walked to `ply`, equal
/// positions merged, written as the units of a perft to `depth`.
pub(crate) fn split<G: Game>(
    text: &str,
    depth: u32,
    ply: u32,
    dir: &Path,
    args: &PerftArgs,
) -> Result<(), Failure> {
    if ply >= depth {
        return Err(Failure::Input(format!(
            "--split {ply} is not above --depth {depth}: the units' positions lie between the \
             root and the leaves"
        )));
    }
    if depth - ply > files::MAX_DEPTH_LEFT {
        return Err(Failure::Input(format!(
            "--depth {depth} split at ply {ply} leaves {} plies to each line: one process counts \
             {} at most, so split at ply {} or deeper",
            depth - ply,
            files::MAX_DEPTH_LEFT,
            depth - files::MAX_DEPTH_LEFT
        )));
    }
    if args.crate_choice.crates() != [Crate::Persistent] {
        return Err(Failure::input(
            "--split keeps its positions in persistent-qi: drop --crate (the units are counted \
             with any crate, by --unit)",
        ));
    }
    if dir.exists() {
        return Err(Failure::input(units::UnitsError::Exists(dir.to_path_buf())));
    }
    let root = load::<G, Persistent<G::Piece, G::Style>>(text)?.canonical();
    let base = allocated();
    let budget = available_memory().map(|bytes| bytes / 4 * SPLIT_MEMORY_QUARTERS);
    let over_budget = || budget.is_some_and(|budget| allocated().saturating_sub(base) > budget);
    let progress = Progress::new(
        ply as usize,
        &format!("{} split at ply {ply}: plies", G::NAME),
    );
    let started = Instant::now();
    let split = units::split(&root, ply, &over_budget, &|done, _| {
        if done > 0 {
            progress.inc();
        }
    });
    progress.finish();
    let split = split.map_err(|stopped| {
        Failure::Input(format!(
            "the split outgrew the {} MiB it may take at ply {} ({} distinct positions kept): \
             split at a lower ply",
            thousands(budget.unwrap_or(0) >> 20),
            stopped.ply,
            thousands(stopped.distinct)
        ))
    })?;
    let leaves = split.leaves();
    let manifest = Manifest {
        game: G::NAME.to_string(),
        root: notation::<G>(&root)?,
        depth,
        split: ply,
        unit_size: usize::try_from(args.unit_size).unwrap_or(usize::MAX),
        distinct: split.lines.len() as u64,
        leaves,
        units: Vec::new(),
    };
    let mut writer = SplitWriter::create(dir, manifest).map_err(Failure::input)?;
    // Each node is dropped once written: the split's positions and its
    // text are never held together.
    for (node, multiplicity) in split.lines {
        let line = Line {
            position: notation::<G>(&node)?,
            multiplicity,
        };
        writer.push(&line).map_err(Failure::input)?;
    }
    let manifest = writer.finish().map_err(Failure::input)?;
    let elapsed = started.elapsed();
    let bytes = unit_bytes(dir, &manifest)?;
    report::<G>(
        &manifest,
        &split.distinct,
        bytes,
        elapsed,
        published::<G>(&root),
    )
}

/// What a split prints: the distinct positions ply by ply, the leaves at
/// the split (against the published count where one is known), the units'
/// bytes and the time, per distinct position.
fn report<G: Game>(
    manifest: &Manifest,
    distinct: &[usize],
    bytes: u64,
    elapsed: Duration,
    published: Option<&Published>,
) -> Result<(), Failure> {
    let ply = manifest.split;
    let per_position = |figure: f64| figure / as_f64(manifest.distinct.max(1));
    println!(
        "{} perft of `{}` to depth {}, split at ply {ply}",
        G::NAME,
        manifest.root,
        manifest.depth
    );
    let counts: Vec<String> = distinct.iter().map(thousands).collect();
    println!("distinct positions from the root: {}", counts.join(", "));
    let mut verdict = Verdict::new();
    let leaves = match published.and_then(|published| published.count(ply)) {
        Some(count) => format!(
            " (published: {})",
            verdict.check(
                format!("{} perft({ply}) at the split", G::NAME),
                count == manifest.leaves
            )
        ),
        None => String::new(),
    };
    println!(
        "leaves at ply {ply}, the multiplicities summed: {}{leaves}",
        thousands(manifest.leaves)
    );
    println!(
        "units: {} of at most {} lines, {} bytes ({} bytes a distinct position)",
        thousands(manifest.units.len()),
        thousands(manifest.unit_size),
        thousands(bytes),
        format_number(per_position(as_f64(bytes)), 1)
    );
    println!(
        "split and written in {:.3} s ({} µs a distinct position); each line counts {} plies",
        elapsed.as_secs_f64(),
        format_number(per_position(elapsed.as_secs_f64() * 1e6), 2),
        manifest.depth_left()
    );
    println!("distinct: {}", manifest.distinct);
    verdict.into_result()
}

/// The node in the game's notation, checked to read back as the node: the
/// lines of a unit must count what the split found.
fn notation<G: Game>(node: &G::Node<Persistent<G::Piece, G::Style>>) -> Result<String, Failure> {
    let text = G::notation(node).map_err(Failure::input)?;
    match G::load::<Persistent<G::Piece, G::Style>>(&text) {
        Ok(read) if read == *node => Ok(text),
        _ => Err(Failure::Mismatch(format!(
            "`{text}` does not read back as the {} position it was written from",
            G::NAME
        ))),
    }
}

/// The bytes of a split's units on disk.
fn unit_bytes(dir: &Path, manifest: &Manifest) -> Result<u64, Failure> {
    manifest.units.iter().try_fold(0, |sum, unit| {
        let path = dir.join(&unit.name);
        let metadata = std::fs::metadata(&path)
            .map_err(|error| Failure::Input(format!("{}: {error}", path.display())))?;
        Ok(sum + metadata.len())
    })
}

/// The published position `node` is, if any.
fn published<G: Game>(
    node: &G::Node<Persistent<G::Piece, G::Style>>,
) -> Option<&'static Published> {
    G::PUBLISHED.iter().find(|published| {
        G::load::<Persistent<G::Piece, G::Style>>(published.text)
            .is_ok_and(|read| read.canonical() == *node)
    })
}

/// The directory a unit's file lies in, where its manifest is.
fn directory_of(unit: &Path) -> PathBuf {
    match unit.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `--unit FILE`: every line of the unit counted, its result written beside
/// it, atomically.
pub(crate) fn count<G: Game>(unit: &Path, args: &PerftArgs) -> Result<(), Failure> {
    let crates = args.crate_choice.crates();
    let &[krate] = crates.as_slice() else {
        return Err(Failure::input(
            "--unit counts with one crate: --crate persistent, local, sashite or fixed",
        ));
    };
    if krate == Crate::Local && args.threads > 1 {
        return Err(Failure::input(
            "--crate local runs on one thread (its positions are not Send): drop --threads or \
             pick another crate",
        ));
    }
    let manifest = Manifest::read_for(&directory_of(unit), G::NAME).map_err(Failure::input)?;
    let (entry, lines) = read_unit(unit, &manifest).map_err(Failure::input)?;
    let progress = Progress::new(lines.len(), &format!("{} {}: lines", G::NAME, entry.name));
    let workload = UnitWorkload {
        name: &entry.name,
        lines: &lines,
        depth: manifest.depth_left(),
        options: PerftOptions {
            depth: manifest.depth_left(),
            table: args.tt,
            threads: usize::from(args.threads),
        },
        line_done: &|| progress.inc(),
    };
    let sample = run_on::<G, _>(krate, &workload);
    progress.finish();
    let sample = sample?;
    let counts = sample.output;
    let total = files::total(&lines, &counts)
        .ok_or_else(|| Failure::Mismatch(format!("the total of {} is past 2^128", entry.name)))?;
    let counted: u128 = counts.iter().map(|&count| u128::from(count)).sum();
    let result = UnitResult {
        game: G::NAME.to_string(),
        unit_name: entry.name.clone(),
        unit: entry.checksum,
        counts,
        total,
    };
    let path = result_path(unit);
    write_atomically(&path, result.text().as_bytes()).map_err(Failure::input)?;
    println!(
        "{}: {} lines, {} positions counted in {:.3} s with {}, {} positions/s",
        entry.name,
        thousands(lines.len()),
        thousands(counted),
        sample.elapsed.as_secs_f64(),
        krate.name(),
        format_number(
            rate(u64::try_from(counted).unwrap_or(u64::MAX), sample.elapsed),
            0
        )
    );
    println!("wrote {}", path.display());
    println!("total: {total}");
    println!("nodes: {counted}");
    Ok(())
}

/// `--merge DIR`: the total of every unit's result, beside the published
/// count where one is known, and `expect` if given.
pub(crate) fn merge<G: Game>(dir: &Path, expect: Option<u128>) -> Result<(), Failure> {
    let merged = units::merge(dir, G::NAME).map_err(Failure::input)?;
    let manifest = &merged.manifest;
    let root = load::<G, Persistent<G::Piece, G::Style>>(&manifest.root)?.canonical();
    println!(
        "{} perft of `{}` to depth {}: {} units, {} distinct positions at ply {}",
        G::NAME,
        manifest.root,
        manifest.depth,
        thousands(manifest.units.len()),
        thousands(manifest.distinct),
        manifest.split
    );
    if merged.verified > 0 {
        println!(
            "{} units counted more than once, their results the same",
            thousands(merged.verified)
        );
    }
    println!(
        "positions counted below the split: {}",
        thousands(merged.counted)
    );
    println!("total: {}", thousands(merged.total));
    let mut verdict = Verdict::new();
    let depth = manifest.depth;
    if let Some(count) = published::<G>(&root).and_then(|published| published.count(depth)) {
        let word = verdict.check(
            format!("{} perft({depth}): {} nodes", G::NAME, merged.total),
            merged.total == count,
        );
        println!("published: {} {word}", thousands(count));
    }
    if let Some(expected) = expect {
        let word = verdict.check(
            format!("{} perft({depth}): {} nodes", G::NAME, merged.total),
            merged.total == expected,
        );
        println!("expected: {} {word}", thousands(expected));
    }
    println!("nodes: {}", merged.total);
    verdict.into_result()
}

/// `--pending DIR`: the units with no valid result, a file name a line;
/// the problems other than a missing result to standard error.
pub(crate) fn pending<G: Game>(dir: &Path) -> Result<(), Failure> {
    let status = units::status(dir, G::NAME).map_err(Failure::input)?;
    for problem in &status.problems {
        if !matches!(problem, Problem::Missing { .. }) {
            eprintln!("games: {problem}");
        }
    }
    for name in status.pending() {
        println!("{name}");
    }
    Ok(())
}
