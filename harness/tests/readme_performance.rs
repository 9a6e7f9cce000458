//! The README's Performance table, derived from the measured tables of
//! `docs/performance.md`.
//!
//! The commands that measure (the shogi program, `bench_ratios`,
//! `move_profile`) write their tables into `docs/performance.md`; the
//! README summarises them in one table, between `<!-- performance:begin -->`
//! and `<!-- performance:end -->`. Nobody copies a figure: this test derives
//! the summary from `docs/performance.md` and fails when the README's copy
//! differs. `UPDATE_SHARED_DOCS=1 cargo test -p persistent-qi-harness --test readme_performance`
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
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
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
    target: String,
}

/// The perft line of section `name`: each kind's speed ratio, against the
/// targets `goals` (`Qi`'s, `LocalQi`'s).
fn perft(performance: &str, name: &str, what: &str, goals: [f64; 2]) -> Result<Line, String> {
    let table = rows(section(performance, name)?);
    let ratio = |label: &str| -> Result<f64, String> {
        number(row(&table, label)?.last().copied().unwrap_or_default())
    };
    Ok(Line {
        what: what.to_string(),
        sync: cell(&[ratio("persistent-qi")?], Some(Goal::AtLeast(goals[0])), 2),
        local: cell(
            &[ratio("persistent-qi (local)")?],
            Some(Goal::AtLeast(goals[1])),
            2,
        ),
        target: format!(">= {} (`LocalQi`: >= {})", goals[0], goals[1]),
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
            target: "<= 96 B".into(),
        },
        Line {
            what: "`shogi tree --depth 5`, positions per second".into(),
            sync: cell(&[number(speed[4])?], Some(Goal::AtLeast(3.0)), 2),
            local: cell(&[number(speed[5])?], Some(Goal::AtLeast(3.0)), 2),
            target: ">= 3".into(),
        },
        Line {
            what: "`shogi tree --depth 5`, peak bytes".into(),
            sync: gigabytes(1)?,
            local: gigabytes(2)?,
            target: "<= 2.2 GB".into(),
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
    const CASES: [Case; 5] = [
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
            bound: 2.0,
            target: "<= 2.0",
        },
        Case {
            what: "`board_into` a half-full 19x19 board, `u8` and `Qpi`, time",
            operations: &["board_into"],
            pieces: &["u8", "Qpi"],
            shapes: &["19x19"],
            bound: 0.5,
            target: "<= 0.5",
        },
        Case {
            what: "`squares_into` the same board, `u8` and `Qpi`, time",
            operations: &["squares_into"],
            pieces: &["u8", "Qpi"],
            shapes: &["19x19"],
            bound: 2.0,
            target: "<= 2.0",
        },
    ];
    let tables = ratio_tables(performance)?;
    let occupied = occupied_empty(performance)?;
    let goal = Some(Goal::AtMost(150.0));
    let mut lines: Vec<Line> = CASES
        .iter()
        .map(|case| {
            let goal = Some(Goal::AtMost(case.bound));
            let of = |table| ratios(table, case.operations, case.pieces, case.shapes);
            Ok(Line {
                what: case.what.to_string(),
                sync: cell(&of(&tables[0])?, goal, 2),
                local: cell(&of(&tables[1])?, goal, 2),
                target: case.target.into(),
            })
        })
        .collect::<Result<_, String>>()?;
    lines.push(Line {
        what: "`occupied()` of an empty 19x19 board, `u8` and `Qpi`, nanoseconds".into(),
        sync: cell(&occupied[0], goal, 0),
        local: cell(&occupied[1], goal, 0),
        target: "<= 150 ns".into(),
    });
    Ok(lines)
}

/// A criterion median as `bench_ratios` writes it (`864.0 ns`, `1.20 µs`),
/// in nanoseconds.
fn nanoseconds(text: &str) -> Result<f64, String> {
    let (figure, unit) = text
        .trim()
        .split_once(' ')
        .ok_or_else(|| format!("`{text}` is not a time"))?;
    let scale = match unit {
        "ns" => 1.0,
        "µs" => 1e3,
        "ms" => 1e6,
        _ => return Err(format!("`{text}`: unknown unit")),
    };
    Ok(number(figure)? * scale)
}

/// `occupied()` of an empty 19x19 board, `u8` and `Qpi`, in nanoseconds:
/// `Qi`'s times, then `LocalQi`'s, from the medians table.
fn occupied_empty(performance: &str) -> Result<[Vec<f64>; 2], String> {
    let text = section(performance, "bench_ratios")?;
    let marker = "Medians, `Qi` / `LocalQi` / sashite-qi:";
    let at = text
        .find(marker)
        .ok_or_else(|| format!("bench_ratios has no `{marker}` table"))?;
    let table = rows(&text[at + marker.len()..]);
    let header = table.first().ok_or("an empty medians table")?;
    let column = header
        .iter()
        .position(|column| *column == "19x19")
        .ok_or("no column 19x19")?;
    let mut times = [Vec::new(), Vec::new()];
    for piece in ["u8", "Qpi"] {
        let cells = table
            .iter()
            .find(|cells| {
                cells.first() == Some(&"`occupied_empty`") && cells.get(1) == Some(&piece)
            })
            .ok_or_else(|| format!("no medians row occupied_empty {piece}"))?;
        let kinds: Vec<&str> = cells[column].split(" / ").collect();
        for (kind, figures) in times.iter_mut().enumerate() {
            figures.push(nanoseconds(
                kinds.get(kind).ok_or("a medians cell of three")?,
            )?);
        }
    }
    Ok(times)
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
        target: String::new(),
    })
}

/// The speed ratio (last cell) of `crate_row` in section `name`.
fn speed(performance: &str, name: &str, crate_row: &str) -> Result<f64, String> {
    let table = rows(section(performance, name)?);
    number(row(&table, crate_row)?.last().copied().unwrap_or_default())
}

/// The chess and Go workloads of the games program: the perft and
/// playout sections, then the Go kept tree's speed row.
const GAME_SECTIONS: [&str; 6] = [
    "chess-perft-start-5",
    "chess-perft-kiwipete-4",
    "chess-perft-position-3-5",
    "go-perft-9x9-4",
    "go-playouts-9x9",
    "go-playouts-19x19",
];

/// The Go kept tree's section.
const GO_TREE: &str = "go-tree-19x19-200000";

/// A row of the Go kept tree: label, `Qi`, `LocalQi`, sashite-qi, ratio
/// `Qi`, ratio `LocalQi`.
fn go_tree(performance: &str, label: &str) -> Result<[f64; 2], String> {
    let table = rows(section(performance, GO_TREE)?);
    let cells = row(&table, label)?;
    Ok([number(cells[4])?, number(cells[5])?])
}

/// Every chess and Go speed ratio of one pointer kind (`local`), the Go
/// kept tree's last.
fn game_speeds(performance: &str, local: bool) -> Result<Vec<f64>, String> {
    let crate_row = if local {
        "persistent-qi (local)"
    } else {
        "persistent-qi"
    };
    let mut figures = GAME_SECTIONS
        .iter()
        .map(|name| speed(performance, name, crate_row))
        .collect::<Result<Vec<_>, _>>()?;
    figures.push(go_tree(performance, "positions per second")?[usize::from(local)]);
    Ok(figures)
}

/// The geometric mean of `figures`.
fn geometric_mean(figures: &[f64]) -> f64 {
    #[allow(clippy::cast_precision_loss)] // a handful of figures
    let count = figures.len() as f64;
    (figures.iter().map(|figure| figure.ln()).sum::<f64>() / count).exp()
}

/// The chess and Go lines: every workload, their geometric mean, and the
/// Go kept tree.
fn games(performance: &str) -> Result<Vec<Line>, String> {
    let [sync, local] = [false, true].map(|local| game_speeds(performance, local));
    let (sync, local) = (sync?, local?);
    let speed = go_tree(performance, "positions per second")?;
    let bytes = go_tree(performance, "bytes kept per position")?;
    Ok(vec![
        Line {
            what:
                "chess perft (3 positions), Go perft, Go playouts (9x9, 19x19), Go kept tree, speed"
                    .into(),
            sync: cell(&sync, Some(Goal::AtLeast(1.0)), 2),
            local: cell(&local, Some(Goal::AtLeast(1.2)), 2),
            target: ">= 1.0 (`LocalQi`: >= 1.2)".into(),
        },
        Line {
            what: "the same, geometric mean".into(),
            sync: cell(&[geometric_mean(&sync)], Some(Goal::AtLeast(1.3)), 2),
            local: cell(&[geometric_mean(&local)], None, 2),
            target: ">= 1.3".into(),
        },
        Line {
            what: "Go 19x19 kept tree, speed".into(),
            sync: cell(&speed[..1], Some(Goal::AtLeast(1.5)), 2),
            local: cell(&speed[1..], Some(Goal::AtLeast(1.5)), 2),
            target: ">= 1.5".into(),
        },
        Line {
            what: "Go 19x19 kept tree, bytes kept per position".into(),
            sync: cell(&bytes[..1], Some(Goal::AtMost(0.2)), 3),
            local: cell(&bytes[1..], Some(Goal::AtMost(0.2)), 3),
            target: "<= 0.2".into(),
        },
    ])
}

/// The saved shogi tree's lines: bytes on disk, against sashite-qi's
/// serde of every position, load speed, memory after load.
fn saved_tree(performance: &str) -> Result<Vec<Line>, String> {
    let table = rows(section(performance, SAVED_TREE)?);
    let value = |label: &str| number(row(&table, label)?.get(1).copied().unwrap_or_default());
    let line = |what: &str, figure: f64, goal: Goal, digits: usize, target: &str| Line {
        what: what.to_string(),
        sync: cell(&[figure], Some(goal), digits),
        local: "-".into(),
        target: target.into(),
    };
    Ok(vec![
        line(
            "`shogi tree --depth 4` saved, bytes on disk per position",
            value("bytes on disk per position")?,
            Goal::AtMost(16.0),
            2,
            "<= 16",
        ),
        line(
            "the same, against every position in full by sashite-qi's serde",
            value("ratio on disk to sashite-qi in full")?,
            Goal::AtMost(0.05),
            3,
            "<= 0.05",
        ),
        line(
            "the same, loaded: speed against building it by moves",
            value("load speed ratio to building by moves")?,
            Goal::AtLeast(1.0),
            2,
            ">= 1.0",
        ),
        line(
            "the same, loaded: memory against the tree built by moves",
            value("memory ratio, loaded to built")?,
            Goal::AtMost(1.0),
            3,
            "<= 1.0",
        ),
    ])
}

/// The saved and loaded shogi tree's section.
const SAVED_TREE: &str = "shogi-tree-save-start-4";

/// The lines of `docs/performance.md`'s targets table, and the sections
/// they come from.
fn target_lines(performance: &str) -> Result<(Vec<Line>, Vec<&'static str>), String> {
    let mut lines = vec![
        perft(
            performance,
            "shogi-perft-start-5",
            "shogi perft, start position, depth 5, speed",
            [1.3, 1.5],
        )?,
        perft(
            performance,
            "shogi-perft-matsuri-3",
            "shogi perft, Matsuri, depth 3, speed",
            [1.0, 1.25],
        )?,
    ];
    lines.extend(games(performance)?);
    lines.extend(trees(performance)?);
    lines.extend(saved_tree(performance)?);
    lines.extend(criterion(performance)?);
    lines.push(counts(performance)?);
    let mut sources = vec![
        SAVED_TREE,
        "shogi-perft-start-5",
        "shogi-perft-matsuri-3",
        "shogi-tree-start-4",
        "shogi-tree-start-5",
        GO_TREE,
        "bench_ratios",
        "move_profile",
    ];
    sources.extend(GAME_SECTIONS);
    Ok((lines, sources))
}

/// The dates and machines of `sources`, each once.
fn measured(performance: &str, sources: &[&str]) -> Result<String, String> {
    let mut dates: Vec<String> = sources
        .iter()
        .map(|name| measured_on(section(performance, name)?))
        .collect::<Result<_, _>>()?;
    dates.sort();
    dates.dedup();
    Ok(dates.join("; "))
}

/// `docs/performance.md`'s targets table: every target of the project,
/// met or missed, as its sections measured it.
fn summary(performance: &str) -> Result<String, String> {
    let (lines, sources) = target_lines(performance)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| measured on {} | `Qi` | `LocalQi` | target |",
        measured(performance, &sources)?
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

/// The README's short table: what a user gains and loses against a copy,
/// `Qi` only, no targets.
fn gains(performance: &str) -> Result<String, String> {
    let four = rows(section(performance, "shogi-tree-start-4")?);
    let shogi_bytes = row(&four, "bytes kept per position")?[4].to_string();
    let go_bytes = go_tree(performance, "bytes kept per position")?[0];
    let shogi = [
        speed(performance, "shogi-perft-start-5", "persistent-qi")?,
        speed(performance, "shogi-perft-matsuri-3", "persistent-qi")?,
    ];
    let chess = GAME_SECTIONS[..3]
        .iter()
        .map(|name| speed(performance, name, "persistent-qi"))
        .collect::<Result<Vec<_>, _>>()?;
    let go_perft = speed(performance, "go-perft-9x9-4", "persistent-qi")?;
    let playouts = GAME_SECTIONS[4..]
        .iter()
        .map(|name| speed(performance, name, "persistent-qi"))
        .collect::<Result<Vec<_>, _>>()?;
    let go_tree_speed = go_tree(performance, "positions per second")?[0];
    let [tables, _] = ratio_tables(performance)?;
    let read = ratios(
        &tables,
        &["read_square"],
        &["u8", "Qpi"],
        &["8x8", "9x9", "19x19"],
    )?;
    let bulk = ratios(&tables, &["board_into"], &["u8", "Qpi"], &["9x9", "19x19"])?;
    let rows = [
        (
            "bytes kept per position, legal shogi tree of depth 4",
            shogi_bytes,
        ),
        (
            "bytes kept per position, 19x19 Go tree of playouts",
            cell(&[go_bytes], None, 3),
        ),
        ("shogi perft (2 positions), speed", cell(&shogi, None, 2)),
        ("chess perft (3 positions), speed", cell(&chess, None, 2)),
        ("Go 9x9 perft, speed", cell(&[go_perft], None, 2)),
        (
            "Go random playouts (9x9, 19x19), speed",
            cell(&playouts, None, 2),
        ),
        ("Go 19x19 kept tree, speed", cell(&[go_tree_speed], None, 2)),
        (
            "a whole board read with `board_into` (9x9, 19x19), time",
            cell(&bulk, None, 2),
        ),
        (
            "one square read with `square` (8x8 to 19x19), time",
            cell(&read, None, 2),
        ),
    ];
    let mut sources = vec![
        "shogi-tree-start-4",
        "shogi-perft-start-5",
        "shogi-perft-matsuri-3",
        GO_TREE,
        "bench_ratios",
    ];
    sources.extend(GAME_SECTIONS);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| `Qi` against `sashite-qi` (measured on {}) | ratio |",
        measured(performance, &sources)?
    );
    let _ = writeln!(out, "|---|---|");
    for (what, figure) in rows {
        let _ = writeln!(out, "| {what} | {figure} |");
    }
    Ok(out)
}

/// Whether this run is asked to rewrite the README: `UPDATE_SHARED_DOCS=1`,
/// that value only.
fn update_requested() -> bool {
    std::env::var_os("UPDATE_SHARED_DOCS").is_some_and(|value| value == "1")
}

/// Where a derived table is kept: the file and the section.
#[derive(Clone, Copy)]
struct Copy {
    file: &'static str,
    name: &'static str,
}

/// The README's table of gains and losses.
const README: Copy = Copy {
    file: "README.md",
    name: "performance",
};

/// `docs/performance.md`'s table of targets, met and missed.
const TARGETS: Copy = Copy {
    file: "docs/performance.md",
    name: "targets",
};

/// The verdict on the table `copy` of `text` against the derived
/// `expected`: `Ok` when it is that table, exactly as `replace_section`
/// writes it. Otherwise an error: with `update`, after handing `write` the
/// text with the table replaced, the one saying so (a run that rewrote
/// never passes); without, what differs.
fn copy_verdict(
    copy: Copy,
    text: &str,
    expected: &str,
    update: bool,
    write: impl FnOnce(String),
) -> Result<(), String> {
    let file = copy.file;
    let found = section(text, copy.name).map_err(|message| format!("{file}: {message}"))?;
    if found == format!("\n{}\n", expected.trim_end()) {
        return Ok(());
    }
    if update {
        write(replace_section(text, copy.name, expected)?);
        return Err(format!("rewrote {file}: run again to check"));
    }
    Err(format!(
        "the `{}` table of {file} differs from what docs/performance.md measured \
         (run `UPDATE_SHARED_DOCS=1 cargo test -p persistent-qi-harness --test readme_performance`):\n\
         {file}:\n{found}\nexpected:\n{expected}",
        copy.name
    ))
}

/// Checks (or, asked to, rewrites) the table `copy` as `derive` gives it
/// from `docs/performance.md`.
fn check_copy(copy: Copy, derive: fn(&str) -> Result<String, String>) {
    let performance = read("docs/performance.md");
    let expected =
        derive(&performance).unwrap_or_else(|message| panic!("docs/performance.md: {message}"));
    let written = |text: String| {
        std::fs::write(root().join(copy.file), text).expect("the file is writable");
    };
    if let Err(message) = copy_verdict(
        copy,
        &read(copy.file),
        &expected,
        update_requested(),
        written,
    ) {
        panic!("{message}");
    }
}

#[test]
fn the_readme_gains_table_is_what_docs_performance_measured() {
    check_copy(README, gains);
}

#[test]
fn the_targets_table_is_what_the_sections_beside_it_measured() {
    check_copy(TARGETS, summary);
}

#[test]
fn an_update_run_that_rewrites_the_table_fails_saying_so() {
    let readme = read("README.md");
    let stale = "| an old table |\n";
    let mut rewritten = None;
    let outcome = copy_verdict(README, &readme, stale, true, |text| rewritten = Some(text));
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
    let outcome = copy_verdict(
        TARGETS,
        &read(TARGETS.file),
        "| an old table |\n",
        false,
        |_| {
            written = true;
        },
    );
    let message = outcome.unwrap_err();
    assert!(
        message.contains("differs from what docs/performance.md measured"),
        "{message}"
    );
    assert!(!written);
}

#[test]
fn a_new_measurement_changes_the_derived_table() {
    // A perft ratio rewritten in docs/performance.md changes the targets
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
