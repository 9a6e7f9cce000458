//! A split written unit by unit, and every file written whole or not at all.

use core::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::{UnitsError, io};
use super::format::{Checksum, MANIFEST};
use super::manifest::{Manifest, UnitEntry, unit_name};
use super::unit::Line;

/// A split being written: its units of at most `manifest.unit_size` lines
/// each, in order, then its manifest, into a directory of its own beside
/// the split's that [`finish`](SplitWriter::finish) renames to it once
/// every file is written, so that the split's directory appears whole or
/// not at all. A writer dropped before it finishes removes what it wrote.
///
/// ```
/// use games_units::{Line, Manifest, SplitWriter};
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
/// # Ok::<(), games_units::UnitsError>(())
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
