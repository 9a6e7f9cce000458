//! The kept tree: every position of every ply, in order, both crates alike;
//! and a tree that would not fit refused before it is built.

use std::cell::Cell;

use games::shogi::{Node, START, load};
use games::{
    DISTINCT_BYTES, Limits, Observer, Persistent, QpiPosition, Sashite, Tree, TreeError,
    build_tree, estimated_positions, same_content,
};

fn quiet() -> (impl Fn() -> usize, impl Fn(u32, usize), impl Fn()) {
    (|| 0, |_, _| {}, || {})
}

fn tree<P: QpiPosition>(depth: u32, limits: Limits) -> Result<Tree<Node<P>>, TreeError> {
    let (allocated, level_started, parent_done) = quiet();
    let observer = Observer {
        allocated: &allocated,
        baseline: 0,
        level_started: &level_started,
        parent_done: &parent_done,
    };
    build_tree(Node::new(load(START).unwrap()), depth, limits, &observer)
}

/// No limit but the positions'.
fn unlimited(positions: usize) -> Limits {
    Limits {
        positions,
        bytes: None,
    }
}

#[test]
fn each_level_holds_the_perft_count_of_its_ply() {
    let tree = tree::<Persistent>(3, unlimited(usize::MAX)).unwrap();
    let sizes: Vec<usize> = tree.levels.iter().map(Vec::len).collect();
    assert_eq!(sizes, [1, 30, 900, 25_470]);
    assert_eq!(tree.positions(), 26_401);
}

#[test]
fn transpositions_are_counted_once() {
    // Two plies cannot transpose; three can (two first-player moves swapped
    // around the same reply).
    let two = tree::<Persistent>(2, unlimited(usize::MAX)).unwrap();
    assert_eq!(two.distinct(), Ok(two.positions()));
    let three = tree::<Persistent>(3, unlimited(usize::MAX)).unwrap();
    let distinct = three.distinct().unwrap();
    assert!(distinct < three.positions());
    let theirs = tree::<Sashite>(3, unlimited(usize::MAX)).unwrap();
    assert_eq!(theirs.distinct(), Ok(distinct));
}

#[test]
fn both_crates_build_the_same_positions_in_the_same_order() {
    let ours = tree::<Persistent>(3, unlimited(usize::MAX)).unwrap();
    let theirs = tree::<Sashite>(3, unlimited(usize::MAX)).unwrap();
    // The same levels, of the same sizes: zipping alone would stop at the
    // shorter and pass a tree with positions missing.
    let our_sizes: Vec<usize> = ours.levels.iter().map(Vec::len).collect();
    let their_sizes: Vec<usize> = theirs.levels.iter().map(Vec::len).collect();
    assert_eq!(our_sizes, their_sizes);
    for (mine, peer) in ours.levels.iter().zip(&theirs.levels) {
        for (mine, peer) in mine.iter().zip(peer) {
            assert!(same_content(&mine.position, &peer.position));
        }
    }
}

#[test]
fn a_tree_over_the_position_limit_is_refused_before_its_last_ply_is_built() {
    let error = tree::<Persistent>(3, unlimited(1_000)).unwrap_err();
    assert_eq!(
        error,
        TreeError::TooManyPositions {
            ply: 3,
            positions: 26_401,
            limit: 1_000
        }
    );
    assert_eq!(
        error.to_string(),
        "the tree to ply 3 would hold 26401 positions, over the limit of 1000"
    );
}

#[test]
fn the_tree_is_estimated_from_the_levels_built_and_the_next_one() {
    // Before ply 1: the root, 30 children, then 30 times as many per ply.
    assert_eq!(estimated_positions(&[1], 30, 1, 3), 1 + 30 + 900 + 27_000);
    // Before ply 3 of the start position: the branching 25,470 / 900,
    // rounded up to 29.
    assert_eq!(
        estimated_positions(&[1, 30, 900], 25_470, 3, 4),
        1 + 30 + 900 + 25_470 + 25_470 * 29
    );
    // The last ply asked for: nothing below it.
    assert_eq!(estimated_positions(&[1, 30], 900, 2, 2), 931);
    // A tree that does not branch is estimated not to shrink.
    assert_eq!(estimated_positions(&[1, 5], 0, 2, 4), 6);
}

#[test]
fn a_tree_that_would_not_fit_in_memory_is_refused_before_it_is_built() {
    // The observer counts no bytes, so each position still to build is
    // estimated at its own size, and every position at the distinct count's
    // table beside it; the root is built already.
    let estimated = 1 + 30 + 900 + 27_000;
    let bytes = (estimated - 1) * size_of::<Persistent>() + estimated * DISTINCT_BYTES;
    let limits = |bytes| Limits {
        positions: usize::MAX,
        bytes: Some(bytes),
    };
    let Err(error) = tree::<Persistent>(3, limits(bytes - 1)) else {
        panic!(
            "a tree estimated at {bytes} bytes is built within {}",
            bytes - 1
        );
    };
    assert_eq!(
        error,
        TreeError::TooMuchMemory {
            depth: 3,
            ply: 1,
            positions: estimated as u128,
            bytes_per_position: size_of::<Persistent>() + DISTINCT_BYTES,
            bytes: bytes as u128,
            limit: bytes - 1,
        }
    );
    // The figures the message gives (its megabytes depend on the size of a
    // position, which the crate may change).
    let message = error.to_string();
    assert!(
        message.starts_with("the tree to depth 3 would take about "),
        "{message}"
    );
    let per_position = size_of::<Persistent>() + DISTINCT_BYTES;
    assert!(
        message.contains(&format!(
            " MB (about 27,931 positions at {per_position} bytes, estimated before ply 1), \
             more than the "
        )),
        "{message}"
    );
    // With room for the estimate, the tree is built.
    let built = tree::<Persistent>(3, limits(bytes)).map(|tree| tree.positions());
    assert_eq!(built, Ok(26_401));
}

#[test]
fn progress_is_reported_per_ply_and_per_parent() {
    let (plies, parents) = (Cell::new(Vec::new()), Cell::new(0));
    let observer = Observer {
        allocated: &|| 0,
        baseline: 0,
        level_started: &|ply, count| {
            let mut seen = plies.take();
            seen.push((ply, count));
            plies.set(seen);
        },
        parent_done: &|| parents.set(parents.get() + 1),
    };
    let start = Node::new(load::<Persistent>(START).unwrap());
    build_tree(start, 2, unlimited(usize::MAX), &observer).unwrap();
    assert_eq!(plies.take(), [(1, 1), (2, 30)]);
    assert_eq!(parents.get(), 31);
}
