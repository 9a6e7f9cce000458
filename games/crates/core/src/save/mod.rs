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
//! as it is applied ([`Diff::apply_to`](persistent_qi::Diff::apply_to) refuses a parent that does not
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
//! writes each [`Qpi`](persistent_qi::qpi::Qpi) as its packed `u16` code there. The records are
//! written field by field, each a postcard varint, rather than as the
//! crate's serde of [`Diff`](persistent_qi::Diff): a palette code (one byte) in place of an
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
//! diff passes [`Diff::new`](persistent_qi::Diff::new)'s checks and applies to its parent.

mod format;
mod reader;
mod writer;

pub use format::{Header, MAGIC, MAX_RECORD_BYTES, MIN_RECORD_BYTES, TreeFileError, VERSION};
pub use reader::{LoadedTree, read_tree, read_tree_header};
pub use writer::{Breakdown, write_positions, write_tree};
