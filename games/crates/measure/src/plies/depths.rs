//! Perft depth by depth: the same count from a game's start at every
//! depth up to one, each runner in turn (`Qi` on several threads too), so
//! that a depth whose speed falls behind the one before shows. The ply
//! where a line's kept writes run out is where perft's speed could fall.

use std::time::Duration;

use super::super::perft::{PerftWorkload, nodes, rate};
use crate::{Crate, Failure, Table, format_number, median, run_on, thousands, turns};
use games_core::Game;
use games_core::PerftOptions;

/// One runner of perft: a crate, on some threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Runner {
    /// The crate.
    pub krate: Crate,
    /// Its worker threads: 1, or more for a crate whose positions are
    /// `Sync`.
    pub threads: usize,
}

impl Runner {
    /// How tables name it: the crate's name, with its threads when more
    /// than one (`persistent-qi, 2 threads`).
    #[must_use]
    pub fn name(self) -> String {
        if self.threads > 1 {
            format!("{}, {} threads", self.krate.name(), self.threads)
        } else {
            self.krate.name().to_string()
        }
    }

    /// Whether it is one of persistent-qi's kinds, compared with the
    /// fixed array.
    fn compared(self) -> bool {
        Crate::PERSISTENT.contains(&self.krate)
    }
}

/// The runners of `crates` on one thread, then `Qi` on `threads` threads
/// if it is among them and `threads` is more than one.
#[must_use]
pub fn runners(crates: &[Crate], threads: usize) -> Vec<Runner> {
    let mut runners: Vec<Runner> = crates
        .iter()
        .map(|&krate| Runner { krate, threads: 1 })
        .collect();
    if threads > 1 && crates.contains(&Crate::Persistent) {
        runners.push(Runner {
            krate: Crate::Persistent,
            threads,
        });
    }
    runners
}

/// One depth's perft with every runner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Depth {
    /// The depth.
    pub depth: u32,
    /// The leaves counted, the same for every runner and round.
    pub nodes: u64,
    /// Each runner's median time, in the order of the runners.
    pub times: Vec<Duration>,
}

/// Perft of `text` at every depth from 1 to `deepest` with every runner,
/// calling `root_done` after each root move of each count. The runners
/// take turns over `rounds` rounds (see [`turns`]), and each turn counts
/// every depth one after the other, so that a runner's counts at two
/// depths are minutes apart at most, whatever else the machine runs
/// meanwhile.
///
/// # Errors
///
/// A run's [`Failure`]; [`Failure::Mismatch`] if two runs count apart, or
/// a count differs from the published one of `text`.
pub fn by_depth<G: Game>(
    text: &str,
    deepest: u32,
    runners: &[Runner],
    rounds: usize,
    root_done: &(dyn Fn() + Sync),
) -> Result<Vec<Depth>, Failure> {
    let published = G::PUBLISHED.iter().find(|published| published.text == text);
    let depths = deepest as usize;
    // By depth, by runner, by round.
    let mut times: Vec<Vec<Vec<Duration>>> = vec![vec![Vec::new(); runners.len()]; depths];
    let mut counts: Vec<Option<u64>> = vec![None; depths];
    for slot in turns(runners.len(), rounds) {
        let runner = runners[slot];
        for (depth, (times, counted)) in (1..=deepest).zip(times.iter_mut().zip(&mut counts)) {
            let workload = PerftWorkload {
                text,
                options: PerftOptions {
                    depth,
                    table: false,
                    threads: runner.threads,
                },
                root_done,
            };
            let sample = run_on::<G, _>(runner.krate, &workload)?;
            let count = nodes(&sample.output);
            let expected = *counted.get_or_insert(count);
            if expected != count {
                return Err(Failure::Mismatch(format!(
                    "{} perft to depth {depth}: {} counted {count}, another run {expected}",
                    G::NAME,
                    runner.name(),
                )));
            }
            if let Some(published) = published.and_then(|published| published.count(depth))
                && u128::from(count) != published
            {
                return Err(Failure::Mismatch(format!(
                    "{} perft to depth {depth}: {count} nodes, published {published}",
                    G::NAME
                )));
            }
            times[slot].push(sample.elapsed);
        }
    }
    Ok((1..=deepest)
        .zip(times.iter().zip(&counts))
        .map(|(depth, (times, counted))| Depth {
            depth,
            nodes: counted.unwrap_or_default(),
            times: times.iter().map(|times| median(times)).collect(),
        })
        .collect())
}

/// One row per depth: the nodes, each runner's nodes per second, and each
/// of persistent-qi's runners' speed ratio to the fixed array (when it
/// ran); then, past depth 1, the last depth's speed against the one
/// before, for each runner.
#[must_use]
pub fn depth_table(runners: &[Runner], depths: &[Depth]) -> Table {
    let fixed = runners
        .iter()
        .position(|runner| runner.krate == Crate::Fixed && runner.threads == 1);
    let compared: Vec<usize> = match fixed {
        Some(_) => (0..runners.len())
            .filter(|&at| runners[at].compared())
            .collect(),
        None => Vec::new(),
    };
    let mut header = vec!["depth".to_string(), "nodes".to_string()];
    header.extend(
        runners
            .iter()
            .map(|runner| format!("nodes per second, {}", runner.name())),
    );
    header.extend(
        compared
            .iter()
            .map(|&at| format!("{} / {}", runners[at].name(), Crate::Fixed.name())),
    );
    let mut table = Table::new(header);
    let speeds = |depth: &Depth| -> Vec<f64> {
        depth
            .times
            .iter()
            .map(|&time| rate(depth.nodes, time))
            .collect()
    };
    for depth in depths {
        let speed = speeds(depth);
        let mut cells = vec![depth.depth.to_string(), thousands(depth.nodes)];
        cells.extend(speed.iter().map(|&speed| format_number(speed, 0)));
        if let Some(fixed) = fixed {
            cells.extend(
                compared
                    .iter()
                    .map(|&at| format!("{:.2}", speed[at] / speed[fixed])),
            );
        }
        table.row(cells);
    }
    if let [.., before, last] = depths {
        let (before_speed, last_speed) = (speeds(before), speeds(last));
        let mut cells = vec![
            format!("depth {} against depth {}, speed", last.depth, before.depth),
            String::new(),
        ];
        cells.extend(
            last_speed
                .iter()
                .zip(&before_speed)
                .map(|(last, before)| format!("{:.2}", last / before)),
        );
        cells.extend(compared.iter().map(|_| String::new()));
        table.row(cells);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use games_chess::{Chess, START};

    #[test]
    fn qi_on_several_threads_is_a_runner_of_its_own() {
        let names: Vec<String> = runners(&Crate::ALL, 2)
            .into_iter()
            .map(Runner::name)
            .collect();
        assert_eq!(
            names,
            [
                "persistent-qi",
                "persistent-qi-local",
                "sashite-qi",
                "fixed array",
                "persistent-qi, 2 threads"
            ]
        );
        assert_eq!(runners(&[Crate::Local], 2).len(), 1);
        assert_eq!(runners(&Crate::ALL, 1).len(), 4);
    }

    #[test]
    fn every_depth_counts_the_published_leaves() {
        let runners = runners(&Crate::ALL, 2);
        let depths = by_depth::<Chess>(START, 3, &runners, 1, &|| {}).unwrap();
        let counts: Vec<u64> = depths.iter().map(|depth| depth.nodes).collect();
        assert_eq!(counts, [20, 400, 8_902]);
        let text = depth_table(&runners, &depths).render();
        assert!(text.contains("| 3 | 8,902 |"), "{text}");
        assert!(
            text.contains("| depth 3 against depth 2, speed |"),
            "{text}"
        );
        assert!(
            text.contains("persistent-qi, 2 threads / fixed array"),
            "{text}"
        );
    }
}
