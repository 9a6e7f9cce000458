//! The manifest: what was split, and every unit with its checksum.

use core::fmt::Write as _;
use std::collections::HashSet;
use std::path::Path;

use super::error::UnitsError;
use super::format::{
    Checksum, FIELDS, MANIFEST, MANIFEST_HEAD, MAX_DEPTH_LEFT, MAX_LINE, MAX_UNIT_SIZE, MAX_UNITS,
    is_plain_name, lines, number,
};
use super::read::read_bounded;

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
    pub(super) fn parse(path: &Path, bytes: &[u8]) -> Result<Manifest, UnitsError> {
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
