//! `games <game> tree`: the whole tree to a depth, every position kept,
//! each crate's tree built in a process of its own, side by side; with
//! `--save` and `--load` ([`save`]) a tree file, with `--depth-range`
//! ([`scaling`]) every depth of a range.

pub(crate) mod save;
pub(crate) mod scaling;

use crate::Game;
use crate::measure::tree::{SummaryWorkload, compare, limits, one_crate};
use crate::measure::{Failure, Sections, run_on};

use persistent_qi::qpi::{Qpi, Sin};

use crate::cli::commands::section_position;
use crate::cli::{TreeArgs, allocated};

/// Runs the tree command of the game `G` on `text`, which the command line
/// gives after `position_flag` (`--feen`, `--fen`).
pub(crate) fn run<G: Game<Piece = Qpi, Style = Sin>>(
    position_flag: &str,
    text: &str,
    args: &TreeArgs,
) -> Result<(), Failure> {
    if let Some(path) = &args.load {
        return save::load::<G>(path, args);
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
        let krate = one_crate(&kept.crate_choice.crates())?;
        let workload = SummaryWorkload {
            text,
            depth,
            limits: limits(kept.max_memory),
            allocated: &allocated,
            quiet: kept.quiet,
        };
        let summary = run_on::<G, _>(krate, &workload)?.output;
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
    print!("{}", table.render());
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
