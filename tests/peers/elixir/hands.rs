//! Elixir: `sashite/qi.ex`, `test/qi/hands_test.exs`
//! `Hands.diff(hand, changes)` returns the new hand and the change in piece
//! count; here the hand is the first player's, on an 8x8 board.

use crate::peers::*;

/// A position whose first hand holds exactly `entries`.
fn holding(entries: &[(&str, i32)]) -> Position {
    hand_diff(&empty(&[8, 8]), Player::First, entries).unwrap()
}

/// Applies a diff to the first hand, returning the hand and how many
/// pieces it gained (negative if it lost some).
fn diff(before: &Position, changes: &[(&str, i32)]) -> (Position, isize) {
    let after = hand_diff(before, Player::First, changes).unwrap();
    let count = |position: &Position| isize::try_from(position.hand_piece_count()).unwrap();
    let gained = count(&after) - count(before);
    (after, gained)
}

#[test]
fn new_returns_an_empty_map() {
    assert_eq!(first_hand(&empty(&[8, 8])), []);
}

// ---- adding pieces ----

#[test]
fn add_one_piece_to_empty_hand() {
    let (after, gained) = diff(&holding(&[]), &[("P", 1)]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 1)], 1));
}

#[test]
fn add_multiple_copies_of_one_piece() {
    let (after, gained) = diff(&holding(&[]), &[("P", 3)]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 3)], 3));
}

#[test]
fn add_different_pieces() {
    let (after, gained) = diff(&holding(&[]), &[("P", 2), ("B", 1)]);
    assert_eq!((first_hand(&after), gained), (vec![("B", 1), ("P", 2)], 3));
}

#[test]
fn add_to_existing_pieces() {
    let (after, gained) = diff(&holding(&[("P", 1)]), &[("P", 2)]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 3)], 2));
}

#[test]
fn add_new_piece_type_to_non_empty_hand() {
    let (after, gained) = diff(&holding(&[("P", 2)]), &[("B", 1)]);
    assert_eq!((first_hand(&after), gained), (vec![("B", 1), ("P", 2)], 1));
}

#[test]
fn pieces_with_special_characters() {
    let (after, gained) = diff(&holding(&[]), &[("+P", 1), ("C:B", 1)]);
    assert_eq!(
        (first_hand(&after), gained),
        (vec![("+P", 1), ("C:B", 1)], 2)
    );
}

// ---- removing pieces ----

#[test]
fn remove_one_copy_some_remain() {
    let (after, gained) = diff(&holding(&[("P", 2)]), &[("P", -1)]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 1)], -1));
}

#[test]
fn remove_all_copies_entry_deleted() {
    let (after, gained) = diff(&holding(&[("P", 1)]), &[("P", -1)]);
    assert_eq!((first_hand(&after), gained), (vec![], -1));
    assert_eq!(after, empty(&[8, 8]));
}

#[test]
fn remove_all_copies_of_one_piece_keep_others() {
    let (after, gained) = diff(&holding(&[("P", 2), ("B", 1)]), &[("P", -2)]);
    assert_eq!((first_hand(&after), gained), (vec![("B", 1)], -2));
}

#[test]
fn remove_multiple_piece_types() {
    let before = holding(&[("P", 3), ("B", 1), ("N", 2)]);
    let (after, gained) = diff(&before, &[("P", -1), ("B", -1), ("N", -1)]);
    assert_eq!((first_hand(&after), gained), (vec![("N", 1), ("P", 2)], -3));
}

// ---- mixed operations ----

#[test]
fn add_one_remove_another() {
    let (after, gained) = diff(&holding(&[("B", 1)]), &[("B", -1), ("P", 1)]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 1)], 0));
}

#[test]
fn net_positive_delta() {
    let (after, gained) = diff(&holding(&[("P", 1)]), &[("P", -1), ("B", 1), ("N", 1)]);
    assert_eq!((first_hand(&after), gained), (vec![("B", 1), ("N", 1)], 1));
}

#[test]
fn net_negative_delta() {
    let before = holding(&[("P", 2), ("B", 1)]);
    let (after, gained) = diff(&before, &[("P", -2), ("B", -1), ("N", 1)]);
    assert_eq!((first_hand(&after), gained), (vec![("N", 1)], -2));
}

// ---- zero delta ----

#[test]
fn zero_delta_on_empty_hand() {
    let (after, gained) = diff(&holding(&[]), &[("P", 0)]);
    assert_eq!((first_hand(&after), gained), (vec![], 0));
}

#[test]
fn zero_delta_on_non_empty_hand() {
    let (after, gained) = diff(&holding(&[("P", 2)]), &[("P", 0)]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 2)], 0));
}

#[test]
fn zero_delta_for_absent_piece() {
    let (after, gained) = diff(&holding(&[]), &[("X", 0)]);
    assert_eq!((first_hand(&after), gained), (vec![], 0));
    assert_eq!(count(&after, Player::First, "X"), 0);
}

#[test]
fn empty_changes_list() {
    let (after, gained) = diff(&holding(&[("P", 1)]), &[]);
    assert_eq!((first_hand(&after), gained), (vec![("P", 1)], 0));
}

#[test]
fn empty_changes_on_empty_hand() {
    let (after, gained) = diff(&holding(&[]), &[]);
    assert_eq!((first_hand(&after), gained), (vec![], 0));
}

// ---- immutability ----

#[test]
fn original_hand_is_unchanged() {
    let original = holding(&[("P", 1)]);
    let _after = diff(&original, &[("P", 1)]);
    assert_eq!(first_hand(&original), [("P", 1)]);
}

// ---- rejects removing more pieces than present ----
// Elixir: "cannot remove P: not found in hand" for all four; ours says
// how many were asked for and held, and which change failed.

#[test]
fn remove_from_empty_hand() {
    assert_eq!(
        hand_diff(&holding(&[]), Player::First, &[("P", -1)]).unwrap_err(),
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 1,
            change: 0
        }
    );
}

#[test]
fn remove_more_than_available() {
    let error = hand_diff(&holding(&[("P", 1)]), Player::First, &[("P", -2)]).unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::First,
            held: 1,
            requested: 2,
            change: 0
        }
    );
    assert_eq!(
        error.to_string(),
        "cannot remove 2 from the first hand: it holds 1 (change 0)"
    );
}

#[test]
fn remove_piece_not_in_hand() {
    assert_eq!(
        hand_diff(&holding(&[("P", 1)]), Player::First, &[("B", -1)]).unwrap_err(),
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 1,
            change: 0
        }
    );
}

#[test]
fn valid_change_before_invalid_removal() {
    let before = holding(&[]);
    let error = hand_diff(&before, Player::First, &[("P", 1), ("B", -1)]).unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 1,
            change: 1
        }
    );
    assert!(first_hand(&before).is_empty());
    assert_eq!(before.hand_piece_count(), 0);
}

// ---- piece_count/1 ----

#[test]
fn piece_count_empty_hand() {
    assert_eq!(holding(&[]).hand_piece_count(), 0);
}

#[test]
fn piece_count_single_piece_type() {
    assert_eq!(holding(&[("P", 3)]).hand_piece_count(), 3);
}

#[test]
fn piece_count_multiple_piece_types() {
    let position = holding(&[("P", 3), ("B", 1), ("N", 2)]);
    assert_eq!(position.hand_piece_count(), 6);
}

#[test]
fn piece_count_one_of_each() {
    assert_eq!(holding(&[("P", 1), ("B", 1)]).hand_piece_count(), 2);
}
