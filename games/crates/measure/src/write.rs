//! `--write FILE`: a measured table into its own marked section of each
//! file, by `support::report`, named before anything is measured.

use std::path::PathBuf;

use support::report;

use super::Failure;

/// How the program is started, for the command line a section records.
const PROGRAM: &str = "cargo run --release -p games --";

/// The sections one run writes: a name, found in every file before
/// anything is measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sections {
    paths: Vec<PathBuf>,
    name: String,
}

impl Sections {
    /// The section `name` of each file of `paths`, once each file is found
    /// to have it; `None` when `paths` is empty (nothing to write).
    ///
    /// # Errors
    ///
    /// [`Failure::Input`] naming the file and the markers to add, for a
    /// file without the section.
    pub fn checked(paths: &[PathBuf], name: String) -> Result<Option<Sections>, Failure> {
        if paths.is_empty() {
            return Ok(None);
        }
        for path in paths {
            report::check_section(path, &name).map_err(Failure::Input)?;
        }
        Ok(Some(Sections {
            paths: paths.to_vec(),
            name,
        }))
    }

    /// The section's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Replaces the section of each file with `body`, the date, the machine
    /// and this run's command line.
    ///
    /// # Errors
    ///
    /// [`Failure::Input`] if a file cannot be read or written.
    pub fn write(&self, body: &str) -> Result<(), Failure> {
        let command = report::command_line(PROGRAM);
        for path in &self.paths {
            report::write_section(path, &self.name, &command, body).map_err(Failure::Input)?;
            eprintln!(
                "games: wrote the section {} of {}",
                self.name,
                path.display()
            );
        }
        Ok(())
    }
}
