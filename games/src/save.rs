//! A kept tree saved and loaded: the root as FEEN, then every position as
//! its parent's index and its owned diff from the parent
//! ([`persistent_qi::Diff`]), in postcard.
//!
//! # The format (version 1)
//!
//! Every number is a postcard varint (LEB128: 7 bits a byte, the low
//! bits first, the high bit set on every byte but the last): below 128 a
//! number takes one byte. A file is:
//!
//! 1. the magic, the 8 bytes `qi-tree\n`;
//! 2. the format version, a varint (`1`);
//! 3. the header, a postcard [`Header`]: `game` (a string: a varint
//!    length, then UTF-8), `text` (the root as the game's command line
//!    reads it: FEEN for shogi, FEN for chess), `feen` (the root position
//!    as FEEN: what the loader rebuilds it from), `positions` (the count,
//!    the root included), `levels` (the count of each level, the root's
//!    first: a varint length, then the counts) and `pieces` (the palette:
//!    every piece the diffs name, a varint length, then each piece as its
//!    QPI code, a `u16` varint, in increasing order);
//! 4. one record per position after the root, in the tree's breadth-first
//!    order (level by level, children in the order of their parents):
//!    - `head`: the number of changed squares shifted left by 3, plus 4 if
//!      hand counts changed, plus 2 if the side to move changed, plus 1 if
//!      the parent is not the previous record's (the root, index 0, before
//!      the first record): one byte for fewer than 16 changed squares;
//!    - if the parent is not the previous record's, `parent_step`: the
//!      parent's index less the previous record's parent's, less 1. In
//!      breadth-first order parents never go back, so this is small and
//!      non-negative, and only the first child of each parent has it;
//!    - for each changed square, in index order: `index_step` (its index
//!      less the previous changed square's, less 1; the first square's
//!      index itself), `before` and `after` (palette codes: 0 for an empty
//!      square, `k` for the `k`-th piece of the palette);
//!    - if hand counts changed: their number, then for each, by player then
//!      piece: `piece_and_player` (the piece's palette code less 1, shifted
//!      left by 1, plus 1 for the second player), `before` and `after` (the
//!      counts).
//!
//! The diff is kept whole: the contents before and after of every changed
//! square and hand count, so that a record is checked against its parent
//! as it is applied ([`Diff::apply_to`] refuses a parent that does not
//! hold what the diff starts from) and can be reverted from the child.
//! Only the game's own state beside the position (chess's castling
//! rights and en-passant square) is not saved: the file holds the position
//! crate's positions (board, hands, turn), as the diffs do.
//!
//! # Why postcard
//!
//! Postcard writes integers as varints and nothing else around them: no
//! field names, no type tags, no schema, so a diff costs the bytes of its
//! numbers. Its wire format is specified and stable since 1.0 (the
//! postcard specification), so a file written today is read by any later
//! 1.x; it is maintained, `no_std`-friendly, and already in the
//! workspace's tests. It is not human-readable, so persistent-qi's serde
//! writes each [`Qpi`] as its packed `u16` code there. The records are
//! written field by field, each a postcard varint, rather than as the
//! crate's serde of [`Diff`]: a palette code (one byte) in place of an
//! `Option<Qpi>` (a tag and a two-byte code), and the lengths, the turn
//! and whether the parent moved on packed into one `head`, take a quiet
//! shogi move from 14 bytes (the crate's serde of the diff and a parent
//! step) to 7.
//!
//! # Reading
//!
//! The reader takes the file through a buffer of its own (64 KiB, grown up
//! to [`MAX_RECORD_BYTES`] for a record that does not fit), decoding the
//! header with postcard's `take_from_bytes` and each record with one
//! postcard `Deserializer` over the bytes buffered (a record cut by the
//! buffer's end is decoded again once more bytes are read). A
//! hostile file gets a typed [`TreeFileError`], never a panic nor an
//! allocation beyond what it holds: the position count is bounded by the
//! file's length (a record takes at least 2 bytes), every parent must be a
//! position of the level before, every piece code a palette entry, every
//! diff passes [`Diff::new`]'s checks and applies to its parent.

use core::fmt;
use std::collections::BTreeSet;
use std::io::{self, Read, Write};

use persistent_qi::feen::ReadError;
use persistent_qi::qpi::Qpi;
use persistent_qi::{Diff, DiffError, HandDiff, MAX_SQUARE_COUNT, Player, SquareDiff};
use serde::{Deserialize, Serialize};

use crate::game::Node;
use crate::position::Persistent;

/// The first 8 bytes of a tree file.
pub const MAGIC: [u8; 8] = *b"qi-tree\n";

/// The format version this module writes and reads.
pub const VERSION: u32 = 1;

/// The fewest bytes a record takes: its head.
pub const MIN_RECORD_BYTES: u64 = 1;

/// The most bytes one record (or the header) may take: every square of the
/// largest board changed, with room to spare.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The buffer the reader starts with.
const BUFFER_BYTES: usize = 64 << 10;

/// The most hand changes a diff holds: each hand of each position holds
/// at most [`MAX_SQUARE_COUNT`] pieces.
const MAX_HAND_CHANGES: usize = 4 * MAX_SQUARE_COUNT;

/// What a tree file says before its records: see the module docs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The game, as the command line names it (`shogi`).
    pub game: String,
    /// The root as the game's command line reads it.
    pub text: String,
    /// The root position as FEEN.
    pub feen: String,
    /// The number of positions, the root included.
    pub positions: u64,
    /// The number of positions of each level, the root's (1) first.
    pub levels: Vec<u64>,
    /// Every piece the records name, in increasing order: code `k` of a
    /// record is `pieces[k - 1]`.
    pub pieces: Vec<Qpi>,
}

impl Header {
    /// The depth of the tree: its levels below the root.
    #[must_use]
    pub fn depth(&self) -> u32 {
        u32::try_from(self.levels.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }
}

/// Why a tree file could not be written or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum TreeFileError {
    /// Reading or writing the file failed.
    Io(io::Error),
    /// The file does not start with [`MAGIC`].
    NotATreeFile,
    /// The file is of a format version this program does not read.
    Version(u32),
    /// The header is not a valid postcard [`Header`], or says what cannot
    /// be (why).
    Header(String),
    /// The file holds a tree of another game.
    Game {
        /// The game asked for.
        expected: String,
        /// The file's.
        found: String,
    },
    /// The header's root is no FEEN position.
    Root(ReadError),
    /// The file ends inside the header or a record, or before its last
    /// position.
    Truncated {
        /// The position whose record was cut (0: the header).
        position: u64,
        /// The file's length.
        at: u64,
    },
    /// A record is not a sequence of valid varints, or holds a number out
    /// of range (why).
    Record {
        /// The position.
        position: u64,
        /// Where its record starts, in bytes from the file's start.
        at: u64,
        /// What is wrong.
        reason: String,
    },
    /// A record's parent is no position of the level before its own.
    Parent {
        /// The position.
        position: u64,
        /// The parent its record names.
        parent: u64,
    },
    /// A record's diff breaks a diff's invariants.
    Diff {
        /// The position.
        position: u64,
        /// The broken invariant.
        error: DiffError,
    },
    /// A record's diff does not apply to its parent.
    Apply {
        /// The position.
        position: u64,
        /// Why.
        error: persistent_qi::Error,
    },
    /// Bytes follow the last position's record.
    TrailingBytes {
        /// Where they start.
        at: u64,
    },
    /// The positions could not be allocated.
    OutOfMemory {
        /// How many.
        positions: u64,
    },
    /// The tree to write is not a breadth-first tree of its game: a level
    /// does not hold the children of the level before, in order.
    NotBreadthFirst {
        /// The level.
        level: usize,
    },
    /// A position of the tree to write has no diff from its parent, or a
    /// number does not fit the format.
    Encode(String),
}

impl fmt::Display for TreeFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeFileError::Io(error) => write!(f, "{error}"),
            TreeFileError::NotATreeFile => {
                write!(f, "not a tree file (it does not start with `qi-tree`)")
            }
            TreeFileError::Version(version) => write!(
                f,
                "a tree file of format version {version}: this program reads version {VERSION}"
            ),
            TreeFileError::Header(reason) => write!(f, "a broken tree file header: {reason}"),
            TreeFileError::Game { expected, found } => {
                write!(f, "a tree file of {found}, not of {expected}")
            }
            TreeFileError::Root(error) => write!(f, "the tree file's root: {error}"),
            TreeFileError::Truncated { position, at } => write!(
                f,
                "the tree file is truncated: it ends at byte {at}, inside {}",
                if *position == 0 {
                    "its header".to_string()
                } else {
                    format!("the record of position {position}")
                }
            ),
            TreeFileError::Record {
                position,
                at,
                reason,
            } => write!(
                f,
                "the record of position {position} (at byte {at}) is broken: {reason}"
            ),
            TreeFileError::Parent { position, parent } => write!(
                f,
                "position {position} names position {parent} as its parent, not one of the level before"
            ),
            TreeFileError::Diff { position, error } => {
                write!(f, "the diff of position {position} is invalid: {error}")
            }
            TreeFileError::Apply { position, error } => write!(
                f,
                "the diff of position {position} does not apply to its parent: {error}"
            ),
            TreeFileError::TrailingBytes { at } => {
                write!(f, "bytes follow the last position, from byte {at}")
            }
            TreeFileError::OutOfMemory { positions } => {
                write!(
                    f,
                    "out of memory: {positions} positions could not be allocated"
                )
            }
            TreeFileError::NotBreadthFirst { level } => write!(
                f,
                "level {level} does not hold the children of the level before, in order"
            ),
            TreeFileError::Encode(reason) => write!(f, "the tree cannot be written: {reason}"),
        }
    }
}

impl std::error::Error for TreeFileError {}

impl From<io::Error> for TreeFileError {
    fn from(error: io::Error) -> Self {
        TreeFileError::Io(error)
    }
}

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
    /// The records in persistent-qi's serde of [`Diff`] (postcard) after
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
    mut out: impl Write,
) -> Result<Breakdown, TreeFileError> {
    let root = levels
        .first()
        .and_then(|level| level.first())
        .ok_or(TreeFileError::NotBreadthFirst { level: 0 })?;
    if levels[0].len() != 1 {
        return Err(TreeFileError::NotBreadthFirst { level: 0 });
    }
    let diff_of = |parent: &N, child: &N| {
        child
            .position()
            .diff_from(parent.position())
            .map_err(|error| TreeFileError::Encode(error.to_string()))
    };
    let mut pieces = BTreeSet::new();
    for_each_pair(levels, |_, parent, child| {
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
            .position()
            .to_feen()
            .map_err(|error| TreeFileError::Encode(error.to_string()))?,
        positions: levels.iter().map(|level| level.len() as u64).sum(),
        levels: levels.iter().map(|level| level.len() as u64).collect(),
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
    for_each_pair(levels, |parent_index, parent, child| {
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

/// A tree read back from a file: every position kept, in the file's
/// breadth-first order, each sharing structure with its parent.
#[derive(Debug)]
pub struct LoadedTree {
    /// The file's header.
    pub header: Header,
    /// Every position, the root first, level by level.
    pub positions: Vec<Persistent>,
    /// Each position's parent's index (the root's own: 0), if asked for.
    pub parents: Option<Vec<u32>>,
}

/// Why a record could not be decoded from the bytes buffered.
enum Parse {
    /// The bytes end inside the record: more are needed.
    End,
    /// The record is broken (why).
    Bad(String),
}

impl From<postcard::Error> for Parse {
    fn from(error: postcard::Error) -> Self {
        match error {
            postcard::Error::DeserializeUnexpectedEnd => Parse::End,
            other => Parse::Bad(other.to_string()),
        }
    }
}

/// A file's bytes through a buffer of the reader's own, so that a record
/// is decoded from a slice however the reads split it.
struct Input<R> {
    reader: R,
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    /// The bytes of the file before `buffer[0]`.
    offset: u64,
    eof: bool,
}

impl<R: Read> Input<R> {
    fn new(reader: R) -> Self {
        Input {
            reader,
            buffer: vec![0; BUFFER_BYTES],
            start: 0,
            end: 0,
            offset: 0,
            eof: false,
        }
    }

    /// The offset in the file of the next byte to decode.
    fn position(&self) -> u64 {
        self.offset + self.start as u64
    }

    /// Reads more bytes after those buffered, moving them to the front and
    /// growing the buffer (up to [`MAX_RECORD_BYTES`]) if it is full.
    /// Returns `false` if no more could be read: the end of the file, or a
    /// full buffer at its largest.
    fn refill(&mut self) -> io::Result<bool> {
        if self.start > 0 {
            self.buffer.copy_within(self.start..self.end, 0);
            self.offset += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buffer.len() {
            if self.buffer.len() >= MAX_RECORD_BYTES {
                return Ok(false);
            }
            self.buffer.resize(self.buffer.len() * 2, 0);
        }
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(read) => {
                    self.end += read;
                    return Ok(true);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Decodes one item with `parse` from the bytes buffered, reading more
    /// as long as they end inside it. `truncated` is the error if the file
    /// ends first, `broken` makes the error for a broken item.
    fn take<T>(
        &mut self,
        mut parse: impl FnMut(&[u8]) -> Result<(T, usize), Parse>,
        truncated: impl Fn(u64) -> TreeFileError,
        broken: impl Fn(u64, String) -> TreeFileError,
    ) -> Result<T, TreeFileError> {
        loop {
            match parse(&self.buffer[self.start..self.end]) {
                Ok((value, used)) => {
                    self.start += used;
                    return Ok(value);
                }
                Err(Parse::Bad(reason)) => return Err(broken(self.position(), reason)),
                Err(Parse::End) => {
                    if !self.refill()? {
                        return Err(if self.eof {
                            truncated(self.offset + self.end as u64)
                        } else {
                            broken(
                                self.position(),
                                format!("longer than {MAX_RECORD_BYTES} bytes"),
                            )
                        });
                    }
                }
            }
        }
    }

    /// Whether bytes are left after those decoded.
    fn at_end(&mut self) -> io::Result<bool> {
        Ok(self.start == self.end && !self.refill()?)
    }
}

/// A record's bytes, read by one postcard deserializer.
type Fields<'a> = postcard::Deserializer<'a, postcard::de_flavors::Slice<'a>>;

/// The next postcard varint of a record.
fn take_u32(fields: &mut Fields<'_>) -> Result<u32, Parse> {
    Ok(u32::deserialize(&mut *fields)?)
}

/// What a record says beside its squares and hand changes.
struct Record {
    parent_step: u64,
    turn_changed: bool,
}

/// Decodes one record from the front of `bytes` into `squares` and
/// `hands` (emptied first, unchecked): the record and the bytes it took.
fn parse_record(
    bytes: &[u8],
    pieces: &[Qpi],
    squares: &mut Vec<SquareDiff<Qpi>>,
    hands: &mut Vec<HandDiff<Qpi>>,
) -> Result<(Record, usize), Parse> {
    squares.clear();
    hands.clear();
    let mut rest = Fields::from_bytes(bytes);
    let head = take_u32(&mut rest)?;
    let parent_step = if head & 1 == 0 {
        0
    } else {
        u64::deserialize(&mut rest)?.saturating_add(1)
    };
    let square_count = usize::try_from(head >> 3).unwrap_or(usize::MAX);
    if square_count > MAX_SQUARE_COUNT {
        return Err(Parse::Bad(format!(
            "{square_count} changed squares, more than the largest board holds"
        )));
    }
    let piece = |code: u32| -> Result<Option<Qpi>, Parse> {
        match usize::try_from(code).unwrap_or(usize::MAX) {
            0 => Ok(None),
            code => pieces
                .get(code - 1)
                .copied()
                .map(Some)
                .ok_or_else(|| Parse::Bad(format!("piece code {code} is past the palette"))),
        }
    };
    let mut next_index = 0_usize;
    for _ in 0..square_count {
        let index = next_index.saturating_add(take_u32(&mut rest)? as usize);
        next_index = index.saturating_add(1);
        let before = piece(take_u32(&mut rest)?)?;
        let after = piece(take_u32(&mut rest)?)?;
        squares.push(SquareDiff {
            index,
            before,
            after,
        });
    }
    if head & 4 != 0 {
        let count = take_u32(&mut rest)? as usize;
        if count == 0 || count > MAX_HAND_CHANGES {
            return Err(Parse::Bad(format!("{count} hand changes")));
        }
        for _ in 0..count {
            let piece_and_player = take_u32(&mut rest)?;
            let player = if piece_and_player & 1 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let Some(piece) = piece((piece_and_player >> 1).saturating_add(1))? else {
                return Err(Parse::Bad("a hand change of no piece".to_string()));
            };
            let before = take_u32(&mut rest)? as usize;
            let after = take_u32(&mut rest)? as usize;
            hands.push(HandDiff {
                player,
                piece,
                before,
                after,
            });
        }
    }
    let record = Record {
        parent_step,
        turn_changed: head & 2 != 0,
    };
    Ok((record, bytes.len() - rest.finalize()?.len()))
}

/// Reads the magic, the version and the header.
fn read_header<R: Read>(input: &mut Input<R>, length: u64) -> Result<Header, TreeFileError> {
    let truncated = |at| TreeFileError::Truncated { position: 0, at };
    let magic = input.take(
        |bytes| {
            bytes
                .get(..MAGIC.len())
                .map(|magic| (magic == MAGIC, MAGIC.len()))
                .ok_or(Parse::End)
        },
        truncated,
        |_, reason| TreeFileError::Header(reason),
    )?;
    if !magic {
        return Err(TreeFileError::NotATreeFile);
    }
    let version = input.take(
        |bytes| {
            let (version, rest) = postcard::take_from_bytes::<u32>(bytes)?;
            Ok((version, bytes.len() - rest.len()))
        },
        truncated,
        |_, reason| TreeFileError::Header(reason),
    )?;
    if version != VERSION {
        return Err(TreeFileError::Version(version));
    }
    let header = input.take(
        |bytes| {
            let (header, rest) = postcard::take_from_bytes::<Header>(bytes)?;
            Ok((header, bytes.len() - rest.len()))
        },
        truncated,
        |_, reason| TreeFileError::Header(reason),
    )?;
    let bad = |reason: String| Err(TreeFileError::Header(reason));
    if header.levels.first() != Some(&1) {
        return bad("the first level is not the root alone".to_string());
    }
    let sum = header
        .levels
        .iter()
        .try_fold(0_u64, |sum, &level| sum.checked_add(level));
    if sum != Some(header.positions) {
        return bad(format!(
            "{} positions, but levels of {:?}",
            header.positions, header.levels
        ));
    }
    let records = length.saturating_sub(input.position()) / MIN_RECORD_BYTES;
    if header.positions - 1 > records || header.positions > u64::from(u32::MAX) {
        return bad(format!(
            "{} positions, more than a file of {length} bytes holds",
            header.positions
        ));
    }
    if header.pieces.windows(2).any(|pair| pair[0] >= pair[1]) {
        return bad("the palette of pieces is not in increasing order".to_string());
    }
    Ok(header)
}

/// Reads only the header of a tree file of `length` bytes.
///
/// # Errors
///
/// As [`read_tree`], for the magic, the version and the header.
pub fn read_tree_header<R: Read>(input: R, length: u64) -> Result<Header, TreeFileError> {
    read_header(&mut Input::new(input), length)
}

/// Reads a tree file of `length` bytes (the bound of its position count)
/// of the game `game`: the header, the root from its FEEN, then every
/// position by applying its diff to its parent, kept in one vector sized
/// once. With `keep_parents`, each position's parent index is kept too.
///
/// # Errors
///
/// [`TreeFileError`]: [`Io`](TreeFileError::Io) if reading fails;
/// [`NotATreeFile`](TreeFileError::NotATreeFile),
/// [`Version`](TreeFileError::Version),
/// [`Header`](TreeFileError::Header), [`Game`](TreeFileError::Game) or
/// [`Root`](TreeFileError::Root) for a header that is not one of this
/// game's trees; [`Truncated`](TreeFileError::Truncated) for a file that
/// ends early; [`Record`](TreeFileError::Record),
/// [`Parent`](TreeFileError::Parent), [`Diff`](TreeFileError::Diff) or
/// [`Apply`](TreeFileError::Apply) for a broken record;
/// [`TrailingBytes`](TreeFileError::TrailingBytes) for bytes after the
/// last; [`OutOfMemory`](TreeFileError::OutOfMemory) if the positions
/// cannot be allocated.
pub fn read_tree<R: Read>(
    input: R,
    length: u64,
    game: &str,
    keep_parents: bool,
) -> Result<LoadedTree, TreeFileError> {
    let mut input = Input::new(input);
    let header = read_header(&mut input, length)?;
    if header.game != game {
        return Err(TreeFileError::Game {
            expected: game.to_string(),
            found: header.game,
        });
    }
    let root = <Persistent>::from_feen(&header.feen).map_err(TreeFileError::Root)?;
    // At most u32::MAX positions, and no more than the file holds records.
    let count = usize::try_from(header.positions).unwrap_or(usize::MAX);
    let out_of_memory = |_| TreeFileError::OutOfMemory {
        positions: header.positions,
    };
    let mut positions: Vec<Persistent> = Vec::new();
    positions.try_reserve_exact(count).map_err(out_of_memory)?;
    let mut parents = Vec::new();
    if keep_parents {
        parents.try_reserve_exact(count).map_err(out_of_memory)?;
        parents.push(0);
    }
    positions.push(root);
    // The parents of level k are the positions [level_start, level_end).
    let mut level_start = 0_u64;
    let mut level_end = 1_u64;
    let mut parent = 0_u64;
    // Every record is decoded into these two, taken back from its diff.
    let (mut squares, mut hands) = (Vec::new(), Vec::new());
    for &level in &header.levels[1..] {
        let children_end = level_end + level;
        for index in level_end..children_end {
            let record = input.take(
                |bytes| parse_record(bytes, &header.pieces, &mut squares, &mut hands),
                |at| TreeFileError::Truncated {
                    position: index,
                    at,
                },
                |at, reason| TreeFileError::Record {
                    position: index,
                    at,
                    reason,
                },
            )?;
            parent = parent.saturating_add(record.parent_step);
            if parent < level_start || parent >= level_end {
                return Err(TreeFileError::Parent {
                    position: index,
                    parent,
                });
            }
            let diff = Diff::new(
                core::mem::take(&mut squares),
                core::mem::take(&mut hands),
                record.turn_changed,
            )
            .map_err(|error| TreeFileError::Diff {
                position: index,
                error,
            })?;
            // `parent` is below `level_end`, the positions read so far.
            let from = &positions[usize::try_from(parent).unwrap_or(usize::MAX)];
            let position = diff.apply_to(from).map_err(|error| TreeFileError::Apply {
                position: index,
                error,
            })?;
            positions.push(position);
            (squares, hands, _) = diff.into_parts();
            if keep_parents {
                parents.push(u32::try_from(parent).unwrap_or(u32::MAX));
            }
        }
        level_start = level_end;
        level_end = children_end;
    }
    if !input.at_end()? {
        return Err(TreeFileError::TrailingBytes {
            at: input.position(),
        });
    }
    Ok(LoadedTree {
        header,
        positions,
        parents: keep_parents.then_some(parents),
    })
}
