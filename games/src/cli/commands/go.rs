//! `games go playouts` and `games go tree`: random playouts, one after the
//! other or all kept, each crate in turn.

use crate::go::Go;
use crate::measure::playouts::{KeptWorkload, Played, PlayoutWorkload};
use crate::measure::tree::{in_children, one_crate, tree_table};
use crate::measure::{Failure, Measured, Sections, Table, interleaved, load, run_on, speed_table};
use crate::{Game, Persistent};

use crate::cli::{GoTreeArgs, PlayoutArgs, allocated};

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
        let workload = KeptWorkload {
            board: &args.board,
            positions,
            max_moves,
            seed: args.seed,
            allocated: &allocated,
        };
        let summary = run_on::<Go, _>(one_crate(&kept.crate_choice.crates())?, &workload)?.output;
        println!("{}", summary.line());
        return Ok(());
    }
    let sections = Sections::checked(&kept.write, format!("go-tree-{}-{positions}", args.board))?;
    // Bad input is refused here, once, before any child runs.
    load::<Go, Persistent<u8, u8>>(&args.board)?;
    if let Some(limit) = crate::measure::byte_limit(kept.max_memory) {
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
