//! The spill a position's children share (`spill.rs`): which shared part
//! each child ends up with, by `edit_with` and by `edit_into`, and that a
//! spill is only ever taken by a position whose board it holds.

use archery::{RcK, SharedPointer, SharedPointerKind};

use super::super::spill::ROOM;
use super::super::{GenericQi, Qi};
use crate::board::KEPT;

/// A position on `shape` whose kept writes leave less than a move's room:
/// `writes` distinct squares from 0 written with `piece`, none spilled.
fn full<K: SharedPointerKind>(shape: &[usize], piece: u8) -> GenericQi<u8, u8, K> {
    let base = GenericQi::new(shape, 0, 1).expect("a board");
    let full = base
        .board_diff((0..=KEPT - ROOM).map(|index| (index, Some(piece))))
        .expect("pieces fit");
    assert!(full.kept_full(), "its children spill");
    full
}

/// A child of `parent` moving the piece on `from` to `to`.
fn child<K: SharedPointerKind>(
    parent: &GenericQi<u8, u8, K>,
    from: usize,
    to: usize,
) -> GenericQi<u8, u8, K> {
    parent
        .edit_with(|edit| {
            let piece = *edit.position().square(from).expect("a piece to move");
            edit.set(from, None).set(to, Some(piece)).toggle();
        })
        .expect("a move fits")
}

fn siblings_made_apart_share_the_first_ones_spill_on<K: SharedPointerKind>(shape: &[usize]) {
    let parent = full::<K>(shape, 1);
    let children: Vec<_> = (0..8).map(|to| child(&parent, 0, 40 + to)).collect();
    let spill = &children[0].shared;
    assert!(!SharedPointer::ptr_eq(spill, &parent.shared), "spilled");
    assert_eq!(spill.spilled_from, parent.shared.version);
    for (to, sibling) in children.iter().enumerate() {
        assert!(
            SharedPointer::ptr_eq(&sibling.shared, spill),
            "sibling {to}"
        );
        assert_eq!(sibling.kept.squares.len(), 2, "its own move only");
        assert_eq!(sibling.square(40 + to), Some(&1));
        assert_eq!(sibling.square(0), None);
        assert_eq!(sibling.square(KEPT - ROOM), Some(&1), "the parent's writes");
    }
    assert_eq!(parent.square(0), Some(&1), "the parent is unchanged");
}

#[test]
fn siblings_made_apart_share_the_first_ones_spill() {
    for shape in [&[8, 8][..], &[9, 9], &[19, 19], &[64, 64]] {
        siblings_made_apart_share_the_first_ones_spill_on::<archery::ArcTK>(shape);
        siblings_made_apart_share_the_first_ones_spill_on::<RcK>(shape);
    }
}

#[test]
fn siblings_built_in_one_slot_keep_the_spill_it_holds() {
    let parent = full::<archery::ArcTK>(&[9, 9], 1);
    let mut slot = parent.clone();
    let mut spill = None;
    for to in 40..60 {
        parent
            .edit_into(&mut slot, |edit| {
                edit.replace(0, Some(&1), None)
                    .replace(to, None, Some(1))
                    .toggle();
            })
            .expect("a move fits");
        let shared = SharedPointer::as_ptr(&slot.shared);
        assert_eq!(*spill.get_or_insert(shared), shared, "child to {to}");
        assert_eq!(slot.square(to), Some(&1));
        assert_eq!(slot.square(to - 1), None, "the last sibling's move is gone");
        assert_eq!(slot, child(&parent, 0, to));
    }
}

#[test]
fn a_spill_is_not_taken_by_a_position_of_other_kept_writes() {
    // Two parents over one shared part whose kept writes are to the same
    // squares, in the same slots, one of them of another piece: each
    // spills its own.
    let base: Qi<u8, u8> = Qi::new(&[9, 9], 0, 1).expect("a board");
    let parents: Vec<_> = [1, 2]
        .into_iter()
        .map(|last| {
            base.board_diff(
                (0..KEPT - ROOM)
                    .map(|index| (index, Some(1)))
                    .chain([(KEPT - ROOM, Some(last))]),
            )
            .expect("pieces fit")
        })
        .collect();
    assert!(SharedPointer::ptr_eq(
        &parents[0].shared,
        &parents[1].shared
    ));
    let first = child(&parents[0], 0, 50);
    let second = child(&parents[1], 0, 50);
    assert!(!SharedPointer::ptr_eq(&first.shared, &second.shared));
    assert_eq!(second.square(KEPT - ROOM), Some(&2));
    assert_eq!(first.square(KEPT - ROOM), Some(&1));
    // Into one slot, the same.
    let mut slot = parents[0].clone();
    for parent in [&parents[0], &parents[1], &parents[0]] {
        parent
            .edit_into(&mut slot, |edit| {
                edit.set(0, None).set(50, Some(1)).toggle();
            })
            .expect("a move fits");
        assert_eq!(slot, child(parent, 0, 50));
    }
}

#[test]
fn a_spill_is_not_taken_after_the_part_it_came_from_changed_in_place() {
    // Every change in place draws a new version: a spill made from the old
    // one, wherever it is found, no longer holds the board of a position
    // over it. (Edits never change in place a part their parent holds; a
    // part held by one position alone is changed in place, here directly.)
    let mut parent = full::<RcK>(&[9, 9], 1);
    let slot = child(&parent, 0, 50);
    assert!(
        parent.spilled_into(&slot),
        "the slot holds the parent's spill"
    );
    assert_eq!(SharedPointer::strong_count(&parent.shared), 1, "alone");
    let version = parent.shared.version;
    super::super::shared_mut(&mut parent.shared)
        .hand_mut(crate::Player::First)
        .insert_new(9, 1)
        .expect("a new entry");
    assert_ne!(parent.shared.version, version, "a new version");
    assert!(!parent.spilled_into(&slot));
    assert!(
        parent.shared.spill.get_if(|_| true).is_none(),
        "the memo forgot it"
    );
}

#[test]
fn a_failed_edit_into_the_slot_of_a_spill_leaves_the_sibling_there() {
    let parent = full::<archery::ArcTK>(&[9, 9], 1);
    let mut slot = parent.clone();
    parent
        .edit_into(&mut slot, |edit| {
            edit.set(0, None).set(40, Some(1)).toggle();
        })
        .expect("a move fits");
    let before = slot.clone();
    drop(before.clone());
    // Untouched shared part: the slot is what it was, to the pointer.
    let error = parent.edit_into(&mut slot, |edit| {
        edit.set(0, None).set(41, Some(1)).set(81, None);
    });
    assert!(error.is_err());
    assert!(slot.ptr_eq(&before));
    // A bulk edit that spills again before it fails: the slot's shared
    // part is made anew, equal.
    drop(before);
    let expected = child(&parent, 0, 40);
    let error = parent.edit_into(&mut slot, |edit| {
        for index in 30..30 + KEPT + 2 {
            edit.set(index, Some(2));
        }
        edit.set(81, None);
    });
    assert!(error.is_err());
    assert_eq!(slot, expected);
    assert_eq!(slot.position_hash(), expected.position_hash());
    assert_eq!(slot.square(40), Some(&1));
    assert_eq!(slot.square(30), None);
}

#[test]
fn a_line_of_thirty_thousand_spills_drops_without_recursion() {
    // Each shared part remembers the spill made from it, which remembers
    // the next: dropped in a loop, not on the stack.
    let start: Qi<u8, u8> = Qi::new(&[8, 8], 0, 1).expect("a board");
    let mut line = start.clone();
    for ply in 0..200_000_usize {
        let (from, to) = (ply % 64, (ply * 7 + 1) % 64);
        line = line
            .edit_with(|edit| {
                edit.set(from, None).set(to, Some(1)).toggle();
            })
            .expect("a move fits");
    }
    drop(line);
    drop(start);
}

#[test]
fn the_first_child_of_another_parent_remakes_the_slots_spill_in_place() {
    // Parents over one shared part, each with its kept writes full; the
    // slot alone holds the spill of the last child built there.
    let base: Qi<u8, u8> = Qi::new(&[9, 9], 0, 1).expect("a board");
    let parent = |piece: u8| {
        base.board_diff((0..=KEPT - ROOM).map(|index| (index, Some(piece))))
            .expect("pieces fit")
    };
    let (first, second, third) = (parent(1), parent(2), parent(3));
    assert!(SharedPointer::ptr_eq(&first.shared, &second.shared));
    let mut slot = first.clone();
    first
        .edit_into(&mut slot, |edit| {
            edit.set(0, None).set(40, Some(1)).toggle();
        })
        .expect("a move fits");
    assert_eq!(
        SharedPointer::strong_count(&slot.shared),
        1,
        "the slot's alone"
    );
    let address = SharedPointer::as_ptr(&slot.shared);
    second
        .edit_into(&mut slot, |edit| {
            edit.set(0, None).set(40, Some(2)).toggle();
        })
        .expect("a move fits");
    assert_eq!(
        SharedPointer::as_ptr(&slot.shared),
        address,
        "remade in place"
    );
    assert!(second.spilled_into(&slot), "the second parent's spill now");
    let expected = child(&second, 0, 40);
    assert_eq!(slot, expected);
    assert_eq!(slot.square(KEPT - ROOM), Some(&2));
    // A failed edit of a third parent puts the slot back as it was.
    let error = third.edit_into(&mut slot, |edit| {
        edit.set(0, None).set(41, Some(3)).set(81, None);
    });
    assert!(error.is_err());
    assert_eq!(slot, expected);
    assert_eq!(slot.position_hash(), expected.position_hash());
    assert!(second.spilled_into(&slot), "and its siblings find it there");
    // And so does one that failed after spilling its own writes again.
    let error = third.edit_into(&mut slot, |edit| {
        for index in 20..20 + KEPT + 2 {
            edit.set(index, Some(3));
        }
        edit.set(81, None);
    });
    assert!(error.is_err());
    assert_eq!(slot, expected);
    assert_eq!(slot.position_hash(), expected.position_hash());
}
