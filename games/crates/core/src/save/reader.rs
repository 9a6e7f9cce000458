//! The tree file's reader: through a buffer of its own, every record
//! checked and applied to its parent (see the [module docs](super)).

use std::io::{self, Read};

use persistent_qi::qpi::Qpi;
use persistent_qi::{Diff, HandDiff, MAX_SQUARE_COUNT, Player, SquareDiff};
use serde::Deserialize;

use super::format::{Header, MAGIC, MAX_RECORD_BYTES, MIN_RECORD_BYTES, TreeFileError, VERSION};
use crate::position::Persistent;

/// The buffer the reader starts with.
const BUFFER_BYTES: usize = 64 << 10;

/// The most hand changes a diff holds: each hand of each position holds
/// at most [`MAX_SQUARE_COUNT`] pieces.
const MAX_HAND_CHANGES: usize = 4 * MAX_SQUARE_COUNT;

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

/// Decodes one part of the file's head with `parse`: a file that ends
/// inside it is truncated, a part that is broken is a bad header.
fn take_header_part<R: Read, T>(
    input: &mut Input<R>,
    parse: impl FnMut(&[u8]) -> Result<(T, usize), Parse>,
) -> Result<T, TreeFileError> {
    input.take(
        parse,
        |at| TreeFileError::Truncated { position: 0, at },
        |_, reason| TreeFileError::Header(reason),
    )
}

/// Decodes one postcard value from the front of `bytes`: the value and the
/// bytes it took.
fn parse_postcard<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<(T, usize), Parse> {
    let (value, rest) = postcard::take_from_bytes::<T>(bytes)?;
    Ok((value, bytes.len() - rest.len()))
}

/// Reads the magic, the version and the header.
fn read_header<R: Read>(input: &mut Input<R>, length: u64) -> Result<Header, TreeFileError> {
    let magic = take_header_part(input, |bytes| {
        bytes
            .get(..MAGIC.len())
            .map(|magic| (magic == MAGIC, MAGIC.len()))
            .ok_or(Parse::End)
    })?;
    if !magic {
        return Err(TreeFileError::NotATreeFile);
    }
    let version: u32 = take_header_part(input, parse_postcard)?;
    if version != VERSION {
        return Err(TreeFileError::Version(version));
    }
    let header: Header = take_header_part(input, parse_postcard)?;
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
