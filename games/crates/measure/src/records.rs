//! Game records as measurements: record files read into kept trees, and
//! what the `records` command says of them (games, nodes, distinct and
//! shared positions, bytes a node, every node's board read), the same for
//! every game through [`Records`].

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::BuildHasherDefault;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rustc_hash::FxHasher;
use support::Rng;

use super::{Failure, Table, as_f64, format_number, thousands};
use games_core::Keyed;
use games_core::Position;
use games_core::{Game, Node};
use games_record::{Limits, NodeId, Record, RecordFile, Records};

/// A record file's games, read over the crate `P`, each node keeping `K`.
pub type ReadFile<G, P, K> = RecordFile<Record<<G as Game>::Node<P>, K>>;

/// Reads a file whole, its error as bad input naming it.
///
/// # Errors
///
/// [`Failure::Input`] if the file cannot be read.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|error| Failure::Input(format!("{}: {error}", path.display())))
}

/// Reads the games of `bytes` (the file `path`, in the format its name
/// says) over the crate `P` within `limits`, every node keeping what
/// `keep` makes of it; a bad game stops the reading, unless `skip_bad`,
/// which reads on past it and counts it.
///
/// # Errors
///
/// [`Failure::Input`] for a file of no format of the game, or the first
/// bad game (its number, line, column and problem, and the games read
/// before it) without `skip_bad`.
pub fn read_file<G, P, K, F>(
    path: &Path,
    bytes: &[u8],
    skip_bad: bool,
    limits: Limits,
    keep: F,
) -> Result<ReadFile<G, P, K>, Failure>
where
    G: Records,
    P: Position<Piece = G::Piece, Style = G::Style>,
    F: FnMut(&games_record::Step<G::Move>, &G::Node<P>) -> K,
{
    let format = G::format_of(path)
        .map_err(|reason| Failure::Input(format!("{}: {reason}", path.display())))?;
    let mut file = RecordFile {
        path: path.to_path_buf(),
        games: Vec::new(),
        bad: Vec::new(),
    };
    for (index, game) in G::read::<P, K, F>(format, bytes, limits, keep).enumerate() {
        match game {
            Ok(record) => file.games.push((index + 1, record)),
            Err(error) if skip_bad => file.bad.push(error.to_string()),
            Err(error) => {
                return Err(Failure::Input(format!(
                    "{}: {error} ({} good game{} before it; --skip-bad reads on past a bad game)",
                    path.display(),
                    file.games.len(),
                    if file.games.len() == 1 { "" } else { "s" },
                )));
            }
        }
    }
    Ok(file)
}

/// Where a position was first reached, and whether it is shared.
struct Seen {
    /// The game (its index among all the games read) and node of the
    /// deepest occurrence so far, while every occurrence lies on one line.
    game: usize,
    id: NodeId,
    shared: bool,
}

/// The positions of the records: how many distinct ones (told apart by
/// [`Node::key`], then `==`), and how many of those more than one game or
/// line reaches (two occurrences of which neither is the other's ancestor:
/// a position repeated along one line is not shared by it). O(nodes)
/// expected, plus O(depth) a repeated position.
#[must_use]
pub fn positions<N: Node>(records: &[&Record<N>]) -> (usize, usize) {
    let mut seen: HashMap<Keyed<'_, N>, Seen, BuildHasherDefault<FxHasher>> = HashMap::default();
    for (game, record) in records.iter().enumerate() {
        for id in record.ids() {
            let node = record.node(id);
            match seen.entry(Keyed(node.key(), node)) {
                Entry::Vacant(entry) => {
                    entry.insert(Seen {
                        game,
                        id,
                        shared: false,
                    });
                }
                Entry::Occupied(mut entry) => {
                    let first = entry.get_mut();
                    if first.shared {
                        continue;
                    }
                    // Nodes are added after their parents: a later one in
                    // the same game is the earlier's descendant or on
                    // another line.
                    if first.game == game && descends(record, id, first.id) {
                        first.id = id;
                    } else {
                        first.shared = true;
                    }
                }
            }
        }
    }
    let shared = seen.values().filter(|seen| seen.shared).count();
    (seen.len(), shared)
}

/// Whether `id` is `ancestor` or below it.
fn descends<N: Node, K>(record: &Record<N, K>, id: NodeId, ancestor: NodeId) -> bool {
    let mut at = Some(id);
    while let Some(node) = at {
        if node == ancestor {
            return true;
        }
        // Ids grow down the tree: nothing above `ancestor` is below it.
        if node < ancestor {
            return false;
        }
        at = record.parent(node);
    }
    false
}

/// Every node of `records` (the index of its record, its id), in an order
/// shuffled by `seed`.
#[must_use]
pub fn shuffled<R, N: Node, K>(
    records: &[R],
    record: impl Fn(&R) -> &Record<N, K>,
    seed: u64,
) -> Vec<(u32, NodeId)> {
    let mut all: Vec<(u32, NodeId)> = records
        .iter()
        .enumerate()
        .flat_map(|(index, held)| {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            record(held).ids().map(move |id| (index, id))
        })
        .collect();
    let mut rng = Rng(seed);
    for at in (1..all.len()).rev() {
        all.swap(at, rng.below(at + 1));
    }
    all
}

/// The time to read the board of every node of `records` in `order`
/// (see [`shuffled`]) into one board, with `read`.
pub fn time_boards<R, B: Default>(
    records: &[R],
    order: &[(u32, NodeId)],
    mut read: impl FnMut(&R, NodeId, &mut B),
) -> Duration {
    let mut board = B::default();
    let start = Instant::now();
    for &(index, id) in order {
        read(&records[index as usize], id, &mut board);
        std::hint::black_box(&board);
    }
    start.elapsed()
}

/// What the `records` command says of the files it read.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The files.
    pub files: usize,
    /// Games read, good and bad.
    pub games: usize,
    /// Bad games skipped.
    pub bad: usize,
    /// Nodes of the good games, their roots included.
    pub nodes: usize,
    /// Distinct positions.
    pub distinct: usize,
    /// Positions more than one game or line reaches.
    pub shared: usize,
    /// Bytes the records hold, their nodes' positions included.
    pub bytes: usize,
    /// The time to read the files into records.
    pub read: Duration,
    /// The time to read every node's board, in a random order.
    pub boards: Duration,
}

impl Summary {
    /// The summary as a two-column table.
    #[must_use]
    pub fn table(&self) -> Table {
        let mut table = Table::new(["records", "value"]);
        let nodes = self.nodes.max(1);
        table.row(["files".to_string(), thousands(self.files as u64)]);
        table.row(["games".to_string(), thousands(self.games as u64)]);
        table.row(["bad games skipped".to_string(), thousands(self.bad as u64)]);
        table.row(["nodes".to_string(), thousands(self.nodes as u64)]);
        table.row([
            "distinct positions".to_string(),
            thousands(self.distinct as u64),
        ]);
        table.row([
            "positions reached by more than one game or line".to_string(),
            thousands(self.shared as u64),
        ]);
        table.row([
            "bytes per node".to_string(),
            format_number(as_f64(self.bytes as u64) / as_f64(nodes as u64), 1),
        ]);
        table.row([
            "read, seconds".to_string(),
            format_number(self.read.as_secs_f64(), 3),
        ]);
        table.row([
            "every node's board, random order, nanoseconds a node".to_string(),
            format_number(self.boards.as_secs_f64() * 1e9 / as_f64(nodes as u64), 1),
        ]);
        table
    }
}

/// The records of every file, in order.
pub fn all_records<R>(files: &[RecordFile<R>]) -> impl Iterator<Item = &R> {
    files
        .iter()
        .flat_map(|file| file.games.iter().map(|(_, record)| record))
}

/// Writes one line a node of every game (`--nodes`): the game's number in
/// its file, the moves from its start in the protocol's notation separated
/// by spaces, and the position ([`Records::position_text`]), separated by
/// tabs; the nodes of a game depth first, the main line first.
///
/// # Errors
///
/// If writing fails.
pub fn write_nodes<G: Records, P: Position<Piece = G::Piece, Style = G::Style>>(
    files: &[RecordFile<Record<G::Node<P>>>],
    out: &mut dyn Write,
) -> io::Result<()> {
    for file in files {
        for (number, record) in &file.games {
            let mut moves: Vec<String> = vec![String::new(); record.len()];
            for id in record.preorder() {
                if let Some(parent) = record.parent(id) {
                    let step = G::protocol_step(record.step(id));
                    moves[id.index()] = if moves[parent.index()].is_empty() {
                        step
                    } else {
                        format!("{} {step}", moves[parent.index()])
                    };
                }
                writeln!(
                    out,
                    "{number}\t{}\t{}",
                    moves[id.index()],
                    G::position_text(record, id)
                )?;
            }
        }
    }
    out.flush()
}

/// Every node of `files` that holds the position of `target`
/// ([`Records::same_position`], the crate's hash first): its file, the
/// game's number, its ply and the moves to it.
#[must_use]
pub fn find_position<G: Records, P: Position<Piece = G::Piece, Style = G::Style>>(
    files: &[RecordFile<Record<G::Node<P>>>],
    target: &G::Node<P>,
) -> Vec<(PathBuf, usize, usize, String)> {
    let key = target.position().key();
    let mut found = Vec::new();
    for file in files {
        for (number, record) in &file.games {
            for id in record.preorder() {
                let node = record.node(id);
                if node.position().key() == key && G::same_position(node, target) {
                    let path = record.path(id);
                    let moves: Vec<String> = path[1..]
                        .iter()
                        .map(|&step| G::protocol_step(record.step(step)))
                        .collect();
                    found.push((file.path.clone(), *number, path.len() - 1, moves.join(" ")));
                }
            }
        }
    }
    found
}

/// Reads the board of `id` of a record that keeps its nodes.
pub fn read_kept<N: Node>(record: &Record<N>, id: NodeId, board: &mut N::Board) {
    record.node(id).read_into(board);
}
