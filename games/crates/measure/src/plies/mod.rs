//! The cost of a child, ply by ply: random legal lines of a game played
//! from its start, and at every ply of every line each legal child of the
//! line's position made and dropped, timed and its allocations counted,
//! with every runner in turn.
//!
//! A position of persistent-qi keeps its last square writes itself, and
//! its children spill them into what they share when they run out: the
//! ply where a line's kept writes run out may cost more than the others.
//! Perft hides that in a total; these figures show each ply apart, beside
//! the fixed array, which costs the same at every ply. [`depths`] asks
//! perft the same question: its speed depth by depth.
//!
//! The lines are drawn once ([`random_lines`]) and every runner plays the
//! same moves ([`measure_lines`]). At ply `p` (the children `p` plies from
//! the start, what perft(p) counts as leaves), the position of each line
//! after `p - 1` moves is read into the rules' board and its legal moves
//! listed, untimed; then every child of every line is made, timed by
//! groups of [`GROUP_LINES`] lines: built into a slot kept for the ply
//! (`Node::play_into`, as perft builds them, the slot holding the last
//! child of the line before), and, on a second copy of the lines that
//! shares nothing with the first, built fresh and dropped (`Node::play`,
//! as a search that keeps its children builds them). Only then does each
//! line take its own move, so that no child of a position is made before
//! its siblings are measured. Every line keeps its positions alive to its
//! end, as perft keeps its path. The runners take turns ply by ply, so
//! that a moment when the machine runs slower (it is shared) falls on
//! every runner alike.

pub mod depths;
mod plot;
mod run;
mod table;

use std::ops::RangeInclusive;

use support::Rng;

use super::{Crate, Failure, as_f64, load};
use games_core::Persistent;
use games_core::{Game, Node};

pub use plot::plot;
pub use run::{Cost, GROUP_LINES, PlyRecord, PlyRunner, counting, runner};
pub use table::{groups, plies_table, summary_table};

/// How a ply's children are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Making {
    /// Into a slot kept for the ply, which holds the child made before
    /// (`Node::play_into`): how perft makes its children.
    Into,
    /// Fresh, each child a new node dropped at once (`Node::play`): how a
    /// search that keeps its children makes them.
    Fresh,
}

impl Making {
    /// Both, in table order.
    pub const BOTH: [Making; 2] = [Making::Into, Making::Fresh];

    /// How the tables name it: the call that makes a child.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Making::Into => "`play_into`",
            Making::Fresh => "`play`",
        }
    }

    /// Its index in [`Making::BOTH`] and in each run's costs.
    fn index(self) -> usize {
        match self {
            Making::Into => 0,
            Making::Fresh => 1,
        }
    }
}

/// Random legal lines of a game from one position, as moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lines<M> {
    /// Each line's moves, all of the same length.
    pub moves: Vec<Vec<M>>,
    /// The lines that reached a position with no legal move before their
    /// last ply, each drawn again from the start.
    pub restarts: usize,
}

/// At most this many lines drawn again for each line asked for, before
/// the position is found to end too soon.
const RESTARTS_PER_LINE: usize = 1_000;

/// `count` random legal lines of `plies` moves from `text`, each move drawn
/// with the same chance among the legal ones from one generator seeded
/// with `seed`. A line that reaches a position with no legal move (a mate,
/// a stalemate, a full Go board) before its last ply is drawn again from
/// the start, the generator going on: every line is a game of `plies`
/// moves from the start.
///
/// # Errors
///
/// [`Failure::Input`] for a text the game cannot read, or a position from
/// which no line of `plies` moves was found.
pub fn random_lines<G: Game>(
    text: &str,
    count: usize,
    plies: usize,
    seed: u64,
) -> Result<Lines<G::Move>, Failure> {
    let root = load::<G, Persistent<G::Piece, G::Style>>(text)?;
    let mut rng = Rng(seed);
    let mut lines = Vec::with_capacity(count);
    let mut restarts = 0;
    let mut legal = Vec::new();
    while lines.len() < count {
        let mut node = root.clone();
        let mut line = Vec::with_capacity(plies);
        while line.len() < plies {
            let board = node.read();
            legal.clear();
            G::Node::<Persistent<G::Piece, G::Style>>::legal_moves(&board, &mut legal);
            if legal.is_empty() {
                break;
            }
            let mv = *rng.pick(&legal);
            node = node.play(&board, mv);
            line.push(mv);
        }
        if line.len() == plies {
            lines.push(line);
        } else {
            restarts += 1;
            if restarts > RESTARTS_PER_LINE * count {
                return Err(Failure::Input(format!(
                    "no random line of {plies} plies from `{text}` in {restarts} tries: its games \
                     end sooner"
                )));
            }
        }
    }
    Ok(Lines {
        moves: lines,
        restarts,
    })
}

/// What the children of one ply cost a runner: medians over the rounds
/// and the groups of lines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlyCost {
    /// Nanoseconds per child: the median over every group of lines and
    /// round of the group's time over its children.
    pub nanoseconds_per_child: f64,
    /// The allocations of every child of the ply: the median over the
    /// rounds (a run's count is the same every round).
    pub allocations: u64,
}

/// One runner's cost at every ply (ply 1 first), by [`Making`].
#[derive(Debug, Clone, PartialEq)]
pub struct RunnerPlies {
    /// The runner.
    pub krate: Crate,
    /// Each ply's cost, by [`Making`].
    pub costs: [Vec<PlyCost>; 2],
}

/// A game's lines measured with every runner.
#[derive(Debug, Clone, PartialEq)]
pub struct GamePlies {
    /// How reports name the game and board (`chess`, `Go 9x9`).
    pub name: String,
    /// The position the lines start from.
    pub root: String,
    /// The lines measured.
    pub lines: usize,
    /// The lines drawn again, for ending too soon.
    pub restarts: usize,
    /// The rounds each runner ran.
    pub rounds: usize,
    /// Whether allocations were counted (see [`counting`]).
    pub counted: bool,
    /// The children made at each ply, over every line (ply 1 first).
    pub children: Vec<u64>,
    /// Each runner's costs, in the order the runners were given.
    pub runners: Vec<RunnerPlies>,
}

/// The figures of one persistent runner's lines against the fixed array,
/// by one way of making the children.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Extremes {
    /// The ply where its speed ratio to the fixed array is highest, and
    /// that ratio.
    pub best: (usize, f64),
    /// The ply where it is lowest, and that ratio.
    pub worst: (usize, f64),
    /// Allocations per child at the worst ply.
    pub allocations_at_worst: f64,
    /// The ply with the most allocations per child, and how many.
    pub most_allocations: (usize, f64),
}

impl Extremes {
    /// The worst ply's ratio over the best's: 1 when every ply costs the
    /// same against the fixed array.
    #[must_use]
    pub fn spread(&self) -> f64 {
        self.worst.1 / self.best.1
    }
}

impl GamePlies {
    /// The number of plies of each line.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.children.len()
    }

    /// The runners, in table order.
    #[must_use]
    pub fn crates(&self) -> Vec<Crate> {
        self.runners.iter().map(|runner| runner.krate).collect()
    }

    /// The costs of `krate`'s children made by `making` at each ply, if
    /// it ran.
    fn costs(&self, krate: Crate, making: Making) -> Option<&[PlyCost]> {
        self.runners
            .iter()
            .find(|runner| runner.krate == krate)
            .map(|runner| runner.costs[making.index()].as_slice())
    }

    /// Over `plies` (1-based, within the lines): the children, the
    /// nanoseconds they took (each ply's figure per child times its
    /// children) and their allocations.
    fn over(
        &self,
        krate: Crate,
        making: Making,
        plies: &RangeInclusive<usize>,
    ) -> Option<(u64, f64, u64)> {
        let costs = self.costs(krate, making)?;
        let range = plies.start() - 1..*plies.end();
        let mut sums = (0, 0.0, 0);
        for (&children, cost) in self.children[range.clone()].iter().zip(&costs[range]) {
            sums.0 += children;
            sums.1 += cost.nanoseconds_per_child * as_f64(children);
            sums.2 += cost.allocations;
        }
        Some(sums)
    }

    /// Nanoseconds per child of `krate` over `plies`, its children made
    /// by `making`.
    #[must_use]
    pub fn nanoseconds_per_child(
        &self,
        krate: Crate,
        making: Making,
        plies: &RangeInclusive<usize>,
    ) -> Option<f64> {
        let (children, nanoseconds, _) = self.over(krate, making, plies)?;
        Some(nanoseconds / as_f64(children.max(1)))
    }

    /// Allocations per child of `krate` over `plies`.
    #[must_use]
    pub fn allocations_per_child(
        &self,
        krate: Crate,
        making: Making,
        plies: &RangeInclusive<usize>,
    ) -> Option<f64> {
        let (children, _, allocations) = self.over(krate, making, plies)?;
        Some(as_f64(allocations) / as_f64(children.max(1)))
    }

    /// The speed ratio of `krate` to the fixed array over `plies` (the
    /// fixed array's time over the runner's, the children made alike).
    #[must_use]
    pub fn ratio_to_fixed(
        &self,
        krate: Crate,
        making: Making,
        plies: &RangeInclusive<usize>,
    ) -> Option<f64> {
        let fixed = self.over(Crate::Fixed, making, plies)?.1;
        let ours = self.over(krate, making, plies)?.1;
        Some(fixed / ours.max(1e-12))
    }

    /// `krate`'s best and worst plies against the fixed array, and its
    /// allocations there, its children made by `making`: found ply by
    /// ply. `None` if either did not run.
    #[must_use]
    pub fn extremes(&self, krate: Crate, making: Making) -> Option<Extremes> {
        let ratios: Vec<(usize, f64)> = (1..=self.plies())
            .map(|ply| Some((ply, self.ratio_to_fixed(krate, making, &(ply..=ply))?)))
            .collect::<Option<_>>()?;
        let best = ratios.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
        let worst = ratios.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1))?;
        let allocations = |ply: usize| {
            self.allocations_per_child(krate, making, &(ply..=ply))
                .unwrap_or(0.0)
        };
        let most_allocations = (1..=self.plies())
            .map(|ply| (ply, allocations(ply)))
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))?;
        Some(Extremes {
            best,
            worst,
            allocations_at_worst: allocations(worst.0),
            most_allocations,
        })
    }
}

/// The lines measured with every runner of `crates` over `rounds` rounds,
/// calling `run_done` after each round of each runner; `name` is how
/// reports name the game and board.
///
/// The runners take turns ply by ply: each round builds every runner's
/// lines afresh, and at each ply measures every runner's children one
/// runner after the other, the runner that goes first moving on by one
/// each ply and each round, so that a moment when the machine runs slower
/// falls on every runner alike, and none is always measured first.
///
/// # Errors
///
/// A runner's [`Failure`]; [`Failure::Mismatch`] if two runners made
/// different children or ended their lines on different positions.
pub fn measure_lines<G: Game>(
    name: &str,
    text: &str,
    lines: &Lines<G::Move>,
    crates: &[Crate],
    rounds: usize,
    run_done: &dyn Fn(),
) -> Result<GamePlies, Failure> {
    let plies = lines.moves.first().map_or(0, Vec::len);
    // By runner, by round, by ply.
    let mut records: Vec<Vec<Vec<PlyRecord>>> = crates.iter().map(|_| Vec::new()).collect();
    let mut digests = Vec::new();
    for round in 0..rounds.max(1) {
        let mut runners = crates
            .iter()
            .map(|&krate| runner::<G>(krate, text, &lines.moves))
            .collect::<Result<Vec<_>, Failure>>()?;
        let mut played: Vec<Vec<PlyRecord>> =
            crates.iter().map(|_| Vec::with_capacity(plies)).collect();
        for ply in 0..plies {
            for turn in 0..crates.len() {
                let at = (round + ply + turn) % crates.len();
                played[at].push(runners[at].ply(ply)?);
            }
        }
        for (krate, runner) in crates.iter().zip(&runners) {
            let digest = runner.digest().ok_or_else(|| {
                Failure::Mismatch(format!(
                    "{name}: {}: the two copies of the lines differ",
                    krate.name()
                ))
            })?;
            digests.push((*krate, digest));
            run_done();
        }
        for (runs, played) in records.iter_mut().zip(played) {
            runs.push(played);
        }
    }
    let first = records
        .first()
        .and_then(|runs| runs.first())
        .ok_or_else(|| Failure::input("no runner to measure the lines with"))?;
    let children_of = |run: &[PlyRecord]| -> Vec<Vec<u64>> {
        run.iter().map(|record| record.children.clone()).collect()
    };
    let children = children_of(first);
    for (krate, runs) in crates.iter().zip(&records) {
        if let Some(other) = runs.iter().find(|run| children_of(run) != children) {
            return Err(Failure::Mismatch(format!(
                "{name}: {} made {:?} children by ply and group, {} {:?}",
                krate.name(),
                children_of(other),
                crates[0].name(),
                children
            )));
        }
    }
    if let Some((krate, digest)) = digests.iter().find(|(_, digest)| *digest != digests[0].1) {
        return Err(Failure::Mismatch(format!(
            "{name}: {} ended its lines on {digest:x}, {} on {:x}",
            krate.name(),
            digests[0].0.name(),
            digests[0].1
        )));
    }
    let runners = crates
        .iter()
        .zip(&records)
        .map(|(&krate, runs)| RunnerPlies {
            krate,
            costs: Making::BOTH.map(|making| {
                (0..plies)
                    .map(|ply| {
                        let costs: Vec<&[Cost]> = runs
                            .iter()
                            .map(|run| run[ply].costs[making.index()].as_slice())
                            .collect();
                        ply_cost(&children[ply], &costs)
                    })
                    .collect()
            }),
        })
        .collect();
    Ok(GamePlies {
        name: name.to_string(),
        root: text.to_string(),
        lines: lines.moves.len(),
        restarts: lines.restarts,
        rounds: rounds.max(1),
        counted: counting(),
        children: children.iter().map(|groups| groups.iter().sum()).collect(),
        runners,
    })
}

/// A ply's cost from its runs (`costs`, by round, by group of lines, whose
/// children are `children`): the median nanoseconds per child over every
/// group and round, and the median over the rounds of the allocations.
fn ply_cost(children: &[u64], costs: &[&[Cost]]) -> PlyCost {
    let mut per_child: Vec<f64> = costs
        .iter()
        .flat_map(|groups| {
            groups
                .iter()
                .zip(children)
                .map(|(cost, &children)| cost.elapsed.as_secs_f64() * 1e9 / as_f64(children.max(1)))
        })
        .collect();
    per_child.sort_unstable_by(f64::total_cmp);
    let mut allocations: Vec<u64> = costs
        .iter()
        .map(|groups| groups.iter().map(|cost| cost.allocations).sum())
        .collect();
    allocations.sort_unstable();
    PlyCost {
        nanoseconds_per_child: per_child
            .get((per_child.len().max(1) - 1) / 2)
            .copied()
            .unwrap_or(0.0),
        allocations: allocations
            .get((allocations.len().max(1) - 1) / 2)
            .copied()
            .unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games_chess::{Chess, START};

    #[test]
    fn random_lines_are_the_same_from_the_same_seed() {
        let lines = random_lines::<Chess>(START, 3, 10, 7).unwrap();
        assert_eq!(lines.moves.len(), 3);
        assert!(lines.moves.iter().all(|line| line.len() == 10));
        assert_eq!(lines, random_lines::<Chess>(START, 3, 10, 7).unwrap());
        assert_ne!(lines, random_lines::<Chess>(START, 3, 10, 8).unwrap());
    }

    #[test]
    fn a_position_without_a_long_enough_line_is_refused() {
        // Fool's mate: White is mated, no move at all.
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let refusal = random_lines::<Chess>(mated, 1, 1, 1).unwrap_err();
        assert!(matches!(refusal, Failure::Input(_)), "{refusal:?}");
    }

    #[test]
    fn every_runner_makes_the_same_children_ply_by_ply() {
        let lines = random_lines::<Chess>(START, 2, 6, 1).unwrap();
        let measured =
            measure_lines::<Chess>("chess", START, &lines, &Crate::ALL, 2, &|| {}).unwrap();
        assert_eq!(measured.plies(), 6);
        // Every line's first ply: the 20 moves of the start.
        assert_eq!(measured.children[0], 40);
        assert_eq!(measured.crates(), Crate::ALL);
        let extremes = measured.extremes(Crate::Persistent, Making::Into).unwrap();
        assert!(extremes.spread() <= 1.0);
        assert!(extremes.best.0 >= 1 && extremes.worst.0 <= 6);
    }
}
