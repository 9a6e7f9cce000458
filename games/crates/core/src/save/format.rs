//! The tree file's format: its magic, version and limits, its [`Header`],
//! and the [`TreeFileError`]s of writing and reading it (see the
//! [module docs](super)).

use core::fmt;
use std::io;

use persistent_qi::DiffError;
use persistent_qi::feen::ReadError;
use persistent_qi::qpi::Qpi;
use serde::{Deserialize, Serialize};

/// The first 8 bytes of a tree file.
pub const MAGIC: [u8; 8] = *b"qi-tree\n";

/// The format version this module writes and reads.
pub const VERSION: u32 = 1;

/// The fewest bytes a record takes: its head.
pub const MIN_RECORD_BYTES: u64 = 1;

/// The most bytes one record (or the header) may take: every square of the
/// largest board changed, with room to spare.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

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
