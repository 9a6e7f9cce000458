//! Bytes retained per position in a search tree, persistent-qi against
//! sashite-qi.
//!
//! Builds a random tree of N positions: the root is a half-full board, and
//! each further node is a random two-square diff of a random earlier node.
//! Every node stays alive, as in a search tree or a transposition table, and
//! a counting global allocator reports the live heap bytes divided by N. Both
//! crates build the same tree (same seed, same diffs).
//!
//! ```sh
//! cargo run --release --example tree_memory                  # every shape and piece type
//! cargo run --release --example tree_memory -- --shape 8x8 --piece u8 --nodes 100000
//! ```
//!
//! Options: `--shape 8x8|9x9|19x19|255x255|all`, `--piece u8|qpi|string|all`,
//! `--nodes N` (default 1,000,000, or 10,000 on 255x255) and `--budget-mib M`
//! (default 2048). sashite-qi copies the whole board per node, so its tree is
//! cut to what fits in the budget; its bytes per node do not depend on N,
//! since no two of its nodes share anything. The node count of each tree is
//! printed beside its figure.

use std::alloc::System;
use std::process::ExitCode;

use cap::Cap;
use persistent_qi::qpi::Qpi;

use harness::support::{Piece, Position, Rng};

/// Counts the live heap bytes, with no unsafe code of ours.
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const SHAPES: [[usize; 2]; 4] = [[8, 8], [9, 9], [19, 19], [255, 255]];

/// What a tree retains: its node count and the heap bytes per node.
struct Retained {
    nodes: usize,
    bytes_per_node: f64,
}

/// Builds the tree for one crate and measures what it keeps alive.
fn retained<P: Piece, N: Position<P, u8>>(shape: &[usize], nodes: usize) -> Retained {
    let pieces = P::all();
    let square_count: usize = shape.iter().product();
    let mut rng = Rng(0x7eee_5eed);
    let baseline = ALLOCATOR.allocated();

    let half_full: Vec<Option<P>> = (0..square_count).map(|_| rng.square(&pieces)).collect();
    let mut tree = Vec::with_capacity(nodes);
    tree.push(N::from_squares(shape, &half_full));
    while tree.len() < nodes {
        let parent = &tree[rng.below(tree.len())];
        let first = rng.below(square_count);
        // A distinct second square, so every diff touches two squares.
        let second = (first + 1 + rng.below(square_count - 1)) % square_count;
        let changes = [(first, rng.square(&pieces)), (second, rng.square(&pieces))];
        let child = parent
            .board_diff(changes)
            .expect("two squares of the board");
        tree.push(child);
    }

    let live_bytes = ALLOCATOR.allocated() - baseline;
    drop(tree);
    // Byte and node counts stay far below 2^52, where f64 starts to round.
    #[allow(clippy::cast_precision_loss)]
    let bytes_per_node = live_bytes as f64 / nodes as f64;
    Retained {
        nodes,
        bytes_per_node,
    }
}

/// The bytes one sashite-qi node holds, for sizing its tree to the budget.
fn sashite_node_estimate<P>(square_count: usize) -> usize {
    // A piece that owns heap memory (a `String`) is assumed to own about a
    // word of it.
    let strings = if std::mem::needs_drop::<P>() {
        square_count
    } else {
        0
    };
    size_of::<sashite_qi::Qi<P, u8>>() + square_count * size_of::<Option<P>>() + strings * 8
}

fn report<P: Piece>(shape: &[usize], nodes: usize, budget: usize) {
    let ours = retained::<P, persistent_qi::Qi<P, u8>>(shape, nodes);
    let square_count: usize = shape.iter().product();
    let peer_nodes = nodes.min(budget / sashite_node_estimate::<P>(square_count));
    let peer = retained::<P, sashite_qi::Qi<P, u8>>(shape, peer_nodes.max(2));
    println!(
        "| {:>7} | {:>6} | {:>9} | {:>9.1} | {:>9} | {:>10.1} | {:>5.3} |",
        format!("{}x{}", shape[0], shape[1]),
        P::NAME,
        ours.nodes,
        ours.bytes_per_node,
        peer.nodes,
        peer.bytes_per_node,
        ours.bytes_per_node / peer.bytes_per_node,
    );
}

struct Options {
    shapes: Vec<[usize; 2]>,
    pieces: Vec<String>,
    nodes: Option<usize>,
    budget: usize,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        shapes: SHAPES.to_vec(),
        pieces: vec!["u8".into(), "qpi".into(), "string".into()],
        nodes: None,
        budget: 2048 << 20,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--shape" | "--piece" if value == "all" => {}
            "--shape" => {
                let shape = SHAPES
                    .iter()
                    .find(|[ranks, files]| value == format!("{ranks}x{files}"))
                    .ok_or_else(|| format!("unknown shape {value}"))?;
                options.shapes = vec![*shape];
            }
            "--piece" if ["u8", "qpi", "string"].contains(&value.as_str()) => {
                options.pieces = vec![value];
            }
            "--nodes" => {
                let nodes = value.parse().map_err(|_| format!("bad count {value}"))?;
                if nodes < 2 {
                    return Err("--nodes must be at least 2".into());
                }
                options.nodes = Some(nodes);
            }
            "--budget-mib" => {
                let mib: usize = value.parse().map_err(|_| format!("bad size {value}"))?;
                options.budget = mib << 20;
            }
            _ => return Err(format!("unknown option {flag} {value}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("tree_memory: {message}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "| shape | piece | nodes | persistent-qi B/node | sashite-qi nodes | sashite-qi B/node | ratio |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for shape in &options.shapes {
        let nodes = options
            .nodes
            .unwrap_or(if shape[0] > 19 { 10_000 } else { 1_000_000 });
        for piece in &options.pieces {
            match piece.as_str() {
                "u8" => report::<u8>(shape, nodes, options.budget),
                "qpi" => report::<Qpi>(shape, nodes, options.budget),
                _ => report::<String>(shape, nodes, options.budget),
            }
        }
    }
    ExitCode::SUCCESS
}
