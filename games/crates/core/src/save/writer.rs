//! The tree file's writer: the palette, then one record per position,
//! streamed (see the [module docs](super)).

use std::collections::BTreeSet;
use std::io::Write;

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;
use serde::Serialize;

use super::format::{Header, MAGIC, TreeFileError, VERSION};
use crate::game::Node;
use crate::position::Persistent;

/// Where a written file's bytes went, field by field (see the module
/// docs), and what the crate's own serde of the same diffs would take.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// The magic, the version and the header.
    pub header: u64,
    /// The records' `parent_step`s.
    pub parent_steps: u64,
    /// The records' `head`s.
    pub heads: u64,
    /// The changed squares' `index_step`s.
    pub square_indices: u64,
    /// The changed squares' contents before.
    pub squares_before: u64,
    /// The changed squares' contents after.
    pub squares_after: u64,
    /// The hand changes, their numbers included.
    pub hands: u64,
    /// The records in persistent-qi's serde of [`Diff`](persistent_qi::Diff) (postcard) after
    /// the parent's index: what each choice of the format saves, from the
    /// plainest on.
    pub crate_serde_parent_index: u64,
    /// The same, the parent as the step from the previous record's parent
    /// (a varint on every record).
    pub crate_serde: u64,
    /// The records with palette codes for pieces, but the parent step, the
    /// number of changed squares, the number of hand changes and the turn
    /// (a byte) each a field of its own.
    pub palette_unpacked: u64,
}

impl Breakdown {
    /// The bytes of the file.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.header
            + self.parent_steps
            + self.heads
            + self.square_indices
            + self.squares_before
            + self.squares_after
            + self.hands
    }
}

/// The number of children of each parent of a breadth-first tree's level,
/// counted by generating their moves again.
fn child_counts<N: Node>(parents: &[N]) -> Vec<usize> {
    let mut board = N::Board::default();
    let mut moves = Vec::new();
    parents
        .iter()
        .map(|parent| {
            moves.clear();
            parent.read_into(&mut board);
            N::legal_moves(&board, &mut moves);
            moves.len()
        })
        .collect()
}

/// Every (parent, child) pair of a breadth-first tree, the parent's global
/// index with it, level by level, calling `visit` on each.
fn for_each_pair<N: Node>(
    levels: &[Vec<N>],
    mut visit: impl FnMut(usize, &N, &N) -> Result<(), TreeFileError>,
) -> Result<(), TreeFileError> {
    let mut parent_start = 0;
    for (level, pair) in levels.windows(2).enumerate() {
        let [parents, children] = pair else {
            continue;
        };
        let counts = child_counts(parents);
        if counts.iter().sum::<usize>() != children.len() {
            return Err(TreeFileError::NotBreadthFirst { level: level + 1 });
        }
        let mut children = children.iter();
        for ((offset, parent), count) in parents.iter().enumerate().zip(counts) {
            for child in children.by_ref().take(count) {
                visit(parent_start + offset, parent, child)?;
            }
        }
        parent_start += parents.len();
    }
    Ok(())
}

/// Appends `value` to `buffer` in postcard, returning its bytes.
fn put<T: Serialize + ?Sized>(buffer: &mut Vec<u8>, value: &T) -> Result<u64, TreeFileError> {
    let before = buffer.len();
    let taken = core::mem::take(buffer);
    *buffer = postcard::to_extend(value, taken)
        .map_err(|error| TreeFileError::Encode(error.to_string()))?;
    Ok((buffer.len() - before) as u64)
}

/// A number of the format as the varint type postcard writes it.
fn varint(value: usize) -> Result<u32, TreeFileError> {
    u32::try_from(value).map_err(|_| TreeFileError::Encode(format!("{value} does not fit a u32")))
}

/// Writes the breadth-first tree `levels` (the root's level first, each
/// level the children of the one before in order, as
/// [`build_tree`](crate::build_tree) makes them) of the game `game`, whose
/// root the game reads from `text`, to `out` in the format of the module
/// docs. The tree is walked twice (once for the palette of pieces, once to
/// write), each child's diff from its parent made each time; the records
/// are streamed to `out` (give it a `BufWriter`), one at a time.
///
/// # Errors
///
/// [`TreeFileError::NotBreadthFirst`] for levels that are not each the
/// children of the level before; [`TreeFileError::Encode`] for a root FEEN
/// cannot spell or a diff that cannot be made; [`TreeFileError::Io`] if
/// writing fails.
pub fn write_tree<N: Node<Position = Persistent>>(
    game: &str,
    text: &str,
    levels: &[Vec<N>],
    out: impl Write,
) -> Result<Breakdown, TreeFileError> {
    let root = levels
        .first()
        .and_then(|level| level.first())
        .ok_or(TreeFileError::NotBreadthFirst { level: 0 })?;
    if levels[0].len() != 1 {
        return Err(TreeFileError::NotBreadthFirst { level: 0 });
    }
    let counts = levels.iter().map(|level| level.len() as u64).collect();
    write_pairs(game, text, root.position(), counts, out, |visit| {
        for_each_pair(levels, |parent_index, parent, child| {
            visit(parent_index, parent.position(), child.position())
        })
    })
}

/// Writes any tree of positions of the game `game` to `out`, as
/// [`write_tree`] writes a whole one: `positions` in breadth-first order
/// (the root first, then level by level, the children of each level in
/// the order of their parents), each with its parent's index in
/// `parents` (the root's: 0), `levels` the number of each level's. A
/// forest is written under a root of the caller's (records are, each
/// game's start a child of the file's root).
///
/// # Errors
///
/// [`TreeFileError::NotBreadthFirst`] if the levels do not add up to the
/// positions, or a parent is not of the level before its child;
/// [`TreeFileError::Encode`] for a diff that cannot be made;
/// [`TreeFileError::Io`] if writing fails.
pub fn write_positions(
    game: &str,
    text: &str,
    positions: &[Persistent],
    parents: &[u32],
    levels: &[u64],
    out: impl Write,
) -> Result<Breakdown, TreeFileError> {
    let total: u64 = levels.iter().sum();
    if levels.first() != Some(&1)
        || total != positions.len() as u64
        || parents.len() != positions.len()
    {
        return Err(TreeFileError::NotBreadthFirst { level: 0 });
    }
    let mut level_of = Vec::with_capacity(positions.len());
    for (level, &count) in levels.iter().enumerate() {
        level_of.extend(core::iter::repeat_n(
            level,
            usize::try_from(count).unwrap_or(0),
        ));
    }
    for (index, &parent) in parents.iter().enumerate().skip(1) {
        let parent = parent as usize;
        if parent >= index || level_of[parent] + 1 != level_of[index] {
            return Err(TreeFileError::NotBreadthFirst {
                level: level_of[index],
            });
        }
        if index > 1 && parents[index - 1] as usize > parent {
            return Err(TreeFileError::NotBreadthFirst {
                level: level_of[index],
            });
        }
    }
    write_pairs(game, text, &positions[0], levels.to_vec(), out, |visit| {
        for (index, &parent) in parents.iter().enumerate().skip(1) {
            let parent = parent as usize;
            visit(parent, &positions[parent], &positions[index])?;
        }
        Ok(())
    })
}

/// What walks a tree's (parent's index, parent, child) pairs in the
/// file's order, calling the visitor on each.
type Walk<'v> = &'v mut dyn FnMut(usize, &Persistent, &Persistent) -> Result<(), TreeFileError>;

/// Writes the tree whose pairs `walk` gives (twice: for the palette, then
/// to write), under `root`, its levels of `levels` positions.
fn write_pairs(
    game: &str,
    text: &str,
    root: &Persistent,
    levels: Vec<u64>,
    mut out: impl Write,
    walk: impl Fn(Walk<'_>) -> Result<(), TreeFileError>,
) -> Result<Breakdown, TreeFileError> {
    let diff_of = |parent: &Persistent, child: &Persistent| {
        child
            .diff_from(parent)
            .map_err(|error| TreeFileError::Encode(error.to_string()))
    };
    let mut pieces = BTreeSet::new();
    walk(&mut |_, parent, child| {
        let diff = diff_of(parent, child)?;
        for square in diff.squares() {
            pieces.extend(square.before.iter().chain(&square.after).copied());
        }
        pieces.extend(diff.hands().iter().map(|hand| hand.piece));
        Ok(())
    })?;
    let pieces: Vec<Qpi> = pieces.into_iter().collect();
    let header = Header {
        game: game.to_string(),
        text: text.to_string(),
        feen: root
            .to_feen()
            .map_err(|error| TreeFileError::Encode(error.to_string()))?,
        positions: levels.iter().sum(),
        levels,
        pieces,
    };
    let mut breakdown = Breakdown::default();
    let mut buffer = MAGIC.to_vec();
    put(&mut buffer, &VERSION)?;
    put(&mut buffer, &header)?;
    breakdown.header = buffer.len() as u64;
    out.write_all(&buffer)?;
    let code = |piece: Option<&Qpi>| -> u32 {
        piece.map_or(0, |piece| {
            // Every piece of every diff is in the palette: it was built
            // from them. Its length fits a u32 (fewer than 2^16 pieces).
            let index = header.pieces.binary_search(piece).unwrap_or(0);
            u32::try_from(index + 1).unwrap_or(u32::MAX)
        })
    };
    let mut previous_parent = 0;
    walk(&mut |parent_index, parent, child| {
        let diff = diff_of(parent, child)?;
        buffer.clear();
        let step = (parent_index - previous_parent) as u64;
        previous_parent = parent_index;
        let size = |value: u64| put(&mut Vec::new(), &value);
        let diff_bytes = put(&mut Vec::new(), &diff)?;
        breakdown.crate_serde_parent_index += size(parent_index as u64)? + diff_bytes;
        breakdown.crate_serde += size(step)? + diff_bytes;
        // The unpacked form: the step, both lengths and the turn in place
        // of the head, the parent step and the number of hand changes.
        let hands = diff.hands().len() as u64;
        let unpacked = size(step)? + size(diff.squares().len() as u64)? + size(hands)? + 1;
        let packed = if hands > 0 { size(hands)? } else { 0 };
        let head = (varint(diff.squares().len())? << 3)
            | (u32::from(!diff.hands().is_empty()) << 2)
            | (u32::from(diff.turn_changed()) << 1)
            | u32::from(step > 0);
        let head_bytes = put(&mut buffer, &head)?;
        breakdown.heads += head_bytes;
        let mut packed = packed + head_bytes;
        if step > 0 {
            let step_bytes = put(&mut buffer, &(step - 1))?;
            breakdown.parent_steps += step_bytes;
            packed += step_bytes;
        }
        let mut next_index = 0;
        for square in diff.squares() {
            breakdown.square_indices += put(&mut buffer, &varint(square.index - next_index)?)?;
            next_index = square.index + 1;
            breakdown.squares_before += put(&mut buffer, &code(square.before.as_ref()))?;
            breakdown.squares_after += put(&mut buffer, &code(square.after.as_ref()))?;
        }
        if !diff.hands().is_empty() {
            breakdown.hands += put(&mut buffer, &varint(diff.hands().len())?)?;
            for hand in diff.hands() {
                let player = u32::from(hand.player == Player::Second);
                breakdown.hands += put(
                    &mut buffer,
                    &(((code(Some(&hand.piece)) - 1) << 1) | player),
                )?;
                breakdown.hands += put(&mut buffer, &varint(hand.before)?)?;
                breakdown.hands += put(&mut buffer, &varint(hand.after)?)?;
            }
        }
        breakdown.palette_unpacked += buffer.len() as u64 - packed + unpacked;
        out.write_all(&buffer)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(breakdown)
}
