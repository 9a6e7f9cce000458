//! `games` without a command: the self-check of the three games. Each
//! published position's perft at shallow depths with every crate, each
//! count beside the published one; shogi's kept depth-4 tree; Go playouts
//! on 9x9 and 19x19, every crate playing the same games; a short Monte
//! Carlo search of each game, every crate and every store building the
//! same tree. The last line is the verdict.

use crate::chess::Chess;
use crate::go::Go;
use crate::measure::perft::{Divide, PerftWorkload, nodes, rate};
use crate::measure::playouts::{Played, PlayoutWorkload};
use crate::measure::search::{SearchWorkload, compare};
use crate::measure::tree::compare as compare_trees;
use crate::measure::{
    Crate, Failure, Measured, Table, Verdict, format_number, interleaved, ratio_cells,
    ratio_header, ratio_pairs, thousands,
};
use crate::search::{Rules, Settings, StoreKind};
use crate::shogi::{self, Shogi};
use crate::{Game, PerftOptions};

use super::capitalized;
use crate::cli::allocated;

/// The depth of the shogi tree the self-check keeps.
const TREE_DEPTH: u32 = 4;

/// The self-check's playouts: a board, how many playouts.
const CHECKED: [(&str, usize); 2] = [("9x9", 40), ("19x19", 10)];

/// Runs the self-check.
pub(crate) fn run() -> Result<(), Failure> {
    let mut verdict = Verdict::new();
    published::<Shogi>(
        &mut verdict,
        &[("start", 5), ("Matsuri", 3), ("most moves", 2)],
    )?;
    kept_tree(&mut verdict)?;
    published::<Chess>(
        &mut verdict,
        &[("start", 4), ("Kiwipete", 3), ("position 3", 4)],
    )?;
    published::<Go>(&mut verdict, &[("9x9", 3)])?;
    playout_check(&mut verdict)?;
    println!();
    println!("The search: every crate and every store build the same tree (single thread)");
    println!();
    let mut table = Table::new([
        "game",
        "position",
        "iterations",
        "move chosen",
        "crates and stores",
        "",
    ])
    .words_last();
    searched::<Shogi>(&mut verdict, &mut table, 2_000)?;
    searched::<Chess>(&mut verdict, &mut table, 2_000)?;
    searched::<Go>(&mut verdict, &mut table, 2_000)?;
    print!("{}", table.render());
    println!();
    if verdict.all_match() {
        println!(
            "self-check: every count matches the published one, and the crates agree, in the three games"
        );
    }
    println!("{}", verdict.line());
    verdict.into_result()
}

/// A search of `G`'s first published position, `iterations` iterations
/// with the game's playouts, by every crate with every store: one row,
/// MATCH when every run built the same tree.
fn searched<G: Rules>(
    verdict: &mut Verdict,
    table: &mut Table,
    iterations: u64,
) -> Result<(), Failure> {
    let position = &G::PUBLISHED[0];
    let workload = SearchWorkload {
        root: position.text,
        store: StoreKind::Positions,
        iterations,
        settings: Settings {
            playout_plies: G::PLAYOUT_PLIES,
            ..Settings::default()
        },
        seed: 1,
        probe: allocated,
    };
    let what = format!("the {} search", G::NAME);
    let runs = Crate::ALL.len() * StoreKind::ALL.len();
    let (chosen, matched) = match compare::<G>(&Crate::ALL, &StoreKind::ALL, 1, &workload, &|| {}) {
        Ok(measured) => (
            measured
                .first()
                .and_then(|runs| runs.searched.agreement.best.clone())
                .unwrap_or_else(|| "none".to_string()),
            true,
        ),
        Err(Failure::Mismatch(_)) => ("disagree".to_string(), false),
        Err(failure) => return Err(failure),
    };
    table.row([
        G::NAME.to_string(),
        position.name.to_string(),
        thousands(iterations),
        chosen,
        format!("{runs} runs"),
        verdict.check(what, matched).to_string(),
    ]);
    Ok(())
}

/// The perft of each named published position of `G` at depths 1 to its
/// given depth, with every crate; a table of counts, then a table of the
/// speeds at each position's deepest depth.
fn published<G: Game>(verdict: &mut Verdict, depths: &[(&str, u32)]) -> Result<(), Failure> {
    println!();
    println!(
        "{}: perft against the published counts (single thread, no table)",
        capitalized(G::NAME)
    );
    println!();
    let mut header = vec!["position", "depth", "published"];
    header.extend(Crate::ALL.map(Crate::name));
    header.push("");
    let mut counts = Table::new(header).words_last();
    let mut speeds = Vec::new();
    for &(name, deepest) in depths {
        let position = G::PUBLISHED
            .iter()
            .find(|published| published.name == name)
            .ok_or_else(|| Failure::Input(format!("no published {} position {name}", G::NAME)))?;
        for (depth, &published) in (1..=deepest).zip(position.counts) {
            let workload = PerftWorkload {
                text: position.text,
                options: PerftOptions::new(depth),
                root_done: &|| {},
            };
            let what = format!("{} {name} depth {depth}", G::NAME);
            let mut cells = vec![name.to_string(), depth.to_string(), thousands(published)];
            match interleaved::<G, _>(&Crate::ALL, 1, &workload, &|_| {}) {
                Ok(measured) => {
                    cells.extend(measured.iter().map(|runs| thousands(nodes(&runs.output))));
                    let matched = measured.iter().all(|runs| nodes(&runs.output) == published);
                    cells.push(verdict.check(what, matched).to_string());
                    if depth == deepest {
                        speeds.push((name, depth, measured));
                    }
                }
                // Crates that disagree are a mismatch like any other: the
                // verdict line still ends the run.
                Err(Failure::Mismatch(_)) => {
                    cells.extend(Crate::ALL.map(|_| "disagree".to_string()));
                    cells.push(verdict.check(what, false).to_string());
                }
                Err(failure) => return Err(failure),
            }
            counts.row(cells);
        }
    }
    print!("{}", counts.render());
    println!();
    print!("{}", speed_table(&speeds).render());
    Ok(())
}

/// Nodes per second of each crate at each position's deepest depth, with
/// each persistent-qi kind's ratio to each reference.
fn speed_table(speeds: &[(&str, u32, Vec<Measured<Divide>>)]) -> Table {
    let mut header = vec!["perft nodes per second".to_string()];
    header.extend(Crate::ALL.map(|krate| krate.name().to_string()));
    header.extend(ratio_pairs(&Crate::ALL).into_iter().map(ratio_header));
    let mut table = Table::new(header);
    for (name, depth, measured) in speeds {
        let speed = |runs: &Measured<Divide>| rate(nodes(&runs.output), runs.median());
        let mut cells = vec![format!("{name} depth {depth}")];
        cells.extend(measured.iter().map(|runs| format_number(speed(runs), 0)));
        cells.extend(ratio_cells(measured, speed));
        table.row(cells);
    }
    table
}

/// The kept shogi tree of the start position, all three crates, its
/// positions against the published counts.
fn kept_tree(verdict: &mut Verdict) -> Result<(), Failure> {
    println!();
    let published: u64 = 1 + shogi::PUBLISHED[0].counts[..TREE_DEPTH as usize]
        .iter()
        .sum::<u64>();
    let what = "the kept shogi tree";
    match compare_trees::<Shogi>("--feen", shogi::START, TREE_DEPTH, &Crate::ALL, 1, None) {
        Ok((positions, table)) => {
            print!("{}", table.render());
            let word = verdict.check(what, positions as u64 == published);
            println!();
            println!(
                "positions kept, root included: {} (published {}) {word}",
                thousands(positions as u64),
                thousands(published)
            );
        }
        Err(Failure::Mismatch(message)) => {
            println!();
            println!("the kept tree: {message} MISMATCH");
            verdict.check(what, false);
        }
        Err(failure) => return Err(failure),
    }
    Ok(())
}

/// The self-check's playouts: every crate plays the same games on 9x9 and
/// 19x19; a table of moves and speeds.
fn playout_check(verdict: &mut Verdict) -> Result<(), Failure> {
    println!();
    println!("Go: random playouts, every crate playing the same games");
    println!();
    let mut header = vec!["playouts".to_string(), "moves".to_string()];
    header.extend(Crate::ALL.map(|krate| format!("moves per second, {}", krate.name())));
    header.extend(ratio_pairs(&Crate::ALL).into_iter().map(ratio_header));
    header.push(String::new());
    let mut table = Table::new(header).words_last();
    for (board, playouts) in CHECKED {
        let workload = PlayoutWorkload {
            board,
            playouts,
            max_moves: crate::go::MAX_MOVES,
            seed: 1,
        };
        let what = format!("go playouts on {board}");
        let mut cells = vec![format!("{playouts} on {board}")];
        match interleaved::<Go, _>(&Crate::ALL, 1, &workload, &|_| {}) {
            Ok(measured) => {
                let speed = |runs: &Measured<Played>| rate(runs.output.moves, runs.median());
                cells.push(thousands(measured[0].output.moves));
                cells.extend(measured.iter().map(|runs| format_number(speed(runs), 0)));
                cells.extend(ratio_cells(&measured, speed));
                // No count is published for playouts: the crates agreeing
                // on every game is the check.
                cells.push(verdict.check(what, true).to_string());
            }
            Err(Failure::Mismatch(message)) => {
                cells.push(message);
                cells.push(verdict.check(what, false).to_string());
            }
            Err(failure) => return Err(failure),
        }
        table.row(cells);
    }
    print!("{}", table.render());
    Ok(())
}
