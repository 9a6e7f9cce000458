//! `games <game> tree --save FILE` and `--load FILE`: a kept tree written
//! as its root and each position's parent and diff (see `crate::save`),
//! and read back, measured against the same tree built by moves and
//! against every position written in full by sashite-qi's serde (see
//! `crate::measure::save`).

use std::path::Path;

use crate::Game;
use crate::measure::save::{load_and_build, read_header, save as save_tree};
use crate::measure::{Failure, Sections};
use persistent_qi::qpi::{Qpi, Sin};

use crate::cli::commands::section_position;
use crate::cli::{TreeArgs, allocated};

/// `tree --save FILE`: builds the tree with persistent-qi and writes it.
pub(crate) fn save<G: Game<Piece = Qpi, Style = Sin>>(
    text: &str,
    depth: u32,
    path: &Path,
    args: &TreeArgs,
) -> Result<(), Failure> {
    let saved = save_tree::<G>(text, depth, path, args.kept.max_memory, &allocated)?;
    print!("{}", saved.table().render());
    eprintln!("games: wrote {}", path.display());
    Ok(())
}

/// `tree --load FILE`: reads the tree back, checks it against the same
/// tree built by moves, and measures both, the two taking turns over the
/// rounds.
pub(crate) fn load<G: Game<Piece = Qpi, Style = Sin>>(
    path: &Path,
    args: &TreeArgs,
) -> Result<(), Failure> {
    let (header, length) = read_header(path)?;
    let depth = header.depth();
    let sections = if args.kept.write.is_empty() {
        None
    } else {
        let name = format!(
            "{}-tree-save-{}-{depth}",
            G::NAME,
            section_position::<G>(&header.text)?
        );
        Sections::checked(&args.kept.write, name)?
    };
    let loaded = load_and_build::<G>(
        path,
        header,
        length,
        usize::from(args.kept.rounds),
        args.kept.max_memory,
        &allocated,
    )?;
    let table = loaded.table();
    print!("{}", table.render());
    if let Some(sections) = &sections {
        let body = format!(
            "The whole {} tree of `{}` to depth {depth}, saved by `tree --save` (its root as \
             FEEN, then each position as its parent's index and its diff from the parent, in \
             postcard: see `crate::save`) and loaded back with every position kept and \
             checked equal to the tree built by moves, position by position (`==` and the \
             hash). Loading and building by moves take turns in one process over {rounds} \
             round{} (medians shown); loading includes reading the file. Bytes kept are \
             counted by a counting allocator. sashite-qi's figure is every position of the \
             same tree written in full by its serde, in postcard.\n\n{}",
            G::NAME,
            loaded.header.text,
            if loaded.rounds == 1 { "" } else { "s" },
            table.render(),
            rounds = loaded.rounds,
        );
        sections.write(&body)?;
    }
    Ok(())
}
