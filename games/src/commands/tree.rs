//! `games <game> tree`: the whole tree to a depth, every position kept,
//! each crate's tree built in a process of its own, side by side.

use games::measure::tree::{
    TreeSummary, build_summary, check_agreement, child_arguments, in_child, median_summary,
    tree_table,
};
use games::measure::{Crate, Failure, Sections, Table, byte_limit};
use games::{Game, Limits, Local, Persistent, Sashite};

use persistent_qi::qpi::{Qpi, Sin};

use super::save;
use super::scaling;
use super::section_position;
use crate::{KeptArgs, TreeArgs, allocated};

/// The most positions a kept tree may hold, whatever the memory: the shogi
/// start position's depth-5 tree (20.6 million) fits, in about 2 GB with
/// persistent-qi and 6 GB with sashite-qi, built one after the other. The
/// memory estimate (see `games::build_tree`) usually refuses a deeper tree
/// first; this bounds it where the memory cannot be read.
pub(crate) const MAX_TREE_POSITIONS: usize = 25_000_000;

/// The limits of a tree: [`MAX_TREE_POSITIONS`], and `max_memory` MiB or
/// else the memory available.
pub(crate) fn limits(max_memory: Option<u64>) -> Limits {
    Limits {
        positions: MAX_TREE_POSITIONS,
        bytes: byte_limit(max_memory),
    }
}

/// Runs the tree command of the game `G` on `text`, which the command line
/// gives after `position_flag` (`--feen`, `--fen`).
pub(crate) fn run<G: Game<Piece = Qpi, Style = Sin>>(
    position_flag: &str,
    text: &str,
    args: &TreeArgs,
) -> Result<(), Failure> {
    if let Some(path) = &args.load {
        return save::load_command::<G>(path, args);
    }
    if let Some(range) = args.depth_range {
        return scaling::run::<G>(position_flag, text, args, range);
    }
    if args.plot.is_some() {
        return Err(Failure::Input(
            "--plot draws the depths of a --depth-range run: give --depth-range".to_string(),
        ));
    }
    // clap requires one of --depth and --depth-range.
    let depth = args.depth.unwrap_or(1);
    let kept = &args.kept;
    if let Some(path) = &args.save {
        if !kept.write.is_empty() {
            return Err(Failure::Input(
                "--write writes the table of --load: save first, then load with --write"
                    .to_string(),
            ));
        }
        return save::save::<G>(text, depth, path, args);
    }
    if kept.summary_line {
        let krate = one_crate(kept)?;
        let limits = limits(kept.max_memory);
        let summary = match krate {
            Crate::Persistent => build_summary::<G, Persistent<G::Piece, G::Style>>(
                text, depth, limits, &allocated, kept.quiet,
            ),
            Crate::Local => build_summary::<G, Local<G::Piece, G::Style>>(
                text, depth, limits, &allocated, kept.quiet,
            ),
            Crate::Sashite => build_summary::<G, Sashite<G::Piece, G::Style>>(
                text, depth, limits, &allocated, kept.quiet,
            ),
            Crate::Fixed => {
                build_summary::<G, G::Fixed>(text, depth, limits, &allocated, kept.quiet)
            }
        }?;
        println!("{}", summary.line());
        return Ok(());
    }
    let sections = if kept.write.is_empty() {
        None
    } else {
        let name = format!("{}-tree-{}-{depth}", G::NAME, section_position::<G>(text)?);
        Sections::checked(&kept.write, name)?
    };
    let (_, table) = compare::<G>(
        position_flag,
        text,
        depth,
        &kept.crate_choice.crates(),
        usize::from(kept.rounds),
        kept.max_memory,
    )?;
    if let Some(sections) = &sections {
        let body = format!(
            "The whole {} tree of `{text}` to depth {depth}, every position kept, each crate's \
             tree built in a process of its own, the crates taking turns over {} round{} (the \
             build of median time shown). Bytes are counted by a counting allocator; the peak \
             is sampled at the end of each ply.\n\n{}",
            G::NAME,
            kept.rounds,
            if kept.rounds == 1 { "" } else { "s" },
            table.render()
        );
        sections.write(&body)?;
    }
    Ok(())
}

/// The one crate a child process builds.
pub(crate) fn one_crate(kept: &KeptArgs) -> Result<Crate, Failure> {
    match kept.crate_choice.crates()[..] {
        [krate] => Ok(krate),
        _ => Err(Failure::Input(
            "--summary-line builds one crate's tree".to_string(),
        )),
    }
}

/// Builds the breadth-first trees of `crates`, each in a process of its own,
/// the crates taking turns over `rounds`, and prints them side by side;
/// fails if two crates disagree on the positions of any level. Returns the
/// number of positions and the table.
pub(crate) fn compare<G: Game>(
    position_flag: &str,
    text: &str,
    depth: u32,
    crates: &[Crate],
    rounds: usize,
    max_memory: Option<u64>,
) -> Result<(usize, Table), Failure> {
    // Bad input is refused here, once, before any child runs.
    games::measure::perft::load::<G, Persistent<G::Piece, G::Style>>(text)?;
    let summaries = in_children(crates, rounds, |krate| {
        child_arguments::<G>(position_flag, text, depth, krate, max_memory)
    })?;
    let table = tree_table(
        &format!("depth {depth} tree, every position kept"),
        &summaries,
    );
    print!("{}", table.render());
    Ok((summaries[0].positions, table))
}

/// Each crate's summary from child processes, the crates taking turns over
/// `rounds` (the crate that starts a round moving on by one), the build of
/// median time kept for each; checked to agree.
pub(crate) fn in_children(
    crates: &[Crate],
    rounds: usize,
    arguments: impl Fn(Crate) -> Vec<String>,
) -> Result<Vec<TreeSummary>, Failure> {
    let program = std::env::current_exe().map_err(|error| Failure::Input(error.to_string()))?;
    let mut runs: Vec<Vec<TreeSummary>> = crates.iter().map(|_| Vec::new()).collect();
    for round in 0..rounds.max(1) {
        for turn in 0..crates.len() {
            let slot = (round + turn) % crates.len();
            runs[slot].push(in_child(&program, &arguments(crates[slot]))?);
        }
    }
    let summaries: Vec<TreeSummary> = runs.iter().map(|runs| median_summary(runs)).collect();
    for crate_runs in &runs {
        check_agreement(crate_runs)?;
    }
    check_agreement(&summaries)?;
    Ok(summaries)
}
