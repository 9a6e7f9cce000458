//! What only a position's insides show: which blocks two versions share,
//! and which writes each keeps. The public tests of the same cases
//! (`tests/changes/cases.rs`) check the results; these check that their
//! setups are what they say.

use super::Qi;
use crate::SquareChange;

type Position = Qi<u8, u8>;

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
