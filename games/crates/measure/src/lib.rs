//! The measuring side, written once for every game: which crates run, each
//! crate timed in turn over rounds (medians reported), the tables, the
//! verdict against published counts, `--write` into a marked section of a
//! file, progress bars and memory limits. The commands are thin layers over
//! it: arguments in, a measurement, tables out.
//!
//! A measurement is a [`Workload`]: code generic over the position crate,
//! run once per crate and round by [`interleaved`], which checks that
//! every crate and round gives the same result and reports each crate's
//! median time. The crates take turns within each round, and the crate
//! that starts a round moves on by one each round, so that no crate is
//! always timed first in a fresh process, where a first run is slow.
//! Kept trees are measured in child processes instead ([`tree`]), across
//! depths ([`scaling`]) and through a file ([`save`]); the cost of a
//! child ply by ply, and perft depth by depth, by [`plies`], whose runners
//! take the same [`turns`]. Positions are read by the games
//! ([`Game::load`]); [`load`] only gives their error as a [`Failure`].
//!
//! # What this crate may use
//!
//! This crate uses every layer below the engines: `games-core`,
//! `games-record`, `games-search`, the games it measures by name and
//! `games-units`; it never names the engines or the program
//! (`ARCHITECTURE.md`), which is its only user.

mod compare;
pub mod designs;
mod memory;
pub mod perft;
pub mod play;
pub mod playouts;
pub mod plies;
mod progress;
pub mod records;
pub mod save;
pub mod scaling;
pub mod search;
pub mod stores;
mod table;
pub mod tree;
mod verdict;
mod write;

use core::fmt::{Debug, Display};
use std::time::Duration;

pub use compare::{ratio_cells, ratio_header, ratio_pairs, ratios_to, speed_table};
pub use memory::{available_memory, byte_limit};
pub use progress::Progress;
pub use table::{Table, as_f64, format_number, thousands};
pub use verdict::{Verdict, verdict_line};
pub use write::Sections;

pub use games_core::Crate;

use games_core::Game;
use games_core::{Local, Persistent, Position, Sashite};
use games_search::{Moves, Positions, Rules, Store, StoreKind};

/// How a measurement ended badly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A count or position that disagrees with the published one or
    /// between crates: exit code 1.
    Mismatch(String),
    /// Bad input a child process has already reported: exit code 2, and
    /// nothing more to say.
    Reported,
}

impl Failure {
    /// Bad input, saying why: [`Failure::Input`] with `reason`'s message.
    #[must_use]
    pub fn input(reason: impl Display) -> Failure {
        Failure::Input(reason.to_string())
    }

    /// The process exit code of the failure: 1 for a mismatch, 2 for bad
    /// input.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Mismatch(_) => 1,
            Failure::Input(_) | Failure::Reported => 2,
        }
    }
}

/// Reads a position of the game `G` into a node over `P` with
/// [`Game::load`], the game's reading error as bad input.
///
/// # Errors
///
/// [`Failure::Input`] with the game's reason.
pub fn load<G: Game, P: Position<Piece = G::Piece, Style = G::Style>>(
    text: &str,
) -> Result<G::Node<P>, Failure> {
    G::load::<P>(text).map_err(Failure::input)
}

/// One run of a workload: what it computed, and the time it took (what
/// the workload chose to time: setup such as reading the position is
/// left out).
#[derive(Debug, Clone, PartialEq)]
pub struct Sample<O> {
    /// The result, the same for every crate and round.
    pub output: O,
    /// The time of the measured part.
    pub elapsed: Duration,
}

/// A measurement, as code generic over the position crate: run once per
/// crate and round by [`interleaved`].
pub trait Workload<G: Game> {
    /// What a run computes; every crate and round must agree on it.
    type Output: PartialEq + Debug;

    /// Runs the workload over the position crate `P`.
    ///
    /// # Errors
    ///
    /// [`Failure`] for bad input or a result that is wrong on its own.
    fn run<P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Sample<Self::Output>, Failure>;

    /// [`run`](Workload::run) for a crate whose positions may cross
    /// threads: a workload that can use threads overrides it.
    ///
    /// # Errors
    ///
    /// As [`run`](Workload::run).
    fn run_sync<P: Position<Piece = G::Piece, Style = G::Style> + Send + Sync>(
        &self,
    ) -> Result<Sample<Self::Output>, Failure> {
        self.run::<P>()
    }
}

/// A workload of the search, over either of its stores: run as a
/// [`Workload`] through [`InStore`], its runs keep their tree in the store
/// it names.
pub trait StoreWorkload<G: Rules> {
    /// What a run computes; every crate, store and round must agree on it.
    type Output: PartialEq + Debug;

    /// The store the runs keep their tree in.
    fn store(&self) -> StoreKind;

    /// Runs the workload over the position crate `P`, its tree kept in the
    /// store `S`.
    ///
    /// # Errors
    ///
    /// [`Failure`] for bad input or a result that is wrong on its own.
    fn run_in<P: Position<Piece = G::Piece, Style = G::Style>, S: Store>(
        &self,
    ) -> Result<Sample<Self::Output>, Failure>;
}

/// A [`StoreWorkload`] as a [`Workload`]: each run keeps its tree in the
/// store the workload names.
#[derive(Debug, Clone, Copy)]
pub struct InStore<'a, W>(pub &'a W);

impl<G: Rules, W: StoreWorkload<G>> Workload<G> for InStore<'_, W> {
    type Output = W::Output;

    fn run<P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Sample<Self::Output>, Failure> {
        match self.0.store() {
            StoreKind::Positions | StoreKind::Every(_) => self.0.run_in::<P, Positions>(),
            StoreKind::Moves => self.0.run_in::<P, Moves>(),
        }
    }
}

/// Runs `workload` once over `krate`.
///
/// # Errors
///
/// The workload's [`Failure`].
pub fn run_on<G: Game, W: Workload<G>>(
    krate: Crate,
    workload: &W,
) -> Result<Sample<W::Output>, Failure> {
    match krate {
        Crate::Persistent => workload.run_sync::<Persistent<G::Piece, G::Style>>(),
        Crate::Local => workload.run::<Local<G::Piece, G::Style>>(),
        Crate::Sashite => workload.run_sync::<Sashite<G::Piece, G::Style>>(),
        Crate::Fixed => workload.run_sync::<G::Fixed>(),
    }
}

/// One crate's runs of a workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured<O> {
    /// The crate.
    pub krate: Crate,
    /// What every run computed.
    pub output: O,
    /// The time of each round, in round order.
    pub times: Vec<Duration>,
}

impl<O> Measured<O> {
    /// The median time over the rounds (the lower middle of an even
    /// number).
    ///
    /// # Panics
    ///
    /// If no round ran.
    #[must_use]
    pub fn median(&self) -> Duration {
        median(&self.times)
    }
}

/// The median of some durations (the lower middle of an even number).
///
/// # Panics
///
/// If `times` is empty.
#[must_use]
pub fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    sorted[(sorted.len() - 1) / 2]
}

/// The order runners take turns in over `rounds` rounds (at least one):
/// each round runs every one of `runners` once, by index, and the runner
/// that starts a round moves on by one each round (round 0 starts with the
/// first), so that none is always timed first in a fresh process.
pub fn turns(runners: usize, rounds: usize) -> impl Iterator<Item = usize> {
    (0..rounds.max(1)).flat_map(move |round| (0..runners).map(move |turn| (round + turn) % runners))
}

/// Runs `workload` over each crate of `crates` in turn, `rounds` times,
/// the crate that starts each round moving on by one (round 0 starts with
/// `crates[0]`), calling `run_done` after each run.
///
/// # Errors
///
/// The first run's [`Failure`]; [`Failure::Mismatch`] if two runs (of two
/// crates or of two rounds) compute different outputs.
pub fn interleaved<G: Game, W: Workload<G>>(
    crates: &[Crate],
    rounds: usize,
    workload: &W,
    run_done: &dyn Fn(Crate),
) -> Result<Vec<Measured<W::Output>>, Failure> {
    let mut measured: Vec<Option<Measured<W::Output>>> = crates.iter().map(|_| None).collect();
    for slot in turns(crates.len(), rounds) {
        let krate = crates[slot];
        let sample = run_on::<G, W>(krate, workload)?;
        run_done(krate);
        match &mut measured[slot] {
            Some(runs) => {
                if runs.output != sample.output {
                    return Err(Failure::Mismatch(format!(
                        "{} computed {:?} in one round and {:?} in another",
                        krate.name(),
                        runs.output,
                        sample.output
                    )));
                }
                runs.times.push(sample.elapsed);
            }
            empty @ None => {
                *empty = Some(Measured {
                    krate,
                    output: sample.output,
                    times: vec![sample.elapsed],
                });
            }
        }
    }
    let measured: Vec<Measured<W::Output>> = measured.into_iter().flatten().collect();
    if let Some(first) = measured.first()
        && let Some(other) = measured.iter().find(|other| other.output != first.output)
    {
        return Err(Failure::Mismatch(format!(
            "the crates disagree: {:?} with {} against {:?} with {}",
            first.output,
            first.krate.name(),
            other.output,
            other.krate.name()
        )));
    }
    Ok(measured)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_one() {
        let times = [3, 1, 2].map(Duration::from_millis);
        assert_eq!(median(&times), Duration::from_millis(2));
    }

    #[test]
    fn the_median_of_an_even_count_is_the_lower_middle() {
        let times = [4, 1, 3, 2].map(Duration::from_millis);
        assert_eq!(median(&times), Duration::from_millis(2));
    }

    #[test]
    fn the_runner_that_starts_a_round_moves_on_by_one() {
        assert_eq!(turns(3, 2).collect::<Vec<_>>(), [0, 1, 2, 1, 2, 0]);
        assert_eq!(turns(2, 0).collect::<Vec<_>>(), [0, 1]);
    }

    #[test]
    fn crates_are_found_by_their_flag() {
        for krate in Crate::ALL {
            assert_eq!(Crate::from_flag(krate.flag()), Some(krate));
        }
        assert_eq!(Crate::from_flag("both"), None);
    }
}
