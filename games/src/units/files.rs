//! The files of a split, as plain text a shell reads (`cut -f`, `wc -l`):
//! the manifest, the units and their results, each checked as it is read,
//! and every file written whole or not at all.
//!
//! - `manifest.tsv`: a line `games-perft-units<TAB>1`, then one field a
//!   line, its name, a tab and its value: `game`, `root` (the root in the
//!   game's notation), `depth` (of the whole perft), `split` (the ply of
//!   the units' positions), `unit-size` (lines a unit at most), `distinct`
//!   (the positions at the split), `leaves` (the sum of the
//!   multiplicities: perft at the split) and `units`; then a line a unit:
//!   `unit`, its file name, its lines and its SHA-256.
//! - `unit-0001.tsv` and on: a line a distinct position, three fields
//!   separated by tabs: the position in the game's notation
//!   ([`Game::notation`](crate::Game::notation)), its multiplicity and the depth
//!   left. Nothing else: the manifest's checksum is what ties it to its
//!   split.
//! - `unit-0001.result`, written beside its unit by the run that counted
//!   it: a line `games-perft-result<TAB>1<TAB><game><TAB><unit file>`,
//!   then each line's count in the unit's order, then a trailer `end`, the
//!   unit's SHA-256, the unit's total (each multiplicity times its count,
//!   summed) and the SHA-256 of every byte of the result before the
//!   trailer. A result holds no time and no host: the same unit counted
//!   twice writes the same bytes.
//!
//! Every line is at most [`MAX_LINE`] bytes and every file is read with a
//! bound on its size, so no file makes a reader grow without bound.

use core::fmt;
use core::fmt::Write as _;
use std::collections::HashSet;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use sha2::{Digest, Sha256};

/// The manifest's file name in a split's directory.
pub const MANIFEST: &str = "manifest.tsv";

/// The first line of a manifest: the format and its version.
const MANIFEST_HEAD: &str = "games-perft-units\t1";

/// The manifest's fields, in order, before its unit lines.
const FIELDS: [&str; 9] = [
    "games-perft-units",
    "game",
    "root",
    "depth",
    "split",
    "unit-size",
    "distinct",
    "leaves",
    "units",
];

/// The first field and version of a result's first line.
const RESULT_HEAD: &str = "games-perft-result\t1";

/// The longest line any of the files may hold, in bytes: a 19x19 Go
/// diagram takes 380, a FEEN of shogi about 100.
pub const MAX_LINE: usize = 4_096;

/// The most lines a unit may hold.
pub const MAX_UNIT_SIZE: usize = 10_000_000;

/// The most units a manifest may list.
pub const MAX_UNITS: usize = 1_000_000;

/// The deepest a unit's lines may count, as a perft in one process.
pub const MAX_DEPTH_LEFT: u32 = 10;

/// A SHA-256 digest, written as 64 lowercase hexadecimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Checksum(pub [u8; 32]);

impl Checksum {
    /// The digest of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Checksum {
        Checksum(Sha256::digest(bytes).into())
    }
}

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl FromStr for Checksum {
    type Err = String;

    fn from_str(text: &str) -> Result<Checksum, String> {
        let refused = || format!("{text:?} is no SHA-256 (64 lowercase hexadecimal digits)");
        if text.len() != 64
            || !text
                .bytes()
                .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
        {
            return Err(refused());
        }
        let mut digest = [0; 32];
        for (byte, pair) in digest.iter_mut().zip(text.as_bytes().chunks(2)) {
            let pair = core::str::from_utf8(pair).map_err(|_| refused())?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| refused())?;
        }
        Ok(Checksum(digest))
    }
}

/// A unit as its manifest lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitEntry {
    /// Its file name in the split's directory.
    pub name: String,
    /// Its lines.
    pub lines: usize,
    /// The SHA-256 of its bytes.
    pub checksum: Checksum,
}

/// A split's manifest: what was split, and every unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    /// The game, as the command line names it (`chess`).
    pub game: String,
    /// The root, in the game's notation.
    pub root: String,
    /// The depth of the whole perft.
    pub depth: u32,
    /// The ply of the units' positions, below `depth`.
    pub split: u32,
    /// The most lines a unit holds.
    pub unit_size: usize,
    /// The distinct positions at the split, the units' lines together.
    pub distinct: u64,
    /// The sum of the multiplicities: perft at the split.
    pub leaves: u128,
    /// Every unit, in order.
    pub units: Vec<UnitEntry>,
}

impl Manifest {
    /// The depth each unit's lines count: the perft's depth less the split.
    #[must_use]
    pub fn depth_left(&self) -> u32 {
        self.depth - self.split
    }

    /// The unit whose SHA-256 is `checksum`, if the manifest lists one.
    #[must_use]
    pub fn unit_of(&self, checksum: Checksum) -> Option<&UnitEntry> {
        self.units.iter().find(|unit| unit.checksum == checksum)
    }
}

/// One line of a unit: a distinct position of the split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The position, in the game's notation.
    pub position: String,
    /// The number of move sequences from the root that reach it.
    pub multiplicity: u128,
}

/// A unit's result, as its file holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitResult {
    /// The game that counted it.
    pub game: String,
    /// The unit's file name, as the run that counted it named it.
    pub unit_name: String,
    /// The unit's SHA-256.
    pub unit: Checksum,
    /// Each line's count, in the unit's order.
    pub counts: Vec<u64>,
    /// Each multiplicity times its count, summed.
    pub total: u128,
}

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
fn io(path: &Path) -> impl Fn(std::io::Error) -> UnitsError + '_ {
    move |error| UnitsError::Io {
        path: path.to_path_buf(),
        reason: error.to_string(),
    }
}

/// Reads at most `limit` bytes of `path`; a larger file is an error.
///
/// # Errors
///
/// [`UnitsError::Io`] if the file cannot be read or is larger.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, UnitsError> {
    let file = fs::File::open(path).map_err(io(path))?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io(path))?;
    if bytes.len() as u64 > limit {
        return Err(UnitsError::Io {
            path: path.to_path_buf(),
            reason: format!("larger than the {limit} bytes such a file may hold"),
        });
    }
    Ok(bytes)
}

/// The SHA-256 of the file at `path`, read in pieces, and its bytes if
/// there are at most `limit` of them (`None` for a larger file, which is
/// hashed all the same without being kept).
fn read_hashed(path: &Path, limit: u64) -> Result<(Option<Vec<u8>>, Checksum), UnitsError> {
    let mut file = fs::File::open(path).map_err(io(path))?;
    let mut hasher = Sha256::new();
    let mut kept = Some(Vec::new());
    let mut buffer = vec![0; 1 << 16];
    loop {
        let read = file.read(&mut buffer).map_err(io(path))?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
        if let Some(bytes) = &mut kept {
            if (bytes.len() + read) as u64 > limit {
                kept = None;
            } else {
                bytes.extend_from_slice(&buffer[..read]);
            }
        }
    }
    Ok((kept, Checksum(hasher.finalize().into())))
}

/// The lines of a file's bytes, each at most [`MAX_LINE`] bytes of UTF-8,
/// numbered from 1; the last may or may not end in a newline.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, String>)> {
    let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let empty = bytes.is_empty();
    text.split(|&byte| byte == b'\n')
        .filter(move |_| !empty)
        .enumerate()
        .map(|(index, line)| {
            let checked = if line.len() > MAX_LINE {
                Err(format!(
                    "a line of {} bytes, past the {MAX_LINE} a line may hold",
                    line.len()
                ))
            } else {
                core::str::from_utf8(line).map_err(|_| "a line that is not UTF-8".to_string())
            };
            (index + 1, checked)
        })
}

/// A number of decimal digits only (no sign, no space), at most 39 of them.
fn number<T: FromStr>(text: &str) -> Option<T> {
    (!text.is_empty() && text.len() <= 39 && text.bytes().all(|byte| byte.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// Whether `name` may be a file of a split's directory: letters, digits,
/// `-`, `_` and `.`, not first, so that no name reaches outside it.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'))
}

impl Manifest {
    /// The manifest's text.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = format!(
            "{MANIFEST_HEAD}\ngame\t{}\nroot\t{}\ndepth\t{}\nsplit\t{}\nunit-size\t{}\n\
             distinct\t{}\nleaves\t{}\nunits\t{}\n",
            self.game,
            self.root,
            self.depth,
            self.split,
            self.unit_size,
            self.distinct,
            self.leaves,
            self.units.len()
        );
        for unit in &self.units {
            let _ = writeln!(
                text,
                "unit\t{}\t{}\t{}",
                unit.name, unit.lines, unit.checksum
            );
        }
        text
    }

    /// Reads the manifest of the split in `dir` and checks that it is
    /// whole: every field, numbers in range, units that add up to the
    /// distinct count.
    ///
    /// # Errors
    ///
    /// [`UnitsError::Io`] if it cannot be read, [`UnitsError::Manifest`]
    /// naming the line and what is wrong there.
    pub fn read(dir: &Path) -> Result<Manifest, UnitsError> {
        let path = dir.join(MANIFEST);
        // Ten lines of at most MAX_LINE bytes, then the unit lines: a name
        // of 255 bytes at most, a count, a SHA-256.
        let limit = 16 * (MAX_LINE as u64 + 1) + MAX_UNITS as u64 * 400;
        Manifest::parse(&path, &read_bounded(&path, limit)?)
    }

    /// [`Manifest::read`] of the bytes of the manifest at `path`.
    fn parse(path: &Path, bytes: &[u8]) -> Result<Manifest, UnitsError> {
        let bad = |line: usize, reason: String| UnitsError::Manifest {
            path: path.to_path_buf(),
            line,
            reason,
        };
        let mut lines = lines(bytes).map(|(number, line)| {
            line.map(|line| (number, line))
                .map_err(|reason| bad(number, reason))
        });
        let mut fields = Vec::with_capacity(FIELDS.len());
        for name in FIELDS {
            let (number, line) = lines.next().transpose()?.ok_or_else(|| {
                bad(
                    fields.len() + 1,
                    format!("the manifest ends before its {name}"),
                )
            })?;
            let value = line
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('\t'))
                .ok_or_else(|| bad(number, format!("{line:?} where the {name} should be")))?;
            fields.push(value);
        }
        if fields[0] != "1" {
            return Err(bad(
                1,
                format!(
                    "format version {:?}: this program reads version 1",
                    fields[0]
                ),
            ));
        }
        let value = |index: usize| -> Result<u128, UnitsError> {
            number(fields[index]).ok_or_else(|| {
                bad(
                    index + 1,
                    format!("{} {:?} is no number", FIELDS[index], fields[index]),
                )
            })
        };
        let small = |index: usize, limit: u128| -> Result<usize, UnitsError> {
            let read = value(index)?;
            if read > limit {
                return Err(bad(
                    index + 1,
                    format!("{} {read}, past the {limit} it may be", FIELDS[index]),
                ));
            }
            usize::try_from(read).map_err(|_| bad(index + 1, "past this machine's usize".into()))
        };
        let game = fields[1].to_string();
        let root = fields[2].to_string();
        let ply = |index: usize| -> Result<u32, UnitsError> {
            let read = small(index, 64)?;
            u32::try_from(read).map_err(|_| bad(index + 1, format!("{read} plies")))
        };
        let depth = ply(3)?;
        let split = ply(4)?;
        let unit_size = small(5, MAX_UNIT_SIZE as u128)?;
        let distinct = u64::try_from(value(6)?)
            .map_err(|_| bad(7, format!("distinct {}, past 2^64", fields[6])))?;
        let leaves = value(7)?;
        let count = small(8, MAX_UNITS as u128)?;
        let manifest = Manifest {
            game,
            root,
            depth,
            split,
            unit_size,
            distinct,
            leaves,
            units: unit_lines(lines, count, unit_size.max(1), &bad)?,
        };
        manifest.check(count, &bad)?;
        Ok(manifest)
    }

    /// Checks what the fields say of each other: a split between the root
    /// and the leaves, units of a line at least, `count` units whose lines
    /// add up to the distinct positions.
    fn check(
        &self,
        count: usize,
        bad: &dyn Fn(usize, String) -> UnitsError,
    ) -> Result<(), UnitsError> {
        let (depth, split) = (self.depth, self.split);
        if split == 0 || split >= depth || depth - split > MAX_DEPTH_LEFT {
            return Err(bad(
                5,
                format!(
                    "split {split} of depth {depth}: a split is below the root and above the \
                     leaves, at most {MAX_DEPTH_LEFT} plies above them"
                ),
            ));
        }
        if self.unit_size == 0 {
            return Err(bad(6, "unit-size 0: a unit holds a line at least".into()));
        }
        if self.units.len() != count {
            return Err(bad(
                9,
                format!("{count} units, and {} unit lines", self.units.len()),
            ));
        }
        let lines: u64 = self.units.iter().map(|unit| unit.lines as u64).sum();
        if lines != self.distinct {
            return Err(bad(
                7,
                format!(
                    "{} distinct positions, and the units hold {lines} lines",
                    self.distinct
                ),
            ));
        }
        Ok(())
    }

    /// [`Manifest::read`], refusing a manifest of another game than `game`.
    ///
    /// # Errors
    ///
    /// As [`Manifest::read`]; [`UnitsError::OtherGame`] for another game's.
    pub fn read_for(dir: &Path, game: &str) -> Result<Manifest, UnitsError> {
        let manifest = Manifest::read(dir)?;
        if manifest.game != game {
            return Err(UnitsError::OtherGame {
                path: dir.join(MANIFEST),
                found: manifest.game,
                expected: game.to_string(),
            });
        }
        Ok(manifest)
    }
}

/// The unit lines that end a manifest, `count` of them at most, each unit
/// of 1 to `unit_size` lines, each name once.
fn unit_lines<'a>(
    lines: impl Iterator<Item = Result<(usize, &'a str), UnitsError>>,
    count: usize,
    unit_size: usize,
    bad: &dyn Fn(usize, String) -> UnitsError,
) -> Result<Vec<UnitEntry>, UnitsError> {
    // Nothing is reserved for the count a manifest claims: the lines read
    // are what the vectors hold.
    let mut units = Vec::new();
    let mut names = HashSet::new();
    for item in lines {
        let (number, line) = item?;
        let fields: Vec<&str> = line.split('\t').collect();
        let ["unit", name, size, checksum] = fields[..] else {
            return Err(bad(number, format!("{line:?} is no unit line")));
        };
        if !is_plain_name(name) {
            return Err(bad(number, format!("{name:?} is no plain file name")));
        }
        let lines = number_in(size)
            .filter(|size| (1..=unit_size).contains(size))
            .ok_or_else(|| {
                bad(
                    number,
                    format!("{name} holds {size:?} lines, not 1 to the unit-size {unit_size}"),
                )
            })?;
        let checksum: Checksum = checksum.parse().map_err(|reason| bad(number, reason))?;
        if !names.insert(name) {
            return Err(bad(number, format!("{name} is listed twice")));
        }
        if units.len() == count {
            return Err(bad(number, format!("more units than the {count} listed")));
        }
        units.push(UnitEntry {
            name: name.to_string(),
            lines,
            checksum,
        });
    }
    Ok(units)
}

/// A number of digits as `usize`.
fn number_in(text: &str) -> Option<usize> {
    number(text)
}

/// The name of unit `index` (from 0) of `count`: `unit-0001.tsv`, the
/// number as wide as the last one's and at least 4 digits.
#[must_use]
pub fn unit_name(index: usize, count: usize) -> String {
    let width = count.to_string().len().max(4);
    format!("unit-{:0width$}.tsv", index + 1)
}

/// A split being written: its units of at most `manifest.unit_size` lines
/// each, in order, then its manifest, into a directory of its own beside
/// the split's that [`finish`](SplitWriter::finish) renames to it once
/// every file is written, so that the split's directory appears whole or
/// not at all. A writer dropped before it finishes removes what it wrote.
///
/// ```
/// use games::units::{Line, Manifest, SplitWriter};
///
/// let dir = std::env::temp_dir().join(format!("doc-split-{}", std::process::id()));
/// let manifest = Manifest {
///     game: "go".into(),
///     root: "... X".into(),
///     depth: 2,
///     split: 1,
///     unit_size: 2,
///     distinct: 3,
///     leaves: 3,
///     units: Vec::new(),
/// };
/// let mut writer = SplitWriter::create(&dir, manifest)?;
/// for position in ["X.. O", ".X. O", "..X O"] {
///     writer.push(&Line { position: position.into(), multiplicity: 1 })?;
/// }
/// let manifest = writer.finish()?;
/// assert_eq!(manifest.units.len(), 2);
/// assert_eq!(Manifest::read(&dir)?, manifest);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), games::units::UnitsError>(())
/// ```
#[derive(Debug)]
pub struct SplitWriter {
    dir: PathBuf,
    partial: PathBuf,
    manifest: Manifest,
    unit_count: usize,
    text: String,
    lines: usize,
    finished: bool,
}

impl SplitWriter {
    /// Starts writing the split `manifest` describes (its `units` are
    /// filled in as they are written; its `distinct` is the number of
    /// lines to come) into `dir`.
    ///
    /// # Errors
    ///
    /// [`UnitsError::Exists`] if `dir` exists; [`UnitsError::Io`] if the
    /// directory beside it cannot be made.
    pub fn create(dir: &Path, mut manifest: Manifest) -> Result<SplitWriter, UnitsError> {
        if dir.exists() {
            return Err(UnitsError::Exists(dir.to_path_buf()));
        }
        let name = dir.file_name().map_or_else(
            || "units".into(),
            |name| name.to_string_lossy().into_owned(),
        );
        let partial = dir.with_file_name(format!(".{name}.partial-{}", std::process::id()));
        let _ = fs::remove_dir_all(&partial);
        fs::create_dir_all(&partial).map_err(io(&partial))?;
        manifest.unit_size = manifest.unit_size.max(1);
        manifest.units.clear();
        let distinct = usize::try_from(manifest.distinct).unwrap_or(usize::MAX);
        Ok(SplitWriter {
            dir: dir.to_path_buf(),
            partial,
            unit_count: distinct.div_ceil(manifest.unit_size),
            manifest,
            text: String::new(),
            lines: 0,
            finished: false,
        })
    }

    /// Adds the next line, writing its unit once the unit is full.
    ///
    /// # Errors
    ///
    /// [`UnitsError::Io`] if the unit cannot be written.
    pub fn push(&mut self, line: &Line) -> Result<(), UnitsError> {
        let _ = writeln!(
            self.text,
            "{}\t{}\t{}",
            line.position,
            line.multiplicity,
            self.manifest.depth_left()
        );
        self.lines += 1;
        if self.lines == self.manifest.unit_size {
            self.write_unit()?;
        }
        Ok(())
    }

    fn write_unit(&mut self) -> Result<(), UnitsError> {
        let name = unit_name(self.manifest.units.len(), self.unit_count);
        write_synced(&self.partial.join(&name), self.text.as_bytes())?;
        self.manifest.units.push(UnitEntry {
            name,
            lines: self.lines,
            checksum: Checksum::of(self.text.as_bytes()),
        });
        self.text.clear();
        self.lines = 0;
        Ok(())
    }

    /// Writes the last unit and the manifest, and renames the directory to
    /// the split's; the manifest written.
    ///
    /// # Errors
    ///
    /// [`UnitsError::Io`] if a file cannot be written or the lines pushed
    /// are not the manifest's distinct count; [`UnitsError::Exists`] if the
    /// split's directory appeared meanwhile.
    pub fn finish(mut self) -> Result<Manifest, UnitsError> {
        if self.lines > 0 {
            self.write_unit()?;
        }
        let pushed: u64 = self
            .manifest
            .units
            .iter()
            .map(|unit| unit.lines as u64)
            .sum();
        if pushed != self.manifest.distinct {
            return Err(UnitsError::Io {
                path: self.dir.clone(),
                reason: format!(
                    "{pushed} lines written for a manifest of {} distinct positions",
                    self.manifest.distinct
                ),
            });
        }
        write_synced(
            &self.partial.join(MANIFEST),
            self.manifest.text().as_bytes(),
        )?;
        fs::rename(&self.partial, &self.dir).map_err(|error| {
            if self.dir.exists() {
                UnitsError::Exists(self.dir.clone())
            } else {
                io(&self.dir)(error)
            }
        })?;
        self.finished = true;
        Ok(self.manifest.clone())
    }
}

impl Drop for SplitWriter {
    fn drop(&mut self) {
        if !self.finished {
            let _ = fs::remove_dir_all(&self.partial);
        }
    }
}

/// Writes `bytes` to `path` and flushes them to the disk.
fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), UnitsError> {
    let mut file = fs::File::create(path).map_err(io(path))?;
    file.write_all(bytes).map_err(io(path))?;
    file.sync_all().map_err(io(path))
}

/// Writes `bytes` to `path` atomically: into a file of its own beside it,
/// renamed to `path` once written, so that a reader sees the old file or
/// the new one, never a part.
///
/// # Errors
///
/// [`UnitsError::Io`] if it cannot be written (the temporary file is
/// removed).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), UnitsError> {
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let written = write_synced(&temporary, bytes)
        .and_then(|()| fs::rename(&temporary, path).map_err(io(path)));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// The unit file at `path`, checked against its directory's manifest: the
/// manifest must list it by name with the SHA-256 of its bytes, and every
/// line must read, with the manifest's depth left.
///
/// # Errors
///
/// [`UnitsError::NotListed`], [`UnitsError::Checksum`] or
/// [`UnitsError::Line`] as the case is; [`UnitsError::Io`] if it cannot be
/// read.
pub fn read_unit(path: &Path, manifest: &Manifest) -> Result<(UnitEntry, Vec<Line>), UnitsError> {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let entry = manifest
        .units
        .iter()
        .find(|unit| unit.name == name)
        .ok_or_else(|| UnitsError::NotListed(path.to_path_buf()))?;
    let limit = entry.lines as u64 * (MAX_LINE as u64 + 1);
    let (bytes, found) = read_hashed(path, limit)?;
    let bytes = match bytes {
        Some(bytes) if found == entry.checksum => bytes,
        _ => {
            return Err(UnitsError::Checksum {
                path: path.to_path_buf(),
                expected: entry.checksum,
                found,
            });
        }
    };
    let read = unit_lines_of(path, &bytes, entry.lines, manifest.depth_left())?;
    Ok((entry.clone(), read))
}

/// The `count` lines of the unit at `path`, from its bytes, each with the
/// depth left `depth_left`.
fn unit_lines_of(
    path: &Path,
    bytes: &[u8],
    count: usize,
    depth_left: u32,
) -> Result<Vec<Line>, UnitsError> {
    let bad = |line: usize, reason: String| UnitsError::Line {
        path: path.to_path_buf(),
        line,
        reason,
    };
    // Reserved by the bytes read, not by the count the manifest claims.
    let mut read = Vec::with_capacity(count.min(bytes.len() / 8));
    for (number, line) in lines(bytes) {
        let line = line.map_err(|reason| bad(number, reason))?;
        read.push(read_line(line, depth_left).map_err(|reason| bad(number, reason))?);
    }
    if read.len() != count {
        return Err(bad(
            read.len(),
            format!("{} lines, and the manifest lists {count}", read.len()),
        ));
    }
    Ok(read)
}

/// One unit line, its depth left checked to be `depth_left`.
fn read_line(line: &str, depth_left: u32) -> Result<Line, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [position, multiplicity, depth] = fields[..] else {
        return Err(format!(
            "{} field{} where a line has three separated by tabs (position, multiplicity, \
             depth left)",
            fields.len(),
            if fields.len() == 1 { "" } else { "s" }
        ));
    };
    if position.trim().is_empty() {
        return Err("no position".to_string());
    }
    let multiplicity: u128 = number(multiplicity)
        .filter(|&multiplicity: &u128| multiplicity > 0)
        .ok_or_else(|| format!("multiplicity {multiplicity:?} is no number from 1"))?;
    let depth: u32 = number(depth).ok_or_else(|| format!("depth {depth:?} is no number"))?;
    if depth == 0 {
        return Err("depth left 0: a line counts at least one ply".to_string());
    }
    if depth != depth_left {
        return Err(format!(
            "depth left {depth}, past the split: the manifest's depth less its split is \
             {depth_left}"
        ));
    }
    Ok(Line {
        position: position.to_string(),
        multiplicity,
    })
}

/// Where the result of the unit at `unit` is written: beside it, its
/// `.tsv` replaced by `.result`.
#[must_use]
pub fn result_path(unit: &Path) -> PathBuf {
    if unit.extension().is_some_and(|extension| extension == "tsv") {
        unit.with_extension("result")
    } else {
        let mut name = unit.as_os_str().to_owned();
        name.push(".result");
        PathBuf::from(name)
    }
}

impl UnitResult {
    /// The result's text: the head, each count, the trailer with the
    /// checksum of what precedes it.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = format!("{RESULT_HEAD}\t{}\t{}\n", self.game, self.unit_name);
        for count in &self.counts {
            let _ = writeln!(text, "{count}");
        }
        let checksum = Checksum::of(text.as_bytes());
        text + &format!("end\t{}\t{}\t{checksum}\n", self.unit, self.total)
    }

    /// Reads a result's bytes, checking its head, every count, and its
    /// trailer's checksum of the bytes before it.
    ///
    /// # Errors
    ///
    /// What is wrong, as a sentence fragment.
    pub fn parse(bytes: &[u8]) -> Result<UnitResult, String> {
        let body_end = bytes
            .strip_suffix(b"\n")
            .and_then(|text| text.iter().rposition(|&byte| byte == b'\n'))
            .map(|at| at + 1)
            .ok_or("no trailer: the result is truncated")?;
        let (body, trailer) = bytes.split_at(body_end);
        let trailer = core::str::from_utf8(trailer)
            .map_err(|_| "a trailer that is not UTF-8")?
            .trim_end_matches('\n');
        let trailer_fields: Vec<&str> = trailer.split('\t').collect();
        let ["end", unit, total, checksum] = trailer_fields[..] else {
            return Err("no trailer: the result is truncated".to_string());
        };
        let unit: Checksum = unit.parse()?;
        let total: u128 = number(total).ok_or_else(|| format!("total {total:?} is no number"))?;
        let checksum: Checksum = checksum.parse()?;
        if Checksum::of(body) != checksum {
            return Err(format!(
                "its bytes are not those its trailer's checksum names (SHA-256 {}, the trailer \
                 says {checksum})",
                Checksum::of(body)
            ));
        }
        let mut lines = lines(body);
        let Some((_, Ok(head))) = lines.next() else {
            return Err("no head line".to_string());
        };
        let (game, unit_name) = head
            .strip_prefix(RESULT_HEAD)
            .and_then(|rest| rest.strip_prefix('\t'))
            .and_then(|rest| rest.split_once('\t'))
            .ok_or_else(|| format!("{head:?} is no result's head"))?;
        let mut counts = Vec::new();
        for (number_of_line, line) in lines {
            let line = line.map_err(|reason| format!("line {number_of_line}: {reason}"))?;
            counts.push(
                number(line)
                    .ok_or_else(|| format!("line {number_of_line}: {line:?} is no count"))?,
            );
        }
        Ok(UnitResult {
            game: game.to_string(),
            unit_name: unit_name.to_string(),
            unit,
            counts,
            total,
        })
    }
}

/// Each multiplicity times its count, summed; `None` past `u128`.
#[must_use]
pub fn total(lines: &[Line], counts: &[u64]) -> Option<u128> {
    lines
        .iter()
        .zip(counts)
        .try_fold(0u128, |sum, (line, &count)| {
            sum.checked_add(line.multiplicity.checked_mul(u128::from(count))?)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checksum_reads_back_as_written() {
        let checksum = Checksum::of(b"abc");
        assert_eq!(
            checksum.to_string(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(checksum.to_string().parse(), Ok(checksum));
        assert!("BA7816".parse::<Checksum>().is_err());
    }

    #[test]
    fn a_result_reads_back_as_written() {
        let result = UnitResult {
            game: "chess".to_string(),
            unit_name: "unit-0001.tsv".to_string(),
            unit: Checksum::of(b"unit"),
            counts: vec![20, 0, u64::MAX],
            total: 12_345,
        };
        assert_eq!(UnitResult::parse(result.text().as_bytes()), Ok(result));
    }

    #[test]
    fn a_result_cut_short_or_changed_is_refused() {
        let result = UnitResult {
            game: "shogi".to_string(),
            unit_name: "unit-0001.tsv".to_string(),
            unit: Checksum::of(b"unit"),
            counts: vec![30, 31],
            total: 61,
        };
        let text = result.text();
        let cut = &text[..text.len() - 10];
        assert!(UnitResult::parse(cut.as_bytes()).is_err());
        let edited = text.replace("\n31\n", "\n32\n");
        let reason = UnitResult::parse(edited.as_bytes()).unwrap_err();
        assert!(reason.contains("checksum"), "{reason}");
    }

    #[test]
    fn a_unit_line_needs_three_fields_a_multiplicity_and_the_depth_left() {
        assert_eq!(
            read_line("9x9\t3\t2", 2),
            Ok(Line {
                position: "9x9".to_string(),
                multiplicity: 3
            })
        );
        for (line, reason) in [
            ("9x9\t3", "2 fields"),
            ("9x9\t0\t2", "multiplicity \"0\""),
            ("9x9\t+3\t2", "multiplicity \"+3\""),
            ("9x9\t3\t0", "depth left 0"),
            ("9x9\t3\t3", "depth left 3, past the split"),
            ("\t3\t2", "no position"),
        ] {
            let error = read_line(line, 2).unwrap_err();
            assert!(error.contains(reason), "{line:?}: {error}");
        }
    }

    /// `text` with a few random bytes replaced, inserted or cut, or
    /// truncated.
    fn mutated(text: &[u8], rng: &mut support::Rng) -> Vec<u8> {
        let mut bytes = text.to_vec();
        for _ in 0..=rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            let byte = *rng.pick(b"\t\n0123456789abcdef-+ end/.\xff");
            match rng.below(4) {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                2 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.truncate(at),
            }
        }
        bytes
    }

    #[test]
    fn no_mutation_of_a_manifest_a_unit_or_a_result_makes_a_reader_panic() {
        let unit = b"....X O\t3\t2\n...X. O\t1\t2\n".to_vec();
        let manifest = Manifest {
            game: "go".into(),
            root: "... X".into(),
            depth: 3,
            split: 1,
            unit_size: 2,
            distinct: 2,
            leaves: 4,
            units: vec![UnitEntry {
                name: "unit-0001.tsv".into(),
                lines: 2,
                checksum: Checksum::of(&unit),
            }],
        };
        let result = UnitResult {
            game: "go".into(),
            unit_name: "unit-0001.tsv".into(),
            unit: Checksum::of(&unit),
            counts: vec![5, 7],
            total: 22,
        };
        let path = Path::new("manifest.tsv");
        let mut rng = support::Rng(55);
        for _ in 0..20_000 {
            let _ = Manifest::parse(path, &mutated(manifest.text().as_bytes(), &mut rng));
            let _ = unit_lines_of(path, &mutated(&unit, &mut rng), 2, 2);
            let _ = UnitResult::parse(&mutated(result.text().as_bytes(), &mut rng));
        }
    }

    #[test]
    fn unit_names_sort_in_order() {
        assert_eq!(unit_name(0, 54), "unit-0001.tsv");
        assert_eq!(unit_name(12_344, 12_345), "unit-12345.tsv");
        assert_eq!(unit_name(0, 12_345), "unit-00001.tsv");
    }

    #[test]
    fn a_name_that_reaches_outside_the_directory_is_no_plain_name() {
        assert!(is_plain_name("unit-0001.tsv"));
        for name in ["", "../x", "a/b", ".hidden", "a b"] {
            assert!(!is_plain_name(name), "{name:?}");
        }
    }

    #[test]
    fn the_total_multiplies_and_adds_in_u128() {
        let line = |multiplicity| Line {
            position: "p".to_string(),
            multiplicity,
        };
        let lines = [line(3), line(u128::from(u64::MAX))];
        assert_eq!(
            total(&lines, &[5, u64::MAX]),
            Some(15 + u128::from(u64::MAX) * u128::from(u64::MAX))
        );
        assert_eq!(total(&[line(u128::MAX)], &[2]), None);
    }
}
