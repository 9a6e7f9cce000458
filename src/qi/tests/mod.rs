//! What only a position's insides show: which blocks two versions share,
//! and which writes each keeps. The public tests of the same cases
//! (`tests/changes/cases.rs`) check the results; these check that their
//! setups are what they say.

mod hands;
mod spill;

use archery::SharedPointer;

use super::Qi;
use crate::SquareChange;
use crate::board::KEPT;

type Position = Qi<u8, u8>;

/// A piece or style whose every value hashes alike: positions that differ
/// only in which of its values they hold have one hash, and only a
/// comparison of their content tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Alike(pub(super) u8);

impl core::hash::Hash for Alike {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(0);
    }
}

#[test]
fn positions_built_apart_with_styles_of_one_hash_are_compared_by_their_styles() {
    let styled = |first, second| {
        let squares = [None, Some(1), None, None];
        Qi::<u8, Alike>::from_parts(
            &[2, 2],
            squares,
            [],
            [],
            Alike(first),
            Alike(second),
            crate::Player::First,
        )
        .expect("one piece fits")
    };
    let start = styled(1, 2);
    for other in [styled(3, 2), styled(1, 3), styled(2, 1)] {
        assert_eq!(
            start.position_hash(),
            other.position_hash(),
            "the keys collide"
        );
        assert!(
            !SharedPointer::ptr_eq(&start.shared, &other.shared),
            "built apart"
        );
        assert_ne!(start, other);
        assert_ne!(other, start);
    }
    assert_eq!(start, styled(1, 2));
}

/// The setup of `two_branches_with_writes_in_one_shared_block_compare_square_by_square`
/// in `tests/changes/cases.rs`: a parent on a board of 64 blocks of 64
/// squares with 1,025 (block 16) in its blocks; one branch writes 40
/// distinct squares in blocks 32 to 62 (flushed: a new stamp), then both
/// write inside block 16, which they still share.
fn branches_over_a_shared_block() -> (Position, Position, Vec<usize>) {
    let mut squares = vec![None; 64 * 64];
    squares[1_025] = Some(1);
    squares[3_000] = Some(1);
    let parent = Qi::from_parts(&[64, 64], squares, [], [], 0, 1, crate::Player::First)
        .expect("two pieces fit");
    let far: Vec<usize> = (0..40).map(|write| 2_048 + write * 50).collect();
    let flushed = far
        .iter()
        .try_fold(parent.clone(), |position, &index| {
            position.board_diff([(index, Some(3))])
        })
        .expect("40 pieces fit");
    let left = flushed
        .edit_with(|edit| {
            edit.set(1_025, None).set(1_026, Some(4));
        })
        .expect("a move fits");
    let right = parent
        .edit_with(|edit| {
            edit.set(1_025, None).set(1_027, Some(4));
        })
        .expect("a move fits");
    (left, right, far)
}

#[test]
fn branches_of_different_stamps_keep_their_writes_inside_the_block_they_share() {
    let (left, right, far) = branches_over_a_shared_block();
    let (mine, theirs) = (&left.shared.store, &right.shared.store);
    assert_ne!(mine.stamp(), theirs.stamp(), "one branch flushed");
    assert!(mine.shares_block(theirs, 16), "block 16 is shared");
    assert!(!mine.shares_block(theirs, 32), "block 32 was flushed into");
    for index in [1_025, 1_026] {
        assert!(
            left.kept.squares.slot(index).is_some(),
            "{index} kept on the left"
        );
    }
    for index in [1_025, 1_027] {
        assert!(
            right.kept.squares.slot(index).is_some(),
            "{index} kept on the right"
        );
    }
    let listed: Vec<SquareChange<'_, u8>> = left.changes_since(&right).unwrap().squares().collect();
    let mut expected = vec![
        SquareChange {
            index: 1_026,
            before: None,
            after: Some(&4),
        },
        SquareChange {
            index: 1_027,
            before: Some(&4),
            after: None,
        },
    ];
    expected.extend(far.iter().map(|&index| SquareChange {
        index,
        before: None,
        after: Some(&3),
    }));
    assert_eq!(listed, expected);
    assert_ne!(left, right);
}

#[test]
fn a_bulk_edit_that_logged_its_writes_leaves_none_kept_and_draws_a_new_stamp() {
    // More writes than the position keeps: the first room of them moves
    // to the log, and the end of the edit flushes everything into the
    // blocks (see `board::finish_writes`), by `set` and by `replace` alike.
    let parent: Position = Qi::new(&[9, 9], 0, 1).expect("a board");
    let writes = KEPT + 1;
    for by_replace in [false, true] {
        let child = parent
            .edit_with(|edit| {
                for index in 0..writes {
                    if by_replace {
                        edit.replace(index, None, Some(1));
                    } else {
                        edit.set(index, Some(1));
                    }
                }
            })
            .expect("13 pieces fit");
        assert_ne!(
            child.shared.store.stamp(),
            parent.shared.store.stamp(),
            "flushed under a new stamp"
        );
        assert_eq!(child.kept.squares.len(), 0, "no write left kept");
        assert_eq!(child.occupied().count(), writes);
    }
}

#[test]
fn a_failed_edit_into_a_slot_sharing_the_parent_storage_leaves_the_slot_as_it_was() {
    let start: Position = Qi::new(&[9, 9], 0, 1)
        .expect("a board")
        .board_diff([(0, Some(7))])
        .expect("a piece fits");
    let mut child = start.clone();
    start
        .edit_into(&mut child, |edit| {
            edit.set(0, None).set(4, Some(7)).toggle();
        })
        .expect("a move fits");
    let before = child.clone();
    // A short edit, and one long enough to copy the storage it shared
    // (its writes logged), both failing at their last change.
    for writes in [1, KEPT + 1] {
        assert!(
            SharedPointer::ptr_eq(&child.shared, &start.shared),
            "the slot shares the parent's storage"
        );
        let error = start.edit_into(&mut child, |edit| {
            for index in 0..writes {
                edit.set(10 + index, Some(5));
            }
            edit.set(81, None);
        });
        assert!(error.is_err());
        assert!(child.ptr_eq(&before), "{writes} writes");
        assert_eq!(child.square(4), Some(&7));
        assert_eq!(child.square(10), None);
        assert_eq!(child.turn(), crate::Player::Second);
    }
}
