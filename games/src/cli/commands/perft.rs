//! `games <game> perft`: the leaf count of one position, each crate in
//! turn over the rounds, with the speed ratios.

use std::fmt::Write as _;

use crate::measure::perft::{Divide, PerftWorkload, nodes, rate, root_moves};
use crate::measure::{
    Crate, Failure, Measured, Progress, Sections, Verdict, format_number, interleaved,
    ratio_header, ratio_pairs, speed_table, thousands,
};
use crate::{Game, PerftOptions};

use super::{capitalized, section_position, units};
use crate::cli::PerftArgs;

/// The deepest perft one process runs: a deeper one is split.
const DEEPEST: u32 = 10;

/// Runs the perft of `text` that `args` asks for: a count, or one of the
/// work units' steps (`--split`, `--unit`, `--merge`, `--pending`).
pub(crate) fn run<G: Game>(text: &str, args: &PerftArgs) -> Result<(), Failure> {
    if let Some(unit) = &args.unit {
        return units::count::<G>(unit, args);
    }
    if let Some(dir) = &args.merge {
        return units::merge::<G>(dir, args.expect);
    }
    if let Some(dir) = &args.pending {
        return units::pending::<G>(dir);
    }
    let depth = args
        .depth
        .ok_or_else(|| Failure::input("--depth is needed: the plies to count"))?;
    if let (Some(split), Some(dir)) = (args.split, &args.units) {
        return units::split::<G>(text, depth, split, dir, args);
    }
    if depth > DEEPEST {
        return Err(Failure::Input(format!(
            "--depth {depth}: one process counts to depth {DEEPEST}; a deeper perft splits into \
             work units (--split PLY --units DIR)"
        )));
    }
    count::<G>(text, depth, args)
}

/// The perft of `text` to `depth`, each crate in turn over the rounds.
fn count<G: Game>(text: &str, depth: u32, args: &PerftArgs) -> Result<(), Failure> {
    let options = PerftOptions {
        depth,
        table: args.tt,
        threads: usize::from(args.threads),
    };
    let crates = args.crate_choice.crates();
    let sections = sections::<G>(text, options, args)?;
    if crates.contains(&Crate::Local) && options.threads > 1 {
        return Err(Failure::Input(
            "--crate local runs on one thread (its positions are not Send): \
             drop --threads or pick another crate"
                .to_string(),
        ));
    }
    let rounds = usize::from(args.rounds);
    let progress = Progress::new(
        root_moves::<G>(text)? * crates.len() * rounds,
        &format!("{} perft depth {}: root moves", G::NAME, options.depth),
    );
    let workload = PerftWorkload {
        text,
        options,
        root_done: &|| progress.inc(),
    };
    let measured = interleaved::<G, _>(&crates, rounds, &workload, &|_| {});
    progress.finish();
    let measured = measured?;
    if args.divide {
        for (mv, count) in &measured[0].output {
            println!("{mv}: {count}");
        }
    }
    for runs in &measured {
        let count = nodes(&runs.output);
        println!(
            "{}: {} nodes in {:.3} s, {} nodes/s",
            runs.krate.name(),
            thousands(count),
            runs.median().as_secs_f64(),
            format_number(rate(count, runs.median()), 0),
        );
    }
    let speed = |runs: &Measured<Divide>| rate(nodes(&runs.output), runs.median());
    for (kind, reference) in ratio_pairs(&crates) {
        let of = |krate: Crate| measured.iter().find(|runs| runs.krate == krate).map(speed);
        if let (Some(ours), Some(theirs)) = (of(kind), of(reference)) {
            println!(
                "nodes per second, {}: {:.2}",
                ratio_header((kind, reference)),
                ours / theirs
            );
        }
    }
    if let Some(sections) = &sections {
        let body = format!(
            "{} perft of `{text}` to depth {}{}{}, single process, the crates taking turns over \
             {rounds} round{}.\n\n{}",
            capitalized(G::NAME),
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
            if rounds == 1 { "" } else { "s" },
            speed_table(&measured, ["nodes", "nodes per second"], nodes).render()
        );
        sections.write(&body)?;
    }
    let count = nodes(&measured[0].output);
    let mut verdict = Verdict::new();
    if let Some(expected) = args.expect {
        let word = verdict.check(
            format!("{} perft: {count} nodes", G::NAME),
            u128::from(count) == expected,
        );
        println!("expected: {} {word}", thousands(expected));
    }
    println!("nodes: {count}");
    verdict.into_result()
}

/// The sections a perft writes with `--write`, named after the game, the
/// position, the depth and the options (`shogi-perft-start-5-tt`), once
/// every file is found to have it; `None` without `--write`.
fn sections<G: Game>(
    text: &str,
    options: PerftOptions,
    args: &PerftArgs,
) -> Result<Option<Sections>, Failure> {
    if args.write.is_empty() {
        return Ok(None);
    }
    let mut name = format!(
        "{}-perft-{}-{}",
        G::NAME,
        section_position::<G>(text)?,
        options.depth
    );
    if options.table {
        name.push_str("-tt");
    }
    if options.threads > 1 {
        let _ = write!(name, "-threads-{}", options.threads);
    }
    Sections::checked(&args.write, name)
}
