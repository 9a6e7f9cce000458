//! What one move, capture or read costs, counted rather than timed:
//! instructions, locked bus events (the atomic reference-count updates) and
//! heap allocations per operation, persistent-qi over both pointer kinds
//! (`Qi`: `persistent-qi`, `LocalQi`: `persistent-qi-local`) beside
//! sashite-qi.
//!
//! ```sh
//! cargo run --release --example move_profile                  # 8x8 and 9x9, u8 and Qpi
//! cargo run --release --example move_profile -- --shape 19x19 --piece string
//! cargo run --release --example move_profile -- --time        # interleaved timings instead
//! cargo run --release --example move_profile -- --write docs/performance.md
//! ```
//!
//! Options: `--shape 8x8|9x9|19x19|255x255|all`, `--piece u8|qpi|string|all`,
//! `--op NAME|all`, `--count N` (default 10,000) and `--write FILE`, which
//! also replaces the `move_profile` section of FILE (`move_profile_time`
//! with `--time`) with the table, the date, the machine and the command
//! (see `harness::report`). Needs `valgrind` on the path, except with
//! `--time`.
//!
//! With `--time`, nothing is counted: the three run the operation in
//! turns of batches of 2,000 in one process, 101 rounds (each first,
//! second and last in turn), and the row gives each one's median time per
//! operation and the medians of the per-round ratios to sashite-qi. On a shared, loaded machine this cancels most of the
//! load that makes two separate criterion benchmarks disagree; criterion
//! (`benches/positions.rs`) remains the reference.
//!
//! Each row runs its operation N times in one loop, in a child process of
//! this program, three times over: under callgrind with `--collect-bus=yes`,
//! collecting only inside the loop, for instructions (`Ir`) and locked
//! instructions (`Ge`: on x86, every atomic read-modify-write, so every
//! reference-count increment and decrement); then under DHAT with N
//! iterations and with none, whose difference is the blocks the loop
//! allocated. Counts are divided by N. The cases are those of
//! `benches/positions.rs` (same seeds, same half-full boards, same moves):
//!
//! - `apply_move`: a quiet move as `board_diff(2 squares)` then `toggle`,
//!   the parent kept (sashite-qi clones it first), the child dropped.
//! - `capture_to_hand`: a capture as `board_diff`, `hand_diff`, `toggle`.
//! - `edit_move`, `edit_capture`: the same through one [`Qi::edit`] (for
//!   sashite-qi, which has no such call, the same as the two above).
//! - `read_square`: one square at a random index.
//!
//! [`Qi::edit`]: persistent_qi::Qi::edit

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use persistent_qi::qpi::Qpi;

use harness::report;
use harness::support::{Case, DEPTHS, POOL, Piece, Position};

const SHAPES: [[usize; 2]; 4] = [[8, 8], [9, 9], [19, 19], [255, 255]];
const OPERATIONS: [&str; 5] = [
    "apply_move",
    "capture_to_hand",
    "edit_move",
    "edit_capture",
    "read_square",
];
const CRATES: [&str; 3] = ["persistent-qi", "persistent-qi-local", "sashite-qi"];

/// The loop that callgrind counts (its name is what `--toggle-collect`
/// matches): `count` operations, each result dropped before the next.
#[inline(never)]
fn measured<P: Piece, Q: Position<P, u8>>(
    operation: &str,
    case: &Case<P>,
    parents: &[Q],
    count: usize,
) {
    // As in the benchmarks: each move from the next parent in turn.
    let pool = (0..count).map(|step| (&parents[step % DEPTHS], step % POOL));
    match operation {
        "apply_move" => pool.for_each(|(parent, at)| {
            drop(black_box(parent.apply_move(&case.quiet[at])));
        }),
        "capture_to_hand" => pool.for_each(|(parent, at)| {
            drop(black_box(parent.capture_to_hand(&case.captures[at])));
        }),
        "edit_move" => pool.for_each(|(parent, at)| {
            drop(black_box(parent.edit_move(&case.quiet[at])));
        }),
        "edit_capture" => pool.for_each(|(parent, at)| {
            drop(black_box(parent.edit_capture(&case.captures[at])));
        }),
        _ => pool.for_each(|(parent, at)| {
            black_box(parent.square(black_box(case.indices[at])));
        }),
    }
}

/// Rounds of the interleaved timing, and operations per batch.
const ROUNDS: usize = 101;
const BATCH: usize = 2_000;

/// Nanoseconds per operation of one batch.
fn time_batch<P: Piece, Q: Position<P, u8>>(operation: &str, case: &Case<P>, parents: &[Q]) -> f64 {
    let clock = Instant::now();
    measured(operation, case, parents, BATCH);
    // A batch is far below 2^52 nanoseconds.
    #[allow(clippy::cast_precision_loss)]
    let per = clock.elapsed().as_nanos() as f64 / BATCH as f64;
    per
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Medians of each crate's time per operation (`Qi`, `LocalQi`,
/// sashite-qi), and of the two per-round ratios to sashite-qi.
fn time_all<P: Piece>(operation: &str, shape: [usize; 2]) -> ([f64; 3], [f64; 2]) {
    let case = Case::<P>::new(shape);
    let sync = case.parents::<persistent_qi::Qi<P, u8>>();
    let local = case.parents::<persistent_qi::LocalQi<P, u8>>();
    let peer = case.parents::<sashite_qi::Qi<P, u8>>();
    let mut times: [Vec<f64>; 3] = Default::default();
    let mut ratios: [Vec<f64>; 2] = Default::default();
    for round in 0..ROUNDS {
        // Each crate first, second and last in turn.
        let mut round_times = [0.0; 3];
        for turn in 0..3 {
            let which = (round + turn) % 3;
            round_times[which] = match which {
                0 => time_batch(operation, &case, &sync),
                1 => time_batch(operation, &case, &local),
                _ => time_batch(operation, &case, &peer),
            };
        }
        for (all, time) in times.iter_mut().zip(round_times) {
            all.push(time);
        }
        ratios[0].push(round_times[0] / round_times[2]);
        ratios[1].push(round_times[1] / round_times[2]);
    }
    (
        times.map(|mut all| median(&mut all)),
        ratios.map(|mut all| median(&mut all)),
    )
}

fn run_child<P: Piece>(operation: &str, krate: &str, shape: [usize; 2], count: usize) {
    let case = Case::<P>::new(shape);
    if krate == "sashite-qi" {
        let parents = case.parents::<sashite_qi::Qi<P, u8>>();
        measured(operation, &case, &parents, count);
    } else if krate == "persistent-qi-local" {
        let parents = case.parents::<persistent_qi::LocalQi<P, u8>>();
        measured(operation, &case, &parents, count);
    } else {
        let parents = case.parents::<persistent_qi::Qi<P, u8>>();
        measured(operation, &case, &parents, count);
    }
}

/// Per-operation counts for one row.
struct Counts {
    instructions: f64,
    locked: f64,
    allocations: f64,
}

/// The number after `label` on the line of `text` that holds it, commas
/// removed (`Total:     1,234 bytes in 56 blocks`).
fn number_after(text: &str, label: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.contains(label))?;
    let after = &line[line.find(label)? + label.len()..];
    let digits: String = after
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

fn valgrind(tool_args: &[&str], child_args: &[String]) -> Result<String, String> {
    let exe = std::env::current_exe().map_err(|error| error.to_string())?;
    let output = Command::new("valgrind")
        .args(tool_args)
        .arg(&exe)
        .args(child_args)
        .output()
        .map_err(|error| format!("valgrind: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "valgrind {tool_args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Instructions and locked bus events inside [`measured`], from callgrind's
/// output file.
fn callgrind(child_args: &[String], dir: &Path) -> Result<(u64, u64), String> {
    let out = dir.join(format!("callgrind.out.{}", std::process::id()));
    let out_arg = format!("--callgrind-out-file={}", out.display());
    valgrind(
        &[
            "--tool=callgrind",
            "--collect-bus=yes",
            "--toggle-collect=*move_profile::measured*",
            &out_arg,
        ],
        child_args,
    )?;
    let text = std::fs::read_to_string(&out).map_err(|error| error.to_string())?;
    std::fs::remove_file(&out).map_err(|error| error.to_string())?;
    let events: Vec<&str> = text
        .lines()
        .find_map(|line| line.strip_prefix("events:"))
        .ok_or("no events line")?
        .split_whitespace()
        .collect();
    let totals: Vec<u64> = text
        .lines()
        .find_map(|line| line.strip_prefix("totals:"))
        .or_else(|| text.lines().find_map(|line| line.strip_prefix("summary:")))
        .ok_or("no totals line")?
        .split_whitespace()
        .map(|count| count.parse().unwrap_or(0))
        .collect();
    let event = |name: &str| {
        events
            .iter()
            .position(|event| *event == name)
            .and_then(|at| totals.get(at).copied())
            .unwrap_or(0)
    };
    Ok((event("Ir"), event("Ge")))
}

/// Heap blocks allocated by the whole child, per DHAT.
fn dhat_blocks(child_args: &[String]) -> Result<u64, String> {
    let stderr = valgrind(&["--tool=dhat", "--dhat-out-file=/dev/null"], child_args)?;
    let total = stderr
        .lines()
        .find(|line| line.contains("Total:"))
        .ok_or("no DHAT total")?;
    number_after(total, "bytes in").ok_or_else(|| format!("unreadable DHAT total: {total}"))
}

fn profile(
    operation: &str,
    krate: &str,
    piece: &str,
    shape: [usize; 2],
    count: usize,
) -> Result<Counts, String> {
    let args = |count: usize| {
        vec![
            "--child".to_owned(),
            operation.to_owned(),
            krate.to_owned(),
            piece.to_owned(),
            format!("{}x{}", shape[0], shape[1]),
            count.to_string(),
        ]
    };
    let dir = std::env::temp_dir();
    let (instructions, locked) = callgrind(&args(count), &dir)?;
    let with_loop = dhat_blocks(&args(count))?;
    let without = dhat_blocks(&args(0))?;
    // Counts stay far below 2^52, where f64 starts to round.
    #[allow(clippy::cast_precision_loss)]
    let per = |total: u64| total as f64 / count as f64;
    Ok(Counts {
        instructions: per(instructions),
        locked: per(locked),
        allocations: per(with_loop.saturating_sub(without)),
    })
}

fn parse_shape(value: &str) -> Option<[usize; 2]> {
    SHAPES
        .iter()
        .find(|[ranks, files]| value == format!("{ranks}x{files}"))
        .copied()
}

struct Options {
    shapes: Vec<[usize; 2]>,
    pieces: Vec<&'static str>,
    operations: Vec<&'static str>,
    count: usize,
    time: bool,
    write: Option<PathBuf>,
}

fn parse_options(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        shapes: vec![[8, 8], [9, 9]],
        pieces: vec!["u8", "qpi"],
        operations: OPERATIONS.to_vec(),
        count: 10_000,
        time: false,
        write: None,
    };
    while let Some(flag) = args.next() {
        if flag == "--time" {
            options.time = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match (flag.as_str(), value.as_str()) {
            ("--shape", "all") => options.shapes = SHAPES.to_vec(),
            ("--shape", _) => {
                options.shapes = vec![parse_shape(&value).ok_or(format!("unknown shape {value}"))?];
            }
            ("--piece", "all") => options.pieces = vec!["u8", "qpi", "string"],
            ("--piece", _) => {
                let piece = ["u8", "qpi", "string"]
                    .into_iter()
                    .find(|piece| *piece == value)
                    .ok_or(format!("unknown piece {value}"))?;
                options.pieces = vec![piece];
            }
            ("--op", "all") => options.operations = OPERATIONS.to_vec(),
            ("--op", _) => {
                let operation = OPERATIONS
                    .into_iter()
                    .find(|operation| *operation == value)
                    .ok_or(format!("unknown operation {value}"))?;
                options.operations = vec![operation];
            }
            ("--count", _) => {
                options.count = value
                    .parse()
                    .ok()
                    .filter(|&count| count > 0)
                    .ok_or(format!("bad count {value}"))?;
            }
            ("--write", _) => options.write = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag} {value}")),
        }
    }
    Ok(options)
}

/// `--child OP CRATE PIECE SHAPE COUNT`: the process valgrind watches.
fn child(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let mut next = || args.next().ok_or("--child needs five arguments");
    let (operation, krate, piece, shape, count) = (next()?, next()?, next()?, next()?, next()?);
    let shape = parse_shape(&shape).ok_or("bad shape")?;
    let count = count.parse().map_err(|_| "bad count")?;
    match piece.as_str() {
        "u8" => run_child::<u8>(&operation, &krate, shape, count),
        "qpi" => run_child::<Qpi>(&operation, &krate, shape, count),
        _ => run_child::<String>(&operation, &krate, shape, count),
    }
    Ok(())
}

/// The interleaved timings, a row per operation, shape and piece type.
fn time_table(options: &Options) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail; each row is printed as it comes.
    let mut line = |text: String| {
        println!("{text}");
        let _ = writeln!(out, "{text}");
    };
    line(
        "| operation | piece | shape | `Qi` | `LocalQi` | sashite-qi | ratio, `Qi` | ratio, `LocalQi` |"
            .to_string(),
    );
    line("|---|---|---|---:|---:|---:|---:|---:|".to_string());
    for &operation in &options.operations {
        for shape in &options.shapes {
            for &piece in &options.pieces {
                let ([sync, local, peer], [sync_ratio, local_ratio]) = match piece {
                    "u8" => time_all::<u8>(operation, *shape),
                    "qpi" => time_all::<Qpi>(operation, *shape),
                    _ => time_all::<String>(operation, *shape),
                };
                line(format!(
                    "| `{operation}` | {piece} | {}x{} | {sync:.1} ns | {local:.1} ns | {peer:.1} ns | {sync_ratio:.2} | {local_ratio:.2} |",
                    shape[0], shape[1],
                ));
            }
        }
    }
    out
}

/// The counts, a row per operation, shape, piece type and crate.
fn count_table(options: &Options) -> Result<String, String> {
    let mut out = String::new();
    let mut line = |text: String| {
        println!("{text}");
        let _ = writeln!(out, "{text}");
    };
    line(
        "| operation | piece | shape | crate | instructions | locked (atomic) ops | allocations |"
            .to_string(),
    );
    line("|---|---|---|---|---:|---:|---:|".to_string());
    for &operation in &options.operations {
        for shape in &options.shapes {
            for &piece in &options.pieces {
                for krate in CRATES {
                    let counts = profile(operation, krate, piece, *shape, options.count)?;
                    line(format!(
                        "| `{operation}` | {piece} | {}x{} | {krate} | {:.0} | {:.2} | {:.2} |",
                        shape[0], shape[1], counts.instructions, counts.locked, counts.allocations,
                    ));
                }
            }
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("--child") {
        args.next();
        return match child(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("move_profile: {message}");
                ExitCode::FAILURE
            }
        };
    }
    let outcome = parse_options(args).and_then(|options| {
        let section = if options.time {
            "move_profile_time"
        } else {
            "move_profile"
        };
        if let Some(path) = &options.write {
            report::check_section(path, section)?;
        }
        let table = if options.time {
            time_table(&options)
        } else {
            count_table(&options)?
        };
        match &options.write {
            Some(path) => {
                let command = report::command_line("cargo run --release --example move_profile --");
                let body = if options.time {
                    format!(
                        "Median nanoseconds per operation over {ROUNDS} interleaved rounds of \
                         {BATCH} operations, and the medians of the per-round ratios to \
                         sashite-qi.\n\n{table}"
                    )
                } else {
                    format!(
                        "Per operation, averaged over {} operations: instructions and locked \
                         (atomic) operations counted by callgrind, allocations by DHAT.\n\n{table}",
                        options.count
                    )
                };
                report::write_section(path, section, &command, &body)
            }
            None => Ok(()),
        }
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("move_profile: {message}");
            ExitCode::FAILURE
        }
    }
}
