//! Kept trees as measurements: each crate's tree built in a process of
//! its own (so that each starts from the same state: no other tree's
//! memory freed or held), summed up in one line the parent reads back,
//! and the crates' trees compared level by level.

use std::hash::Hasher;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::perft::rate;
use super::{
    Crate, Failure, Progress, Sample, Table, Workload, as_f64, byte_limit, format_number, load,
    median, ratio_header, ratio_pairs,
};
use games_core::{Game, Node};
use games_core::{Limits, Observer, build_tree as build};
use games_core::{Persistent, Position, content_digest};

/// The most positions a kept tree may hold, whatever the memory: the shogi
/// start position's depth-5 tree (20.6 million) fits, in about 2 GB with
/// persistent-qi and 6 GB with sashite-qi, built one after the other. The
/// memory estimate (see [`build_tree`](games_core::build_tree)) usually refuses a deeper tree first;
/// this bounds it where the memory cannot be read.
pub const MAX_TREE_POSITIONS: usize = 25_000_000;

/// The limits of a kept tree: [`MAX_TREE_POSITIONS`], and `max_memory` MiB
/// or else the memory available.
#[must_use]
pub fn limits(max_memory: Option<u64>) -> Limits {
    Limits {
        positions: MAX_TREE_POSITIONS,
        bytes: byte_limit(max_memory),
    }
}

/// What the table shows of one crate's kept positions, and a digest of
/// each level's (or each playout's) positions to check the crates agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeSummary {
    /// The crate that built it.
    pub krate: Crate,
    /// Positions kept, the root included.
    pub positions: usize,
    /// Distinct positions among them (transpositions counted once).
    pub distinct: usize,
    /// The time spent generating moves and building children.
    pub elapsed: Duration,
    /// Bytes held at the end, over the baseline before the root.
    pub bytes_kept: usize,
    /// The most bytes held at once during the build.
    pub peak_bytes: usize,
    /// One digest per level (or per playout): every position's content,
    /// in order.
    pub digests: Vec<u64>,
}

impl TreeSummary {
    /// The summary as one line of words and numbers, for
    /// [`TreeSummary::parse`].
    #[must_use]
    pub fn line(&self) -> String {
        let mut numbers = vec![
            self.positions as u64,
            self.distinct as u64,
            u64::try_from(self.elapsed.as_nanos()).unwrap_or(u64::MAX),
            self.bytes_kept as u64,
            self.peak_bytes as u64,
        ];
        numbers.extend(&self.digests);
        let numbers: Vec<String> = numbers.iter().map(u64::to_string).collect();
        format!("{} {}", self.krate.flag(), numbers.join(" "))
    }

    /// Reads a [`line`](TreeSummary::line) back, from the last line of
    /// `text`.
    #[must_use]
    pub fn parse(text: &str) -> Option<TreeSummary> {
        let mut words = text.lines().last()?.split(' ');
        let krate = Crate::from_flag(words.next()?)?;
        let numbers: Vec<u64> = words.map(str::parse).collect::<Result<_, _>>().ok()?;
        let [
            positions,
            distinct,
            nanos,
            bytes_kept,
            peak_bytes,
            ref digests @ ..,
        ] = numbers[..]
        else {
            return None;
        };
        Some(TreeSummary {
            krate,
            positions: usize::try_from(positions).ok()?,
            distinct: usize::try_from(distinct).ok()?,
            elapsed: Duration::from_nanos(nanos),
            bytes_kept: usize::try_from(bytes_kept).ok()?,
            peak_bytes: usize::try_from(peak_bytes).ok()?,
            digests: digests.to_vec(),
        })
    }

    /// Positions per second.
    #[must_use]
    pub fn speed(&self) -> f64 {
        rate(self.positions as u64, self.elapsed)
    }

    /// Bytes kept per position.
    #[must_use]
    pub fn bytes_per_position(&self) -> f64 {
        as_f64(self.bytes_kept as u64) / as_f64(self.positions.max(1) as u64)
    }
}

/// A digest of some nodes' positions, in order: equal for the same
/// positions in any crate.
pub fn digest<'a, N: Node + 'a>(nodes: impl IntoIterator<Item = &'a N>) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    for node in nodes {
        hasher.write_u64(content_digest(node.position()));
        hasher.write_u64(node.state());
    }
    hasher.finish()
}

/// One crate's breadth-first tree of `text` to `depth`, built in this
/// process and summed up: what a child of [`compare`] runs
/// (`--summary-line`), through [`super::run_on`].
#[derive(Clone, Copy)]
pub struct SummaryWorkload<'a> {
    /// The position, as the game's `load` reads it.
    pub text: &'a str,
    /// Plies below the root.
    pub depth: u32,
    /// What the tree may hold.
    pub limits: Limits,
    /// The bytes the process holds.
    pub allocated: &'a dyn Fn() -> usize,
    /// No progress bar.
    pub quiet: bool,
}

impl<G: Game> Workload<G> for SummaryWorkload<'_> {
    type Output = TreeSummary;

    /// Builds the tree over `P`, timed as the build alone.
    ///
    /// # Errors
    ///
    /// [`Failure::Input`] for a text the game cannot read, a tree over its
    /// limits, or a distinct count that cannot be allocated.
    fn run<P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Sample<TreeSummary>, Failure> {
        let baseline = (self.allocated)();
        let root = load::<G, P>(self.text)?;
        let progress = Progress::new(0, "");
        if self.quiet {
            progress.never_show();
        }
        let observer = Observer {
            allocated: self.allocated,
            baseline,
            level_started: &|ply, parents| {
                progress.restart(parents, &format!("tree {} ply {ply}: parents", P::CRATE));
            },
            parent_done: &|| progress.inc(),
        };
        let tree = build(root, self.depth, self.limits, &observer).map_err(|error| {
            progress.finish();
            Failure::input(error)
        })?;
        progress.finish();
        let digests = tree.levels.iter().map(digest).collect();
        let distinct = tree
            .distinct()
            .map_err(|_| distinct_out_of_memory(tree.positions()))?;
        Ok(Sample {
            elapsed: tree.elapsed,
            output: TreeSummary {
                krate: crate_of::<P>(),
                positions: tree.positions(),
                distinct,
                elapsed: tree.elapsed,
                bytes_kept: tree.bytes_kept,
                peak_bytes: tree.peak_bytes,
                digests,
            },
        })
    }
}

/// The error of a distinct count of `positions` that could not be
/// allocated.
pub(crate) fn distinct_out_of_memory(positions: usize) -> Failure {
    Failure::Input(format!(
        "out of memory: the distinct count of {positions} positions could not be allocated"
    ))
}

/// The crate whose position type `P` is.
///
/// # Panics
///
/// For a position type of no crate the games run on.
#[must_use]
pub fn crate_of<P: Position>() -> Crate {
    Crate::ALL
        .into_iter()
        .find(|krate| krate.name() == P::CRATE)
        .expect("a crate the games run on")
}

/// One crate's summary, from this program run again with `arguments`
/// (which must make it print a [`TreeSummary::line`] last and exit 0).
///
/// # Errors
///
/// [`Failure::Reported`] if the child refused its input (it said why on
/// standard error); [`Failure::Mismatch`] if it failed otherwise or printed
/// no summary.
pub fn in_child(program: &Path, arguments: &[String]) -> Result<TreeSummary, Failure> {
    let output = Command::new(program)
        .args(arguments)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| Failure::Input(format!("{}: {error}", program.display())))?;
    let text = String::from_utf8_lossy(&output.stdout);
    match output.status.code() {
        Some(0) => TreeSummary::parse(&text)
            .ok_or_else(|| Failure::Mismatch(format!("a child printed no summary: {text:?}"))),
        // The child printed its own one-line error on stderr.
        Some(2) => Err(Failure::Reported),
        _ => Err(Failure::Mismatch(format!(
            "a child failed ({}): {}",
            output.status,
            arguments.join(" ")
        ))),
    }
}

/// The one crate a child process builds, of the `crates` its command line
/// chose.
///
/// # Errors
///
/// [`Failure::Input`] unless `crates` holds exactly one.
pub fn one_crate(crates: &[Crate]) -> Result<Crate, Failure> {
    match crates {
        [krate] => Ok(*krate),
        _ => Err(Failure::Input(
            "--summary-line builds one crate's tree".to_string(),
        )),
    }
}

/// Each crate's summary from child processes (this program run again with
/// `arguments(crate)`, see [`in_child`]), the crates taking turns over
/// `rounds` (the crate that starts a round moving on by one), the build of
/// median time kept for each; checked to agree.
///
/// # Errors
///
/// A child's [`Failure`] (see [`in_child`]); [`Failure::Mismatch`] if two
/// runs disagree (see [`check_agreement`]).
pub fn in_children(
    crates: &[Crate],
    rounds: usize,
    arguments: impl Fn(Crate) -> Vec<String>,
) -> Result<Vec<TreeSummary>, Failure> {
    let program = std::env::current_exe().map_err(Failure::input)?;
    let mut runs: Vec<Vec<TreeSummary>> = crates.iter().map(|_| Vec::new()).collect();
    for round in 0..rounds.max(1) {
        for turn in 0..crates.len() {
            let slot = (round + turn) % crates.len();
            runs[slot].push(in_child(&program, &arguments(crates[slot]))?);
        }
    }
    let summaries: Vec<TreeSummary> = runs.iter().map(|runs| median_summary(runs)).collect();
    for crate_runs in &runs {
        check_agreement(crate_runs)?;
    }
    check_agreement(&summaries)?;
    Ok(summaries)
}

/// Builds the breadth-first trees of `text` to `depth` with `crates`, each
/// in a process of its own (see [`child_arguments`]), the crates taking
/// turns over `rounds`, and sets them side by side; `text` is read here
/// first, so that bad input is refused once, before any child runs.
/// Returns the number of positions and the table.
///
/// # Errors
///
/// [`Failure::Input`] for a text the game cannot read; as
/// [`in_children`].
pub fn compare<G: Game>(
    position_flag: &str,
    text: &str,
    depth: u32,
    crates: &[Crate],
    rounds: usize,
    max_memory: Option<u64>,
) -> Result<(usize, Table), Failure> {
    load::<G, Persistent<G::Piece, G::Style>>(text)?;
    let summaries = in_children(crates, rounds, |krate| {
        child_arguments::<G>(position_flag, text, depth, krate, max_memory)
    })?;
    let table = tree_table(
        &format!("depth {depth} tree, every position kept"),
        &summaries,
    );
    Ok((summaries[0].positions, table))
}

/// Fails if two summaries differ in their positions, distinct positions,
/// or the digest of any level.
///
/// # Errors
///
/// [`Failure::Mismatch`] naming the two crates.
pub fn check_agreement(summaries: &[TreeSummary]) -> Result<(), Failure> {
    let Some(first) = summaries.first() else {
        return Ok(());
    };
    for other in &summaries[1..] {
        if other.positions != first.positions || other.distinct != first.distinct {
            return Err(Failure::Mismatch(format!(
                "the crates disagree: {} positions ({} distinct) with {} against {} ({} distinct) with {}",
                first.positions,
                first.distinct,
                first.krate.name(),
                other.positions,
                other.distinct,
                other.krate.name()
            )));
        }
        if let Some(level) = (0..first.digests.len().max(other.digests.len()))
            .find(|&level| first.digests.get(level) != other.digests.get(level))
        {
            return Err(Failure::Mismatch(format!(
                "the crates disagree on the positions of level {level}: {} against {}",
                first.krate.name(),
                other.krate.name()
            )));
        }
    }
    Ok(())
}

/// Each crate's summary over rounds: the one whose time is the median
/// (the memory figures are the same in every round of a crate, but for
/// allocator noise).
///
/// # Panics
///
/// If `rounds` is empty.
#[must_use]
pub fn median_summary(rounds: &[TreeSummary]) -> TreeSummary {
    let times: Vec<Duration> = rounds.iter().map(|summary| summary.elapsed).collect();
    let middle = median(&times);
    rounds
        .iter()
        .find(|summary| summary.elapsed == middle)
        .cloned()
        .unwrap_or_else(|| rounds[0].clone())
}

/// The side-by-side table of kept trees: one column per crate, then each
/// persistent-qi kind's ratio to each reference that ran (sashite-qi, the
/// fixed array). `title` heads the first column.
#[must_use]
pub fn tree_table(title: &str, summaries: &[TreeSummary]) -> Table {
    let crates: Vec<Crate> = summaries.iter().map(|summary| summary.krate).collect();
    // Only crates of the table are paired, so none is missing.
    let of = |krate: Crate, figure: &dyn Fn(&TreeSummary) -> f64| {
        summaries
            .iter()
            .find(|summary| summary.krate == krate)
            .map_or(f64::NAN, figure)
    };
    let pairs = ratio_pairs(&crates);
    let mut header = vec![title.to_string()];
    header.extend(crates.iter().map(|krate| krate.name().to_string()));
    header.extend(pairs.iter().map(|&pair| ratio_header(pair)));
    let mut table = Table::new(header);
    let mut row =
        |name: &str, figure: &dyn Fn(&TreeSummary) -> f64, decimals: usize| {
            let mut cells = vec![name.to_string()];
            cells.extend(
                summaries
                    .iter()
                    .map(|summary| format_number(figure(summary), decimals)),
            );
            cells.extend(pairs.iter().map(|&(kind, reference)| {
                format!("{:.3}", of(kind, figure) / of(reference, figure))
            }));
            table.row(cells);
        };
    row("positions", &|s| as_f64(s.positions as u64), 0);
    row("distinct positions", &|s| as_f64(s.distinct as u64), 0);
    row("positions per second", &TreeSummary::speed, 0);
    row(
        "bytes kept per position",
        &TreeSummary::bytes_per_position,
        1,
    );
    row("peak bytes", &|s| as_f64(s.peak_bytes as u64), 0);
    table
}

/// The arguments that make this program build one crate's breadth-first
/// tree of `text` to `depth` and print its summary line (`--max-memory`
/// where `max_memory` is given in MiB).
#[must_use]
pub fn child_arguments<G: Game>(
    position_flag: &str,
    text: &str,
    depth: u32,
    krate: Crate,
    max_memory: Option<u64>,
) -> Vec<String> {
    let mut arguments: Vec<String> = [G::NAME, "tree", position_flag, text, "--depth"]
        .iter()
        .map(ToString::to_string)
        .collect();
    arguments.extend([
        depth.to_string(),
        "--crate".to_string(),
        krate.flag().to_string(),
    ]);
    arguments.extend(["--summary-line".to_string(), "--quiet".to_string()]);
    if let Some(mebibytes) = max_memory {
        arguments.extend(["--max-memory".to_string(), mebibytes.to_string()]);
    }
    arguments
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_line_reads_back_as_itself() {
        let summary = TreeSummary {
            krate: Crate::Local,
            positions: 746_132,
            distinct: 218_068,
            elapsed: Duration::from_nanos(123_456_789),
            bytes_kept: 59_690_560,
            peak_bytes: 59_694_951,
            digests: vec![1, u64::MAX, 3],
        };
        assert_eq!(TreeSummary::parse(&summary.line()), Some(summary));
        assert_eq!(TreeSummary::parse("persistent 1 2"), None);
        assert_eq!(TreeSummary::parse("both 1 2 3 4 5"), None);
    }
}
