//! `games <game> tree --save FILE` and `--load FILE`: a kept tree written
//! as its root and each position's parent and diff (see `games::save`),
//! and read back, measured against the same tree built by moves and
//! against every position written in full by sashite-qi's serde.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::time::{Duration, Instant};

use games::measure::perft::{load, rate};
use games::measure::{
    Failure, Progress, Sections, Table, as_f64, format_number, median, thousands,
};
use games::save::{Breakdown, LoadedTree, TreeFileError, read_tree, read_tree_header, write_tree};
use games::{Game, Node, Observer, Persistent, Sashite, Tree, build_tree, convert};
use persistent_qi::qpi::{Qpi, Sin};

use super::section_position;
use super::tree::limits;
use crate::{TreeArgs, allocated};

/// A tree file's error as the command line reports it, naming the file.
fn file_error(path: &Path, error: &TreeFileError) -> Failure {
    Failure::Input(format!("{}: {error}", path.display()))
}

/// Builds the tree of `G` from `text` to `depth` with persistent-qi,
/// keeping every position, and the bytes it kept.
fn build<G: Game<Piece = Qpi, Style = Sin>>(
    text: &str,
    depth: u32,
    max_memory: Option<u64>,
    label: &str,
) -> Result<Tree<G::Node<Persistent>>, Failure> {
    let baseline = allocated();
    let root = load::<G, Persistent>(text)?;
    let progress = Progress::new(0, "");
    let observer = Observer {
        allocated: &allocated,
        baseline,
        level_started: &|ply, parents| {
            progress.restart(parents, &format!("{label} ply {ply}: parents"));
        },
        parent_done: &|| progress.inc(),
    };
    let tree = build_tree(root, depth, limits(max_memory), &observer);
    progress.finish();
    tree.map_err(|error| Failure::Input(error.to_string()))
}

/// Bytes per position, to two decimals.
fn per_position(bytes: u64, positions: u64) -> String {
    format_number(as_f64(bytes) / as_f64(positions.max(1)), 2)
}

/// `tree --save FILE`: builds the tree with persistent-qi and writes it.
pub(crate) fn save<G: Game<Piece = Qpi, Style = Sin>>(
    text: &str,
    depth: u32,
    path: &Path,
    args: &TreeArgs,
) -> Result<(), Failure> {
    let tree = build::<G>(text, depth, args.kept.max_memory, "tree")?;
    let positions = tree.positions() as u64;
    let start = Instant::now();
    let file = File::create(path).map_err(|error| file_error(path, &error.into()))?;
    let breakdown = write_tree(G::NAME, text, &tree.levels, BufWriter::new(file))
        .map_err(|error| file_error(path, &error))?;
    let elapsed = start.elapsed();
    print!(
        "{}",
        save_table(G::NAME, depth, positions, &breakdown, elapsed).render()
    );
    eprintln!("games: wrote {}", path.display());
    Ok(())
}

/// What `--save` prints: the file's bytes, field by field.
fn save_table(
    game: &str,
    depth: u32,
    positions: u64,
    breakdown: &Breakdown,
    elapsed: Duration,
) -> Table {
    let mut table = Table::new([
        format!("{game} tree to depth {depth}, saved"),
        "bytes".to_string(),
        "bytes per position".to_string(),
    ]);
    let mut row = |name: &str, bytes: u64| {
        table.row([
            name.to_string(),
            thousands(bytes),
            per_position(bytes, positions),
        ]);
    };
    row("the file", breakdown.total());
    row(
        "header (magic, version, root, counts, palette)",
        breakdown.header,
    );
    row("parent steps", breakdown.parent_steps);
    row("heads (squares changed, hands?, turn)", breakdown.heads);
    row("square index steps", breakdown.square_indices);
    row("squares before", breakdown.squares_before);
    row("squares after", breakdown.squares_after);
    row("hand changes", breakdown.hands);
    row(
        "for comparison: persistent-qi's serde of each diff (postcard) after its parent's index",
        breakdown.crate_serde_parent_index + breakdown.header,
    );
    row(
        "the same, the parent as a step from the previous record's",
        breakdown.crate_serde + breakdown.header,
    );
    row(
        "pieces as palette codes; the step, lengths and turn unpacked",
        breakdown.palette_unpacked + breakdown.header,
    );
    table.row(["positions".to_string(), thousands(positions), String::new()]);
    table.row([
        "seconds to write".to_string(),
        format!("{:.3}", elapsed.as_secs_f64()),
        String::new(),
    ]);
    table
}

/// One load, timed, with the bytes it kept.
fn load_once<G: Game>(
    path: &Path,
    length: u64,
    keep_parents: bool,
) -> Result<(LoadedTree, Duration, usize), Failure> {
    let baseline = allocated();
    let start = Instant::now();
    let file = File::open(path).map_err(|error| file_error(path, &error.into()))?;
    let loaded =
        read_tree(file, length, G::NAME, keep_parents).map_err(|error| file_error(path, &error))?;
    let elapsed = start.elapsed();
    Ok((loaded, elapsed, allocated().saturating_sub(baseline)))
}

/// Checks that the loaded tree is the built one, position by position
/// (`==` and the hash).
fn check_equal<N: Node<Position = Persistent>>(
    loaded: &LoadedTree,
    tree: &Tree<N>,
) -> Result<(), Failure> {
    let sizes: Vec<u64> = tree.levels.iter().map(|level| level.len() as u64).collect();
    if sizes != loaded.header.levels {
        return Err(Failure::Mismatch(format!(
            "the file's levels hold {:?} positions, the tree built by moves {sizes:?}",
            loaded.header.levels
        )));
    }
    let built = tree.levels.iter().flatten().map(Node::position);
    for (index, (loaded, built)) in loaded.positions.iter().zip(built).enumerate() {
        if loaded != built || loaded.position_hash() != built.position_hash() {
            return Err(Failure::Mismatch(format!(
                "position {index} of the file is not the tree's built by moves"
            )));
        }
    }
    Ok(())
}

/// The bytes of every position written in full by sashite-qi's serde, in
/// postcard.
fn sashite_bytes(positions: &[Persistent]) -> Result<u64, Failure> {
    let mut bytes = 0;
    for position in positions {
        let peer: Sashite = convert(position).map_err(|error| Failure::Input(error.to_string()))?;
        bytes += postcard::to_extend(&peer, Count(0))
            .map_err(|error| Failure::Input(error.to_string()))?
            .0;
    }
    Ok(bytes)
}

/// A sink that counts the bytes written to it.
struct Count(u64);

impl Extend<u8> for Count {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, bytes: I) {
        self.0 += bytes.into_iter().count() as u64;
    }
}

/// `tree --load FILE`: reads the tree back, checks it against the same
/// tree built by moves, and measures both, the two taking turns over the
/// rounds.
pub(crate) fn load_command<G: Game<Piece = Qpi, Style = Sin>>(
    path: &Path,
    args: &TreeArgs,
) -> Result<(), Failure> {
    let open = || File::open(path).map_err(|error| file_error(path, &error.into()));
    let length = open()?
        .metadata()
        .map_err(|error| file_error(path, &error.into()))?
        .len();
    let header = read_tree_header(open()?, length).map_err(|error| file_error(path, &error))?;
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
    let rounds = usize::from(args.kept.rounds).max(1);
    let (mut load_times, mut build_times) = (Vec::new(), Vec::new());
    let (mut loaded_bytes, mut built_bytes) = (0, 0);
    let mut peer_bytes = None;
    for round in 0..rounds {
        let mut loaded = None;
        let mut built = None;
        for turn in 0..2 {
            if (round + turn) % 2 == 0 {
                let (tree, elapsed, bytes) = load_once::<G>(path, length, false)?;
                load_times.push(elapsed);
                loaded_bytes = bytes;
                loaded = Some(tree);
            } else {
                let tree = build::<G>(&header.text, depth, args.kept.max_memory, "by moves")?;
                build_times.push(tree.elapsed);
                built_bytes = tree.bytes_kept;
                built = Some(tree);
            }
        }
        if let (Some(loaded), Some(built)) = (&loaded, &built)
            && round == 0
        {
            check_equal(loaded, built)?;
            let root = load::<G, Persistent>(&header.text)?;
            if root.position() != &loaded.positions[0] {
                return Err(Failure::Mismatch(format!(
                    "the file's root FEEN `{}` is not its text `{}`",
                    header.feen, header.text
                )));
            }
            peer_bytes = Some(sashite_bytes(&loaded.positions)?);
        }
    }
    let positions = header.positions;
    let table = load_table(&LoadFigures {
        game: G::NAME,
        depth,
        positions,
        levels: &header.levels,
        file_bytes: length,
        peer_bytes: peer_bytes.unwrap_or(0),
        load: median(&load_times),
        build: median(&build_times),
        rounds,
        loaded_bytes: loaded_bytes as u64,
        built_bytes: built_bytes as u64,
    });
    print!("{}", table.render());
    if let Some(sections) = &sections {
        let body = format!(
            "The whole {} tree of `{}` to depth {depth}, saved by `tree --save` (its root as \
             FEEN, then each position as its parent's index and its diff from the parent, in \
             postcard: see `games::save`) and loaded back with every position kept and \
             checked equal to the tree built by moves, position by position (`==` and the \
             hash). Loading and building by moves take turns in one process over {rounds} \
             round{} (medians shown); loading includes reading the file. Bytes kept are \
             counted by a counting allocator. sashite-qi's figure is every position of the \
             same tree written in full by its serde, in postcard.\n\n{}",
            G::NAME,
            header.text,
            if rounds == 1 { "" } else { "s" },
            table.render()
        );
        sections.write(&body)?;
    }
    Ok(())
}

/// What the load table shows.
struct LoadFigures<'a> {
    game: &'a str,
    depth: u32,
    positions: u64,
    levels: &'a [u64],
    file_bytes: u64,
    peer_bytes: u64,
    load: Duration,
    build: Duration,
    rounds: usize,
    loaded_bytes: u64,
    built_bytes: u64,
}

/// The table of `--load`.
fn load_table(figures: &LoadFigures<'_>) -> Table {
    let positions = figures.positions;
    let levels: Vec<String> = figures
        .levels
        .iter()
        .map(|&level| thousands(level))
        .collect();
    let mut table = Table::new([
        format!(
            "{} tree to depth {}, saved and loaded",
            figures.game, figures.depth
        ),
        "value".to_string(),
    ]);
    let mut row = |name: String, value: String| table.row([name, value]);
    row(
        format!("positions (levels {})", levels.join(", ")),
        thousands(positions),
    );
    row(
        "bytes on disk per position".to_string(),
        per_position(figures.file_bytes, positions),
    );
    row(
        "bytes per position, each in full by sashite-qi's serde (postcard)".to_string(),
        per_position(figures.peer_bytes, positions),
    );
    row(
        "ratio on disk to sashite-qi in full".to_string(),
        bytes_ratio(figures.file_bytes, figures.peer_bytes),
    );
    let median_of = format!("median of {}", figures.rounds);
    let (load, build) = (
        rate(positions, figures.load),
        rate(positions, figures.build),
    );
    row(
        format!("load: positions per second ({median_of})"),
        format_number(load, 0),
    );
    row(
        format!("built by moves: positions per second ({median_of})"),
        format_number(build, 0),
    );
    row(
        "load speed ratio to building by moves".to_string(),
        format!("{:.2}", load / build),
    );
    row(
        "bytes kept per position after load".to_string(),
        per_position(figures.loaded_bytes, positions),
    );
    row(
        "bytes kept per position, built by moves".to_string(),
        per_position(figures.built_bytes, positions),
    );
    row(
        "memory ratio, loaded to built".to_string(),
        bytes_ratio(figures.loaded_bytes, figures.built_bytes),
    );
    table
}

/// `bytes` over `other` (1 where `other` is 0), to three decimals.
fn bytes_ratio(bytes: u64, other: u64) -> String {
    format!("{:.3}", as_f64(bytes) / as_f64(other.max(1)))
}
