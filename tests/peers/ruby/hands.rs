//! Ruby: `sashite/qi.rb`, `test/qi/test_hands.rb`
//! `Qi::Hands.validate({first: [...], second: [...]})` returns the piece count;
//! here each listed piece is one `+1` change, so repeats accumulate.

use crate::peers::*;

fn hands(first: &[&str], second: &[&str]) -> Position {
    let position = give(&empty(&[8, 8]), Player::First, first).unwrap();
    give(&position, Player::Second, second).unwrap()
}

#[test]
fn both_empty() {
    assert_eq!(hands(&[], &[]).hand_piece_count(), 0);
}

#[test]
fn first_has_pieces_second_empty() {
    assert_eq!(hands(&["P", "B"], &[]).hand_piece_count(), 2);
}

#[test]
fn first_empty_second_has_pieces() {
    assert_eq!(hands(&[], &["p"]).hand_piece_count(), 1);
}

#[test]
fn both_have_pieces() {
    assert_eq!(hands(&["P", "B"], &["p"]).hand_piece_count(), 3);
}

#[test]
fn promoted_piece_strings() {
    let position = hands(&["+P", "+P"], &["b"]);
    assert_eq!(position.hand_piece_count(), 3);
    assert_eq!(first_hand(&position), [("+P", 2)]);
}

#[test]
fn epin_string_pieces() {
    assert_eq!(hands(&["K^", "R^"], &["k^"]).hand_piece_count(), 3);
}

#[test]
fn namespaced_string_pieces() {
    assert_eq!(hands(&["C:P", "C:B"], &["S:p"]).hand_piece_count(), 3);
}

#[test]
fn empty_string_is_a_valid_piece() {
    let position = hands(&[""], &[]);
    assert_eq!(position.hand_piece_count(), 1);
    assert_eq!(first_hand(&position), [("", 1)]);
}
