//! The ratio tables of `docs/performance.md`, from criterion's saved
//! estimates.
//!
//! Run after the benchmarks:
//!
//! ```sh
//! cargo bench --bench positions
//! cargo run --release --example bench_ratios            # reads target/criterion
//! cargo run --release --example bench_ratios -- DIR     # or another criterion directory
//! cargo run --release --example bench_ratios -- --write docs/performance.md
//! ```
//!
//! With `--write FILE`, the tables also replace the `bench_ratios` section
//! of FILE, with the date, the machine and the command (see
//! `harness::report`).
//!
//! For every operation, piece type and board shape it prints persistent-qi's
//! median time divided by sashite-qi's, for each pointer kind (`Qi`, then
//! `LocalQi`), then the three medians. A benchmark that has not been run
//! shows as `-`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use harness::report;

const OPERATIONS: [&str; 16] = [
    "clone",
    "apply_move",
    "capture_to_hand",
    "edit_move",
    "edit_capture",
    "search_step",
    "read_square",
    "scan_board",
    "scan_played",
    "board_into",
    "squares_into",
    "occupied_empty",
    "occupied_played",
    "hash_position",
    "eq_position/equal",
    "eq_position/unequal",
];
const PIECES: [&str; 3] = ["u8", "Qpi", "String"];
const SHAPES: [&str; 4] = ["8x8", "9x9", "19x19", "255x255"];

/// Medians in nanoseconds, by benchmark id (`group/function/parameter`).
fn medians(dir: &Path) -> Result<BTreeMap<String, f64>, String> {
    let mut medians = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|error| error.to_string())?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.ends_with("new/benchmark.json") {
                let read = |name: &str| -> Result<serde_json::Value, String> {
                    let path = path.with_file_name(name);
                    let text = std::fs::read_to_string(&path)
                        .map_err(|error| format!("{}: {error}", path.display()))?;
                    serde_json::from_str(&text)
                        .map_err(|error| format!("{}: {error}", path.display()))
                };
                let id = read("benchmark.json")?["full_id"]
                    .as_str()
                    .map(str::to_owned);
                let median = read("estimates.json")?["median"]["point_estimate"].as_f64();
                if let (Some(id), Some(median)) = (id, median) {
                    medians.insert(id, median);
                }
            }
        }
    }
    Ok(medians)
}

fn duration(nanoseconds: f64) -> String {
    match nanoseconds {
        n if n < 1e3 => format!("{n:.1} ns"),
        n if n < 1e6 => format!("{:.2} µs", n / 1e3),
        n => format!("{:.2} ms", n / 1e6),
    }
}

/// The id of one benchmark: `eq_position/equal` splits around the crate.
fn id(operation: &str, krate: &str, piece: &str, shape: &str) -> String {
    match operation.split_once('/') {
        Some((group, variant)) => format!("{group}/{variant}/{krate}/{piece}/{shape}"),
        None => format!("{operation}/{krate}/{piece}/{shape}"),
    }
}

/// The benchmark that stands for `operation` on `krate`'s side. sashite-qi
/// has no one-call edit: its side of `edit_move` and `edit_capture` is the
/// same code as its `apply_move` and `capture_to_hand`, whose own medians
/// are taken (criterion, measuring that code again in the edit groups, has
/// given it up to half as much time more there).
fn measured_as<'a>(operation: &'a str, krate: &str) -> &'a str {
    match (operation, krate) {
        ("edit_move", "sashite-qi") => "apply_move",
        ("edit_capture", "sashite-qi") => "capture_to_hand",
        _ => operation,
    }
}

/// One row per operation and piece type, one cell per shape, made by
/// `cell` from the medians of the crates named.
fn table(
    medians: &BTreeMap<String, f64>,
    crates: &[&str],
    cell: impl Fn(&[Option<f64>]) -> String,
) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(out, "| operation | piece | {} |", SHAPES.join(" | "));
    let _ = writeln!(out, "|---|---|{}", "---:|".repeat(SHAPES.len()));
    for operation in OPERATIONS {
        for piece in PIECES {
            let cells: Vec<String> = SHAPES
                .iter()
                .map(|shape| {
                    let found: Vec<Option<f64>> = crates
                        .iter()
                        .map(|krate| {
                            let operation = measured_as(operation, krate);
                            medians.get(&id(operation, krate, piece, shape)).copied()
                        })
                        .collect();
                    cell(&found)
                })
                .collect();
            let _ = writeln!(out, "| `{operation}` | {piece} | {} |", cells.join(" | "));
        }
    }
    out
}

/// `ours / peer`, three decimals, or `-` if either is missing.
fn ratio(medians: &[Option<f64>]) -> String {
    match medians {
        [Some(ours), Some(peer)] => format!("{:.3}", ours / peer),
        _ => "-".into(),
    }
}

/// The three tables: each pointer kind's ratios, then the medians.
fn tables(medians: &BTreeMap<String, f64>) -> String {
    let times = table(
        medians,
        &["persistent-qi", "persistent-qi-local", "sashite-qi"],
        |found| {
            found
                .iter()
                .map(|median| median.map_or_else(|| "-".into(), duration))
                .collect::<Vec<_>>()
                .join(" / ")
        },
    );
    format!(
        "sashite-qi's side of `edit_move` and `edit_capture` is its `apply_move` and \
         `capture_to_hand` (the same code; it has no one-call edit).\n\n\
         persistent-qi (`Qi`) median / sashite-qi median:\n\n{}\n\
         persistent-qi (`LocalQi`) median / sashite-qi median:\n\n{}\n\
         Medians, `Qi` / `LocalQi` / sashite-qi:\n\n{times}",
        table(medians, &["persistent-qi", "sashite-qi"], ratio),
        table(medians, &["persistent-qi-local", "sashite-qi"], ratio),
    )
}

/// The criterion directory, and the file to write the tables into.
fn parse_options() -> Result<(PathBuf, Option<PathBuf>), String> {
    let mut dir = PathBuf::from("target/criterion");
    let mut write = None;
    let mut args = std::env::args().skip(1);
    while let Some(argument) = args.next() {
        if argument == "--write" {
            write = Some(PathBuf::from(args.next().ok_or("--write needs a file")?));
        } else if argument.starts_with('-') {
            return Err(format!("unknown option {argument}"));
        } else {
            dir = PathBuf::from(argument);
        }
    }
    Ok((dir, write))
}

fn main() -> ExitCode {
    let (dir, write) = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("bench_ratios: {message}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &write
        && let Err(message) = report::check_section(path, "bench_ratios")
    {
        eprintln!("bench_ratios: {message}");
        return ExitCode::FAILURE;
    }
    let medians = match medians(&dir) {
        Ok(medians) => medians,
        Err(message) => {
            eprintln!("bench_ratios: {message}");
            return ExitCode::FAILURE;
        }
    };
    let tables = tables(&medians);
    print!("{tables}");
    if let Some(path) = write {
        let command = report::command_line("cargo run --release --example bench_ratios --");
        let body = format!(
            "Criterion's medians from `{}` (written by `cargo bench --bench positions`).\n\n{tables}",
            dir.display()
        );
        if let Err(message) = report::write_section(&path, "bench_ratios", &command, &body) {
            eprintln!("bench_ratios: {message}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
