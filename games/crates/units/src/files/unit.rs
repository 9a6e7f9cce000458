//! A unit's lines, and the result of counting them.

use core::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::error::UnitsError;
use super::format::{Checksum, MAX_LINE, RESULT_HEAD, lines, number};
use super::manifest::{Manifest, UnitEntry};
use super::read::read_hashed;

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
pub(super) fn unit_lines_of(
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
pub(super) fn read_line(line: &str, depth_left: u32) -> Result<Line, String> {
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
