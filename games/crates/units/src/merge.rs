//! The merge: every unit of a manifest with exactly one valid result, or
//! every problem that keeps it from its total.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::files::{
    Line, MAX_LINE, Manifest, Problem, UnitResult, UnitsError, read_bounded, read_unit, total,
};

/// What a split's directory holds: its manifest, and for each unit its
/// valid result, if it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The manifest.
    pub manifest: Manifest,
    /// Each unit's result, in the manifest's order: `None` where it has no
    /// valid result, or valid results that disagree.
    pub results: Vec<Option<UnitResult>>,
    /// Every problem found, in the order of the units, then of the
    /// results' names.
    pub problems: Vec<Problem>,
    /// The units with more than one valid result, all agreeing.
    pub verified: usize,
}

impl Status {
    /// The units with no valid result (missing, or conflicting), in
    /// order: what a run has left to count.
    #[must_use]
    pub fn pending(&self) -> Vec<&str> {
        self.manifest
            .units
            .iter()
            .zip(&self.results)
            .filter(|(_, result)| result.is_none())
            .map(|(unit, _)| unit.name.as_str())
            .collect()
    }
}

/// The merge of a split whose every unit has its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// The manifest.
    pub manifest: Manifest,
    /// The perft: each line's multiplicity times its count, summed over
    /// every unit.
    pub total: u128,
    /// The positions the units counted: their counts summed, without the
    /// multiplicities (the work done).
    pub counted: u128,
    /// The units with more than one result, all agreeing.
    pub verified: usize,
}

/// The largest result file of a unit of `lines` lines: a head, a count of
/// at most 20 digits a line, a trailer.
fn result_limit(lines: usize) -> u64 {
    lines as u64 * 21 + 3 * MAX_LINE as u64
}

/// Reads the split in `dir` for the game named `game`: its manifest, its
/// units, and every file ending `.result` beside them (files starting with
/// `.`, such as a result being written, are left out), each checked: a
/// result must read, name a unit of the manifest by its SHA-256, hold one
/// count a line of that unit and the total they make.
///
/// # Errors
///
/// [`UnitsError`] for a manifest that does not read or is another game's,
/// or a unit that does not match it; the results' problems are in the
/// [`Status`].
pub fn status(dir: &Path, game: &str) -> Result<Status, UnitsError> {
    let manifest = Manifest::read_for(dir, game)?;
    let mut found: Vec<Vec<(PathBuf, UnitResult)>> = vec![Vec::new(); manifest.units.len()];
    let mut problems = Vec::new();
    let mut units: BTreeMap<usize, Vec<Line>> = BTreeMap::new();
    for path in result_files(dir)? {
        let limit = result_limit(manifest.unit_size);
        let read = read_bounded(&path, limit)
            .map_err(|error| error.to_string())
            .and_then(|bytes| UnitResult::parse(&bytes));
        let result = match read {
            Ok(result) => result,
            Err(reason) => {
                problems.push(Problem::Corrupted {
                    result: path,
                    reason,
                });
                continue;
            }
        };
        let Some(index) = manifest
            .units
            .iter()
            .position(|unit| unit.checksum == result.unit)
            .filter(|_| result.game == manifest.game)
        else {
            problems.push(Problem::Unknown {
                reason: format!(
                    "it counts {} of {} (SHA-256 {})",
                    result.unit_name, result.game, result.unit
                ),
                result: path,
            });
            continue;
        };
        let lines = match units.entry(index) {
            std::collections::btree_map::Entry::Occupied(lines) => lines.into_mut(),
            std::collections::btree_map::Entry::Vacant(slot) => {
                let (_, lines) = read_unit(&dir.join(&manifest.units[index].name), &manifest)?;
                slot.insert(lines)
            }
        };
        if result.counts.len() != lines.len() {
            problems.push(Problem::Corrupted {
                reason: format!(
                    "{} counts for the {} lines of {}",
                    result.counts.len(),
                    lines.len(),
                    manifest.units[index].name
                ),
                result: path,
            });
        } else if total(lines, &result.counts) != Some(result.total) {
            problems.push(Problem::Corrupted {
                reason: format!(
                    "its total {} is not its counts times the multiplicities of {}",
                    result.total, manifest.units[index].name
                ),
                result: path,
            });
        } else {
            found[index].push((path, result));
        }
    }
    let mut results = Vec::with_capacity(manifest.units.len());
    let mut unit_problems = Vec::new();
    let mut verified = 0;
    for (unit, mut valid) in manifest.units.iter().zip(found) {
        valid.sort_by(|(one, _), (other, _)| one.cmp(other));
        let agree = valid
            .windows(2)
            .all(|pair| pair[0].1.counts == pair[1].1.counts);
        match valid.first() {
            None => {
                unit_problems.push(Problem::Missing {
                    unit: unit.name.clone(),
                });
                results.push(None);
            }
            Some(_) if !agree => {
                unit_problems.push(Problem::Conflicting {
                    unit: unit.name.clone(),
                    results: valid.into_iter().map(|(path, _)| path).collect(),
                });
                results.push(None);
            }
            Some((_, result)) => {
                verified += usize::from(valid.len() > 1);
                results.push(Some(result.clone()));
            }
        }
    }
    unit_problems.append(&mut problems);
    Ok(Status {
        manifest,
        results,
        problems: unit_problems,
        verified,
    })
}

/// The files of `dir` whose name ends `.result` and does not start with
/// `.`, in name order.
fn result_files(dir: &Path) -> Result<Vec<PathBuf>, UnitsError> {
    let io = |error: std::io::Error| UnitsError::Io {
        path: dir.to_path_buf(),
        reason: error.to_string(),
    };
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".result") && !name.starts_with('.') {
            paths.push(entry.path());
        }
    }
    paths.sort();
    Ok(paths)
}

/// Merges the split in `dir`: exactly one valid result for every unit
/// (several that agree count once), summed as multiplicity times count
/// in `u128`.
///
/// ```no_run
/// use games_units::merge;
///
/// let merged = merge("target/chess-7".as_ref(), "chess")?;
/// println!("perft({}) = {}", merged.manifest.depth, merged.total);
/// # Ok::<(), games_units::UnitsError>(())
/// ```
///
/// # Errors
///
/// As [`status`]; [`UnitsError::Incomplete`] naming every missing,
/// corrupted, conflicting or unknown result.
pub fn merge(dir: &Path, game: &str) -> Result<Merged, UnitsError> {
    let status = status(dir, game)?;
    if !status.problems.is_empty() {
        return Err(UnitsError::Incomplete(status.problems));
    }
    let mut total = 0u128;
    let mut counted = 0u128;
    for result in status.results.iter().flatten() {
        total = total.checked_add(result.total).ok_or_else(|| {
            UnitsError::Incomplete(vec![Problem::Corrupted {
                result: dir.join(&result.unit_name),
                reason: "the units' totals add up past 2^128".to_string(),
            }])
        })?;
        counted += result
            .counts
            .iter()
            .map(|&count| u128::from(count))
            .sum::<u128>();
    }
    Ok(Merged {
        manifest: status.manifest,
        total,
        counted,
        verified: status.verified,
    })
}
