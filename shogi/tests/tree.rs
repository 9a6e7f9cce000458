//! The kept tree: every position of every ply, in order, both crates alike.

use std::cell::Cell;

use shogi::{Observer, Persistent, START, Sashite, TooLarge, Tree, build_tree, load, same_content};

fn quiet() -> (impl Fn() -> usize, impl Fn(u32, usize), impl Fn()) {
    (|| 0, |_, _| {}, || {})
}

fn tree<P: shogi::Position>(depth: u32, limit: usize) -> Result<Tree<P>, TooLarge> {
    let (allocated, level_started, parent_done) = quiet();
    let observer = Observer {
        allocated: &allocated,
        baseline: 0,
        level_started: &level_started,
        parent_done: &parent_done,
    };
    build_tree(load(START).unwrap(), depth, limit, &observer)
}

#[test]
fn each_level_holds_the_perft_count_of_its_ply() {
    let tree = tree::<Persistent>(3, usize::MAX).unwrap();
    let sizes: Vec<usize> = tree.levels.iter().map(Vec::len).collect();
    assert_eq!(sizes, [1, 30, 900, 25_470]);
    assert_eq!(tree.positions(), 26_401);
}

#[test]
fn transpositions_are_counted_once() {
    // Two plies cannot transpose; three can (two first-player moves swapped
    // around the same reply).
    let two = tree::<Persistent>(2, usize::MAX).unwrap();
    assert_eq!(two.distinct(), two.positions());
    let three = tree::<Persistent>(3, usize::MAX).unwrap();
    assert!(three.distinct() < three.positions());
    let theirs = tree::<Sashite>(3, usize::MAX).unwrap();
    assert_eq!(three.distinct(), theirs.distinct());
}

#[test]
fn both_crates_build_the_same_positions_in_the_same_order() {
    let ours = tree::<Persistent>(3, usize::MAX).unwrap();
    let theirs = tree::<Sashite>(3, usize::MAX).unwrap();
    for (mine, peer) in ours
        .levels
        .iter()
        .flatten()
        .zip(theirs.levels.iter().flatten())
    {
        assert!(same_content(mine, peer));
    }
}

#[test]
fn a_tree_over_the_limit_is_refused_before_its_last_ply_is_built() {
    let error = tree::<Persistent>(3, 1_000).unwrap_err();
    assert_eq!(
        error,
        TooLarge {
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
    let start: Persistent = load(START).unwrap();
    build_tree(start, 2, usize::MAX, &observer).unwrap();
    assert_eq!(plies.take(), [(1, 1), (2, 30)]);
    assert_eq!(parents.get(), 31);
}
