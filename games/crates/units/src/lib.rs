//! Perft past one machine: the tree split into work units that any number
//! of processes count, on any number of hosts, and merged with nothing
//! lost or counted twice.
//!
//! The deep perft counts were never computed in one process: Steven
//! Edwards' chess perft(14) split the start position at ply 7 into
//! 96,400,068 distinct positions, in 964 units of 100,000 lines, each unit
//! counted by two participants. The same three steps here:
//!
//! 1. **Split** ([`split`], then a [`SplitWriter`]): the tree walked to a
//!    ply, equal positions merged with their multiplicities (the move
//!    sequences that reach them), written as units of lines in the game's
//!    notation, and a manifest that names each unit by its SHA-256 (the
//!    formats are in [`files`]).
//! 2. **Count** each unit's lines ([`games_core::perft_each`]) in a process of
//!    its own, wherever it runs, into a result beside the unit, written
//!    atomically and the same bytes every time.
//! 3. **Merge** ([`merge`]): exactly one valid result for every unit, the
//!    total summed as multiplicity times count in `u128` (chess's
//!    perft(15) is past 2^64); every missing, corrupted, conflicting or
//!    unknown result named otherwise.
//!
//! A unit's lines sum to the same count as the subtrees they stand for:
//! two positions are merged only when they are equal as the rules see them
//! (the position, and the game's own state: castling rights, the
//! en-passant square where a capture is legal, Go's ko point), so their
//! subtrees have the same leaves. The results carry no time and no host, so
//! a unit counted twice, by a retry or by two participants, writes the
//! same bytes, and a merge counts it once.
//!
//! The `games` program runs each step (`games <game> perft --split`,
//! `--unit`, `--merge`, `--pending`); `games/distributed/run` gives the
//! units to a Dask cluster, and any scheduler that runs a command per file
//! (a Slurm job array, GNU parallel) does as well.
//!
//! Counting a unit's lines is [`perft_each`](games_core::perft_each), one
//! transposition table for them all; here the children of chess's start
//! (chess is a dev-dependency of the docs and tests only):
//!
//! ```
//! use games_chess::{self as chess, START};
//! use games_core::{Node as _, PerftOptions, Persistent, perft_each};
//!
//! let start = chess::load::<Persistent>(START)?;
//! let children: Vec<_> = start
//!     .legal_move_list()
//!     .into_iter()
//!     .map(|mv| (start.play(&start.read(), mv), 2))
//!     .collect();
//! let counts = perft_each(&children, PerftOptions::new(2), &|| {});
//! assert_eq!(counts.iter().sum::<u64>(), 8_902);
//! # Ok::<(), chess::LoadError>(())
//! ```
//!
//! # What this crate may use
//!
//! This crate uses `games-core` only (with `support`): it is generic over
//! [`Game`](games_core::Game) and names no game, record or search
//! (`ARCHITECTURE.md`); its tests and docs count chess.

pub mod files;
mod merge;
mod split;

pub use files::{
    Checksum, Line, MANIFEST, Manifest, Problem, SplitWriter, UnitEntry, UnitResult, UnitsError,
    read_unit, result_path, write_atomically,
};
pub use merge::{Merged, Status, merge, status};
pub use split::{OutOfMemory, Split, split};
