//! Saved trees as measurements: a kept tree written as its root and each
//! position's parent and diff (see [`games_core::save`]), and read back, timed
//! against the same tree built by moves and weighed against every position
//! written in full by sashite-qi's serde.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::time::{Duration, Instant};

use super::perft::rate;
use super::tree::limits;
use super::{Failure, Progress, Table, as_f64, format_number, load, median, thousands};
use persistent_qi::qpi::{Qpi, Sin};

use games_core::convert;
use games_core::save::{
    Breakdown, Header, LoadedTree, TreeFileError, read_tree, read_tree_header, write_tree,
};
use games_core::{Game, Node};
use games_core::{Observer, Tree, build_tree as build};
use games_core::{Persistent, Sashite};

/// A tree file's error as the command line reports it, naming the file.
fn file_error(path: &Path, error: &TreeFileError) -> Failure {
    Failure::Input(format!("{}: {error}", path.display()))
}

/// Builds the tree of `G` from `text` to `depth` with persistent-qi,
/// keeping every position within [`limits`]`(max_memory)`; `allocated`
/// reads the bytes the process holds, and `label` heads the progress bar.
fn build_kept<G: Game<Piece = Qpi, Style = Sin>>(
    text: &str,
    depth: u32,
    max_memory: Option<u64>,
    label: &str,
    allocated: &dyn Fn() -> usize,
) -> Result<Tree<G::Node<Persistent>>, Failure> {
    let baseline = allocated();
    let root = load::<G, Persistent>(text)?;
    let progress = Progress::new(0, "");
    let observer = Observer {
        allocated,
        baseline,
        level_started: &|ply, parents| {
            progress.restart(parents, &format!("{label} ply {ply}: parents"));
        },
        parent_done: &|| progress.inc(),
    };
    let tree = build(root, depth, limits(max_memory), &observer);
    progress.finish();
    tree.map_err(Failure::input)
}

/// Bytes per position, to two decimals.
fn per_position(bytes: u64, positions: u64) -> String {
    format_number(as_f64(bytes) / as_f64(positions.max(1)), 2)
}

/// `bytes` over `other` (1 where `other` is 0), to three decimals.
fn bytes_ratio(bytes: u64, other: u64) -> String {
    format!("{:.3}", as_f64(bytes) / as_f64(other.max(1)))
}

/// A saved tree: how many positions, the file's bytes field by field, and
/// the time of the write alone (the build left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// The game's name.
    pub game: &'static str,
    /// The depth of the tree.
    pub depth: u32,
    /// Positions written, the root included.
    pub positions: u64,
    /// The file's bytes, field by field.
    pub breakdown: Breakdown,
    /// The time of the write.
    pub elapsed: Duration,
}

/// Builds the tree of `G` from `text` to `depth` with persistent-qi
/// (within [`limits`]`(max_memory)`, `allocated` reading the bytes the
/// process holds) and writes it to `path`, timed.
///
/// # Errors
///
/// [`Failure::Input`] for a text the game cannot read, a tree over its
/// limits, or a file that cannot be written (naming it).
pub fn save<G: Game<Piece = Qpi, Style = Sin>>(
    text: &str,
    depth: u32,
    path: &Path,
    max_memory: Option<u64>,
    allocated: &dyn Fn() -> usize,
) -> Result<Saved, Failure> {
    let tree = build_kept::<G>(text, depth, max_memory, "tree", allocated)?;
    let start = Instant::now();
    let file = File::create(path).map_err(|error| file_error(path, &error.into()))?;
    let breakdown = write_tree(G::NAME, text, &tree.levels, BufWriter::new(file))
        .map_err(|error| file_error(path, &error))?;
    Ok(Saved {
        game: G::NAME,
        depth,
        positions: tree.positions() as u64,
        breakdown,
        elapsed: start.elapsed(),
    })
}

impl Saved {
    /// The table of a save: the file's bytes, field by field, in all and
    /// per position, then the positions and the time of the write.
    #[must_use]
    pub fn table(&self) -> Table {
        let (positions, breakdown) = (self.positions, &self.breakdown);
        let mut table = Table::new([
            format!("{} tree to depth {}, saved", self.game, self.depth),
            "bytes".to_string(),
            "bytes per position".to_string(),
        ]);
        for (name, bytes) in [
            ("the file", breakdown.total()),
            (
                "header (magic, version, root, counts, palette)",
                breakdown.header,
            ),
            ("parent steps", breakdown.parent_steps),
            ("heads (squares changed, hands?, turn)", breakdown.heads),
            ("square index steps", breakdown.square_indices),
            ("squares before", breakdown.squares_before),
            ("squares after", breakdown.squares_after),
            ("hand changes", breakdown.hands),
            (
                "for comparison: persistent-qi's serde of each diff (postcard) after its parent's index",
                breakdown.crate_serde_parent_index + breakdown.header,
            ),
            (
                "the same, the parent as a step from the previous record's",
                breakdown.crate_serde + breakdown.header,
            ),
            (
                "pieces as palette codes; the step, lengths and turn unpacked",
                breakdown.palette_unpacked + breakdown.header,
            ),
        ] {
            table.row([
                name.to_string(),
                thousands(bytes),
                per_position(bytes, positions),
            ]);
        }
        table.row(["positions".to_string(), thousands(positions), String::new()]);
        table.row([
            "seconds to write".to_string(),
            format!("{:.3}", self.elapsed.as_secs_f64()),
            String::new(),
        ]);
        table
    }
}

/// The header of the tree file at `path`, and the file's length.
///
/// # Errors
///
/// [`Failure::Input`] naming the file, if it cannot be read or is no tree
/// file.
pub fn read_header(path: &Path) -> Result<(Header, u64), Failure> {
    let length = open(path)?
        .metadata()
        .map_err(|error| file_error(path, &error.into()))?
        .len();
    let header = read_tree_header(open(path)?, length).map_err(|error| file_error(path, &error))?;
    Ok((header, length))
}

/// The file at `path`, opened to read.
fn open(path: &Path) -> Result<File, Failure> {
    File::open(path).map_err(|error| file_error(path, &error.into()))
}

/// One load, timed, with the bytes it kept.
fn load_once<G: Game>(
    path: &Path,
    length: u64,
    allocated: &dyn Fn() -> usize,
) -> Result<(LoadedTree, Duration, usize), Failure> {
    let baseline = allocated();
    let start = Instant::now();
    let loaded =
        read_tree(open(path)?, length, G::NAME, false).map_err(|error| file_error(path, &error))?;
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
        let peer: Sashite = convert(position).map_err(Failure::input)?;
        bytes += postcard::to_extend(&peer, Count(0))
            .map_err(Failure::input)?
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

/// What a load of a tree file measured, against the same tree built by
/// moves.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The game's name.
    pub game: &'static str,
    /// The file's header: the root, the depth and the positions of each
    /// level.
    pub header: Header,
    /// The file's bytes.
    pub file_bytes: u64,
    /// The bytes of every position written in full by sashite-qi's serde.
    pub peer_bytes: u64,
    /// The median time of a load, reading the file included.
    pub load: Duration,
    /// The median time of the build by moves.
    pub build: Duration,
    /// The rounds the medians are taken over.
    pub rounds: usize,
    /// Bytes the loaded tree kept.
    pub loaded_bytes: u64,
    /// Bytes the tree built by moves kept.
    pub built_bytes: u64,
}

/// Reads the tree file at `path` (of `length` bytes, whose `header` is
/// read) back and builds the same tree by moves (within
/// [`limits`]`(max_memory)`), the two taking turns over `rounds`;
/// `allocated` reads the bytes the process holds. The first round checks
/// that both trees hold the same positions and that the file's root is its
/// text.
///
/// # Errors
///
/// [`Failure::Input`] for a file that cannot be read or a tree over its
/// limits; [`Failure::Mismatch`] if the loaded tree is not the one built
/// by moves.
pub fn load_and_build<G: Game<Piece = Qpi, Style = Sin>>(
    path: &Path,
    header: Header,
    length: u64,
    rounds: usize,
    max_memory: Option<u64>,
    allocated: &dyn Fn() -> usize,
) -> Result<Loaded, Failure> {
    let rounds = rounds.max(1);
    let depth = header.depth();
    let (mut load_times, mut build_times) = (Vec::new(), Vec::new());
    let (mut loaded_bytes, mut built_bytes) = (0, 0);
    let mut peer_bytes = None;
    for round in 0..rounds {
        let mut loaded = None;
        let mut built = None;
        for turn in 0..2 {
            if (round + turn) % 2 == 0 {
                let (tree, elapsed, bytes) = load_once::<G>(path, length, allocated)?;
                load_times.push(elapsed);
                loaded_bytes = bytes;
                loaded = Some(tree);
            } else {
                let tree = build_kept::<G>(&header.text, depth, max_memory, "by moves", allocated)?;
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
    Ok(Loaded {
        game: G::NAME,
        header,
        file_bytes: length,
        peer_bytes: peer_bytes.unwrap_or(0),
        load: median(&load_times),
        build: median(&build_times),
        rounds,
        loaded_bytes: loaded_bytes as u64,
        built_bytes: built_bytes as u64,
    })
}

impl Loaded {
    /// The table of a load: the bytes on disk and in memory per position,
    /// and the speeds of loading and of building by moves, each beside its
    /// reference as a ratio.
    #[must_use]
    pub fn table(&self) -> Table {
        let positions = self.header.positions;
        let levels: Vec<String> = self
            .header
            .levels
            .iter()
            .map(|&level| thousands(level))
            .collect();
        let median_of = format!("median of {}", self.rounds);
        let (load, build) = (rate(positions, self.load), rate(positions, self.build));
        let mut table = Table::new([
            format!(
                "{} tree to depth {}, saved and loaded",
                self.game,
                self.header.depth()
            ),
            "value".to_string(),
        ]);
        // Two byte counts per position, then the first over the second.
        let bytes = |[(first, first_bytes), (second, second_bytes)]: [(&str, u64); 2],
                     ratio: &str| {
            [
                (first.to_string(), per_position(first_bytes, positions)),
                (second.to_string(), per_position(second_bytes, positions)),
                (ratio.to_string(), bytes_ratio(first_bytes, second_bytes)),
            ]
        };
        let mut rows = vec![(
            format!("positions (levels {})", levels.join(", ")),
            thousands(positions),
        )];
        rows.extend(bytes(
            [
                ("bytes on disk per position", self.file_bytes),
                (
                    "bytes per position, each in full by sashite-qi's serde (postcard)",
                    self.peer_bytes,
                ),
            ],
            "ratio on disk to sashite-qi in full",
        ));
        rows.extend([
            (
                format!("load: positions per second ({median_of})"),
                format_number(load, 0),
            ),
            (
                format!("built by moves: positions per second ({median_of})"),
                format_number(build, 0),
            ),
            (
                "load speed ratio to building by moves".to_string(),
                format!("{:.2}", load / build),
            ),
        ]);
        rows.extend(bytes(
            [
                ("bytes kept per position after load", self.loaded_bytes),
                ("bytes kept per position, built by moves", self.built_bytes),
            ],
            "memory ratio, loaded to built",
        ));
        for (name, value) in rows {
            table.row([name, value]);
        }
        table
    }
}
