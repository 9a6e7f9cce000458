//! `games go playouts` and `games go tree`: random playouts, one after the
//! other or all kept, each crate in turn.

use games::go::Go;
use games::measure::perft::rate;
use games::measure::playouts::{Played, PlayoutWorkload, kept_summary};
use games::measure::tree::tree_table;
use games::measure::{
    Crate, Failure, Measured, Sections, Table, Verdict, format_number, interleaved, ratio_cells,
    ratio_header, ratio_pairs, speed_table, thousands,
};
use games::{Game, Local, Persistent, Sashite};

use super::tree::{in_children, one_crate};
use crate::{GoTreeArgs, PlayoutArgs, allocated};

/// The self-check's playouts: a board, how many playouts.
const CHECKED: [(&str, usize); 2] = [("9x9", 40), ("19x19", 10)];

/// Runs `games go playouts`.
pub(crate) fn playouts(args: &PlayoutArgs) -> Result<(), Failure> {
    let sections = Sections::checked(&args.write, format!("go-playouts-{}", args.board))?;
    let workload = PlayoutWorkload {
        board: &args.board,
        playouts: args.playouts as usize,
        max_moves: args.max_moves as usize,
        seed: args.seed,
    };
    let rounds = usize::from(args.rounds);
    let measured = interleaved::<Go, _>(&args.crate_choice.crates(), rounds, &workload, &|_| {})?;
    let table = playout_table(&measured);
    print!("{}", table.render());
    if let Some(sections) = &sections {
        let body = format!(
            "{} random playouts on `{}` (seed {}, at most {} moves each, a move never filling \
             the mover's own eye), one after the other, each ply a child made through the crate \
             and its parent dropped; the crates taking turns over {rounds} round{}, medians \
             shown.\n\n{}",
            args.playouts,
            args.board,
            args.seed,
            args.max_moves,
            if rounds == 1 { "" } else { "s" },
            table.render()
        );
        sections.write(&body)?;
    }
    Ok(())
}

/// One row per crate: moves, median seconds, moves per second, and the
/// speed ratio to each reference that ran.
fn playout_table(measured: &[Measured<Played>]) -> Table {
    speed_table(measured, ["moves played", "moves per second"], |played| {
        played.moves
    })
}

/// Runs `games go tree`.
pub(crate) fn tree(args: &GoTreeArgs) -> Result<(), Failure> {
    let kept = &args.kept;
    let positions = args.positions as usize;
    let max_moves = args.max_moves as usize;
    if kept.summary_line {
        let summary = match one_crate(kept)? {
            Crate::Persistent => kept_summary::<Persistent<u8, u8>>(
                &args.board,
                positions,
                max_moves,
                args.seed,
                &allocated,
            ),
            Crate::Local => kept_summary::<Local<u8, u8>>(
                &args.board,
                positions,
                max_moves,
                args.seed,
                &allocated,
            ),
            Crate::Sashite => kept_summary::<Sashite<u8, u8>>(
                &args.board,
                positions,
                max_moves,
                args.seed,
                &allocated,
            ),
            Crate::Fixed => kept_summary::<<Go as Game>::Fixed>(
                &args.board,
                positions,
                max_moves,
                args.seed,
                &allocated,
            ),
        }?;
        println!("{}", summary.line());
        return Ok(());
    }
    let sections = Sections::checked(&kept.write, format!("go-tree-{}-{positions}", args.board))?;
    // Bad input is refused here, once, before any child runs.
    games::measure::perft::load::<Go, Persistent<u8, u8>>(&args.board)?;
    if let Some(limit) = games::measure::byte_limit(kept.max_memory) {
        // A copied position of 19x19 costs about a kilobyte; refuse a
        // tree that could not fit before building it.
        let estimate = positions.saturating_mul(estimated_bytes(&args.board));
        if estimate > limit {
            return Err(Failure::Input(format!(
                "the tree of {positions} positions would take about {estimate} bytes with \
                 copied positions, more than the {limit} available"
            )));
        }
    }
    let summaries = in_children(
        &kept.crate_choice.crates(),
        usize::from(kept.rounds),
        |krate| {
            let mut arguments: Vec<String> = ["go", "tree", "--board", &args.board, "--positions"]
                .iter()
                .map(ToString::to_string)
                .collect();
            arguments.extend([
                args.positions.to_string(),
                "--max-moves".to_string(),
                args.max_moves.to_string(),
                "--seed".to_string(),
                args.seed.to_string(),
                "--crate".to_string(),
                krate.flag().to_string(),
                "--summary-line".to_string(),
            ]);
            arguments
        },
    )?;
    let table = tree_table(
        &format!("{positions} positions kept by playouts"),
        &summaries,
    );
    print!("{}", table.render());
    if let Some(sections) = &sections {
        let body = format!(
            "A kept tree of playouts on `{}`, as a Monte Carlo search keeps one: {positions} \
             positions, every position of every playout kept, each playout after the first \
             starting from a random position already kept (seed {}, at most {} moves a \
             playout). Each crate's tree is built in a process of its own, the crates taking \
             turns over {} round{} (the build of median time shown); bytes are counted by a \
             counting allocator.\n\n{}",
            args.board,
            args.seed,
            args.max_moves,
            kept.rounds,
            if kept.rounds == 1 { "" } else { "s" },
            table.render()
        );
        sections.write(&body)?;
    }
    Ok(())
}

/// A generous estimate of a copied position's bytes on `board`: two bytes
/// a point and the position's own fields, or a node of the fixed array,
/// which holds the largest board whatever the board.
fn estimated_bytes(board: &str) -> usize {
    let points = board
        .split_once('x')
        .and_then(|(rows, columns)| {
            Some(rows.parse::<usize>().ok()? * columns.parse::<usize>().ok()?)
        })
        .or_else(|| board.parse::<usize>().ok().map(|size| size * size))
        .unwrap_or(361);
    (2 * points + 256).max(size_of::<<Go as Game>::Node<<Go as Game>::Fixed>>())
}

/// The self-check's playouts: every crate plays the same games on 9x9 and
/// 19x19; a table of moves and speeds.
pub(crate) fn playout_check(verdict: &mut Verdict) -> Result<(), Failure> {
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
            max_moves: games::go::MAX_MOVES,
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
