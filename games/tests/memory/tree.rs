//! A ply whose vector cannot be allocated stops the tree with an error, not
//! an abort. The limit it puts on the allocator holds for the whole
//! process while it runs.

use games::shogi::{Node, START, load};
use games::{Limits, Observer, Persistent, TreeError, build_tree};

use crate::{ALLOCATOR, alone};

#[test]
fn a_ply_that_cannot_be_allocated_stops_the_build_with_an_error() {
    let _alone = alone();
    let start = Node::new(load::<Persistent>(START).expect("the start position"));
    let observer = Observer {
        allocated: &|| ALLOCATOR.allocated(),
        baseline: ALLOCATOR.allocated(),
        level_started: &|_, _| {},
        parent_done: &|| {},
    };
    // No memory estimate: the limit alone stops it. A MiB holds plies 1
    // and 2 (930 positions), not the vector of ply 3's 25,470.
    let limits = Limits {
        positions: usize::MAX,
        bytes: None,
    };
    ALLOCATOR
        .set_limit(ALLOCATOR.allocated() + (1 << 20))
        .expect("a limit above what is allocated");
    let built = build_tree(start, 3, limits, &observer).map(|tree| tree.positions());
    ALLOCATOR.set_limit(usize::MAX).expect("no limit");
    assert_eq!(
        built,
        Err(TreeError::OutOfMemory {
            ply: 3,
            positions: 25_470
        })
    );
    assert_eq!(
        built.map_err(|error| error.to_string()),
        Err("out of memory: ply 3 (25470 positions) could not be allocated".to_owned())
    );
}
