//! Records saved in the tree file format (`records --save`, `--load`):
//! every node's position as its parent's index and its diff from the
//! parent, about 7 bytes a position, and what the positions do not say
//! (tags, notes, endings, the game's state at each start) before them.
//!
//! # The format (version 1)
//!
//! 1. the magic, the 11 bytes `qi-records\n`, and the format version, a
//!    postcard varint (`1`);
//! 2. the head's length in bytes, a varint, then the head in postcard: the
//!    game's name; each file read (its name, its games counted bad ones
//!    included, the messages of its bad games); and each game (its file's
//!    index and its number there, its tags, its ending, its start's game
//!    state as [`Node::state`] gives it, its node count, the node indices
//!    and states of its setups, and the node indices and [`Notes`] of the
//!    nodes that have some), a game's nodes indexed breadth first;
//! 3. a tree file ([`games_core::save`], the same bytes `tree --save` writes):
//!    its root the game's start position, every game's start a child of
//!    it, then level by level each game's nodes, breadth first.
//!
//! A move is not saved: it is found again as the legal move of the parent
//! whose child holds the saved position (`==`), a null move as the
//! parent's null-move node; so the records loaded are the records saved
//! (`==`), each position checked to be a legal child of its parent.

use core::fmt;
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::PathBuf;

use persistent_qi::qpi::{Qpi, Sin};
use serde::{Deserialize, Serialize};

use super::formats::Records;
use super::limits::Limits;
use super::notes::Notes;
use super::tree::{NodeId, Record, Step};
use games_core::Persistent;
use games_core::save::{Breakdown, TreeFileError, read_tree, write_positions};
use games_core::{Game, Node};

/// The first 11 bytes of a records file.
const MAGIC: &[u8; 11] = b"qi-records\n";

/// The format version written and read.
const VERSION: u32 = 1;

/// The games of one record file, as read: the good ones with their
/// numbers, and the bad ones' errors.
#[derive(Debug, Clone)]
pub struct RecordFile<R> {
    /// The file.
    pub path: PathBuf,
    /// Every good game with its number in the file (from 1, bad games
    /// counted).
    pub games: Vec<(usize, R)>,
    /// Why each bad game skipped was bad (`--skip-bad`), in order.
    pub bad: Vec<String>,
}

impl<R> RecordFile<R> {
    /// The games of the file, good and bad.
    #[must_use]
    pub fn game_count(&self) -> usize {
        self.games.len() + self.bad.len()
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct FileHead {
    path: String,
    games: u64,
    bad: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct GameHead {
    file: u32,
    number: u64,
    tags: Vec<(String, String)>,
    ending: Option<String>,
    state: u64,
    nodes: u64,
    setups: Vec<(u64, u64)>,
    notes: Vec<(u64, Notes)>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Head {
    game: String,
    files: Vec<FileHead>,
    games: Vec<GameHead>,
}

/// Why records could not be saved or loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum SavedError {
    /// Writing failed.
    Io(io::Error),
    /// The file does not start with `qi-records`.
    NotRecords,
    /// A format version this program does not read.
    Version(u32),
    /// The head is not a valid postcard head, or says what cannot be.
    Head(String),
    /// The tree of positions is broken.
    Tree(TreeFileError),
    /// A game's start is no position of the game with its saved state.
    Start {
        /// The game, from 1 in the file's order.
        game: usize,
    },
    /// A saved position is no legal child of its parent.
    NoMove {
        /// The game, from 1 in the file's order.
        game: usize,
        /// The node, breadth first in its game.
        node: u64,
    },
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedError::Io(error) => write!(f, "{error}"),
            SavedError::NotRecords => {
                write!(
                    f,
                    "not a records file (it does not start with `qi-records`)"
                )
            }
            SavedError::Version(version) => write!(
                f,
                "a records file of format version {version}: this program reads version {VERSION}"
            ),
            SavedError::Head(reason) => write!(f, "a broken records head: {reason}"),
            SavedError::Tree(error) => write!(f, "{error}"),
            SavedError::Start { game } => {
                write!(f, "game {game}: its start is no position of the game")
            }
            SavedError::NoMove { game, node } => write!(
                f,
                "game {game}, node {node}: the position is no legal child of its parent"
            ),
        }
    }
}

impl std::error::Error for SavedError {}

impl From<TreeFileError> for SavedError {
    fn from(error: TreeFileError) -> Self {
        SavedError::Tree(error)
    }
}

impl From<io::Error> for SavedError {
    fn from(error: io::Error) -> Self {
        SavedError::Io(error)
    }
}

/// A game's record, kept over persistent-qi.
type Kept<G> = Record<<G as Game>::Node<Persistent>>;

/// What [`save`] wrote: the head's bytes, and the tree file's breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saved {
    /// The magic, the version and the head: tags, notes, endings, states.
    pub head: u64,
    /// The tree file's bytes, field by field.
    pub tree: Breakdown,
    /// The positions of the tree, its root and the games' starts included.
    pub positions: u64,
}

/// The tree of every game's positions under the file's root, breadth
/// first: the positions, each one's parent, each level's count, and each
/// game's nodes' breadth-first indices (by node id).
struct Layout {
    positions: Vec<Persistent>,
    parents: Vec<u32>,
    levels: Vec<u64>,
    breadth_first: Vec<Vec<u64>>,
}

/// An index of the tree, which holds fewer than `u32::MAX` positions.
fn index_of(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

/// Lays the games' trees out under `root`, each game's start a child of
/// it, level by level.
fn lay_out<N: Node<Position = Persistent>>(root: &Persistent, records: &[&Record<N>]) -> Layout {
    let mut layout = Layout {
        positions: vec![root.clone()],
        parents: vec![0],
        levels: vec![1, records.len() as u64],
        breadth_first: records.iter().map(|record| vec![0; record.len()]).collect(),
    };
    // Each game's nodes of the level being laid out, with their indices
    // in the file.
    let mut level: Vec<Vec<(NodeId, u32)>> = Vec::with_capacity(records.len());
    for record in records {
        level.push(vec![(NodeId::ROOT, index_of(layout.positions.len()))]);
        layout.positions.push(record.start().position().clone());
        layout.parents.push(0);
    }
    let mut counts: Vec<u64> = vec![1; records.len()];
    while level.iter().any(|nodes| !nodes.is_empty()) {
        let mut count = 0;
        for (game, nodes) in level.iter_mut().enumerate() {
            let record = records[game];
            let parents = core::mem::take(nodes);
            for (id, index) in parents {
                for child in record.children(id) {
                    layout.breadth_first[game][child.index()] = counts[game];
                    counts[game] += 1;
                    nodes.push((child, index_of(layout.positions.len())));
                    layout.positions.push(record.node(child).position().clone());
                    layout.parents.push(index);
                    count += 1;
                }
            }
        }
        if count > 0 {
            layout.levels.push(count);
        }
    }
    layout
}

/// What the head says of a game: where it was read, its tags, ending,
/// start state, setups and notes, nodes by their breadth-first index.
fn game_head<N: Node>(file: u32, number: usize, record: &Record<N>, order: &[u64]) -> GameHead {
    GameHead {
        file,
        number: number as u64,
        tags: record.tags().to_vec(),
        ending: record.ending().map(ToString::to_string),
        state: record.start().state(),
        nodes: record.len() as u64,
        setups: record
            .ids()
            .filter(|&id| matches!(record.step(id), Step::Setup))
            .map(|id| (order[id.index()], record.node(id).state()))
            .collect(),
        notes: record
            .ids()
            .filter(|&id| !record.notes(id).is_empty())
            .map(|id| (order[id.index()], record.notes(id).clone()))
            .collect(),
    }
}

/// Saves the games of `files` of the game `G` to `out` in the format of
/// the module docs. O(nodes).
///
/// # Errors
///
/// [`SavedError::Tree`] if the tree cannot be written (a diff that cannot
/// be made), [`SavedError::Io`] if writing fails.
pub fn save<G: Records<Piece = Qpi, Style = Sin>>(
    files: &[RecordFile<Kept<G>>],
    mut out: impl Write,
) -> Result<Saved, SavedError> {
    let bad_head = |error: postcard::Error| SavedError::Head(error.to_string());
    let root = G::load::<Persistent>(G::PUBLISHED[0].text)
        .map_err(|error| SavedError::Head(error.to_string()))?;
    let records: Vec<&Kept<G>> = files
        .iter()
        .flat_map(|file| file.games.iter().map(|(_, record)| record))
        .collect();
    let layout = lay_out(root.position(), &records);
    let mut order = layout.breadth_first.iter();
    let mut games = Vec::with_capacity(records.len());
    for (file, held) in files.iter().enumerate() {
        for (number, record) in &held.games {
            let order = order.next().map_or(&[][..], Vec::as_slice);
            games.push(game_head(index_of(file), *number, record, order));
        }
    }
    let head = Head {
        game: G::NAME.to_string(),
        files: files
            .iter()
            .map(|file| FileHead {
                path: file.path.display().to_string(),
                games: file.game_count() as u64,
                bad: file.bad.clone(),
            })
            .collect(),
        games,
    };
    let head = postcard::to_stdvec(&head).map_err(bad_head)?;
    let mut prefix = MAGIC.to_vec();
    prefix = postcard::to_extend(&VERSION, prefix).map_err(bad_head)?;
    prefix = postcard::to_extend(&(head.len() as u64), prefix).map_err(bad_head)?;
    out.write_all(&prefix)?;
    out.write_all(&head)?;
    let tree = write_positions(
        G::NAME,
        G::PUBLISHED[0].text,
        &layout.positions,
        &layout.parents,
        &layout.levels,
        out,
    )?;
    Ok(Saved {
        head: (prefix.len() + head.len()) as u64,
        tree,
        positions: layout.positions.len() as u64,
    })
}

/// Reads the magic, the version and the head: the head, and the tree
/// file's bytes after it.
fn read_head<G: Game>(bytes: &[u8]) -> Result<(Head, &[u8]), SavedError> {
    let rest = bytes.strip_prefix(MAGIC).ok_or(SavedError::NotRecords)?;
    let bad_head = |error: postcard::Error| SavedError::Head(error.to_string());
    let (version, rest) = postcard::take_from_bytes::<u32>(rest).map_err(bad_head)?;
    if version != VERSION {
        return Err(SavedError::Version(version));
    }
    let (length, rest) = postcard::take_from_bytes::<u64>(rest).map_err(bad_head)?;
    let length = usize::try_from(length)
        .ok()
        .filter(|&length| length <= rest.len())
        .ok_or_else(|| SavedError::Head(format!("a head of {length} bytes in a shorter file")))?;
    let head: Head = postcard::from_bytes(&rest[..length]).map_err(bad_head)?;
    if head.game != G::NAME {
        return Err(SavedError::Head(format!(
            "records of {}, not of {}",
            head.game,
            G::NAME
        )));
    }
    Ok((head, &rest[length..]))
}

/// A step and the node it reaches.
type Reached<G> = (Step<<G as Game>::Move>, <G as Game>::Node<Persistent>);

/// The step from `parent` (read into `board`, its legal moves `moves`)
/// to the saved `position`: the legal move whose child holds it, else the
/// null move's.
fn step_to<G: Records<Piece = Qpi, Style = Sin>>(
    parent: &G::Node<Persistent>,
    board: &G::Board,
    moves: &[G::Move],
    position: &Persistent,
) -> Option<Reached<G>> {
    moves
        .iter()
        .find_map(|&mv| {
            let child = parent.play(board, mv);
            (child.position() == position).then_some((Step::Move(mv), child))
        })
        .or_else(|| {
            G::null_node(parent)
                .filter(|null| null.position() == position)
                .map(|null| (Step::Null, null))
        })
}

/// Adds every saved position below the games' starts to its game's
/// record, in the tree's order (each game's nodes breadth first).
fn add_nodes<G: Records<Piece = Qpi, Style = Sin>>(
    records: &mut [Kept<G>],
    head: &Head,
    positions: &[Persistent],
    parents: &[u32],
) -> Result<(), SavedError> {
    let games = records.len();
    let setups: Vec<HashMap<u64, u64>> = head
        .games
        .iter()
        .map(|game| game.setups.iter().copied().collect())
        .collect();
    // Where each position of the tree is: its game and node.
    let mut place: Vec<(u32, NodeId)> = Vec::with_capacity(positions.len());
    place.push((u32::MAX, NodeId::ROOT));
    place.extend((0..games).map(|game| (index_of(game), NodeId::ROOT)));
    let mut board = G::Board::default();
    let mut moves = Vec::new();
    let mut read_parent = usize::MAX;
    for (position, &parent) in positions.iter().zip(parents).skip(1 + games) {
        let parent = parent as usize;
        let (game, parent_id) = place[parent];
        let record = records.get_mut(game as usize).ok_or_else(|| {
            SavedError::Head("a position below the root is no game's".to_string())
        })?;
        let game = game as usize;
        let node = record.len() as u64;
        let no_move = SavedError::NoMove {
            game: game + 1,
            node,
        };
        let parent_node = record.node(parent_id);
        let (step, child) = if let Some(&state) = setups[game].get(&node) {
            let child = G::node_of::<Persistent>(position.clone(), state).ok_or(no_move)?;
            (Step::Setup, child)
        } else {
            if read_parent != parent {
                parent_node.read_into(&mut board);
                moves.clear();
                <G::Node<Persistent> as Node>::legal_moves(&board, &mut moves);
                read_parent = parent;
            }
            step_to::<G>(parent_node, &board, &moves, position).ok_or(no_move)?
        };
        let id = record
            .add(parent_id, step, child)
            .map_err(|limit| SavedError::Head(limit.to_string()))?;
        place.push((index_of(game), id));
    }
    Ok(())
}

/// Loads the records of the game `G` saved in `bytes` by [`save`]: every
/// position rebuilt from its diff, every move found again among its
/// parent's legal moves.
///
/// # Errors
///
/// [`SavedError`]: [`NotRecords`](SavedError::NotRecords),
/// [`Version`](SavedError::Version) or [`Head`](SavedError::Head) for a
/// head that is not one of this game's records; [`Tree`](SavedError::Tree)
/// for a broken tree of positions; [`Start`](SavedError::Start) or
/// [`NoMove`](SavedError::NoMove) for a position that is no node of its
/// game.
pub fn load<G: Records<Piece = Qpi, Style = Sin>>(
    bytes: &[u8],
) -> Result<Vec<RecordFile<Kept<G>>>, SavedError> {
    let (head, tree_bytes) = read_head::<G>(bytes)?;
    let tree = read_tree(tree_bytes, tree_bytes.len() as u64, G::NAME, true)?;
    let parents = tree.parents.unwrap_or_default();
    let games = head.games.len();
    let nodes = head
        .games
        .iter()
        .try_fold(1_u64, |sum, game| sum.checked_add(game.nodes));
    if tree.header.levels.get(1).copied().unwrap_or(0) != games as u64
        || nodes != Some(tree.header.positions)
    {
        return Err(SavedError::Head(format!(
            "{games} games of {nodes:?} nodes (the file's root included) in a tree of {} \
             positions",
            tree.header.positions
        )));
    }
    let limits = Limits::default();
    let mut records: Vec<Kept<G>> = Vec::with_capacity(games);
    for (index, game) in head.games.iter().enumerate() {
        let start = G::node_of::<Persistent>(tree.positions[1 + index].clone(), game.state)
            .ok_or(SavedError::Start { game: index + 1 })?;
        let mut record = Record::with_node_limit(start, limits.nodes);
        for (name, value) in &game.tags {
            record.set_tag(name, value);
        }
        record.set_ending(game.ending.clone());
        records.push(record);
    }
    add_nodes::<G>(&mut records, &head, &tree.positions, &parents)?;
    for (index, (record, game)) in records.iter_mut().zip(&head.games).enumerate() {
        if record.len() as u64 != game.nodes {
            return Err(SavedError::Head(format!(
                "game {} has {} nodes in the tree, {} in the head",
                index + 1,
                record.len(),
                game.nodes
            )));
        }
        for (node, notes) in &game.notes {
            let id = usize::try_from(*node)
                .ok()
                .and_then(|node| record.id(node))
                .ok_or_else(|| SavedError::Head(format!("notes of node {node}, past its game")))?;
            *record.notes_mut(id) = notes.clone();
        }
        record.shrink_to_fit();
    }
    let mut files: Vec<RecordFile<Kept<G>>> = head
        .files
        .iter()
        .map(|file| RecordFile {
            path: PathBuf::from(&file.path),
            games: Vec::new(),
            bad: file.bad.clone(),
        })
        .collect();
    for (record, game) in records.into_iter().zip(&head.games) {
        let file = files.get_mut(game.file as usize).ok_or_else(|| {
            SavedError::Head(format!("a game of file {}, past the files", game.file))
        })?;
        file.games
            .push((usize::try_from(game.number).unwrap_or(usize::MAX), record));
    }
    Ok(files)
}
