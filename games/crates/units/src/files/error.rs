//! Why a split's files could not be written or read.

use core::fmt;
use std::path::{Path, PathBuf};

use super::format::{Checksum, MANIFEST};

/// Why a split's files could not be written or read.
///
/// | case | error |
/// |---|---|
/// | a file that cannot be read or written | `Io` |
/// | a split into a directory that exists | `Exists` |
/// | a manifest with a missing field, a bad number, units that do not add up | `Manifest` |
/// | a manifest of another game than the command's | `OtherGame` |
/// | a unit file the manifest does not list | `NotListed` |
/// | a unit whose bytes are not those its manifest's SHA-256 names | `Checksum` |
/// | a unit line without three fields, a multiplicity 0, a depth left that is not the manifest's | `Line` |
/// | a merge with a unit missing its result, or a result corrupted, conflicting or unknown | `Incomplete` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnitsError {
    /// A file or directory that could not be read or written.
    Io {
        /// The path.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The directory a split would write exists already.
    Exists(PathBuf),
    /// A manifest that is not one.
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong there.
        reason: String,
    },
    /// A manifest written for another game.
    OtherGame {
        /// The manifest.
        path: PathBuf,
        /// The game it names.
        found: String,
        /// The command's game.
        expected: String,
    },
    /// A unit file its directory's manifest does not list.
    NotListed(PathBuf),
    /// A unit file that is not what its manifest names.
    Checksum {
        /// The unit.
        path: PathBuf,
        /// The SHA-256 its manifest gives.
        expected: Checksum,
        /// The SHA-256 of its bytes.
        found: Checksum,
    },
    /// A malformed line of a unit.
    Line {
        /// The unit.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong there.
        reason: String,
    },
    /// A merge that cannot give a total: every problem found.
    Incomplete(Vec<Problem>),
}

/// What keeps a merge from its total, one per unit or result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A unit of the manifest with no valid result.
    Missing {
        /// The unit's file name.
        unit: String,
    },
    /// A result that does not read as one: truncated, edited, or not the
    /// count of its unit's lines.
    Corrupted {
        /// The result.
        result: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Valid results of one unit that give different counts.
    Conflicting {
        /// The unit's file name.
        unit: String,
        /// The results, in name order.
        results: Vec<PathBuf>,
    },
    /// A valid result of a unit the manifest does not list.
    Unknown {
        /// The result.
        result: PathBuf,
        /// Which unit it counts.
        reason: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing { unit } => write!(f, "{unit} has no valid result"),
            Problem::Corrupted { result, reason } => {
                write!(f, "{} is corrupted: {reason}", result.display())
            }
            Problem::Conflicting { unit, results } => {
                let names: Vec<String> = results
                    .iter()
                    .map(|result| result.display().to_string())
                    .collect();
                write!(f, "{unit} has results that disagree: {}", names.join(", "))
            }
            Problem::Unknown { result, reason } => write!(
                f,
                "{} is the result of no unit of the manifest: {reason}",
                result.display()
            ),
        }
    }
}

impl fmt::Display for UnitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitsError::Io { path, reason } => write!(f, "{}: {reason}", path.display()),
            UnitsError::Exists(path) => write!(
                f,
                "{} exists: a split writes a new directory, and leaves one it would overwrite",
                path.display()
            ),
            UnitsError::Manifest { path, line, reason }
            | UnitsError::Line { path, line, reason } => {
                write!(f, "{} line {line}: {reason}", path.display())
            }
            UnitsError::OtherGame {
                path,
                found,
                expected,
            } => write!(
                f,
                "{} is a manifest of {found}, not {expected}",
                path.display()
            ),
            UnitsError::NotListed(path) => write!(
                f,
                "{} is no unit its directory's {MANIFEST} lists",
                path.display()
            ),
            UnitsError::Checksum {
                path,
                expected,
                found,
            } => write!(
                f,
                "{} does not match its manifest's checksum (SHA-256 {found}, the manifest says \
                 {expected}): refused",
                path.display()
            ),
            UnitsError::Incomplete(problems) => {
                let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "{} problem{} keep the merge from its total: {}",
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" },
                    problems.join("; ")
                )
            }
        }
    }
}

impl std::error::Error for UnitsError {}

/// An I/O error on `path` as a [`UnitsError`].
pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> UnitsError + '_ {
    move |error| UnitsError::Io {
        path: path.to_path_buf(),
        reason: error.to_string(),
    }
}
