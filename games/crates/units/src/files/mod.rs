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
//!   ([`Game::notation`](games_core::Game::notation)), its multiplicity and the depth
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

mod error;
mod format;
mod manifest;
mod read;
mod unit;
mod write;

pub use error::{Problem, UnitsError};
pub use format::{Checksum, MANIFEST, MAX_DEPTH_LEFT, MAX_LINE, MAX_UNIT_SIZE, MAX_UNITS};
pub use manifest::{Manifest, UnitEntry, unit_name};
pub use read::read_bounded;
pub use unit::{Line, UnitResult, read_unit, result_path, total};
pub use write::{SplitWriter, write_atomically};

#[cfg(test)]
mod tests;
