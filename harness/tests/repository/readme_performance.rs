//! The README's Performance table, derived from the measured tables of
//! `docs/performance.md`.
//!
//! The commands that measure (the shogi program, `bench_ratios`,
//! `move_profile`) write their tables into `docs/performance.md`; the
//! README summarises them in one table, between `<!-- performance:begin -->`
//! and `<!-- performance:end -->`. Nobody copies a figure: this test derives
//! the summary from `docs/performance.md` and fails when the README's copy
//! differs. `UPDATE_SHARED_DOCS=1 cargo test -p persistent-qi-harness --test repository readme_performance`
//! rewrites it, and fails with "rewrote README.md: run again to check"; a
//! second run, without the variable, checks it. Only the value `1`
//! rewrites, and a run that rewrote the README never passes (as in
//! `tests/repository/readme.rs`). A target is met when every figure of its cell meets
//! it.
//! Sections are found as `harness::report` writes them, so this test needs
//! the workspace's harness and stays out of the package.

use std::fmt::Write as _;
use std::path::PathBuf;

use harness::report::{replace_section, section};

mod plies;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every measured section: `docs/performance.md` and the files of the
/// layers it links, one text (a section's name is unique across them).
fn performance() -> String {
    [
        "performance",
        "performance-games",
        "performance-records",
        "performance-search",
        "performance-units",
    ]
    .iter()
    .map(|name| read(&format!("docs/{name}.md")))
    .collect::<Vec<_>>()
    .join("\n")
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

/// The figure of `table` in the row whose first cell is `label` and the
/// column headed `header`.
fn figure(table: &[Vec<&str>], label: &str, header: &str) -> Result<f64, String> {
    let columns = table.first().ok_or("an empty table")?;
    let at = columns
        .iter()
        .position(|column| *column == header)
        .ok_or_else(|| format!("no column `{header}`"))?;
    let cells = row(table, label)?;
    number(
        cells
            .get(at)
            .ok_or_else(|| format!("row `{label}` has no column `{header}`"))?,
    )
}

/// persistent-qi's two kinds and what they are compared with, as the
/// games' tables name them.
const QI: &str = "persistent-qi";
const LOCAL: &str = "persistent-qi-local";
const PEER: &str = "sashite-qi";
const FIXED: &str = "fixed array";

/// The column of a perft or playout table holding each crate's speed
/// ratio to `reference`.
fn speed_ratio_column(reference: &str) -> String {
    format!("speed ratio to {reference}")
}

/// The column of a kept tree's table holding `kind`'s figures over
/// `reference`'s.
fn tree_ratio_column(kind: &str, reference: &str) -> String {
    format!("{kind} / {reference}")
}

/// A figure as the tables write it (`1,648,614,975`, `0.275`, `97.0%`,
/// `1,024 B`).
fn number(cell: &str) -> Result<f64, String> {
    cell.trim_end_matches(" B")
        .trim_end_matches('%')
        .replace(',', "")
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
    Below(f64),
}

impl Goal {
    fn met(self, figure: f64) -> bool {
        match self {
            Goal::AtLeast(bound) => figure >= bound,
            Goal::AtMost(bound) => figure <= bound,
            Goal::Below(bound) => figure < bound,
        }
    }
}

/// A figure with `digits` decimals, or with no decimal and its thousands
/// grouped (`36,256`) where `digits` is 0, as the tables print counts.
fn shown(figure: f64, digits: usize) -> String {
    let text = format!("{figure:.digits$}");
    if digits > 0 {
        return text;
    }
    let (sign, number) = text.split_at(usize::from(text.starts_with('-')));
    let mut grouped = String::new();
    for (at, digit) in number.chars().enumerate() {
        if at > 0 && (number.len() - at) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped}")
}

/// A cell of figures: one (`1.24`) or a range (`1.23-1.43`), marked with
/// whether every figure meets `goal`.
fn cell(figures: &[f64], goal: Option<Goal>, digits: usize) -> String {
    let low = figures.iter().copied().fold(f64::INFINITY, f64::min);
    let high = figures.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // Figures that differ below the digits shown are one figure.
    let (low_shown, high_shown) = (shown(low, digits), shown(high, digits));
    let mut text = if low_shown == high_shown {
        low_shown
    } else {
        format!("{low_shown}-{high_shown}")
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

/// The perft line of section `name`: each kind's speed ratio to
/// sashite-qi, against the targets `goals` (`Qi`'s, `LocalQi`'s).
fn perft(performance: &str, name: &str, what: &str, goals: [f64; 2]) -> Result<Line, String> {
    let ratio = |kind: &str| speed(performance, name, kind, PEER);
    let target = if (goals[0] - goals[1]).abs() < f64::EPSILON {
        format!(">= {}", goals[0])
    } else {
        format!(">= {} (`LocalQi`: >= {})", goals[0], goals[1])
    };
    Ok(Line {
        what: what.to_string(),
        sync: cell(&[ratio(QI)?], Some(Goal::AtLeast(goals[0])), 2),
        local: cell(&[ratio(LOCAL)?], Some(Goal::AtLeast(goals[1])), 2),
        target,
    })
}

/// The tree lines of the depth-4 and depth-5 sections.
fn trees(performance: &str) -> Result<Vec<Line>, String> {
    let four = rows(section(performance, "shogi-tree-start-4")?);
    let five = rows(section(performance, "shogi-tree-start-5")?);
    // A kind's figure of row `label` of `table`, in `unit` (`scale` of a
    // byte), and its ratio to sashite-qi, against at most `most`.
    let sized =
        |table: &[Vec<&str>], label: &str, kind: &str, scale: f64, unit: &str, most: f64| {
            let value = figure(table, label, kind)?;
            let ratio = figure(table, label, &tree_ratio_column(kind, PEER))?;
            let met = verdict(Goal::AtMost(most).met(value));
            Ok::<_, String>(format!(
                "{:.prec$} {unit}, {ratio:.3} of sashite-qi ({met})",
                value / scale,
                prec = if scale > 1.0 { 2 } else { 1 },
            ))
        };
    let per_position = |kind| sized(&four, "bytes kept per position", kind, 1.0, "B", 96.0);
    let gigabytes = |kind| sized(&five, "peak bytes", kind, 1e9, "GB", 2.2e9);
    let speed = |kind| {
        figure(
            &five,
            "positions per second",
            &tree_ratio_column(kind, PEER),
        )
    };
    Ok(vec![
        Line {
            what: "`shogi tree --depth 4`, bytes kept per position".into(),
            sync: per_position(QI)?,
            local: per_position(LOCAL)?,
            target: "<= 96 B".into(),
        },
        Line {
            what: "`shogi tree --depth 5`, positions per second".into(),
            sync: cell(&[speed(QI)?], Some(Goal::AtLeast(3.0)), 2),
            local: cell(&[speed(LOCAL)?], Some(Goal::AtLeast(3.0)), 2),
            target: ">= 3".into(),
        },
        Line {
            what: "`shogi tree --depth 5`, peak bytes".into(),
            sync: gigabytes(QI)?,
            local: gigabytes(LOCAL)?,
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
    /// The ratios a line summarises, each `(pieces, shapes)` of
    /// `operations`, and the most any may be (none: reported only).
    struct Case {
        what: &'static str,
        operations: &'static [&'static str],
        cases: &'static [(&'static [&'static str], &'static [&'static str])],
        bound: Option<f64>,
    }
    const SMALL: &[&str] = &["8x8", "9x9"];
    const ONE_BLOCK: &[&str] = &["8x8", "9x9", "19x19"];
    const EVERY_SHAPE: &[&str] = &["8x8", "9x9", "19x19", "255x255"];
    const COPIED: &[&str] = &["u8", "Qpi"];
    const CASES: [Case; 6] = [
        Case {
            what: "`edit_move` 8x8 and 9x9, `u8` and `Qpi`, time",
            operations: &["edit_move"],
            cases: &[(COPIED, SMALL)],
            bound: Some(1.5),
        },
        Case {
            what: "`apply_move` and `capture_to_hand` 8x8 and 9x9, `u8` and `Qpi`, time",
            operations: &["apply_move", "capture_to_hand"],
            cases: &[(COPIED, SMALL)],
            bound: Some(2.0),
        },
        Case {
            what: "`read_square` on boards of one block (8x8 to 19x19), `u8` and `Qpi`, time",
            operations: &["read_square"],
            cases: &[(COPIED, ONE_BLOCK)],
            bound: Some(4.0),
        },
        Case {
            what: "`read_square`, `String` pieces and boards of several blocks (255x255), time",
            operations: &["read_square"],
            cases: &[(&["String"], EVERY_SHAPE), (COPIED, &["255x255"])],
            bound: None,
        },
        Case {
            what: "`board_into` a half-full 19x19 board, `u8` and `Qpi`, time (sashite-qi: its slice copied)",
            operations: &["board_into"],
            cases: &[(COPIED, &["19x19"])],
            bound: Some(1.1),
        },
        Case {
            what: "`squares_into` the same board (`squares()` zipped into the array), `u8` and `Qpi`, time",
            operations: &["squares_into"],
            cases: &[(COPIED, &["19x19"])],
            bound: None,
        },
    ];
    let tables = ratio_tables(performance)?;
    let occupied = occupied_empty(performance)?;
    let goal = Some(Goal::AtMost(150.0));
    let mut lines: Vec<Line> = CASES
        .iter()
        .map(|case| {
            let goal = case.bound.map(Goal::AtMost);
            let of = |table| -> Result<Vec<f64>, String> {
                let mut figures = Vec::new();
                for (pieces, shapes) in case.cases {
                    figures.extend(ratios(table, case.operations, pieces, shapes)?);
                }
                Ok(figures)
            };
            Ok(Line {
                what: case.what.to_string(),
                sync: cell(&of(&tables[0])?, goal, 2),
                local: cell(&of(&tables[1])?, goal, 2),
                target: case
                    .bound
                    .map_or_else(|| "reported".to_string(), |bound| format!("<= {bound:.1}")),
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

/// The speed ratio of the crate `kind` to `reference` in the perft or
/// playout section `name`.
fn speed(performance: &str, name: &str, kind: &str, reference: &str) -> Result<f64, String> {
    let table = rows(section(performance, name)?);
    figure(&table, kind, &speed_ratio_column(reference))
}

/// The chess and Go perft sections of the games program.
const PERFT_SECTIONS: [&str; 4] = [
    "chess-perft-start-5",
    "chess-perft-kiwipete-4",
    "chess-perft-position-3-5",
    "go-perft-9x9-4",
];

/// The Go playout sections.
const PLAYOUT_SECTIONS: [&str; 2] = ["go-playouts-9x9", "go-playouts-19x19"];

/// The Go kept tree's section.
const GO_TREE: &str = "go-tree-19x19-200000";

/// `kind`'s figure over `reference`'s in row `label` of the Go kept tree.
fn go_tree(performance: &str, label: &str, kind: &str, reference: &str) -> Result<f64, String> {
    let table = rows(section(performance, GO_TREE)?);
    figure(&table, label, &tree_ratio_column(kind, reference))
}

/// `kind`'s speed ratios to `reference` over `sections`.
fn speeds(
    performance: &str,
    sections: &[&str],
    kind: &str,
    reference: &str,
) -> Result<Vec<f64>, String> {
    sections
        .iter()
        .map(|name| speed(performance, name, kind, reference))
        .collect()
}

/// The geometric mean of `figures`.
fn geometric_mean(figures: &[f64]) -> f64 {
    #[allow(clippy::cast_precision_loss)] // a handful of figures
    let count = figures.len() as f64;
    (figures.iter().map(|figure| figure.ln()).sum::<f64>() / count).exp()
}

/// The chess and Go lines, each kind against sashite-qi with the same
/// targets: the perfts and the Go kept tree, the playouts (bounded by the
/// rules' own code), the geometric mean of all of them, and the Go kept
/// tree's speed and bytes.
fn games(performance: &str) -> Result<Vec<Line>, String> {
    let of = |kind: &str| -> Result<[Vec<f64>; 2], String> {
        let mut bounded = speeds(performance, &PERFT_SECTIONS, kind, PEER)?;
        bounded.push(go_tree(performance, "positions per second", kind, PEER)?);
        Ok([bounded, speeds(performance, &PLAYOUT_SECTIONS, kind, PEER)?])
    };
    let [sync, local] = [of(QI)?, of(LOCAL)?];
    let every = |figures: &[Vec<f64>; 2]| figures.concat();
    let tree = |label: &str, goal: Goal, digits: usize| -> Result<[String; 2], String> {
        let [sync, local] = [QI, LOCAL].map(|kind| go_tree(performance, label, kind, PEER));
        Ok([
            cell(&[sync?], Some(goal), digits),
            cell(&[local?], Some(goal), digits),
        ])
    };
    let [sync_speed, local_speed] = tree("positions per second", Goal::AtLeast(1.25), 2)?;
    let [sync_bytes, local_bytes] = tree("bytes kept per position", Goal::AtMost(0.2), 3)?;
    Ok(vec![
        Line {
            what: "chess perft (3 positions), Go perft, Go kept tree, speed".into(),
            sync: cell(&sync[0], Some(Goal::AtLeast(1.0)), 2),
            local: cell(&local[0], Some(Goal::AtLeast(1.0)), 2),
            target: ">= 1.0".into(),
        },
        Line {
            what: "Go random playouts (9x9, 19x19), speed".into(),
            sync: cell(&sync[1], Some(Goal::AtLeast(0.95)), 2),
            local: cell(&local[1], Some(Goal::AtLeast(0.95)), 2),
            target: ">= 0.95".into(),
        },
        Line {
            what: "the chess and Go workloads above, geometric mean".into(),
            sync: cell(
                &[geometric_mean(&every(&sync))],
                Some(Goal::AtLeast(1.25)),
                2,
            ),
            local: cell(
                &[geometric_mean(&every(&local))],
                Some(Goal::AtLeast(1.25)),
                2,
            ),
            target: ">= 1.25".into(),
        },
        Line {
            what: "Go 19x19 kept tree, speed".into(),
            sync: sync_speed,
            local: local_speed,
            target: ">= 1.25".into(),
        },
        Line {
            what: "Go 19x19 kept tree, bytes kept per position".into(),
            sync: sync_bytes,
            local: local_bytes,
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

/// The searches measured, by board (shogi, chess, Go 9x9, Go 19x19):
/// 100,000 iterations without playouts, 10,000 with the game's default,
/// 1,000,000 without playouts.
const SEARCHES: [[&str; 3]; 4] = [
    [
        "shogi-search-start-100000-0",
        "shogi-search-start-10000-32",
        "shogi-search-start-1000000-0",
    ],
    [
        "chess-search-start-100000-0",
        "chess-search-start-10000-32",
        "chess-search-start-1000000-0",
    ],
    [
        "go-search-9x9-100000-0",
        "go-search-9x9-10000-end",
        "go-search-9x9-1000000-0",
    ],
    [
        "go-search-19x19-100000-0",
        "go-search-19x19-10000-end",
        "go-search-19x19-1000000-0",
    ],
];

/// The first cell of the row of a search section's store table naming
/// the fastest store within 1.5 times the moves store's bytes per node.
const FASTEST_WITHIN: &str = "the fastest within 1.5x the bytes per node: ";

/// The speed against `--store moves` on `Qi` of the fastest store of the
/// search section `name` within 1.5 times its bytes per node.
fn fastest_within(performance: &str, name: &str) -> Result<f64, String> {
    let all = rows(section(performance, name)?);
    let label = all
        .iter()
        .find_map(|cells| {
            cells
                .first()
                .filter(|cell| cell.starts_with(FASTEST_WITHIN))
        })
        .ok_or_else(|| format!("{name}: no store within 1.5x the moves store's bytes"))?;
    let at = all
        .iter()
        .position(|cells| {
            cells.first() == Some(&"`--store` on `Qi` against `--store moves` on `Qi`")
        })
        .ok_or_else(|| format!("{name}: no store table"))?;
    figure(&all[at..], label, "speed").map_err(|error| format!("{name}: {error}"))
}

/// The games against a random mover, and the game under a memory budget.
const VERSUS: [&str; 3] = [
    "shogi-versus-start-50-1000-32",
    "chess-versus-start-50-1000-32",
    "go-versus-9x9-50-1000-end",
];
const SELFPLAY: &str = "shogi-selfplay-start-100-300000-64mib";

/// The figure in column `header` of the search section `name`'s ratio
/// table, the row against `reference` (`moves`: `--store moves` on `Qi`;
/// else `--store positions` on sashite-qi).
fn search_ratio(
    performance: &str,
    name: &str,
    reference: &str,
    header: &str,
) -> Result<f64, String> {
    let all = rows(section(performance, name)?);
    let at = all
        .iter()
        .position(|cells| cells.first() == Some(&"`--store positions` on `Qi` against"))
        .ok_or_else(|| format!("{name}: no ratio table"))?;
    let label = if reference == "moves" {
        "`--store moves` on `Qi`".to_string()
    } else {
        format!("`--store positions` on {reference}")
    };
    figure(&all[at..], &label, header).map_err(|error| format!("{name}: {error}"))
}

/// Go's search with playouts to the game's end: the iterations a second
/// of `--store positions` on `Qi`, the first row of each table, against
/// issue 57's targets (20x the rates before the rules kept their groups).
fn go_rates(performance: &str) -> Result<Vec<Line>, String> {
    // The iterations a second of `--store positions` on `Qi`, the first
    // row of the search's table.
    let rate = |name: &str| {
        figure(
            &rows(section(performance, name)?),
            "persistent-qi",
            "iterations per second",
        )
        .map_err(|error| format!("{name}: {error}"))
    };
    Ok(vec![
        Line {
            what: "search with playouts to the game's end, 10,000 iterations, Go 9x9: iterations a second, kept positions on `Qi` (20x the 2,196 before the kept groups)".to_string(),
            sync: cell(&[rate(SEARCHES[2][1])?], Some(Goal::AtLeast(44_000.0)), 0),
            local: "-".to_string(),
            target: ">= 44,000".to_string(),
        },
        Line {
            what: "the same, Go 19x19 (20x 157)".to_string(),
            sync: cell(&[rate(SEARCHES[3][1])?], Some(Goal::AtLeast(3_140.0)), 0),
            local: "-".to_string(),
            target: ">= 3,140".to_string(),
        },
    ])
}

/// The search's lines: speed and bytes per node of the kept positions
/// against the kept moves and against sashite-qi's positions, the games
/// against a random mover and the game under a memory budget.
fn search(performance: &str) -> Result<Vec<Line>, String> {
    let ratios = |playouts: usize, reference: &str, header: &str, boards: &[usize]| {
        boards
            .iter()
            .map(|&board| search_ratio(performance, SEARCHES[board][playouts], reference, header))
            .collect::<Result<Vec<f64>, String>>()
    };
    let all = [0, 1, 2, 3];
    let fastest = |size: usize| {
        SEARCHES
            .iter()
            .map(|names| fastest_within(performance, names[size]))
            .collect::<Result<Vec<f64>, String>>()
    };
    let line = |what: &str, figures: &[f64], goal: Option<Goal>, target: &str| Line {
        what: what.to_string(),
        sync: cell(figures, goal, 2),
        local: "-".to_string(),
        target: target.to_string(),
    };
    let scores = VERSUS
        .iter()
        .map(|name| {
            let table = rows(section(performance, name)?);
            let games = table.get(1).ok_or("no games")?[0].to_string();
            figure(&table, &games, "score")
        })
        .collect::<Result<Vec<f64>, String>>()?;
    let budget = rows(section(performance, SELFPLAY)?);
    let budget_label = budget.get(1).ok_or("no game")?[0].to_string();
    let peak = figure(&budget, &budget_label, "peak tree bytes")? / f64::from(1 << 20);
    Ok(vec![
        line(
            "search, no playouts, 100,000 iterations (shogi, chess, Go 9x9, 19x19): the fastest `--store every:K` within 1.5x the bytes per node of `--store moves`, against it, speed",
            &fastest(0)?,
            Some(Goal::AtLeast(1.0)),
            ">= 1.0",
        ),
        line(
            "the same, 1,000,000 iterations",
            &fastest(2)?,
            Some(Goal::AtLeast(1.0)),
            ">= 1.0",
        ),
        line(
            "search, no playouts, 100,000 iterations: every node's position kept (`every:1`) against kept moves, speed",
            &ratios(0, "moves", "speed", &all)?,
            None,
            "reported",
        ),
        line(
            "the same, against sashite-qi's kept positions, speed",
            &ratios(0, PEER, "speed", &all)?,
            Some(Goal::AtLeast(1.2)),
            ">= 1.2",
        ),
        line(
            "the same two with the default playouts, 10,000 iterations, speed",
            &[ratios(1, "moves", "speed", &all)?, ratios(1, PEER, "speed", &all)?].concat(),
            None,
            "reported",
        ),
        line(
            "search, bytes per tree node, kept positions against kept moves",
            &ratios(0, "moves", "bytes per node", &all)?,
            Some(Goal::AtMost(2.5)),
            "<= 2.5",
        ),
        line(
            "the same, against sashite-qi's kept positions (shogi, chess)",
            &ratios(0, PEER, "bytes per node", &[0, 1])?,
            Some(Goal::AtMost(0.5)),
            "<= 0.5",
        ),
        line(
            "the same, Go 19x19",
            &ratios(0, PEER, "bytes per node", &[3])?,
            Some(Goal::AtMost(0.3)),
            "<= 0.3",
        ),
        line(
            "the same, Go 9x9",
            &ratios(0, PEER, "bytes per node", &[2])?,
            None,
            "reported",
        ),
        Line {
            what: "against a uniformly random mover, 50 games, 1,000 iterations a move (shogi, chess, Go 9x9), score in percent".to_string(),
            sync: cell(&scores, Some(Goal::AtLeast(80.0)), 1),
            local: "-".to_string(),
            target: ">= 80".to_string(),
        },
        Line {
            what: "100 plies of self-play under `--memory 64`, peak tree bytes in MiB".to_string(),
            sync: cell(&[peak], Some(Goal::AtMost(64.0)), 1),
            local: "-".to_string(),
            target: "<= 64".to_string(),
        },
    ])
}

/// The records' sections (issue 56), a game each: chess's PGN, shogi's
/// KIF, Go's SGF.
const RECORDS: [&str; 3] = ["chess-records", "shogi-records", "go-records"];

/// The figure of a records section's targets table (the one headed `kept
/// positions`) in the row `label`.
fn records_figure(performance: &str, name: &str, label: &str) -> Result<f64, String> {
    let all = rows(section(performance, name)?);
    let at = all
        .iter()
        .position(|cells| cells.first() == Some(&"kept positions"))
        .ok_or_else(|| format!("{name}: no targets table"))?;
    figure(&all[at..], label, "measured").map_err(|error| format!("{name}: {error}"))
}

/// The records' lines: kept positions against the other designs of what a
/// record's node keeps, in every game.
fn records(performance: &str) -> Result<Vec<Line>, String> {
    let figures = |label: &str, games: &[usize]| {
        games
            .iter()
            .map(|&game| records_figure(performance, RECORDS[game], label))
            .collect::<Result<Vec<f64>, String>>()
    };
    let line = |what: &str, figures: &[f64], goal: Option<Goal>, target: &str| Line {
        what: what.to_string(),
        sync: cell(figures, goal, 2),
        local: "-".to_string(),
        target: target.to_string(),
    };
    let all = [0, 1, 2];
    Ok(vec![
        line(
            "records (chess, shogi, Go), kept positions: bytes per node against a string a node",
            &figures("bytes per node, against a string a node", &all)?,
            Some(Goal::AtMost(1.0)),
            "<= 1",
        ),
        line(
            "the same against a fixed-array copy a node (shogi, Go)",
            &figures("bytes per node, against a fixed-array copy a node", &[1, 2])?,
            Some(Goal::AtMost(0.4)),
            "<= 0.4",
        ),
        line(
            "the same, chess",
            &figures("bytes per node, against a fixed-array copy a node", &[0])?,
            None,
            "reported",
        ),
        line(
            "records: every node's board in a random order, speed against replay from the root",
            &figures(
                "every node's board in a random order, speed against replay from the root",
                &all,
            )?,
            Some(Goal::AtLeast(5.0)),
            ">= 5",
        ),
        line(
            "the same, against parsing the string",
            &figures("the same, against parsing the string", &all)?,
            Some(Goal::AtLeast(3.0)),
            ">= 3",
        ),
        line(
            "records: load time against moves only",
            &figures("load time against moves only", &all)?,
            Some(Goal::AtMost(1.3)),
            "<= 1.3",
        ),
    ])
}

/// The sections of a perft split into work units and counted on Dask:
/// chess's, held to the targets, and shogi's, reported.
const DISTRIBUTED: [&str; 2] = [
    "chess-perft-distributed-start-7-3",
    "shogi-perft-distributed-start-6-2",
];

/// The work units' lines: two Dask workers against one, and against one
/// process with two threads (the cluster's start, the split and the merge
/// included), and that process against the two workers, chess held to 1.8,
/// 0.9 and 0.9, shogi reported.
fn distributed(performance: &str) -> Result<Vec<Line>, String> {
    let speed = |name: &str, header: &str| {
        figure(
            &rows(section(performance, name)?),
            "Dask, two workers",
            header,
        )
        .map_err(|error| format!("{name}: {error}"))
    };
    let line = |what: &str, figures: &[f64], goal: Option<Goal>, target: &str| Line {
        what: what.to_string(),
        sync: cell(figures, goal, 2),
        local: "-".to_string(),
        target: target.to_string(),
    };
    let [chess, shogi] = DISTRIBUTED;
    Ok(vec![
        line(
            "chess perft(7) split at ply 3, on Dask: two workers against one, speed",
            &[speed(chess, "speed against one worker")?],
            Some(Goal::AtLeast(1.8)),
            ">= 1.8",
        ),
        line(
            "the same, two workers against `perft --threads 2` in one process (split, cluster and merge included), speed",
            &[speed(chess, "speed against one process")?],
            Some(Goal::AtLeast(0.9)),
            ">= 0.9",
        ),
        // Issue 61's target, the other way round: the one process at least
        // 0.9 of the two workers (the cliff at depth 7 had it at 0.19).
        line(
            "the same, `perft --threads 2` in one process against two workers, speed",
            &[1.0 / speed(chess, "speed against one process")?],
            Some(Goal::AtLeast(0.9)),
            ">= 0.9",
        ),
        line(
            "shogi perft(6) split at ply 2, the same two",
            &[
                speed(shogi, "speed against one worker")?,
                speed(shogi, "speed against one process")?,
            ],
            None,
            "reported",
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
            [1.3, 1.3],
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
    lines.extend(search(performance)?);
    lines.extend(go_rates(performance)?);
    lines.extend(records(performance)?);
    lines.extend(distributed(performance)?);
    lines.extend(plies::lines(performance)?);
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
    sources.extend(PERFT_SECTIONS);
    sources.extend(PLAYOUT_SECTIONS);
    sources.extend(SEARCHES.iter().flatten());
    sources.extend(VERSUS);
    sources.push(SELFPLAY);
    sources.extend(RECORDS);
    sources.extend(DISTRIBUTED);
    sources.extend(plies::SECTIONS);
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
/// `Qi` only, no targets: against sashite-qi, then against the fixed
/// array (the limit of copying), each figure persistent-qi's over the
/// other's.
fn gains(performance: &str) -> Result<String, String> {
    let four = rows(section(performance, "shogi-tree-start-4")?);
    let shogi_bytes = |reference| {
        figure(
            &four,
            "bytes kept per position",
            &tree_ratio_column(QI, reference),
        )
    };
    let go_tree = |label, reference| go_tree(performance, label, QI, reference);
    let shogi = ["shogi-perft-start-5", "shogi-perft-matsuri-3"];
    // Each workload's figures against `reference`.
    let against = |reference| -> Result<[Vec<f64>; 7], String> {
        Ok([
            vec![shogi_bytes(reference)?],
            vec![go_tree("bytes kept per position", reference)?],
            speeds(performance, &shogi, QI, reference)?,
            speeds(performance, &PERFT_SECTIONS[..3], QI, reference)?,
            speeds(performance, &PERFT_SECTIONS[3..], QI, reference)?,
            speeds(performance, &PLAYOUT_SECTIONS, QI, reference)?,
            vec![go_tree("positions per second", reference)?],
        ])
    };
    let [peer, fixed] = [against(PEER)?, against(FIXED)?];
    let [tables, _] = ratio_tables(performance)?;
    let read = ratios(
        &tables,
        &["read_square"],
        &["u8", "Qpi"],
        &["8x8", "9x9", "19x19"],
    )?;
    let bulk = ratios(&tables, &["board_into"], &["u8", "Qpi"], &["9x9", "19x19"])?;
    let games = [
        ("bytes kept per position, legal shogi tree of depth 4", 3),
        ("bytes kept per position, 19x19 Go tree of playouts", 3),
        ("shogi perft (2 positions), speed", 2),
        ("chess perft (3 positions), speed", 2),
        ("Go 9x9 perft, speed", 2),
        ("Go random playouts (9x9, 19x19), speed", 2),
        ("Go 19x19 kept tree, speed", 2),
    ];
    let mut lines: Vec<[String; 3]> = games
        .iter()
        .enumerate()
        .map(|(at, &(what, digits))| {
            [
                what.to_string(),
                cell(&peer[at], None, digits),
                cell(&fixed[at], None, digits),
            ]
        })
        .collect();
    // The fixed array is a runner of the games, not a crate criterion
    // times: the reads have no figure against it.
    lines.extend(
        [
            (
                "a whole board read with `board_into` (9x9, 19x19), time",
                bulk,
            ),
            ("one square read with `square` (8x8 to 19x19), time", read),
        ]
        .map(|(what, figures)| [what.to_string(), cell(&figures, None, 2), "-".to_string()]),
    );
    // The search ran on `Qi` and sashite-qi only.
    let searched = |header| {
        SEARCHES
            .iter()
            .map(|names| search_ratio(performance, names[0], PEER, header))
            .collect::<Result<Vec<f64>, String>>()
    };
    lines.push([
        "Monte Carlo search on kept positions, no playouts (shogi, chess, Go 9x9, 19x19): speed / bytes per node".to_string(),
        format!(
            "{} / {}",
            cell(&searched("speed")?, None, 2),
            cell(&searched("bytes per node")?, None, 2)
        ),
        "-".to_string(),
    ]);
    let mut sources = vec![
        "shogi-tree-start-4",
        "shogi-perft-start-5",
        "shogi-perft-matsuri-3",
        GO_TREE,
        "bench_ratios",
    ];
    sources.extend(SEARCHES.iter().map(|names| names[0]));
    sources.extend(PERFT_SECTIONS);
    sources.extend(PLAYOUT_SECTIONS);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| `Qi` against (measured on {}) | `sashite-qi` | the fixed array |",
        measured(performance, &sources)?
    );
    let _ = writeln!(out, "|---|---|---|");
    for [what, peer, fixed] in lines {
        let _ = writeln!(out, "| {what} | {peer} | {fixed} |");
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
         (run `UPDATE_SHARED_DOCS=1 cargo test -p persistent-qi-harness --test repository readme_performance`):\n\
         {file}:\n{found}\nexpected:\n{expected}",
        copy.name
    ))
}

/// Checks (or, asked to, rewrites) the table `copy` as `derive` gives it
/// from `docs/performance.md`.
fn check_copy(copy: Copy, derive: fn(&str) -> Result<String, String>) {
    let performance = performance();
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
    let performance = performance();
    let before = summary(&performance).expect("the measured tables parse");
    let perft = section(&performance, "shogi-perft-start-5").expect("the perft section");
    let table = rows(perft);
    let at = table[0]
        .iter()
        .position(|column| *column == speed_ratio_column(PEER))
        .expect("a column of ratios to sashite-qi");
    let mut cells = row(&table, QI).expect("persistent-qi's perft cells");
    let line = perft
        .lines()
        .find(|line| line.starts_with("| persistent-qi |"))
        .expect("persistent-qi's perft row");
    assert_ne!(cells[at], "0.50");
    cells[at] = "0.50";
    let changed_row = format!("| {} |", cells.join(" | "));
    let changed = performance.replacen(line, &changed_row, 1);
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
    assert_eq!(cell(&[0.998, 1.001], None, 2), "1.00");
}
