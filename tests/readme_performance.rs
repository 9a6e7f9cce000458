//! The README's Performance table, derived from the measured tables of
//! `docs/performance.md`.
//!
//! The commands that measure (the shogi program, `bench_ratios`,
//! `move_profile`) write their tables into `docs/performance.md`; the
//! README summarises them in one table, between `<!-- performance:begin -->`
//! and `<!-- performance:end -->`. Nobody copies a figure: this test derives
//! the summary from `docs/performance.md` and fails when the README's copy
//! differs. `UPDATE_SHARED_DOCS=1 cargo test --test readme_performance`
//! rewrites it, and fails with "rewrote README.md: run again to check"; a
//! second run, without the variable, checks it. Only the value `1`
//! rewrites, and a run that rewrote the README never passes (as in
//! `tests/readme.rs`). A target is met when every figure of its cell meets
//! it.
//! Sections are found as `harness::report` writes them, so this test needs
//! the workspace's harness and stays out of the package.

use std::fmt::Write as _;
use std::path::PathBuf;

use harness::report::{replace_section, section};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    let path = root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The cells of every table row of `text`, separator rows left out.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The row of `table` whose first cell is `label`.
fn row<'a>(table: &[Vec<&'a str>], label: &str) -> Result<Vec<&'a str>, String> {
    table
        .iter()
        .find(|cells| cells.first() == Some(&label))
        .cloned()
        .ok_or_else(|| format!("no row `{label}`"))
}

/// A figure as the tables write it (`1,648,614,975`, `0.275`).
fn number(cell: &str) -> Result<f64, String> {
    cell.replace(',', "")
        .parse()
        .map_err(|_| format!("`{cell}` is not a number"))
}

/// The date and machine of a measured section's first line.
fn measured_on(section: &str) -> Result<String, String> {
    let line = section.trim_start().lines().next().unwrap_or_default();
    line.strip_prefix("Measured on ")
        .and_then(|rest| rest.split_once(", by "))
        .map(|(when, _)| when.to_string())
        .ok_or_else(|| format!("not a measured section: `{line}`"))
}

/// Which way a figure is good.
#[derive(Clone, Copy)]
enum Goal {
    AtLeast(f64),
    AtMost(f64),
}

impl Goal {
    fn met(self, figure: f64) -> bool {
        match self {
            Goal::AtLeast(bound) => figure >= bound,
            Goal::AtMost(bound) => figure <= bound,
        }
    }
}

/// A cell of figures: one (`1.24`) or a range (`1.23-1.43`), marked with
/// whether every figure meets `goal`.
fn cell(figures: &[f64], goal: Option<Goal>, digits: usize) -> String {
    let low = figures.iter().copied().fold(f64::INFINITY, f64::min);
    let high = figures.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut text = if (high - low).abs() < f64::EPSILON {
        format!("{low:.digits$}")
    } else {
        format!("{low:.digits$}-{high:.digits$}")
    };
    if let Some(goal) = goal {
        let met = figures.iter().all(|&figure| goal.met(figure));
        let _ = write!(text, " ({})", verdict(met));
    }
    text
}

/// How a cell says whether its target is met.
fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "**missed**" }
}

/// One line of the summary: what, the two kinds' cells, the target.
struct Line {
    what: String,
    sync: String,
    local: String,
    target: &'static str,
}

/// The perft line of section `name`: each kind's speed ratio, against the
/// targets (1.0 for `Qi`, 1.25 for `LocalQi`).
fn perft(performance: &str, name: &str, what: &str) -> Result<Line, String> {
    let table = rows(section(performance, name)?);
    let ratio = |label: &str| -> Result<f64, String> {
        number(row(&table, label)?.last().copied().unwrap_or_default())
    };
    Ok(Line {
        what: what.to_string(),
        sync: cell(&[ratio("persistent-qi")?], Some(Goal::AtLeast(1.0)), 2),
        local: cell(
            &[ratio("persistent-qi (local)")?],
            Some(Goal::AtLeast(1.25)),
            2,
        ),
        target: ">= 1.0 (`LocalQi`: >= 1.25)",
    })
}

/// The tree lines of the depth-4 and depth-5 sections.
fn trees(performance: &str) -> Result<Vec<Line>, String> {
    let four = rows(section(performance, "shogi-tree-start-4")?);
    let five = rows(section(performance, "shogi-tree-start-5")?);
    // Cells: label, Qi, LocalQi, sashite-qi, ratio Qi, ratio LocalQi.
    let bytes = row(&four, "bytes kept per position")?;
    let speed = row(&five, "positions per second")?;
    let peak = row(&five, "peak bytes")?;
    // A figure of `row`'s column `at`, in `unit` (`scale` of a byte), and
    // its ratio three columns on.
    let sized = |row: &[&str], at: usize, scale: f64, unit: &str, most: f64| {
        let figure = number(row[at])?;
        let met = verdict(Goal::AtMost(most).met(figure));
        Ok::<_, String>(format!(
            "{:.prec$} {unit}, {} of sashite-qi ({met})",
            figure / scale,
            row[at + 3],
            prec = if scale > 1.0 { 2 } else { 1 },
        ))
    };
    let per_position = |at: usize| sized(&bytes, at, 1.0, "B", 96.0);
    let gigabytes = |at: usize| sized(&peak, at, 1e9, "GB", 2.2e9);
    Ok(vec![
        Line {
            what: "`shogi tree --depth 4`, bytes kept per position".into(),
            sync: per_position(1)?,
            local: per_position(2)?,
            target: "<= 96 B",
        },
        Line {
            what: "`shogi tree --depth 5`, positions per second".into(),
            sync: cell(&[number(speed[4])?], Some(Goal::AtLeast(3.0)), 2),
            local: cell(&[number(speed[5])?], Some(Goal::AtLeast(3.0)), 2),
            target: ">= 3",
        },
        Line {
            what: "`shogi tree --depth 5`, peak bytes".into(),
            sync: gigabytes(1)?,
            local: gigabytes(2)?,
            target: "<= 2.2 GB",
        },
    ])
}

/// The criterion ratio tables of `bench_ratios`: `Qi`'s, then `LocalQi`'s.
fn ratio_tables(performance: &str) -> Result<[Vec<Vec<&str>>; 2], String> {
    let text = section(performance, "bench_ratios")?;
    let after = |marker: &str| -> Result<Vec<Vec<&str>>, String> {
        let at = text
            .find(marker)
            .ok_or_else(|| format!("bench_ratios has no `{marker}` table"))?;
        let rest = &text[at..];
        // The table ends at the first blank line after its rows start.
        let table_start = rest.find("\n|").unwrap_or(rest.len());
        let table = &rest[table_start + 1..];
        let table_end = table.find("\n\n").unwrap_or(table.len());
        Ok(rows(&table[..table_end]))
    };
    Ok([
        after("persistent-qi (`Qi`) median")?,
        after("persistent-qi (`LocalQi`) median")?,
    ])
}

/// Every ratio of `table` for `operations` x `pieces` x `shapes`.
fn ratios(
    table: &[Vec<&str>],
    operations: &[&str],
    pieces: &[&str],
    shapes: &[&str],
) -> Result<Vec<f64>, String> {
    let header = table.first().ok_or("an empty ratio table")?;
    let mut figures = Vec::new();
    for operation in operations {
        for piece in pieces {
            let quoted = format!("`{operation}`");
            let cells = table
                .iter()
                .find(|cells| {
                    cells.first() == Some(&quoted.as_str()) && cells.get(1) == Some(piece)
                })
                .ok_or_else(|| format!("no ratio row {operation} {piece}"))?;
            for shape in shapes {
                let at = header
                    .iter()
                    .position(|column| column == shape)
                    .ok_or_else(|| format!("no column {shape}"))?;
                figures.push(number(cells[at])?);
            }
        }
    }
    Ok(figures)
}

/// The criterion lines: each operation's time ratios to sashite-qi.
fn criterion(performance: &str) -> Result<Vec<Line>, String> {
    /// The ratios a line summarises, and the most any may be.
    struct Case {
        what: &'static str,
        operations: &'static [&'static str],
        pieces: &'static [&'static str],
        shapes: &'static [&'static str],
        bound: f64,
        target: &'static str,
    }
    const CASES: [Case; 3] = [
        Case {
            what: "`edit_move` 8x8 and 9x9, `u8` and `Qpi`, time",
            operations: &["edit_move"],
            pieces: &["u8", "Qpi"],
            shapes: &["8x8", "9x9"],
            bound: 1.5,
            target: "<= 1.5",
        },
        Case {
            what: "`apply_move` and `capture_to_hand` 8x8 and 9x9, `u8` and `Qpi`, time",
            operations: &["apply_move", "capture_to_hand"],
            pieces: &["u8", "Qpi"],
            shapes: &["8x8", "9x9"],
            bound: 2.0,
            target: "<= 2.0",
        },
        Case {
            what: "`read_square` 8x8 to 19x19, every piece, time",
            operations: &["read_square"],
            pieces: &["u8", "Qpi", "String"],
            shapes: &["8x8", "9x9", "19x19"],
            bound: 2.5,
            target: "<= 2.5",
        },
    ];
    let tables = ratio_tables(performance)?;
    CASES
        .iter()
        .map(|case| {
            let goal = Some(Goal::AtMost(case.bound));
            let of = |table| ratios(table, case.operations, case.pieces, case.shapes);
            Ok(Line {
                what: case.what.to_string(),
                sync: cell(&of(&tables[0])?, goal, 2),
                local: cell(&of(&tables[1])?, goal, 2),
                target: case.target,
            })
        })
        .collect()
}

/// The counted line: instructions, atomic operations and allocations of
/// one `edit_move` on a 9x9 board of `Qpi`, beside sashite-qi's.
fn counts(performance: &str) -> Result<Line, String> {
    let table = rows(section(performance, "move_profile")?);
    let of = |crate_name: &str| -> Result<String, String> {
        let cells = table
            .iter()
            .find(|cells| cells[..4] == ["`edit_move`", "qpi", "9x9", crate_name])
            .ok_or_else(|| format!("no move_profile row for edit_move qpi 9x9 {crate_name}"))?;
        Ok(format!("{} / {} / {}", cells[4], cells[5], cells[6]))
    };
    Ok(Line {
        what: format!(
            "`edit_move` 9x9 `Qpi`, counted per move: instructions / atomic operations / allocations (sashite-qi: {})",
            of("sashite-qi")?
        ),
        sync: of("persistent-qi")?,
        local: of("persistent-qi-local")?,
        target: "",
    })
}

/// The README's Performance section as `docs/performance.md` gives it.
fn summary(performance: &str) -> Result<String, String> {
    let mut lines = vec![
        perft(
            performance,
            "shogi-perft-start-5",
            "shogi perft, start position, depth 5, speed",
        )?,
        perft(
            performance,
            "shogi-perft-matsuri-3",
            "shogi perft, Matsuri, depth 3, speed",
        )?,
    ];
    lines.extend(trees(performance)?);
    lines.extend(criterion(performance)?);
    lines.push(counts(performance)?);

    let mut sources: Vec<String> = [
        "shogi-perft-start-5",
        "shogi-perft-matsuri-3",
        "shogi-tree-start-4",
        "shogi-tree-start-5",
        "bench_ratios",
        "move_profile",
    ]
    .iter()
    .map(|name| measured_on(section(performance, name)?))
    .collect::<Result<_, _>>()?;
    sources.sort();
    sources.dedup();

    let mut out = String::new();
    let _ = writeln!(
        out,
        "| measured on {} | `Qi` | `LocalQi` | target |",
        sources.join("; ")
    );
    let _ = writeln!(out, "|---|---|---|---|");
    for line in lines {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            line.what, line.sync, line.local, line.target
        );
    }
    Ok(out)
}

/// Whether this run is asked to rewrite the README: `UPDATE_SHARED_DOCS=1`,
/// that value only.
fn update_requested() -> bool {
    std::env::var_os("UPDATE_SHARED_DOCS").is_some_and(|value| value == "1")
}

/// The verdict on `readme`'s Performance table against the summary
/// `expected`: `Ok` when it is that summary, exactly as `replace_section`
/// writes it. Otherwise an error: with `update`, after handing `write` the
/// README with the table replaced, the one saying so (a run that rewrote
/// never passes); without, what differs.
fn copy_verdict(
    readme: &str,
    expected: &str,
    update: bool,
    write: impl FnOnce(String),
) -> Result<(), String> {
    let copy = section(readme, "performance").map_err(|message| format!("README: {message}"))?;
    if copy == format!("\n{}\n", expected.trim_end()) {
        return Ok(());
    }
    if update {
        write(replace_section(readme, "performance", expected)?);
        return Err("rewrote README.md: run again to check".to_owned());
    }
    Err(format!(
        "the README's Performance table differs from docs/performance.md \
         (run `UPDATE_SHARED_DOCS=1 cargo test --test readme_performance`):\n\
         README:\n{copy}\nexpected:\n{expected}"
    ))
}

#[test]
fn the_readme_performance_table_is_what_docs_performance_measured() {
    let performance = read("docs/performance.md");
    let expected =
        summary(&performance).unwrap_or_else(|message| panic!("docs/performance.md: {message}"));
    let written = |text: String| {
        std::fs::write(root().join("README.md"), text).expect("the README is writable");
    };
    if let Err(message) = copy_verdict(&read("README.md"), &expected, update_requested(), written) {
        panic!("{message}");
    }
}

#[test]
fn an_update_run_that_rewrites_the_table_fails_saying_so() {
    let readme = read("README.md");
    let stale = "| an old table |\n";
    let mut rewritten = None;
    let outcome = copy_verdict(&readme, stale, true, |text| rewritten = Some(text));
    assert_eq!(
        outcome,
        Err("rewrote README.md: run again to check".to_owned())
    );
    let rewritten = rewritten.expect("the README is rewritten");
    assert_eq!(
        section(&rewritten, "performance"),
        Ok("\n| an old table |\n")
    );
}

#[test]
fn a_run_without_the_update_rewrites_nothing_and_fails_on_a_stale_table() {
    let mut written = false;
    let outcome = copy_verdict(&read("README.md"), "| an old table |\n", false, |_| {
        written = true;
    });
    let message = outcome.unwrap_err();
    assert!(
        message.contains("differs from docs/performance.md"),
        "{message}"
    );
    assert!(!written);
}

#[test]
fn a_new_measurement_changes_the_derived_table() {
    // A perft ratio rewritten in docs/performance.md changes the README's
    // table, which the test above then finds differing.
    let performance = read("docs/performance.md");
    let before = summary(&performance).expect("the measured tables parse");
    let perft = section(&performance, "shogi-perft-start-5").expect("the perft section");
    let row = perft
        .lines()
        .find(|line| line.starts_with("| persistent-qi |"))
        .expect("persistent-qi's perft row");
    let (rest, ratio) = row
        .trim_end_matches(" |")
        .rsplit_once("| ")
        .expect("a ratio cell");
    let changed_row = format!("{rest}| 0.50 |");
    assert_ne!(ratio, "0.50");
    let changed = performance.replacen(row, &changed_row, 1);
    let after = summary(&changed).expect("the changed tables parse");
    assert_ne!(before, after);
    assert!(after.contains("| 0.50 (**missed**) |"), "{after}");
    // A section left unmeasured is an error, not a table of blanks.
    let unmeasured = performance.replacen(
        "<!-- bench_ratios:begin -->\nMeasured on",
        "<!-- bench_ratios:begin -->\nnot measured yet",
        1,
    );
    assert!(summary(&unmeasured).is_err());
}

#[test]
fn a_range_is_met_only_when_every_figure_meets_the_target() {
    assert_eq!(
        cell(&[1.2, 1.4], Some(Goal::AtMost(1.5)), 2),
        "1.20-1.40 (met)"
    );
    assert_eq!(
        cell(&[1.2, 1.6], Some(Goal::AtMost(1.5)), 2),
        "1.20-1.60 (**missed**)"
    );
    assert_eq!(cell(&[1.25], Some(Goal::AtLeast(1.25)), 2), "1.25 (met)");
    assert_eq!(
        cell(&[0.99], Some(Goal::AtLeast(1.0)), 2),
        "0.99 (**missed**)"
    );
    assert_eq!(cell(&[2.0], None, 2), "2.00");
}
