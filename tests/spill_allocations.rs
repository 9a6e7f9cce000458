//! What the children of a position allocate where its kept writes run out,
//! counted per thread: one spill between them (its shared part, and for a
//! board of one block at most one copy of the block), made by the first
//! child and shared by the others, whether they are built as new positions
//! (`edit_with`) kept together or dropped one by one, or into one slot
//! (`edit_into`); and nothing at all for a child of a position with room.
//!
//! A binary of its own: it sets the process's allocator.

use densa_alloc::{CountingAllocator, measure};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{GenericQi, Player, SharedPointerKind};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator::system();

/// The allocations one spill may make: the shared part, and a copy of the
/// board's one block when the spill flushes.
const ONE_SPILL: u64 = 2;

fn piece(text: &str) -> Qpi {
    Qpi::parse(text).expect("a valid token")
}

/// A position on `shape` with a row of pawns on squares 0 to `width`,
/// after `moves` moves of two distinct squares each (one pawn a move, to
/// a square of the last row).
fn line<K: SharedPointerKind>(shape: &[usize], moves: usize) -> GenericQi<Qpi, Sin, K> {
    let squares: usize = shape.iter().product();
    let width = shape[shape.len() - 1];
    let style = Sin::parse("C").expect("a SIN");
    let mut position = GenericQi::<Qpi, Sin, K>::from_parts(
        shape,
        (0..squares).map(|index| (index < width).then(|| piece("C:P"))),
        [],
        [],
        style,
        style,
        Player::First,
    )
    .expect("a row of pawns fits");
    for pawn in 0..moves {
        position = position
            .edit_with(|edit| {
                edit.replace(pawn, Some(&piece("C:P")), None)
                    .replace(squares - 1 - pawn, None, Some(piece("C:P")))
                    .toggle();
            })
            .expect("a move fits");
    }
    position
}

/// A child of `parent`: the pawn on `from` to `to`.
fn move_pawn<K: SharedPointerKind>(
    parent: &GenericQi<Qpi, Sin, K>,
    from: usize,
    to: usize,
) -> GenericQi<Qpi, Sin, K> {
    parent
        .edit_with(|edit| {
            edit.replace(from, Some(&piece("C:P")), None)
                .replace(to, None, Some(piece("C:P")))
                .toggle();
        })
        .expect("a move fits")
}

/// The children of a position at each length of its line, made every way,
/// with their allocations counted.
fn children_allocate_one_spill_between_them<K: SharedPointerKind>(shape: &[usize]) {
    let width = shape[shape.len() - 1];
    let targets = width..2 * width;
    let mut spilled = 0;
    for moves in 0..width.min(9) {
        let parent = line::<K>(shape, moves);
        let from = width - 1;
        // New positions, kept together.
        let (children, kept) = measure(|| {
            targets
                .clone()
                .map(|to| move_pawn(&parent, from, to))
                .collect::<Vec<_>>()
        });
        let vector = u64::from(!children.is_empty());
        let made = kept.allocs - vector;
        assert!(
            made <= ONE_SPILL,
            "{shape:?}, {moves} moves: {made} allocations"
        );
        spilled += usize::from(made > 0);
        drop(children);
        // New positions, each dropped before the next: the spill is
        // remembered by the parent, so none allocates again.
        let ((), one_by_one) = measure(|| {
            for to in targets.clone() {
                drop(move_pawn(&parent, from, to));
            }
        });
        assert!(
            one_by_one.allocs <= ONE_SPILL,
            "{shape:?}, {moves} moves, one by one: {} allocations",
            one_by_one.allocs
        );
        // Into one slot, as a search builds them: the first child spills
        // at most (the parent remembers the spill of the children above),
        // the others take the slot's.
        let mut slot = parent.clone();
        let ((), into_slot) = measure(|| {
            for to in targets.clone() {
                parent
                    .edit_into(&mut slot, |edit| {
                        edit.replace(from, Some(&piece("C:P")), None)
                            .replace(to, None, Some(piece("C:P")))
                            .toggle();
                    })
                    .expect("a move fits");
            }
        });
        assert!(
            into_slot.allocs <= ONE_SPILL,
            "{shape:?}, {moves} moves, into a slot: {} allocations",
            into_slot.allocs
        );
        assert_eq!(slot, move_pawn(&parent, from, 2 * width - 1));
    }
    assert!(spilled >= 1, "{shape:?}: some line's children spilled");
}

#[test]
fn the_children_of_a_position_allocate_at_most_one_spill_between_them() {
    assert!(
        densa_alloc::is_active(),
        "the counting allocator is installed"
    );
    for shape in [&[8, 8][..], &[9, 9], &[19, 19]] {
        children_allocate_one_spill_between_them::<persistent_qi::ArcTK>(shape);
        children_allocate_one_spill_between_them::<persistent_qi::RcK>(shape);
    }
}

#[test]
fn a_child_of_a_position_with_room_allocates_nothing() {
    let parent = line::<persistent_qi::ArcTK>(&[9, 9], 2);
    let (child, stats) = measure(|| move_pawn(&parent, 8, 40));
    assert_eq!(stats.allocs, 0, "a move of two squares kept in the child");
    assert_eq!(child.square(40), Some(&piece("C:P")));
}
