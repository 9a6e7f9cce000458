//! The targets of the cost of a move ply by ply (issue 61), from the
//! sections `games plies` writes: each game's random lines (the worst
//! ply's speed ratio to the fixed array against the best ply's, at least
//! 0.85; fewer than one allocation per child at every ply) and perft from
//! the start depth by depth (chess's depth 7 at least 0.9 of depth 6's
//! nodes per second; shogi's reported).

use super::{Goal, LOCAL, Line, QI, cell, figure, rows, section};

/// The lines' sections, a game each: shogi, chess, Go 9x9, Go 19x19.
const LINES: [&str; 4] = [
    "shogi-plies-start-120",
    "chess-plies-start-120",
    "go-plies-9x9-120",
    "go-plies-19x19-120",
];

/// Perft depth by depth: chess's, held to the target, and shogi's,
/// reported.
const DEPTHS: [&str; 2] = [
    "chess-perft-by-depth-start-7",
    "shogi-perft-by-depth-start-6",
];

/// Every section the lines below come from.
pub(super) const SECTIONS: [&str; 6] =
    [LINES[0], LINES[1], LINES[2], LINES[3], DEPTHS[0], DEPTHS[1]];

/// The figure of `kind`'s row of every lines section's summary, its
/// children made by `making` (`play_into`, `play`), in the column
/// `header`.
fn summary(performance: &str, kind: &str, making: &str, header: &str) -> Result<Vec<f64>, String> {
    let label = format!("{kind}, `{making}`");
    LINES
        .iter()
        .map(|name| {
            figure(&rows(section(performance, name)?), &label, header)
                .map_err(|error| format!("{name}: {error}"))
        })
        .collect()
}

/// `runner`'s nodes per second at the last depth of the perft section
/// `name` over those at the depth before (`deepest` and `deepest - 1`).
/// `runner` names a column: `persistent-qi`, or with `threads` the first
/// runner on several threads (`persistent-qi, 2 threads`).
fn depth_ratio(
    performance: &str,
    name: &str,
    deepest: u32,
    runner: &str,
    threads: bool,
) -> Result<f64, String> {
    let table = rows(section(performance, name)?);
    let prefix = format!("nodes per second, {runner}");
    let header = table
        .first()
        .and_then(|columns| {
            columns.iter().find(|column| {
                column.strip_prefix(&prefix).is_some_and(|rest| {
                    if threads {
                        rest.starts_with(", ") && rest.ends_with(" threads")
                    } else {
                        rest.is_empty()
                    }
                })
            })
        })
        .ok_or_else(|| format!("{name}: no column `{prefix}`"))?
        .to_string();
    let speed = |depth: u32| {
        figure(&table, &depth.to_string(), &header).map_err(|error| format!("{name}: {error}"))
    };
    Ok(speed(deepest)? / speed(deepest - 1)?)
}

/// The lines of the targets table: the spread of the plies and their
/// allocations, in every game, and perft's speed depth by depth.
pub(super) fn lines(performance: &str) -> Result<Vec<Line>, String> {
    let spread = |kind, making| summary(performance, kind, making, "worst / best");
    let most = |kind| summary(performance, kind, "play_into", "most allocations per child");
    let [chess, shogi] = DEPTHS;
    let chess_ratio = |runner, threads| depth_ratio(performance, chess, 7, runner, threads);
    let shogi_ratio = |runner, threads| depth_ratio(performance, shogi, 6, runner, threads);
    Ok(vec![
        Line {
            what: "cost of a move by ply, random lines of 120 plies (shogi, chess, Go 9x9, 19x19), children made into a slot as perft makes them: the worst ply's speed ratio to the fixed array against the best ply's".into(),
            sync: cell(&spread(QI, "play_into")?, Some(Goal::AtLeast(0.85)), 2),
            local: cell(&spread(LOCAL, "play_into")?, Some(Goal::AtLeast(0.85)), 2),
            target: ">= 0.85".into(),
        },
        Line {
            what: "the same, children made fresh (`play`)".into(),
            sync: cell(&spread(QI, "play")?, None, 2),
            local: cell(&spread(LOCAL, "play")?, None, 2),
            target: "reported".into(),
        },
        Line {
            what: "the same lines, into a slot: allocations per child at the ply where they are most".into(),
            sync: cell(&most(QI)?, Some(Goal::Below(1.0)), 3),
            local: cell(&most(LOCAL)?, Some(Goal::Below(1.0)), 3),
            target: "< 1".into(),
        },
        Line {
            what: "chess perft from the start, one thread: depth 7's nodes per second against depth 6's".into(),
            sync: cell(&[chess_ratio(QI, false)?], Some(Goal::AtLeast(0.9)), 2),
            local: cell(&[chess_ratio(LOCAL, false)?], Some(Goal::AtLeast(0.9)), 2),
            target: ">= 0.9".into(),
        },
        Line {
            what: "the same, `Qi` on 2 threads".into(),
            sync: cell(&[chess_ratio(QI, true)?], Some(Goal::AtLeast(0.9)), 2),
            local: "-".into(),
            target: ">= 0.9".into(),
        },
        Line {
            what: "shogi perft from the start, one thread (and `Qi` on 2 threads): depth 6's nodes per second against depth 5's".into(),
            sync: cell(&[shogi_ratio(QI, false)?, shogi_ratio(QI, true)?], None, 2),
            local: cell(&[shogi_ratio(LOCAL, false)?], None, 2),
            target: "reported".into(),
        },
    ])
}
